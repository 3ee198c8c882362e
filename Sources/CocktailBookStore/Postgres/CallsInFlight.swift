import PostgresNIO
import Synchronization

/// The store's calls in flight, so that losing the database, or a connection, ends them at once.
///
/// PostgresNIO 1.33 can leave a query unanswered for good when its connection closes around it:
/// it writes a query to the channel without a promise, so one written just after the
/// connection closed (the server crashed, or the pool closed it) never fails; and a query
/// whose server process is ended while it runs (`pg_terminate_backend`, seen on a busy
/// machine) may never come back either. Its caller would wait forever, holding its request.
/// So every call of the contract runs as its own task, and the caller waits for that task or
/// for the end of what it depends on, whichever comes first: ``abandonAll(_:)`` when the watch
/// finds the server gone (and before its pool is replaced), and the closing of a connection a
/// transaction holds (``watch(_:)``). The caller then gets ``StoreError/unavailable(_:)`` at
/// once; a task stuck on a dead connection is left behind, and nothing waits for it.
final class CallsInFlight: Sendable {
    private struct State {
        var next = 0
        var waiting: [Int: @Sendable (String) -> Void] = [:]
        /// The calls holding each connection that is watched, by the connection's identity.
        var holding: [ObjectIdentifier: Set<Int>] = [:]
    }

    private let state = Mutex(State())
    /// The call the current task runs, inside ``run(_:)``.
    @TaskLocal private static var current: Int?

    /// Runs `body` as its own task; returns its result, or throws ``StoreError/unavailable(_:)``
    /// when the calls are abandoned first. Cancelling the caller cancels the task.
    func run<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> T {
        let answer = Answer<T>()
        let id = state.withLock { state in
            state.next += 1
            state.waiting[state.next] = { problem in answer.give(.failure(StoreError.unavailable(problem))) }
            return state.next
        }
        let work = Task {
            do {
                answer.give(.success(try await Self.$current.withValue(id) { try await body() }))
            } catch {
                answer.give(.failure(error))
            }
        }
        defer { _ = state.withLock { $0.waiting.removeValue(forKey: id) } }
        return try await withTaskCancellationHandler {
            try await answer.value()
        } onCancel: {
            work.cancel()
        }
    }

    /// Ends every call waiting now with ``StoreError/unavailable(_:)``.
    func abandonAll(_ problem: String) {
        let waiting = state.withLock { state in
            defer { state.waiting = [:] }
            return Array(state.waiting.values)
        }
        for abandon in waiting { abandon(problem) }
    }

    /// Ends the current call (inside ``run(_:)``) with ``StoreError/unavailable(_:)`` if
    /// `connection` closes while the call holds it, until the returned token is given to
    /// ``release(_:)``. A connection's closing is watched once, however many calls hold it.
    func watch(_ connection: PostgresConnection) -> Holding? {
        guard let call = Self.current else { return nil }
        let key = ObjectIdentifier(connection)
        let first = state.withLock { state in
            defer { state.holding[key, default: []].insert(call) }
            return state.holding[key] == nil
        }
        if first {
            connection.closeFuture.whenComplete { [self] _ in
                let calls = state.withLock { state in
                    let calls = state.holding.removeValue(forKey: key) ?? []
                    return calls.compactMap { state.waiting.removeValue(forKey: $0) }
                }
                for abandon in calls { abandon("the connection to the database closed") }
            }
        }
        return Holding(connection: key, call: call)
    }

    /// A call's hold on a watched connection.
    struct Holding: Sendable {
        fileprivate var connection: ObjectIdentifier
        fileprivate var call: Int
    }

    /// The call no longer holds the connection.
    func release(_ holding: Holding?) {
        guard let holding else { return }
        state.withLock { _ = $0.holding[holding.connection]?.remove(holding.call) }
    }

    /// How many calls are waiting (for tests).
    var count: Int { state.withLock { $0.waiting.count } }
}

/// One result, given once by whichever comes first, and awaited once.
private final class Answer<T: Sendable>: Sendable {
    private enum Slot {
        case empty
        case given(Result<T, any Error>)
        case awaited(CheckedContinuation<T, any Error>)
        case done
    }

    private let slot = Mutex(Slot.empty)

    func give(_ result: Result<T, any Error>) {
        let continuation: CheckedContinuation<T, any Error>? = slot.withLock { slot in
            switch slot {
            case .empty:
                slot = .given(result)
                return nil
            case .awaited(let continuation):
                slot = .done
                return continuation
            case .given, .done:
                return nil
            }
        }
        continuation?.resume(with: result)
    }

    func value() async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let given: Result<T, any Error>? = slot.withLock { slot in
                switch slot {
                case .given(let result):
                    slot = .done
                    return result
                case .empty:
                    slot = .awaited(continuation)
                    return nil
                case .awaited, .done:
                    preconditionFailure("an answer is awaited once")
                }
            }
            if let given { continuation.resume(with: given) }
        }
    }
}
