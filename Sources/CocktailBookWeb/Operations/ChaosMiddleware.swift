import CocktailBookApp
import Foundation
import Hummingbird
import Synchronization

/// Chaos mode for client developers: makes the JSON APIs slow and failing on purpose, so that
/// people writing TheCocktailDB clients can test their loading, error and retry paths against us.
///
/// Each API request waits `latency`, then the first `failures` requests answer 503 with a JSON
/// error, and after those a random `failureRate` share does. Pages and pictures are left alone.
struct ChaosMiddleware<Context: AppContext>: RouterMiddleware {
    struct Settings: Sendable, Equatable {
        var latency: Duration = .zero
        var failures: Int = 0
        var failureRate: Double = 0

        var isActive: Bool { latency > .zero || failures > 0 || failureRate > 0 }
    }

    private final class Counter: Sendable {
        private let failuresLeft: Mutex<Int>

        init(_ failures: Int) { failuresLeft = Mutex(failures) }

        /// Whether this request is one of the first N that fail; counted under a lock because
        /// requests arrive on many threads.
        func takeFailure() -> Bool {
            failuresLeft.withLock { left in
                guard left > 0 else { return false }
                left -= 1
                return true
            }
        }
    }

    let settings: Settings
    private let counter: Counter

    init(_ settings: Settings) {
        self.settings = settings
        counter = Counter(settings.failures)
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        guard context.surface == .api else {
            return try await next(request, context)
        }
        if settings.latency > .zero { try await Task.sleep(for: settings.latency) }
        if counter.takeFailure() || (settings.failureRate > 0 && Double.random(in: 0..<1) < settings.failureRate) {
            throw AppError(
                status: .serviceUnavailable, code: "chaos",
                message: "Chaos mode: this request failed on purpose. Try again.", retryAfter: 1
            )
        }
        return try await next(request, context)
    }
}
