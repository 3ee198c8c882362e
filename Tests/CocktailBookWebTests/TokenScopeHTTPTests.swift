import CocktailBookStore
import CocktailBookTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CocktailBookApp
@testable import CocktailBookWeb

/// API tokens with a scope (read ⊂ write ⊂ admin) and an expiry, never more than the account's
/// role, and never on the forms that manage accounts, tokens, sessions or passwords.
@Suite("API tokens: scopes, expiry and the account forms")
struct TokenScopeHTTPTests {
    static func bearer(_ token: String) -> HTTPFields { [.authorization: "Bearer \(token)"] }

    @Test(
        "a read token reads and writes nothing; a write token writes but does not administer; an admin's admin token does"
    )
    func scopes() async throws {
        let database = try await AccountsHTTPTests.book()
        defer { database.remove() }
        let accounts = Accounts(database: try AppDatabase(path: database.path), bcryptCost: 4)
        let read = try await accounts.issueToken(for: "bob", label: "reader", scope: .read)
        let write = try await accounts.issueToken(for: "bob", label: "writer", scope: .write)
        let adminWrite = try await accounts.issueToken(for: "alice", label: nil, scope: .write)
        let admin = try await accounts.issueToken(for: "alice", label: nil, scope: .admin)
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let reading = try await client.execute(uri: "/api/v1/favorites", method: .get, headers: Self.bearer(read))
            #expect(reading.status == .ok)
            let refused = try await client.execute(uri: "/api/v1/favorites/5", method: .put, headers: Self.bearer(read))
            #expect(refused.status == .forbidden)
            #expect(String(buffer: refused.body).contains(#""code":"token_scope""#))
            // Nothing was written by the refused request.
            let after = String(
                buffer: try await client.execute(uri: "/api/v1/favorites", method: .get, headers: Self.bearer(write))
                    .body)
            #expect(!after.contains(#""id":"5""#))
            #expect(
                try await client.execute(uri: "/api/v1/favorites/5", method: .put, headers: Self.bearer(write)).status
                    == .noContent)
            // The admin route: an admin's write token is refused for its scope, an admin token passes.
            let narrow = try await client.execute(
                uri: "/api/v1/catalog/refresh", method: .post, headers: Self.bearer(adminWrite))
            #expect(narrow.status == .forbidden && String(buffer: narrow.body).contains(#""code":"token_scope""#))
            let wide = try await client.execute(
                uri: "/api/v1/catalog/refresh", method: .post, headers: Self.bearer(admin))
            #expect(wide.status != .forbidden && wide.status.code < 300, "\(wide.status)")
        }
    }

    @Test("a token never holds more than its account's role, now or after the role is lowered")
    func cappedByRole() async throws {
        let database = try await AccountsHTTPTests.book()
        defer { database.remove() }
        let store = try AppDatabase(path: database.path)
        let accounts = Accounts(database: store, bcryptCost: 4)
        await #expect(throws: Accounts.Refusal.self) {
            _ = try await accounts.issueToken(for: "bob", label: nil, scope: .admin)
        }
        #expect(try await store.tokens(of: try #require(await store.credentials(named: "bob")).account.id).isEmpty)
        let admin = try await accounts.issueToken(for: "alice", label: nil, scope: .admin)
        try await accounts.createAccount(name: "carol", role: .admin, password: "carol password")
        try await store.setRole(.member, named: "alice")
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            // Alice is a member now: her admin token writes her own things, no more.
            let refresh = try await client.execute(
                uri: "/api/v1/catalog/refresh", method: .post, headers: Self.bearer(admin))
            #expect(refresh.status == .forbidden)
            #expect(
                try await client.execute(uri: "/api/v1/favorites/5", method: .put, headers: Self.bearer(admin)).status
                    == .noContent)
        }
    }

    @Test("an expired token is a 401 like a revoked one; one that has not expired works")
    func expiry() async throws {
        let database = try await AccountsHTTPTests.book()
        defer { database.remove() }
        let accounts = Accounts(database: try AppDatabase(path: database.path), bcryptCost: 4)
        let now = Date()
        let expired = try await accounts.issueToken(
            for: "bob", label: nil, expiresAt: now.addingTimeInterval(-86_400), at: now.addingTimeInterval(-2 * 86_400))
        let live = try await accounts.issueToken(for: "bob", label: nil, expiresAt: now.addingTimeInterval(86_400))
        await #expect(throws: Accounts.Refusal.self) {
            _ = try await accounts.issueToken(for: "bob", label: nil, expiresAt: now.addingTimeInterval(-1), at: now)
        }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let old = try await client.execute(uri: "/api/v1/favorites", method: .get, headers: Self.bearer(expired))
            #expect(old.status == .unauthorized)
            #expect(String(buffer: old.body).contains(#""code":"invalid_token""#))
            #expect(
                try await client.execute(uri: "/api/v1/favorites", method: .get, headers: Self.bearer(live)).status
                    == .ok)
        }
    }

    @Test("no token, whatever its scope, changes a password, makes a token or ends sessions through the forms")
    func accountFormsNeedASession() async throws {
        let database = try await AccountsHTTPTests.book()
        defer { database.remove() }
        let store = try AppDatabase(path: database.path)
        let accounts = Accounts(database: store, bcryptCost: 4)
        let admin = try await accounts.issueToken(for: "alice", label: nil, scope: .admin)
        let alice = try #require(await store.credentials(named: "alice")).account
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            var headers = TestCSRF.formHeaders
            headers[.authorization] = "Bearer \(admin)"
            for (path, fields) in [
                ("/account/password", "current=alice+password&new=taken+over+now"),
                ("/account/tokens", "label=mine&scope=admin&lifetime=never"),
                ("/account/sessions/revoke-others", ""),
                ("/admin/users/bob/role", "role=admin"),
            ] {
                let answer = try await client.execute(
                    uri: path, method: .post, headers: headers, body: TestCSRF.body(fields))
                #expect(answer.status == .forbidden, "\(path): \(answer.status)")
            }
            // Nothing changed: one token still, the old password signs in, bob is still a member.
            #expect(try await store.tokens(of: alice.id).count == 1)
            _ = try await AccountsHTTPTests.signIn(client, "alice", "alice password")
            #expect(try await store.credentials(named: "bob")?.account.role == .member)
        }
    }

    @Test("the account page makes a token with the scope and lifetime chosen, and lists them")
    func accountPage() async throws {
        let database = try await AccountsHTTPTests.book()
        defer { database.remove() }
        let store = try AppDatabase(path: database.path)
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let bob = try await AccountsHTTPTests.signIn(client, "bob", "bob password")
            var headers = TestCSRF.formHeaders
            headers[.cookie] = TestCSRF.cookie + "; " + bob
            let page = String(
                buffer: try await client.execute(uri: "/account", method: .get, headers: [.cookie: bob]).body)
            // A member may not ask for an admin token: the page does not offer it.
            #expect(page.contains(#"<option value="write" selected>"#) && !page.contains(#"value="admin""#))
            let made = try await client.execute(
                uri: "/account/tokens", method: .post, headers: headers,
                body: TestCSRF.body("label=kitchen&scope=read&lifetime=30d"))
            #expect(made.status == .ok)
            #expect(String(buffer: made.body).contains("data-new-token"))
            let account = try #require(await store.credentials(named: "bob")).account
            let token = try #require(try await store.tokens(of: account.id).first)
            #expect(token.scope == .read && token.label == "kitchen")
            let days = (token.expiresAt ?? .distantPast).timeIntervalSince(token.createdAt) / 86_400
            #expect(abs(days - 30) < 0.01, "\(days)")
            let listed = String(buffer: made.body)
            #expect(listed.contains("<span data-token-scope>read only</span>") && listed.contains("data-token-expiry"))
            // A scope above the role, or a lifetime not offered, is refused and makes nothing.
            for fields in ["label=x&scope=admin&lifetime=never", "label=x&scope=write&lifetime=5y"] {
                let refused = try await client.execute(
                    uri: "/account/tokens", method: .post, headers: headers, body: TestCSRF.body(fields))
                #expect(refused.status == .badRequest, "\(fields)")
            }
            #expect(try await store.tokens(of: account.id).count == 1)
        }
    }
}
