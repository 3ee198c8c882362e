import Foundation

#if canImport(Combine)
    import Combine
#else
    import OpenCombine
#endif

/// A simulated recipe source: it answers with the bundled catalog after a delay and can be told
/// to fail a number of times first, so that apps can exercise their loading, error and retry paths.
public final class FakeCocktailsAPI: CocktailsAPI, @unchecked Sendable {
    /// How the fake source misbehaves.
    public enum Failure: Equatable, Sendable {
        /// Every call succeeds.
        case never
        /// The first `n` calls, counted across all three forms, fail with
        /// ``CocktailsAPIError/unavailable``; every later call succeeds.
        case count(Int)
    }

    /// The delay before each answer.
    public let latency: Duration

    /// Produces the answer: a constant, or a catalog file read at each call.
    private let payload: @Sendable () -> Result<Data, CocktailsAPIError>
    private let lock = NSLock()
    // Guarded by `lock`: how many failures are still to be handed out.
    private var failuresLeft: Int

    /// Creates a fake source.
    ///
    /// - Parameters:
    ///   - failure: how many calls fail before the source recovers; `.count(0)` is `.never`.
    ///   - latency: how long every call takes, success or failure. Three seconds by default,
    ///     because the real sources this stands in for are slow.
    ///   - payload: the JSON to answer with; the bundled catalog by default.
    public init(
        withFailure failure: Failure = .never, latency: Duration = .seconds(3), payload: Data = BundledCatalog.data
    ) {
        switch failure {
        case .never: self.failuresLeft = 0
        case .count(let n): self.failuresLeft = max(0, n)
        }
        self.latency = latency
        self.payload = { .success(payload) }
    }

    /// Creates a fake source that answers with the catalog file at `payloadFile`, read at each
    /// call rather than kept in memory for the life of the process (a 10,000-recipe file is
    /// 8 MB); a file that can no longer be read makes the call fail like an unavailable source.
    public convenience init(withFailure failure: Failure = .never, latency: Duration = .seconds(3), payloadFile: URL) {
        self.init(withFailure: failure, latency: latency, payload: Data())
        payloadLoader = {
            guard let data = try? Data(contentsOf: payloadFile) else { return .failure(.unavailable) }
            return .success(data)
        }
    }

    /// Set once by the file initializer, before the source is shared.
    private var payloadLoader: (@Sendable () -> Result<Data, CocktailsAPIError>)?

    /// Decides whether one call fails. Counted when the call is made, so that overlapping calls
    /// see the failures in the order they started.
    private func nextCallFails() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard failuresLeft > 0 else { return false }
        failuresLeft -= 1
        return true
    }

    /// What a call answers once its latency has passed: a catalog file is read only then, as
    /// a real source's bytes arrive at the end (read at the call, 8 MB of a 10,000-drink file
    /// sat in memory for the whole wait).
    private func outcome(failing: Bool) -> Result<Data, CocktailsAPIError> {
        failing ? .failure(.unavailable) : payloadLoader?() ?? payload()
    }

    public func fetchCocktails(_ handler: @escaping @Sendable (Result<Data, CocktailsAPIError>) -> Void) {
        let failing = nextCallFails()
        DispatchQueue.global().asyncAfter(deadline: .now() + latency.timeInterval) {
            handler(self.outcome(failing: failing))
        }
    }

    public func fetchCocktails() async throws -> Data {
        let failing = nextCallFails()
        try await Task.sleep(for: latency)
        return try outcome(failing: failing).get()
    }
}

extension Duration {
    var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}

/// Carries a value that is safe to send but not marked so by its library.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
