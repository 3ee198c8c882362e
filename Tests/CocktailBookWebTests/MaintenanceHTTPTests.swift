import CocktailBookStore
import CocktailBookWeb
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// The maintenance page is for admins only, and its backup is the store's.
@Suite("Maintenance over HTTP")
struct MaintenanceHTTPTests {
    @Test("admins see the catalog, database and version and download a backup; members get 403; anonymous 401")
    func access() async throws {
        let database = try await AccountsHTTPTests.book()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let anonymous = try await client.get("/maintenance").status
            #expect(anonymous == .unauthorized)
            let bob = try await AccountsHTTPTests.signIn(client, "bob", "bob password")
            #expect(try await client.execute(uri: "/maintenance", method: .get, headers: [.cookie: bob]).status == .forbidden)
            #expect(try await client.execute(uri: "/maintenance/backup", method: .get, headers: [.cookie: bob]).status == .forbidden)
            let alice = try await AccountsHTTPTests.signIn(client, "alice", "alice password")
            let page = String(buffer: try await client.execute(uri: "/maintenance", method: .get, headers: [.cookie: alice]).body)
            #expect(page.contains("<dd>Ready</dd>") && page.contains("<dd>13</dd>") && page.contains(database.path))
            let backup = try await client.execute(uri: "/maintenance/backup", method: .get, headers: [.cookie: alice])
            #expect(backup.headers[.contentDisposition]?.hasPrefix("attachment; filename=\"cocktailbook-backup-") == true)
            let json = try #require(try JSONSerialization.jsonObject(with: Data(buffer: backup.body)) as? [String: Any])
            #expect((json["accounts"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["alice", "bob"])
            #expect(!String(buffer: backup.body).contains("$2"), "no bcrypt hash")
            // Reset without the confirmation changes nothing.
            let unconfirmed = try await client.execute(uri: "/maintenance/reset-favorites", method: .post, headers: AccountsHTTPTests.form(alice), body: TestCSRF.body(""))
            #expect(unconfirmed.status == .badRequest)
        }
    }
}
