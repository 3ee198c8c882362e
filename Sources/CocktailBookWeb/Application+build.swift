import CocktailBook
import CocktailBookApp
import CocktailsAPI
import Foundation
import HTTPTypes
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
    var logger = Logger(label: "cocktailbook")
    logger.logLevel = configuration.logLevel
    let environment = try await AppEnvironment(configuration: configuration, logger: logger)
    let isLoopback = AppConfiguration.isLoopback(configuration.host)
    // A book on a network without an admin would let anyone do anything: refuse, unless it is
    // opened read-only on purpose.
    let database = environment.database
    if !isLoopback, !configuration.publicReadOnly, try await !database.whileRunning({ try await database.hasAdmin() }) {
        throw StartupError.noAdmin(host: configuration.host)
    }

    let renderer = try await PageRenderer(assets: StaticAssets())
    let router = Router(context: AppRequestContext.self, options: .autoGenerateHeadEndpoints)
    let metrics = AppMetrics()
    let table = RouteTable()
    let chaos = ChaosMiddleware<AppRequestContext>.Settings(
        latency: configuration.chaosLatency, failures: configuration.chaosFailures,
        failureRate: configuration.chaosFailureRate
    )
    // Every request, from the outside in: its log line and metrics, the security headers, who
    // is asking and with which settings, errors as pages or JSON, the request's own checks
    // (origin, query), what nobody may do, `405`, chaos for the APIs. Each route's group then
    // applies its own policy (see ``RoutePolicy``).
    router.add(middleware: RequestLogMiddleware(metrics: metrics))
    router.add(
        middleware: SecurityHeadersMiddleware(
            table: table, proxy: configuration.proxyTrust,
            publicOrigin: configuration.publicURL.flatMap(AppConfiguration.publicOrigin),
            fallbackHost: configuration.listeningHost,
            pagePolicyWithProvider: configuration.openID?.issuerOrigin.map {
                SecurityHeadersMiddleware<AppRequestContext>.pagePolicy(allowingFormsTo: $0)
            }))
    let routes = RouteBuilder(
        router: router, table: table, isPrivate: configuration.privateMode,
        cache: ResponseCacheMiddleware(
            cache: ResponseCache(), catalog: environment.catalog, changes: environment.database.changes),
        idempotency: IdempotencyMiddleware(store: environment.database)
    )
    // Liveness and readiness answer before anything asks the database who is calling (a
    // middleware applies to the routes registered after it).
    let health = HealthController<AppRequestContext>(database: database, catalog: environment.catalog, metrics: metrics)
    health.addProbes(to: routes)
    router.add(
        middleware: IdentityMiddleware(
            accounts: environment.accounts, isLoopback: isLoopback, isReadOnly: configuration.publicReadOnly,
            authHeader: configuration.authHeader.flatMap { HTTPField.Name($0) },
            headerProxies: ProxyTrust(isEnabled: true, proxies: configuration.trustedProxies.compactMap(IPNetwork.init))
        ))
    router.add(middleware: SettingsMiddleware(database: environment.database, isReadOnly: configuration.publicReadOnly))
    router.add(middleware: ErrorMiddleware(renderer: renderer))
    router.add(middleware: RequestPolicyMiddleware(allowedHosts: configuration.effectiveAllowedHosts))
    router.add(middleware: AccessMiddleware(isReadOnly: configuration.publicReadOnly))
    router.add(middleware: MethodNotAllowedMiddleware(table: table))
    if chaos.isActive {
        logger.warning(
            "chaos mode: API requests wait \(chaos.latency), the first \(chaos.failures) fail, then \(Int(chaos.failureRate * 100))% fail"
        )
        router.add(middleware: ChaosMiddleware(chaos))
    }
    let catalog = environment.catalog
    let proxy = configuration.trustProxy
    health.addMetrics(to: routes)
    let desk = environment.recipes
    APIController(catalog: catalog, bar: database, desk: desk).addRoutes(to: routes)
    let pagePolicy: AddressPolicy = configuration.allowPrivateImports ? .anyAddress : .publicOnly
    RecipeAPIController(
        desk: desk, houseDesk: environment.houseRecipes, pagePolicy: pagePolicy, pictures: environment.images
    ).addRoutes(to: routes)
    BarAPIController(desk: environment.bar).addRoutes(to: routes)
    let houseDesk = environment.houseRecipes
    BarPageController(desk: environment.bar, renderer: renderer, houseRecipes: houseDesk).addRoutes(to: routes)
    HouseRecipeAPIController(desk: houseDesk).addRoutes(to: routes)
    HouseRecipePageController(desk: houseDesk, renderer: renderer).addRoutes(to: routes)
    CocktailDBController(catalog: catalog)
        .addRoutes(to: routes)
    WebController(
        catalog: catalog, renderer: renderer, bar: database, images: environment.images, desk: desk
    ).addRoutes(to: routes)
    RecipePageController(
        desk: desk, houseDesk: houseDesk, renderer: renderer, pictures: environment.images, pagePolicy: pagePolicy
    )
    .addRoutes(to: routes)
    AppShellController(shell: try AppShellFiles(assets: renderer.assets), renderer: renderer).addRoutes(to: routes)
    ImportController(environment: environment, renderer: renderer, configuration: configuration).addRoutes(to: routes)
    ImportAPIController(desk: ImportController<AppRequestContext>.desk(environment, configuration)).addRoutes(
        to: routes)
    MaintenanceController(environment: environment, configuration: configuration, renderer: renderer)
        .addRoutes(to: routes)
    let publicOrigin = configuration.publicURL.flatMap(AppConfiguration.publicOrigin)
    var signIn = AccountController<AppRequestContext>(accounts: environment.accounts, renderer: renderer)
    signIn.choices.passwordLogin = configuration.passwordLogin
    if let settings = configuration.openID {
        guard let publicOrigin else { throw StartupError.openIDWithoutPublicURL }
        let provider = OpenIDProvider(settings: settings, publicOrigin: publicOrigin)
        signIn.choices.providerName = settings.displayName
        signIn.provider = provider
        signIn.publicOrigin = publicOrigin
        OpenIDController(
            provider: provider,
            signIn: OpenIDSignIn(accounts: environment.accounts, settings: settings, logger: logger),
            renderer: renderer, choices: signIn.choices
        ).addRoutes(to: routes)
    }
    signIn.addRoutes(to: routes)
    AdminController(accounts: environment.accounts, renderer: renderer).addRoutes(to: routes)
    SettingsController(database: database, renderer: renderer).addRoutes(to: routes)
    BookSettingsController(desk: environment.maintenance).addRoutes(to: routes)
    let lists = environment.lists
    ListAPIController(desk: lists).addRoutes(to: routes)
    ListPageController(desk: lists, renderer: renderer, images: environment.images).addRoutes(to: routes)
    PartyPageController(desk: lists, renderer: renderer).addRoutes(to: routes)

    let http1 = HTTP1Channel.Configuration(
        additionalChannelHandlers: [
            HeaderTimeoutHandler(timeout: .nanoseconds(configuration.headerTimeout.nanoseconds)),
            HTTP1HeadInstaller(),
        ],
        idleTimeout: .nanoseconds(configuration.idleTimeout.nanoseconds),
        // The request line counts as a header here: long query strings must still reach
        // RequestPolicyMiddleware, which refuses them with a readable 400.
        httpDecoderConfiguration: .init(
            maxHeaderFieldSize: 80 * 1024, maxHeaderListSize: 96 * 1024, maxHeaderFieldCount: 100)
    )
    let refresher = configuration.refreshEvery.map {
        CatalogRefreshService(catalog: environment.catalog, interval: $0, logger: logger)
    }
    // The store runs first and stops last, so that every request still answered has it.
    var app = Application(
        router: router,
        server: .http1(configuration: http1),
        configuration: .init(
            address: .hostname(configuration.host, port: configuration.port), serverName: "CocktailBook"),
        services: [database] + (refresher.map { [$0] } ?? []),
        onServerRunning: { channel in await onServerRunning(channel.localAddress?.port) },
        logger: logger
    )
    // The cached catalog is installed before the first request (the source's fetch goes on in
    // the background); the store is running by then.
    app.beforeServerStarts { await catalog.start() }
    return app
}

/// Why the server will not start.
public enum StartupError: Error, LocalizedError {
    case noAdmin(host: String)
    case openIDWithoutPublicURL

    public var errorDescription: String? {
        switch self {
        case .openIDWithoutPublicURL:
            "--oidc-issuer needs --public-url: the provider sends people back to <public url>/auth/oidc/callback, never to an address taken from a request."
        case .noAdmin(let host):
            "Listening on \(host) needs an admin account first: run `cocktailbook user add NAME --admin --password-stdin`, or start with --public-read-only to let people browse only."
        }
    }
}
