import Foundation

#if canImport(Combine)
    import Combine
#else
    import OpenCombine
#endif

/// A live recipe source: any server that speaks TheCocktailDB's JSON API (TheCocktailDB itself,
/// or Cocktail Book's own `/api/json/v1/1/`).
///
/// A fetch walks `search.php?f=` for every letter and digit, at most four requests at a time,
/// and turns every drink into an entry of our catalog JSON, ordered by id and without duplicate
/// ids. Timeouts, lost connections, `429` and `5xx` answers are retried with exponential backoff
/// and jitter, honouring `Retry-After`; when a request still fails, or the server has no usable
/// drink at all, the fetch fails with ``CocktailsAPIError/unavailable``.
public final class RemoteCocktailsAPI: CocktailsAPI, @unchecked Sendable {
    /// The API root that `search.php` is resolved against, e.g.
    /// `https://www.thecocktaildb.com/api/json/v1/1/`.
    public let baseURL: URL
    /// How long one request may take before it counts as timed out.
    public let timeout: Duration
    /// How many times a failed request is tried again before the fetch gives up.
    public let retries: Int
    /// The largest answer read for one first letter; a larger one fails the fetch.
    public static let maximumPageBytes = 16 * 1_048_576

    /// The first letters searched, one request each.
    static let initials = Array("abcdefghijklmnopqrstuvwxyz0123456789").map(String.init)
    /// How many requests may be in flight at once.
    static let parallelRequests = 4
    /// The backoff before the first retry; each later one doubles it.
    static let baseDelay: Duration = .milliseconds(200)
    /// The longest wait before a retry, whatever `Retry-After` asks for.
    static let maximumDelay: Duration = .seconds(30)

    /// Makes every request: streamed with a byte limit, a deadline and checked redirects.
    let fetcher: BoundedFetcher

    /// Called after each first-letter request of a fetch with how many of the 36 are done, for
    /// progress displays.
    public var onProgress: (@Sendable (_ done: Int, _ total: Int) -> Void)?

    /// Creates a source reading the server at `baseURL`.
    ///
    /// - Parameters:
    ///   - baseURL: the API root, ending in `/`, that `search.php` lives under.
    ///   - timeout: how long each request may take.
    ///   - retries: how many times a request that timed out or got a server error is tried again.
    ///   - policy: which addresses the requests (and their redirects) may reach; fetches started
    ///     from the web use ``AddressPolicy/publicOnly``.
    public init(baseURL: URL, timeout: Duration = .seconds(10), retries: Int = 2, policy: AddressPolicy = .anyAddress) {
        self.baseURL = baseURL
        self.timeout = timeout
        self.retries = max(0, retries)
        fetcher = BoundedFetcher(policy: policy, timeout: timeout)
    }

    /// Fetches the catalog and calls `handler` once with the result, on an arbitrary thread.
    public func fetchCocktails(_ handler: @escaping @Sendable (Result<Data, CocktailsAPIError>) -> Void) {
        Task {
            do {
                handler(.success(try await self.fetchCocktails()))
            } catch {
                handler(.failure(.unavailable))
            }
        }
    }

    /// Fetches every drink from the server and returns them as our catalog JSON.
    ///
    /// - Throws: ``CocktailsAPIError/unavailable`` when a request fails after its retries or
    ///   the server has no usable drink; ``BoundedFetcher/Failure`` when a request is refused
    ///   for good (a forbidden address, an answer over the limit, a redirect loop);
    ///   `CancellationError` when the calling task is cancelled.
    public func fetchCocktails() async throws -> Data {
        do {
            let drinks = try await allDrinks()
            var byID: [String: CatalogEntry] = [:]
            for drink in drinks {
                guard let entry = drink.catalogEntry(), byID[entry.id] == nil else { continue }
                byID[entry.id] = entry
            }
            guard !byID.isEmpty else { throw CocktailsAPIError.unavailable }
            let entries = byID.values.sorted { Self.idOrder($0.id, $1.id) }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return try encoder.encode(entries)
        } catch is CancellationError {
            throw CancellationError()
        } catch let failure as BoundedFetcher.Failure {
            throw failure // a refusal the caller can explain: a private address, a loop, too large
        } catch {
            if Task.isCancelled { throw CancellationError() }
            throw CocktailsAPIError.unavailable
        }
    }

    /// Numeric ids in numeric order (`2` before `10`), before any others in string order.
    static func idOrder(_ lhs: String, _ rhs: String) -> Bool {
        switch (Int(lhs), Int(rhs)) {
        case (let l?, let r?): return l != r ? l < r : lhs < rhs
        case (.some, nil): return true
        case (nil, .some): return false
        case (nil, nil): return lhs < rhs
        }
    }

    /// Every initial's drinks, with no more than ``parallelRequests`` requests at once; the first
    /// failure cancels the rest.
    private func allDrinks() async throws -> [TheCocktailDBDrink] {
        try await withThrowingTaskGroup(of: [TheCocktailDBDrink].self) { group in
            var pending = Self.initials[...]
            var drinks: [TheCocktailDBDrink] = []
            for _ in 0..<Self.parallelRequests {
                guard let initial = pending.popFirst() else { break }
                group.addTask { try await self.drinks(startingWith: initial) }
            }
            var done = 0
            while let batch = try await group.next() {
                drinks += batch
                done += 1
                onProgress?(done, Self.initials.count)
                if let initial = pending.popFirst() {
                    group.addTask { try await self.drinks(startingWith: initial) }
                }
            }
            return drinks
        }
    }

    /// One `search.php?f=` request, retried as the type's documentation describes.
    func drinks(startingWith initial: String) async throws -> [TheCocktailDBDrink] {
        let answer = try await get(
            try searchURL(initial), accept: "application/json", maximumBytes: Self.maximumPageBytes
        ) { failure in
            failure.isTransient ? CocktailsAPIError.unavailable as any Error : failure
        }
        guard (200..<300).contains(answer.status) else { throw CocktailsAPIError.unavailable }
        return try TheCocktailDBDrink.drinks(in: answer.body)
    }

    /// GETs `url`, trying again after timeouts, lost connections, `429` and `5xx` (with backoff,
    /// jitter and `Retry-After`) up to ``retries`` times, and answers the first other response,
    /// whatever its status. A failure that another try cannot mend (a refused address, a body
    /// over `maximumBytes`, a redirect loop) is thrown at once as `failed(failure)`; `failed`
    /// also names what is thrown when no try got a usable answer.
    func get(
        _ url: URL, accept: String, maximumBytes: Int, failed: (BoundedFetcher.Failure) -> any Error
    ) async throws -> BoundedFetcher.Response {
        var attempt = 0
        while true {
            try Task.checkCancellation()
            let retryAfter: Duration
            var lastFailure = BoundedFetcher.Failure.timedOut
            do {
                let answer = try await fetcher.get(url, accept: accept, maximumBytes: maximumBytes)
                guard answer.status == 429 || (500..<600).contains(answer.status) else { return answer }
                retryAfter = Self.retryAfter(answer.headers.first(name: "Retry-After")) ?? .zero
                lastFailure = .unreachable("\(url.host ?? "the server") answered HTTP \(answer.status)")
            } catch let failure as BoundedFetcher.Failure {
                guard failure.isTransient else { throw failed(failure) }
                lastFailure = failure
                retryAfter = .zero
            }
            guard attempt < retries else { throw failed(lastFailure) }
            try await Task.sleep(for: max(retryAfter, backoff(attempt)))
            attempt += 1
        }
    }

    /// `baseDelay · 2^attempt`, plus up to as much again of random jitter, capped.
    func backoff(_ attempt: Int) -> Duration {
        let base = Self.baseDelay * (1 << min(attempt, 16))
        let jitter = Double.random(in: 0...1) * base.timeInterval
        return min(Self.maximumDelay, base + .milliseconds(Int(jitter * 1000)))
    }

    /// A `Retry-After` given in seconds; `nil` for a missing header or an HTTP date.
    static func retryAfter(_ header: String?) -> Duration? {
        guard let header, let seconds = Double(header.trimmingCharacters(in: .whitespaces)), seconds >= 0,
            seconds.isFinite
        else {
            return nil
        }
        return min(maximumDelay, .milliseconds(Int(seconds * 1000)))
    }

    private func searchURL(_ initial: String) throws -> URL {
        let endpoint = baseURL.appendingPathComponent("search.php")
        guard var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: true) else {
            throw CocktailsAPIError.unavailable
        }
        components.queryItems = [URLQueryItem(name: "f", value: initial)]
        guard let url = components.url else { throw CocktailsAPIError.unavailable }
        return url
    }
}
