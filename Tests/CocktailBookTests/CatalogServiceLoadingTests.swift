import CocktailBook
import CocktailBookTestSupport
import CocktailsAPI
import Foundation
import Testing

@Suite("CatalogService: loading, caching and refreshing")
struct CatalogServiceLoadingTests {
    @Test("without a cache: loading at once, then ready with 13, and the catalog is saved with the clock's date")
    func firstLoad() async throws {
        let harness = ServiceHarness(source: FakeCocktailsAPI(latency: .milliseconds(300), payload: SeedCatalog.data))
        await harness.service.start()

        let loading = await harness.service.status()
        #expect(loading.state == .loading)
        #expect(loading.count == 0)
        #expect(loading.isRefreshing)
        #expect(loading.message == nil && loading.updatedAt == nil)
        await #expect(throws: CatalogError.loading) { try await harness.service.list(filter: .all) }

        await harness.service.settle()
        let ready = await harness.service.status()
        #expect(ready.state == .ready)
        #expect(ready.count == 13)
        #expect(ready.message == nil)
        #expect(ready.updatedAt == ServiceHarness.fetchDate)
        #expect(!ready.isRefreshing && !ready.lastRefreshFailed)
        #expect(try await harness.service.list(filter: .all).names == Fixtures.allNames)

        let saved = try #require(harness.catalogStore.cached)
        #expect(saved.fetchedAt == ServiceHarness.fetchDate)
        #expect(saved.cocktails == (try Fixtures.bundledCocktails()))
        #expect(harness.catalogStore.saveCount == 1)
    }

    @Test("with a cache and a slow source, the cache answers at once while the refresh runs")
    func cacheServedAtOnce() async throws {
        let harness = ServiceHarness(
            source: FakeCocktailsAPI(latency: .seconds(5), payload: SeedCatalog.data), cached: ServiceHarness.smallCache
        )
        await harness.service.start()
        let list = try await harness.service.list(filter: .all)
        let status = await harness.service.status()
        // The cached three, while the 5-second fetch is still running: nothing waited for it.
        // (No wall-clock bound: this machine is shared and a timer would only measure its load.)

        #expect(list.names == ["Basil Lemonade Punch", "Margarita", "Mojito"])
        #expect(status.state == .ready)
        #expect(status.count == 3)
        #expect(status.isRefreshing)
        #expect(status.updatedAt == ServiceHarness.cacheDate)
        #expect(!status.lastRefreshFailed)
    }

    @Test("with a cache and refreshing off, the source is never asked")
    func oneShotUsesCacheOnly() async throws {
        let source = CountingCocktailsAPI(latency: .zero)
        let harness = ServiceHarness(source: source, cached: ServiceHarness.smallCache)
        await harness.service.start(refreshingInBackground: false)
        await harness.service.settle()
        #expect(source.calls == 0)
        #expect(await harness.service.status().isRefreshing == false)
        #expect(try await harness.service.list(filter: .nonAlcoholic).names == ["Basil Lemonade Punch"])
    }

    @Test("a failure without a cache is reported, list throws unavailable, and a retry recovers")
    func failureWithoutCacheThenRetry() async throws {
        let harness = ServiceHarness(
            source: FakeCocktailsAPI(withFailure: .count(1), latency: .zero, payload: SeedCatalog.data))
        await harness.service.start()
        await harness.service.settle()

        let failed = await harness.service.status()
        #expect(failed.state == .failed)
        #expect(failed.message == unavailableMessage)
        #expect(failed.count == 0 && !failed.isRefreshing && !failed.lastRefreshFailed)
        await #expect(throws: CatalogError.unavailable(unavailableMessage)) {
            try await harness.service.list(filter: .all)
        }
        await #expect(throws: CatalogError.unavailable(unavailableMessage)) {
            try await harness.service.cocktail(id: "7")
        }
        #expect(harness.catalogStore.cached == nil)

        await harness.service.refresh().value
        let ready = await harness.service.status()
        #expect(ready.state == .ready && ready.count == 13 && ready.message == nil && !ready.lastRefreshFailed)
        #expect(try await harness.service.list(filter: .alcoholic).names == Fixtures.alcoholicNames)
        #expect(harness.catalogStore.saveCount == 1)
    }

    @Test("a failed refresh keeps the cached list and says so")
    func failureWithCache() async throws {
        let harness = ServiceHarness(
            source: FakeCocktailsAPI(withFailure: .count(1), latency: .zero, payload: SeedCatalog.data),
            cached: ServiceHarness.smallCache
        )
        await harness.service.start()
        await harness.service.settle()

        let status = await harness.service.status()
        #expect(status.state == .ready)
        #expect(status.count == 3)
        #expect(status.lastRefreshFailed)
        #expect(status.message == unavailableMessage)
        #expect(status.updatedAt == ServiceHarness.cacheDate)
        #expect(try await harness.service.list(filter: .all).names == ["Basil Lemonade Punch", "Margarita", "Mojito"])
        #expect(harness.catalogStore.cached == ServiceHarness.smallCache)

        await harness.service.refresh().value
        let recovered = await harness.service.status()
        #expect(recovered.count == 13 && !recovered.lastRefreshFailed && recovered.message == nil)
        #expect(recovered.updatedAt == ServiceHarness.fetchDate)
    }

    @Test("concurrent refreshes share one request to the source")
    func concurrentRefreshesShareOneCall() async throws {
        let source = CountingCocktailsAPI(latency: .milliseconds(100))
        let harness = ServiceHarness(source: source)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<10 {
                group.addTask { await harness.service.refresh().value }
            }
        }
        #expect(source.calls == 1)
        #expect(await harness.service.status().count == 13)
        #expect(harness.catalogStore.saveCount == 1)

        // Once the shared fetch is over, the next refresh asks again.
        await harness.service.refresh().value
        #expect(source.calls == 2)
    }

    @Test("a refresh bringing back the same bytes stores nothing again and only moves the date")
    func unchangedSourceIsNotSavedAgain() async throws {
        let digest = ContentHash.hex(of: SeedCatalog.data)
        let cached = CachedCatalog(
            cocktails: try Fixtures.bundledCocktails(), fetchedAt: ServiceHarness.cacheDate, sourceDigest: digest)
        let source = CountingCocktailsAPI(latency: .zero)
        let harness = ServiceHarness(source: source, cached: cached)
        await harness.service.start()
        await harness.service.settle()

        #expect(source.calls == 1)
        #expect(harness.catalogStore.saveCount == 0)
        let kept = try #require(harness.catalogStore.cached)
        #expect(kept.fetchedAt == ServiceHarness.fetchDate)
        #expect(kept.sourceDigest == digest)
        let status = await harness.service.status()
        #expect(status.count == 13 && status.updatedAt == ServiceHarness.fetchDate && !status.lastRefreshFailed)
    }

    @Test("a first fetch stores the source's fingerprint, and the next identical answer is not stored again")
    func fingerprintStoredThenMatched() async throws {
        let source = CountingCocktailsAPI(latency: .zero)
        let harness = ServiceHarness(source: source)
        await harness.service.refresh().value
        #expect(harness.catalogStore.cached?.sourceDigest == ContentHash.hex(of: SeedCatalog.data))
        await harness.service.refresh().value
        #expect(source.calls == 2)
        #expect(harness.catalogStore.saveCount == 1)
        #expect(try await harness.service.list(filter: .all).names == Fixtures.allNames)
    }

    @Test("a payload whose entries are all malformed fails as an empty catalog")
    func allEntriesMalformedWithoutCache() async throws {
        let payload = Fixtures.json(#"[{"id":"a b","name":"X"},{"id":"2"},{"id":"3","name":"Y","type":"beer"}]"#)
        let harness = ServiceHarness(source: FakeCocktailsAPI(latency: .zero, payload: payload))
        await harness.service.start()
        await harness.service.settle()

        let status = await harness.service.status()
        #expect(status.state == .failed)
        #expect(status.message == CatalogError.emptyCatalog.errorDescription)
        #expect(harness.catalogStore.cached == nil)
    }

    @Test(
        "a malformed or empty payload keeps an existing cache", arguments: ["[]", #"[{"id":"a b"}]"#, "{}", "garbage"])
    func malformedPayloadKeepsCache(payload: String) async throws {
        let harness = ServiceHarness(
            source: FakeCocktailsAPI(latency: .zero, payload: Fixtures.json(payload)), cached: ServiceHarness.smallCache
        )
        await harness.service.start()
        await harness.service.settle()

        let status = await harness.service.status()
        #expect(status.state == .ready && status.count == 3 && status.lastRefreshFailed)
        #expect(status.message?.isEmpty == false)
        #expect(harness.catalogStore.saveCount == 0)
        #expect(harness.catalogStore.cached == ServiceHarness.smallCache)
        #expect(try await harness.service.list(filter: .all).items.count == 3)
    }

    @Test("a store that cannot save still lets the fresh catalog be shown")
    func saveFailureStillShows() async throws {
        let harness = ServiceHarness(source: FakeCocktailsAPI(latency: .zero, payload: SeedCatalog.data))
        harness.catalogStore.failsOnSave = true
        await harness.service.start()
        await harness.service.settle()
        #expect(await harness.service.status().state == .ready)
        #expect(try await harness.service.list(filter: .all).names == Fixtures.allNames)
        #expect(harness.catalogStore.cached == nil)
    }

    @Test("an unreadable cache falls back to fetching")
    func loadFailureFetches() async throws {
        let harness = ServiceHarness(
            source: FakeCocktailsAPI(latency: .zero, payload: SeedCatalog.data), cached: ServiceHarness.smallCache)
        harness.catalogStore.failsOnLoad = true
        await harness.service.start(refreshingInBackground: false)
        await harness.service.settle()
        #expect(await harness.service.status().count == 13)
    }
}
