import Dispatch

/// Two pieces of work that share nothing, run at the same time on two cores (building a
/// catalog's snapshot is most of a start, and the machines we run on have two or more).
enum Parallel {
    static func both<A, B>(_ first: @Sendable () -> A, _ second: @Sendable () -> B) -> (A, B) {
        let results = Results<A, B>()
        DispatchQueue.concurrentPerform(iterations: 2) { part in
            if part == 0 { results.first = first() } else { results.second = second() }
        }
        return (results.first!, results.second!)
    }

    /// Three pieces of work that share nothing, spread over the cores: with two, the third runs
    /// on whichever core is free first.
    static func all<A, B, C>(_ first: @Sendable () -> A, _ second: @Sendable () -> B, _ third: @Sendable () -> C)
        -> (A, B, C)
    {
        let results = Results<A, B>()
        let last = Results<C, Void>()
        DispatchQueue.concurrentPerform(iterations: 3) { part in
            switch part {
            case 0: results.first = first()
            case 1: results.second = second()
            default: last.first = third()
            }
        }
        return (results.first!, results.second!, last.first!)
    }

    /// Each slot is written by one of the two, and read after both have finished.
    private final class Results<A, B>: @unchecked Sendable {
        var first: A?
        var second: B?
    }
}
