import CocktailBook
import CocktailBookApp
import Foundation
import Logging
import ServiceLifecycle
import Synchronization

/// Fetches the catalog from its source again once the one served is `interval` old
/// (`--refresh-every`, 6 hours by default), as a service of the application: it starts and stops
/// with the server and never outlives it. A refresh that fails is tried again after a tenth of
/// the interval (at most 15 minutes, at least 1 second), while the cached catalog stays served.
struct CatalogRefreshService: Service {
    let catalog: CatalogService
    let interval: Duration
    let logger: Logger
    /// Waits; injected so that tests need not wait for real.
    var sleep: @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }

    /// How long after a failed refresh the next try comes.
    var retryDelay: Duration { max(.seconds(1), min(.seconds(900), interval / 10)) }

    func run() async throws {
        // Shutting down cancels the wait: that is the normal end, not a failure of the service.
        do {
            try await refreshOnSchedule()
        } catch is CancellationError {
            return
        }
    }

    private func refreshOnSchedule() async throws {
        try await cancelWhenGracefulShutdown {
            var delay = try await delayUntilDue()
            while true {
                try await sleep(delay)
                try await Self.value(of: await catalog.refresh())
                let status = await catalog.status()
                if status.lastRefreshFailed || status.state != .ready {
                    logger.warning("scheduled catalog refresh failed; trying again in \(retryDelay)")
                    delay = retryDelay
                } else {
                    logger.info("scheduled catalog refresh done: \(status.count) cocktails")
                    delay = try await delayUntilDue()
                }
            }
        }
    }

    /// The time left until the served catalog is `interval` old: at once when it already is.
    /// Without a catalog (the start-up fetch failed), the next try comes after ``retryDelay``.
    func delayUntilDue() async throws -> Duration {
        // The start-up fetch may still be under way (and may take long): wait for it, but not
        // past a shutdown.
        if await catalog.status().isRefreshing { try await Self.value(of: await catalog.refresh()) }
        guard let fetched = await catalog.status().updatedAt else { return retryDelay }
        let age = catalog.now().timeIntervalSince(fetched)
        return max(.zero, interval - .milliseconds(Int64(age * 1000)))
    }

    /// Waits for `task` to finish, or throws `CancellationError` as soon as the waiting task is
    /// cancelled: a fetch from a slow source must not hold up a shutdown. The fetch itself goes on.
    static func value(of task: Task<Void, Never>) async throws {
        let waiter = Waiter()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                waiter.wait(continuation)
                Task {
                    await task.value
                    waiter.finish(nil)
                }
            }
        } onCancel: {
            waiter.finish(CancellationError())
        }
    }

    /// One continuation, resumed once: by the task's end or by a cancellation, whichever comes
    /// first, even when the cancellation comes before the continuation is there.
    final class Waiter: Sendable {
        private let state = Mutex<(continuation: CheckedContinuation<Void, any Error>?, outcome: (any Error)??)>(
            (nil, nil))

        func wait(_ continuation: CheckedContinuation<Void, any Error>) {
            let outcome = state.withLock { state -> (any Error)?? in
                if let outcome = state.outcome { return outcome }
                state.continuation = continuation
                return nil
            }
            if let outcome { Self.resume(continuation, outcome) }
        }

        func finish(_ error: (any Error)?) {
            let continuation = state.withLock { state -> CheckedContinuation<Void, any Error>? in
                guard state.outcome == nil else { return nil }
                state.outcome = .some(error)
                defer { state.continuation = nil }
                return state.continuation
            }
            if let continuation { Self.resume(continuation, error) }
        }

        private static func resume(_ continuation: CheckedContinuation<Void, any Error>, _ error: (any Error)?) {
            if let error { continuation.resume(throwing: error) } else { continuation.resume() }
        }
    }
}
