import CocktailBook
import Foundation
import Synchronization

/// The decisions both storage backends make the same way, kept once; each backend only reads
/// and writes its own tables around them.
enum StoreRules {
    /// A session's or API token's last use is written at most this often.
    static let touchInterval: TimeInterval = 60

    /// Whether a last use recorded at `last` (never, when `nil`) is old enough to record again.
    static func isDueForTouch(_ last: Date?, now: Date) -> Bool {
        last.map { now.timeIntervalSince($0) > touchInterval } ?? true
    }

    /// Whether the text `given` names the token whose stored prefix is `stored`: it starts with
    /// that prefix, or is a start of it at least six characters long.
    static func token(_ given: String, matchesPrefix stored: String) -> Bool {
        given.hasPrefix(stored) || (stored.hasPrefix(given) && given.count >= 6)
    }

    /// Whether changing an account whose role is `role` to `newRole` (`nil`: removing it) is
    /// asked at all to keep an admin; only then are the counts worth reading.
    static func mayLoseAdmin(_ role: String, to newRole: Role?) -> Bool {
        role == Role.admin.rawValue && newRole != .admin
    }

    /// Refuses the change when it would leave the book without an admin while it has accounts.
    ///
    /// - Parameters:
    ///   - admins: admins now, the changed account included.
    ///   - others: accounts besides the changed one.
    static func keepAnAdmin(to newRole: Role?, admins: Int, others: Int) throws {
        if admins <= 1, newRole != nil || others > 0 { throw StoreError.lastAdmin }
    }
}

/// The stored catalog's rows as read: the ids, and every payload in one buffer. Ten thousand
/// separate `Data` values were spread between the drinks decoded from them, and the memory
/// they left when freed could not go back to the system (6 MiB at 10,000 drinks); one buffer
/// goes back whole.
struct StoredRows {
    private(set) var ids: [String] = []
    private var bytes: [UInt8] = []
    private var ends: [Int] = []

    var count: Int { ids.count }

    mutating func append(id: String, payload: some Collection<UInt8>) {
        ids.append(id)
        bytes.append(contentsOf: payload)
        ends.append(bytes.count)
    }

    /// Calls `body` with the payload of row `index`.
    func withPayload<T>(at index: Int, _ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        let start = index == 0 ? 0 : ends[index - 1]
        return try bytes.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[start..<ends[index]])) }
    }
}

extension StoreRules {
    /// The stored catalog's payloads as cocktails, in their order, decoded on every core
    /// (at 10,000 drinks this is a fifth of the start); an unreadable entry names itself.
    static func decodeCatalog(_ rows: StoredRows) throws -> [Cocktail] {
        let count = rows.count
        guard count > 256 else { return try decode(rows, range: 0..<count) }
        let parts = min(ProcessInfo.processInfo.activeProcessorCount, 8)
        let size = (count + parts - 1) / parts
        let results = Mutex<[Int: Result<[Cocktail], any Error>]>([:])
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            let range = min(part * size, count)..<min((part + 1) * size, count)
            let decoded = Result { try decode(rows, range: range) }
            results.withLock { $0[part] = decoded }
        }
        let finished = results.withLock { $0 }
        var cocktails: [Cocktail] = []
        cocktails.reserveCapacity(count)
        for part in 0..<parts { cocktails += try finished[part]!.get() }
        return cocktails
    }

    private static func decode(_ rows: StoredRows, range: Range<Int>) throws -> [Cocktail] {
        let decoder = JSONDecoder()
        let shared = SharedTexts()
        return try range.map { index in
            do {
                var cocktail = try rows.withPayload(at: index) { try CatalogPayload.decode($0, json: decoder) }
                shared.share(&cocktail)
                return cocktail
            } catch {
                throw StoreError.corruptCatalog("entry \(rows.ids[index]) is unreadable")
            }
        }
    }
}
