import CocktailBook
import CocktailBookApp
import CocktailBookStore
import Foundation
import HTTPTypes
import Hummingbird

/// `/readyz`: whether this instance can do its work: the database reads and writes, and the
/// catalog is loaded. `200 {"status":"ready"}`, or `503` with the reasons, so a load balancer
/// or an uptime monitor stops sending people to a broken instance. (`/healthz` only says the
/// process answers.)
struct HealthController<Context: AppContext>: Sendable {
    let database: any AppStore
    let catalog: CatalogService
    var metrics: AppMetrics?

    struct Payload: Codable {
        var status: String
        var database: String
        var catalog: String
        var problems: [String]
    }

    /// `/healthz` and `/readyz`: registered before the middleware that asks the database who is
    /// calling, so that they answer at once whatever the database does.
    func addProbes(to routes: RouteBuilder<Context>) {
        let router = routes.routes("", .open)
        router.get("/healthz") { _, _ in "ok" }
        router.get("/readyz") { request, context in
            var problems: [String] = []
            // What failed can name the database's address: said only to this machine.
            let databaseProblem = await database.healthProblem()
            if let databaseProblem {
                problems.append(
                    Self.isLocalCaller(request, context: context) ? databaseProblem : "the database is unavailable")
            }
            let catalogState = await catalog.status().state.rawValue
            if catalogState != "ready" { problems.append("the catalog is \(catalogState)") }
            let payload = Payload(
                status: problems.isEmpty ? "ready" : "unavailable",
                database: databaseProblem == nil ? "ok" : "failing",
                catalog: catalogState, problems: problems
            )
            var response = try APIResponse.json(payload, status: problems.isEmpty ? .ok : .serviceUnavailable)
            if !problems.isEmpty { response.headers[.retryAfter] = "5" }
            return response
        }
    }

    /// `/metrics`, which needs to know who asks.
    func addMetrics(to routes: RouteBuilder<Context>) {
        let router = routes.routes("", .open)
        guard let metrics else { return }
        // Prometheus's text format. Route counts say how the book is used, so they are served
        // to this machine (a local scraper, or one reached through an SSH tunnel) and to
        // admins' API tokens (Prometheus's `authorization` setting) only.
        router.get("/metrics") { request, context in
            guard mayReadMetrics(request, context: context) else {
                throw AppError(
                    status: .forbidden, code: "forbidden",
                    message: "Metrics are served to this machine and to admins' API tokens.")
            }
            let text = await metrics.render(
                catalog: await catalog.status(), generation: catalog.generation,
                databaseProblem: database.healthProblem())
            var response = Response(status: .ok, body: .init(byteBuffer: ByteBuffer(string: text)))
            response.headers[.contentType] = "text/plain; version=0.0.4; charset=utf-8"
            response.headers[.cacheControl] = "no-store"
            return response
        }
    }

    private func mayReadMetrics(_ request: Request, context: Context) -> Bool {
        context.viewer.role == .admin || Self.isLocalCaller(request, context: context)
    }

    /// Whether the caller is this machine: a loopback peer that sends no forwarding header. A
    /// proxy on this machine passes other people's requests on from a loopback address, and
    /// whether or not the book trusts what it says, a request it forwarded is not local.
    static func isLocalCaller(_ request: Request, context: Context) -> Bool {
        AppConfiguration.isLoopback(context.peerAddress) && !ProxyTrust.wasForwarded(request.headers)
    }
}
