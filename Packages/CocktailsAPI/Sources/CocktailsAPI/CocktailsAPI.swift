import Foundation

#if canImport(Combine)
    import Combine
#else
    import OpenCombine
#endif

/// A source of the cocktail catalog.
///
/// Every form delivers the same thing: the whole catalog as UTF-8 encoded JSON, an array of
/// cocktail objects. Pick whichever form suits the caller's concurrency model; each call is an
/// independent request to the source, and every form fails only with ``CocktailsAPIError``.
public protocol CocktailsAPI: AnyObject, Sendable {
    /// A publisher that fetches the catalog once per subscription.
    ///
    /// Reading the property does nothing by itself; the request starts when a subscriber attaches.
    var cocktailsPublisher: AnyPublisher<Data, CocktailsAPIError> { get }

    /// Fetches the catalog and calls `handler` once with the result, on an arbitrary thread.
    func fetchCocktails(_ handler: @escaping @Sendable (Result<Data, CocktailsAPIError>) -> Void)

    /// Fetches the catalog.
    ///
    /// - Throws: ``CocktailsAPIError`` when the source fails, or `CancellationError` when the
    ///   calling task is cancelled while waiting.
    func fetchCocktails() async throws -> Data
}

extension CocktailsAPI {
    /// The publisher form, built on the handler form: every source gets it for free, and the
    /// request starts only when a subscriber attaches.
    public var cocktailsPublisher: AnyPublisher<Data, CocktailsAPIError> {
        Deferred {
            Future { promise in
                // Future calls its promise at most once and from any thread, which is exactly how
                // the handler form calls back, so handing it across is safe.
                let promise = UncheckedSendable(promise)
                self.fetchCocktails { result in promise.value(result) }
            }
        }
        .eraseToAnyPublisher()
    }
}
