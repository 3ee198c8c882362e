import CocktailBook
import CocktailBookTestSupport
import CocktailsAPI
import Foundation
import Logging
import Synchronization
import Testing

@testable import CocktailBookApp
@testable import CocktailBookWeb

/// `--refresh-every`: the catalog is fetched again when it is due, a failure is tried again
/// sooner, and the service waits through an injected sleep and clock, never for real.
@Suite("Scheduled catalog refresh")
struct CatalogRefreshServiceTests {
    /// What the service asked to sleep, and a clock that the sleeps move.
    final class Recorder: Sendable {
        let sleeps = Mutex<[Duration]>([])
        let clock: Mutex<Date>
        let limit: Int

        init(now: Date, limit: Int) {
            clock = Mutex(now)
            self.limit = limit
        }

        var now: Date { clock.withLock { $0 } }
        var recorded: [Duration] { sleeps.withLock { $0 } }

        /// Records `duration`, moves the clock by it, and stops the service at the `limit`th sleep
        /// (as a shutdown would: the sleep is cancelled).
        func sleep(_ duration: Duration) throws {
            let count = sleeps.withLock {
                $0.append(duration)
                return $0.count
            }
            if count >= limit { throw CancellationError() }
            clock.withLock { $0 += Double(duration.components.seconds) }
        }
    }

    static let start = Date(timeIntervalSince1970: 1_750_000_000)
    static let sixHours = Duration.seconds(6 * 3600)

    static func started(failures: Int = 0, recorder: Recorder) async -> CatalogService {
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let service = CatalogService(
            source: FakeCocktailsAPI(withFailure: .count(failures), latency: .zero, payload: SeedCatalog.data),
            catalogStore: InMemoryCatalogStore(), favoritesStore: InMemoryFavoritesStore(),
            now: { recorder.now }, logger: logger
        )
        await service.start()
        await service.settle()
        return service
    }

    static func refresher(_ service: CatalogService, _ recorder: Recorder, every interval: Duration = sixHours)
        -> CatalogRefreshService
    {
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        return CatalogRefreshService(
            catalog: service, interval: interval, logger: logger, sleep: { try recorder.sleep($0) })
    }

    @Test("a fresh catalog is fetched again a whole interval later, and again after that")
    func onSchedule() async throws {
        let recorder = Recorder(now: Self.start, limit: 3)
        let service = await Self.started(recorder: recorder)
        #expect(await service.status().updatedAt == Self.start)
        try await Self.refresher(service, recorder).run()
        #expect(recorder.recorded == [Self.sixHours, Self.sixHours, Self.sixHours])
        // Two scheduled fetches, each stamped when the clock said it was due.
        #expect(await service.status().updatedAt == Self.start.addingTimeInterval(2 * 21600))
        #expect(await service.status().state == .ready)
    }

    @Test("a catalog 5 hours old is due in 1 hour; one older than the interval at once")
    func dueFromTheCatalogsAge() async throws {
        let recorder = Recorder(now: Self.start, limit: 1)
        let service = await Self.started(recorder: recorder)
        let refresher = Self.refresher(service, recorder)
        #expect(try await refresher.delayUntilDue() == Self.sixHours)
        recorder.clock.withLock { $0 += 5 * 3600 }
        #expect(try await refresher.delayUntilDue() == .seconds(3600))
        recorder.clock.withLock { $0 += 2 * 3600 }
        #expect(try await refresher.delayUntilDue() == .zero)
    }

    @Test("a failed fetch is tried again after a tenth of the interval (at most 15 minutes), then the schedule resumes")
    func retriesSooner() async throws {
        let recorder = Recorder(now: Self.start, limit: 3)
        // The start-up fetch and the first retry fail; the second retry succeeds.
        let service = await Self.started(failures: 2, recorder: recorder)
        #expect(await service.status().state == .failed)
        try await Self.refresher(service, recorder).run()
        #expect(recorder.recorded == [.seconds(900), .seconds(900), Self.sixHours])
        #expect(await service.status().state == .ready)
        #expect(await service.status().updatedAt == Self.start.addingTimeInterval(1800))
    }

    @Test("the retry delay scales with the interval between 1 second and 15 minutes")
    func retryDelay() async {
        let recorder = Recorder(now: Self.start, limit: 1)
        let service = await Self.started(recorder: recorder)
        #expect(Self.refresher(service, recorder).retryDelay == .seconds(900))
        #expect(Self.refresher(service, recorder, every: .seconds(600)).retryDelay == .seconds(60))
        #expect(Self.refresher(service, recorder, every: .seconds(5)).retryDelay == .seconds(1))
    }

    @Test("waiting for a slow fetch ends at once when the service is cancelled; a finished fetch ends the wait")
    func cancellableWait() async throws {
        let slow = Task { _ = try? await Task.sleep(for: .seconds(3600)) }
        defer { slow.cancel() }
        let waiting = Task { try await CatalogRefreshService.value(of: slow) }
        await Task.yield()
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
        // Cancelled before it even started waiting: still ends.
        let early = Task { try await CatalogRefreshService.value(of: slow) }
        early.cancel()
        await #expect(throws: CancellationError.self) { try await early.value }
        let quick = Task {}
        try await CatalogRefreshService.value(of: quick)
    }

    // Held, the shutdown would wait for the 600 s source: the limit (the shortest Swift Testing
    // has) is there so that such a failure ends, not to time a busy machine.
    @Test(
        "a server whose source takes 600 s still stops: the refresher does not hold the shutdown",
        .timeLimit(.minutes(1)))
    func shutdownWhileFetching() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(
            databasePath: database.path, sourceLatency: .seconds(600), configure: { $0.refreshEvery = .seconds(10) }
        ).test(.router) { client in
            let health = try await client.get("/healthz")
            #expect(health.status == .ok)
            #expect(try await client.catalogStatus().refreshing, "the 600 s fetch is under way as the server stops")
        }
    }
}
