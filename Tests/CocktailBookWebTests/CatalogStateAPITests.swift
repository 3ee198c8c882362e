import CocktailBookTestSupport
import CocktailsAPI
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@Suite("HTTP: catalog loading, failure and cache")
struct CatalogStateAPITests {
    @Test("while the catalog loads, the status says loading and queries answer 503 catalog_loading")
    func loading() async throws {
        let tmp = try TemporaryDatabase()
        defer { tmp.remove() }
        let app = try await makeApp(databasePath: tmp.path, sourceLatency: .seconds(600))
        try await app.test(.router) { client in
            let statusResponse = try await client.get("/api/v1/catalog")
            #expect(statusResponse.status == .ok)
            let object = try statusResponse.jsonObject()
            #expect(Set(object.keys).isSuperset(of: ["state", "count", "message", "updatedAt"]))
            #expect(object["message"] is NSNull && object["updatedAt"] is NSNull)
            let status: StatusBody = try statusResponse.decoded()
            #expect(status.state == "loading")
            #expect(status.count == 0)
            #expect(status.refreshing)

            for uri in ["/api/v1/cocktails", "/api/v1/cocktails/7", "/api/v1/favorites"] {
                let response = try await client.get(uri)
                #expect(response.status == .serviceUnavailable, "\(uri)")
                #expect(response.headers[.retryAfter] == "2", "\(uri)")
                let error: ErrorBody = try response.decoded()
                #expect(error.error.code == "catalog_loading", "\(uri)")
                #expect(error.error.message.contains("loading"))
            }
            let put = try await client.execute(uri: "/api/v1/favorites/7", method: .put)
            #expect(put.status == .serviceUnavailable)
        }
    }

    @Test("a failing source: failed with a message, 503 catalog_unavailable, and retries until it recovers")
    func failureAndRetry() async throws {
        let tmp = try TemporaryDatabase()
        defer { tmp.remove() }
        let app = try await makeApp(databasePath: tmp.path, sourceLatency: .zero, sourceFailures: 2)
        try await app.test(.router) { client in
            let failed = try await client.waitForCatalog { $0.state != "loading" }
            #expect(failed.state == "failed")
            #expect(failed.count == 0)
            #expect(failed.message?.contains("unavailable") == true)

            let cocktails = try await client.get("/api/v1/cocktails")
            #expect(cocktails.status == .serviceUnavailable)
            #expect(cocktails.headers[.retryAfter] != nil)
            let error: ErrorBody = try cocktails.decoded()
            #expect(error.error.code == "catalog_unavailable")
            #expect(error.error.message == failed.message)

            let firstRetry = try await client.execute(uri: "/api/v1/catalog/refresh", method: .post)
            #expect(firstRetry.status == .accepted)
            let accepted: StatusBody = try firstRetry.decoded()
            #expect(accepted.refreshing)
            let stillFailed = try await client.waitForCatalog { $0.state != "loading" }
            #expect(stillFailed.state == "failed")
            #expect(stillFailed.message != nil)

            let secondRetry = try await client.execute(uri: "/api/v1/catalog/refresh", method: .post)
            #expect(secondRetry.status == .accepted)
            let ready = try await client.waitForCatalog { $0.state != "loading" }
            #expect(ready.state == "ready")
            #expect(ready.count == 13)
            #expect(ready.message == nil)
            #expect(ready.updatedAt != nil)
            #expect(try await client.list().names == WebFixtures.allNames)
        }
    }

    @Test("a cached catalog is served at once even when the source takes 600 s")
    func cacheServedAtOnce() async throws {
        let tmp = try TemporaryDatabase()
        defer { tmp.remove() }
        do {
            let filler = try await makeApp(databasePath: tmp.path)
            try await filler.test(.router) { client in _ = try await client.waitUntilReady() }
        }
        let slow = try await makeApp(databasePath: tmp.path, sourceLatency: .seconds(600))
        try await slow.test(.router) { client in
            let list = try await client.list()
            #expect(list.cocktails.count == 13)
            #expect(list.names == WebFixtures.allNames)
            let status = try await client.catalogStatus()
            #expect(status.state == "ready")
            #expect(status.count == 13)
            #expect(status.refreshing)
            #expect(status.updatedAt != nil)
        }
        // `refreshing` above proves the list came while the fetch was under way, so nothing
        // waited for the 600 s source.
    }

    @Test("a failed refresh over a cache keeps serving the cache and reports the failure")
    func failedRefreshKeepsCache() async throws {
        let tmp = try TemporaryDatabase()
        defer { tmp.remove() }
        do {
            let filler = try await makeApp(databasePath: tmp.path)
            try await filler.test(.router) { client in _ = try await client.waitUntilReady() }
        }
        let failing = try await makeApp(databasePath: tmp.path, sourceLatency: .zero, sourceFailures: 1)
        try await failing.test(.router) { client in
            let status = try await client.waitForCatalog { !$0.refreshing }
            #expect(status.state == "ready")
            #expect(status.count == 13)
            #expect(status.message?.contains("unavailable") == true)
            #expect(try await client.list().names == WebFixtures.allNames)
        }
    }
}
