import CocktailBook
import CocktailBookTestSupport
import CocktailsAPI
import Foundation
import Logging
import Testing

#if canImport(Combine)
    import Combine
#else
    import OpenCombine
#endif

/// A catalog service wired to in-memory stores and a fixed clock, with the stores kept at hand.
struct ServiceHarness {
    static let fetchDate = Date(timeIntervalSince1970: 1_750_000_000)
    static let cacheDate = Date(timeIntervalSince1970: 1_700_000_000)

    let service: CatalogService
    let catalogStore: InMemoryCatalogStore
    let favoritesStore: InMemoryFavoritesStore

    init(source: any CocktailsAPI, cached: CachedCatalog? = nil, favorites: Set<String> = []) {
        catalogStore = InMemoryCatalogStore(cached)
        favoritesStore = InMemoryFavoritesStore(favorites)
        // The service logs every fetch; the tests assert on its state instead.
        var logger = Logger(label: "cocktailbook.tests")
        logger.logLevel = .critical
        service = CatalogService(
            source: source, catalogStore: catalogStore, favoritesStore: favoritesStore, now: { Self.fetchDate },
            logger: logger
        )
    }

    /// A service whose catalog is loaded from an instant source and ready to query.
    static func ready(favorites: Set<String> = []) async -> ServiceHarness {
        let harness = ServiceHarness(
            source: FakeCocktailsAPI(latency: .zero, payload: SeedCatalog.data), favorites: favorites)
        await harness.service.start()
        await harness.service.settle()
        return harness
    }

    /// A small cache that is easy to tell apart from the 13 bundled cocktails.
    static let smallCache = CachedCatalog(
        cocktails: [
            Fixtures.cocktail("7", "Margarita"), Fixtures.cocktail("1", "Mojito"),
            Fixtures.cocktail("5", "Basil Lemonade Punch", .nonAlcoholic),
        ],
        fetchedAt: cacheDate
    )
}

/// A recipe source that counts the requests it receives and answers with the bundled catalog.
final class CountingCocktailsAPI: CocktailsAPI, @unchecked Sendable {
    private let lock = NSLock()
    private var storedCalls = 0
    private let inner: FakeCocktailsAPI

    init(latency: Duration) {
        inner = FakeCocktailsAPI(latency: latency, payload: SeedCatalog.data)
    }

    /// How many requests reached the source, in any form.
    var calls: Int {
        lock.lock()
        defer { lock.unlock() }
        return storedCalls
    }

    private func count() {
        lock.lock()
        storedCalls += 1
        lock.unlock()
    }

    var cocktailsPublisher: AnyPublisher<Data, CocktailsAPIError> {
        Deferred { () -> AnyPublisher<Data, CocktailsAPIError> in
            self.count()
            return self.inner.cocktailsPublisher
        }
        .eraseToAnyPublisher()
    }

    func fetchCocktails(_ handler: @escaping @Sendable (Result<Data, CocktailsAPIError>) -> Void) {
        count()
        inner.fetchCocktails(handler)
    }

    func fetchCocktails() async throws -> Data {
        count()
        return try await inner.fetchCocktails()
    }
}

/// The sentence a failing source leaves in the status.
let unavailableMessage = CocktailsAPIError.unavailable.errorDescription!
