import Dispatch
import Foundation

/// Pieces of work that share nothing, run on every core (`DispatchQueue.concurrentPerform`),
/// each piece's result kept in its own slot: building a catalog's index and reading a stored
/// catalog are most of a start, and the machines we run on have two cores or more.
public enum ConcurrentParts {
    /// `body(0)`, `body(1)`… `body(count - 1)`, each taken by whichever core is free, in order.
    public static func map<T>(_ count: Int, _ body: @Sendable (Int) -> T) -> [T] {
        let slots = Slots<T>(count: count)
        DispatchQueue.concurrentPerform(iterations: count) { slots.set($0, body($0)) }
        return slots.all
    }

    /// Each slot is written by one worker, and read once all have finished.
    private final class Slots<T>: @unchecked Sendable {
        private var values: [T?]
        private let lock = NSLock()

        init(count: Int) { values = Array(repeating: nil, count: count) }

        func set(_ slot: Int, _ value: T) { lock.withLock { values[slot] = value } }

        var all: [T] { lock.withLock { values.map { $0! } } }
    }
}
