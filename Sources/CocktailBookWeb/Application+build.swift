import CocktailBook
import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore

/// Builds the whole web app: the one composition root that `cocktailbook serve` runs and that
/// the tests drive. The catalog starts loading in the background; the server does not wait for it.
public func buildApplication(
    configuration: AppConfiguration,
    onServerRunning: @escaping @Sendable (Int?) async -> Void = { _ in }
) async throws -> some ApplicationProtocol {
    try await buildApplication(
        configuration: configuration, onServerRunning: onServerRunning, observingFastLane: { _ in })
}

/// The app, handing its ``FastLane`` to `observingFastLane` (tests count what it answers).
func buildApplication(
    configuration: AppConfiguration,
    onServerRunning: @escaping @Sendable (Int?) async -> Void = { _ in },
    observingFastLane: (FastLane) -> Void
) async throws -> some ApplicationProtocol {
    var logger = Logger(label: "cocktailbook")
    logger.logLevel = configuration.logLevel
    let environment = try await AppEnvironment(configuration: configuration, logger: logger)
    let isLoopback = AppConfiguration.isLoopback(configuration.host)
    // A book on a network without an admin would let anyone do anything: refuse, unless it is
    // opened read-only on purpose.
    if !isLoopback, !configuration.publicReadOnly, try await !environment.database.hasAdmin() {
        throw StartupError.noAdmin(host: configuration.host)
    }
    await environment.catalog.start()

    let renderer = try await PageRenderer(assets: StaticAssets())

    let router = Router(context: AppRequestContext.self)
    let metrics = AppMetrics()
    let chaos = ChaosMiddleware<AppRequestContext>.Settings(
        latency: configuration.chaosLatency, failures: configuration.chaosFailures,
        failureRate: configuration.chaosFailureRate
    )
    let serverName = "CocktailBook"
    let lane = FastLane(
        catalog: environment.catalog, changes: environment.database.changes, metrics: metrics, logger: logger,
        serverName: serverName, isEnabled: !chaos.isActive
    )
    observingFastLane(lane)
    router.add(middleware: FastLaneRecorder(lane: lane))
    router.add(middleware: RequestLogMiddleware(metrics: metrics))
    router.add(middleware: SecurityHeadersMiddleware())
    router.add(
        middleware: IdentityMiddleware(
            accounts: environment.accounts, isLoopback: isLoopback, isReadOnly: configuration.publicReadOnly))
    router.add(middleware: SettingsMiddleware(database: environment.database))
    router.add(middleware: ErrorMiddleware(renderer: renderer))
    router.add(middleware: RequestPolicyMiddleware(allowedHosts: configuration.effectiveAllowedHosts))
    router.add(
        middleware: AccessMiddleware(isReadOnly: configuration.publicReadOnly, isPrivate: configuration.privateMode))
    router.add(middleware: APIMethodMiddleware(table: .served))
    if chaos.isActive {
        logger.warning(
            "chaos mode: API requests wait \(chaos.latency), the first \(chaos.failures) fail, then \(Int(chaos.failureRate * 100))% fail"
        )
        router.add(middleware: ChaosMiddleware(chaos))
    }
    router.add(
        middleware: ResponseCacheMiddleware(
            cache: environment.responses, catalog: environment.catalog, changes: environment.database.changes))
    router.get("/healthz") { _, _ in "ok" }
    HealthController(
        database: environment.database, catalog: environment.catalog, metrics: metrics,
        trustProxy: configuration.trustProxy
    ).addRoutes(to: router)
    APIController(catalog: environment.catalog, bar: environment.database).addRoutes(to: router.group("api/v1"))
    BarAPIController(catalog: environment.catalog, store: environment.database).addRoutes(to: router.group("api/v1"))
    BarPageController(catalog: environment.catalog, store: environment.database, renderer: renderer).addRoutes(
        to: router)
    CocktailDBController(
        catalog: environment.catalog, host: configuration.host, port: configuration.port,
        trustProxy: configuration.trustProxy
    ).addRoutes(to: router)
    WebController(
        catalog: environment.catalog, renderer: renderer, bar: environment.database, images: environment.images,
        trustProxy: configuration.trustProxy
    ).addRoutes(to: router)
    AppShellController(shell: try AppShellFiles(assets: renderer.assets), renderer: renderer).addRoutes(to: router)
    ImportController(environment: environment, renderer: renderer, configuration: configuration).addRoutes(to: router)
    MaintenanceController(environment: environment, configuration: configuration, renderer: renderer).addRoutes(
        to: router)
    AccountController(accounts: environment.accounts, renderer: renderer, trustProxy: configuration.trustProxy)
        .addRoutes(to: router)
    AdminController(accounts: environment.accounts, renderer: renderer).addRoutes(to: router)
    SettingsController(database: environment.database, renderer: renderer).addRoutes(to: router)

    let headerTimeout = TimeAmount.nanoseconds(
        Int64(configuration.headerTimeout.components.seconds) * 1_000_000_000
            + configuration.headerTimeout.components.attoseconds / 1_000_000_000)
    let http1 = HTTP1Channel.Configuration(
        additionalChannelHandlers: [HeaderTimeoutHandler(timeout: headerTimeout)],
        idleTimeout: .seconds(Int64(configuration.idleTimeout.components.seconds)),
        // The request line counts as a header here: long query strings must still reach
        // RequestPolicyMiddleware, which refuses them with a readable 400.
        httpDecoderConfiguration: .init(
            maxHeaderFieldSize: 80 * 1024, maxHeaderListSize: 96 * 1024, maxHeaderFieldCount: 100)
    )
    let refresher = configuration.refreshEvery.map {
        CatalogRefreshService(catalog: environment.catalog, interval: $0, logger: logger)
    }
    return Application(
        responder: HeadResponder(wrapped: router.buildResponder()),
        server: .http1(configuration: http1, lane: lane),
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: serverName),
        services: refresher.map { [$0] } ?? [],
        onServerRunning: { channel in await onServerRunning(channel.localAddress?.port) },
        logger: logger
    )
}

/// Why the server will not start.
public enum StartupError: Error, LocalizedError {
    case noAdmin(host: String)

    public var errorDescription: String? {
        switch self {
        case .noAdmin(let host):
            "Listening on \(host) needs an admin account first: run `cocktailbook user add NAME --admin --password-stdin`, or start with --public-read-only to let people browse only."
        }
    }
}
