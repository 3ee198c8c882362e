import Foundation
import Synchronization

/// Counts failed sign-ins per account name and per client address: after 10 failures within
/// 15 minutes, either key is refused until its oldest failure is 15 minutes old.
///
/// Kept in memory: a restart forgets the counts, which costs an attacker a restart they cannot
/// cause. (Several instances behind a balancer each count their own; see the scale-out issue.)
final class LoginThrottle: Sendable {
    static let limit = 10
    static let window: TimeInterval = 15 * 60

    private let failures = Mutex<[String: [Date]]>([:])
    private let now: @Sendable () -> Date

    init(now: @escaping @Sendable () -> Date = { Date() }) {
        self.now = now
    }

    /// Seconds to wait before `keys` may try again; `nil` when they may now.
    func retryAfter(_ keys: [String]) -> Int? {
        let now = now()
        return failures.withLock { table in
            keys.compactMap { key -> Int? in
                let recent = (table[key] ?? []).filter { now.timeIntervalSince($0) < Self.window }
                table[key] = recent
                guard recent.count >= Self.limit, let oldest = recent.min() else { return nil }
                return max(1, Int((Self.window - now.timeIntervalSince(oldest)).rounded(.up)))
            }.max()
        }
    }

    /// Counts a failure against every key.
    func fail(_ keys: [String]) {
        let now = now()
        failures.withLock { table in
            for key in keys { table[key, default: []].append(now) }
        }
    }

    /// Forgets the failures of an account after a successful sign-in.
    func succeed(_ key: String) {
        failures.withLock { $0[key] = nil }
    }
}
