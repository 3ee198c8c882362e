import CocktailBook
import Foundation

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

extension StoreRules {
    /// A drink as both backends store it: its JSON, the catalog file's own format.
    static func payload(_ cocktail: Cocktail) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try encoder.encode(cocktail)
    }

    /// The drinks of stored `rows` (id and JSON), in their order, decoded on every core.
    static func cocktails(_ rows: [(id: String, payload: Data)]) throws -> [Cocktail] {
        let parts = max(1, min(4 * ProcessInfo.processInfo.activeProcessorCount, rows.count / 64))
        return try ConcurrentParts.map(parts) { part in
            let range = (rows.count * part / parts)..<(rows.count * (part + 1) / parts)
            return Result { try rows[range].map { try cocktail(id: $0.id, payload: $0.payload) } }
        }.flatMap { try $0.get() }
    }

    /// A stored drink; an unreadable one names itself.
    static func cocktail(id: String, payload: some Collection<UInt8>) throws -> Cocktail {
        do {
            return try JSONDecoder().decode(Cocktail.self, from: Data(payload))
        } catch {
            throw StoreError.corruptCatalog("entry \(id) is unreadable")
        }
    }
}

/// The rule for an account's name, kept once: `user add`, the admin page and a restore apply it.
public enum AccountName {
    /// Why `name` cannot be an account's name, or `nil` when it can: 1 to 32 letters, digits,
    /// `.`, `-` or `_`, starting with a letter or digit.
    public static func problem(with name: String) -> String? {
        let allowed = name.unicodeScalars.allSatisfy {
            $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "._-".unicodeScalars.contains($0))
        }
        guard (1...32).contains(name.count), allowed, name.first.map({ $0.isLetter || $0.isNumber }) == true else {
            return "A name has 1 to 32 letters, digits, dots, dashes or underscores, and starts with a letter or digit."
        }
        return nil
    }
}
