import CocktailBook
import Foundation
import Hummingbird
import Logging

/// Builds the whole web app: the one composition root that `cocktailbook serve` runs and that
/// the tests drive. The catalog starts loading in the background; the server does not wait for it.
public func buildApplication(
    configuration: AppConfiguration,
    onServerRunning: @escaping @Sendable (Int?) async -> Void = { _ in }
) async throws -> some ApplicationProtocol {
    var logger = Logger(label: "cocktailbook")
    logger.logLevel = configuration.logLevel
    let environment = try AppEnvironment(configuration: configuration, logger: logger)
    await environment.catalog.start()

    let renderer = try await PageRenderer(assets: StaticAssets())

    let router = Router()
    router.add(middleware: RequestLogMiddleware())
    router.add(middleware: ErrorMiddleware(renderer: renderer))
    let chaos = ChaosMiddleware<BasicRequestContext>.Settings(
        latency: configuration.chaosLatency, failures: configuration.chaosFailures, failureRate: configuration.chaosFailureRate
    )
    if chaos.isActive {
        logger.warning("chaos mode: API requests wait \(chaos.latency), the first \(chaos.failures) fail, then \(Int(chaos.failureRate * 100))% fail")
        router.add(middleware: ChaosMiddleware(chaos))
    }
    router.get("/healthz") { _, _ in "ok" }
    APIController(catalog: environment.catalog).addRoutes(to: router.group("api/v1"))
    CocktailDBController(catalog: environment.catalog, host: configuration.host, port: configuration.port).addRoutes(to: router)
    WebController(catalog: environment.catalog, renderer: renderer, images: environment.images).addRoutes(to: router)
    ImportController(environment: environment, renderer: renderer).addRoutes(to: router)

    return Application(
        router: router,
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "CocktailBook"),
        onServerRunning: { channel in await onServerRunning(channel.localAddress?.port) },
        logger: logger
    )
}
