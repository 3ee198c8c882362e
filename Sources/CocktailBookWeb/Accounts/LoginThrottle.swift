import Foundation
import Synchronization

/// Counts sign-in attempts per account name and per client address, each attempt as it begins
/// (before its password is checked, which takes bcrypt's time): after 10 attempts within 15
/// minutes, a key is refused until its oldest attempt is 15 minutes old, however the attempts
/// were timed (forty sent at once are forty attempts, not forty checks). A successful sign-in
/// takes its own attempt back and clears the account's. At most two checks per key run at once.
///
/// Kept in memory: a restart forgets the counts, which costs an attacker a restart they cannot
/// cause. (Several instances behind a balancer each count their own.)
final class LoginThrottle: Sendable {
    static let limit = 10
    static let window: TimeInterval = 15 * 60
    /// Checks of one key that may run at once; more are asked to come back in a second.
    static let concurrentChecks = 2

    private struct Table {
        var attempts: [String: [Date]] = [:]
        var running: [String: Int] = [:]
    }

    private let table = Mutex(Table())
    private let now: @Sendable () -> Date

    init(now: @escaping @Sendable () -> Date = { Date() }) {
        self.now = now
    }

    /// One attempt under way, counted against its keys.
    struct Attempt: Sendable {
        let keys: [String]
        let at: Date
    }

    /// What ``begin(_:)`` decided.
    enum Decision: Sendable {
        /// Check the password, then ``succeeded(_:)`` or ``failed(_:)``.
        case go(Attempt)
        /// Refused: try again after this many seconds.
        case wait(Int)
    }

    /// Counts an attempt for `keys`, or refuses it when any key is at its limit or already has
    /// ``concurrentChecks`` checks running.
    func begin(_ keys: [String]) -> Decision {
        let now = now()
        return table.withLock { table in
            var wait = 0
            for key in keys {
                let recent = (table.attempts[key] ?? []).filter { now.timeIntervalSince($0) < Self.window }
                table.attempts[key] = recent
                if recent.count >= Self.limit, let oldest = recent.min() {
                    wait = max(wait, max(1, Int((Self.window - now.timeIntervalSince(oldest)).rounded(.up))))
                } else if table.running[key, default: 0] >= Self.concurrentChecks {
                    wait = max(wait, 1)
                }
            }
            guard wait == 0 else { return .wait(wait) }
            for key in keys {
                table.attempts[key, default: []].append(now)
                table.running[key, default: 0] += 1
            }
            return .go(Attempt(keys: keys, at: now))
        }
    }

    /// The attempt's password was wrong: it stays counted.
    func failed(_ attempt: Attempt) {
        table.withLock { table in Self.end(attempt, in: &table) }
    }

    /// The attempt signed in: it is taken back from every key, and the account's (the first
    /// key's) earlier attempts are forgotten.
    func succeeded(_ attempt: Attempt) {
        table.withLock { table in
            Self.end(attempt, in: &table)
            for key in attempt.keys {
                if let index = table.attempts[key]?.firstIndex(of: attempt.at) {
                    table.attempts[key]?.remove(at: index)
                }
            }
            if let account = attempt.keys.first { table.attempts[account] = nil }
        }
    }

    private static func end(_ attempt: Attempt, in table: inout Table) {
        for key in attempt.keys {
            table.running[key, default: 1] -= 1
            if table.running[key] == 0 { table.running[key] = nil }
        }
    }
}
