import Foundation
import Synchronization

/// Values read from the database, kept until its ``DatabaseChanges/version`` moves (or, with a
/// `maximumAge`, until they are that old): who a session cookie signs in, whether the book has
/// accounts, an account's settings. Asked on every request, read from SQLite once per change.
public final class DatabaseMemo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let changes: DatabaseChanges
    private let limit: Int
    private let maximumAge: UInt64?
    private let storage = Mutex<(version: UInt64, values: [Key: (value: Value, at: UInt64)])>((0, [:]))

    /// - Parameters:
    ///   - limit: values kept at most; all go when it is reached (a new version clears them anyway).
    ///   - maximumAge: read again after this long even without a change (sessions record their
    ///     last use once a minute).
    public init(changes: DatabaseChanges, limit: Int = 1_000, maximumAge: Duration? = nil) {
        self.changes = changes
        self.limit = limit
        self.maximumAge = maximumAge.map {
            UInt64($0.components.seconds) * 1_000_000_000 + UInt64($0.components.attoseconds / 1_000_000_000)
        }
    }

    /// The value for `key`, from memory when the database has not changed since it was read.
    public func value(for key: Key, reading read: () async throws -> Value) async rethrows -> Value {
        let version = changes.version
        let now = DispatchTime.now().uptimeNanoseconds
        let kept = storage.withLock { storage -> Value? in
            guard storage.version == version, let kept = storage.values[key] else { return nil }
            if let maximumAge, now &- kept.at > maximumAge { return nil }
            return kept.value
        }
        if let kept { return kept }
        // Read outside the lock; if the database moves meanwhile, the next ask sees a new version.
        let value = try await read()
        storage.withLock { storage in
            if storage.version != version { storage = (version, [:]) }
            if storage.values.count >= limit { storage.values.removeAll() }
            storage.values[key] = (value, now)
        }
        return value
    }
}
