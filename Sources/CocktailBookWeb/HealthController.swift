import CocktailBook
import CocktailBookStore
import Foundation
import Hummingbird

/// `/readyz`: whether this instance can do its work: the database reads and writes, and the
/// catalog is loaded. `200 {"status":"ready"}`, or `503` with the reasons, so a load balancer
/// or an uptime monitor stops sending people to a broken instance. (`/healthz` only says the
/// process answers.)
struct HealthController<Context: AppContext>: Sendable {
    let database: AppDatabase
    let catalog: CatalogService

    struct Payload: Codable {
        var status: String
        var database: String
        var catalog: String
        var problems: [String]
    }

    func addRoutes(to router: Router<Context>) {
        router.get("/readyz") { _, _ in
            var problems: [String] = []
            if let problem = database.healthProblem() { problems.append(problem) }
            let catalogState = await catalog.status().state.rawValue
            if catalogState != "ready" { problems.append("the catalog is \(catalogState)") }
            let payload = Payload(
                status: problems.isEmpty ? "ready" : "unavailable",
                database: problems.contains { $0.contains("database") } ? "failing" : "ok",
                catalog: catalogState, problems: problems
            )
            var response = try APIResponse.json(payload, status: problems.isEmpty ? .ok : .serviceUnavailable)
            if !problems.isEmpty { response.headers[.retryAfter] = "5" }
            return response
        }
    }
}
