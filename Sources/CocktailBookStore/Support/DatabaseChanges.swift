import Foundation
import GRDB
import Synchronization

/// A number that changes whenever the database's content may have: after every transaction of
/// this process that changed a row, and when the files show a write by another process (the
/// CLI next to a running server). Whatever is computed from the database can be kept in memory
/// for as long as ``version`` stays the same.
public final class DatabaseChanges: TransactionObserver, Sendable {
    private let counter = Atomic<UInt64>(1)
    /// Whether the transaction under way changed a row; only the writer's queue touches it.
    private let changed = Mutex(false)
    /// The database file and its write-ahead log; empty for an in-memory database.
    private let files: [String]
    /// When the files were last looked at (monotonic nanoseconds) and what they looked like.
    private let lastLook = Mutex<(at: UInt64, signature: [Int64])>((0, []))
    /// Other processes' writes are noticed within this many nanoseconds (one `stat` per file).
    private let lookInterval: UInt64 = 10_000_000

    /// Changes counted only by ``bump()``: for a store that is told about writes (a server's
    /// notifications) instead of watching files.
    public static func standalone() -> DatabaseChanges {
        DatabaseChanges(path: nil)
    }

    init(path: String?) {
        if let path, !path.isEmpty, path != ":memory:" { files = [path, path + "-wal"] } else { files = [] }
    }

    /// The current version; equal values mean nothing was written in between.
    public var version: UInt64 {
        if !files.isEmpty { lookAtFiles() }
        return counter.load(ordering: .acquiring)
    }

    /// Counts a change made outside a transaction this observer saw (a restore, say).
    public func bump() {
        counter.add(1, ordering: .releasing)
    }

    private func lookAtFiles() {
        let now = DispatchTime.now().uptimeNanoseconds
        let due = lastLook.withLock { last in now &- last.at >= lookInterval }
        guard due else { return }
        let signature = fileSignature()
        let moved = lastLook.withLock { last -> Bool in
            defer { last = (now, signature) }
            return !last.signature.isEmpty && last.signature != signature
        }
        if moved { bump() }
    }

    /// Size and modification time of the database file and its write-ahead log.
    private func fileSignature() -> [Int64] {
        files.flatMap { file -> [Int64] in
            var info = stat()
            guard stat(file, &info) == 0 else { return [0, 0, 0] }
            return [Int64(info.st_size), Int64(info.st_mtim.tv_sec), Int64(info.st_mtim.tv_nsec)]
        }
    }

    public func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { true }

    public func databaseDidChange(with event: DatabaseEvent) {
        changed.withLock { $0 = true }
    }

    public func databaseDidCommit(_ db: Database) {
        // Counted after the commit, so that whoever reads the new version also reads the new rows.
        if changed.withLock({ value in
            defer { value = false }
            return value
        }) {
            bump()
            // Our own write moved the files: note them as they are now, so that the next look
            // does not count the same write a second time (and empty every cache twice).
            if !files.isEmpty {
                let signature = fileSignature()
                lastLook.withLock { $0 = (DispatchTime.now().uptimeNanoseconds, signature) }
            }
        }
    }

    public func databaseDidRollback(_ db: Database) {
        changed.withLock { $0 = false }
    }
}
