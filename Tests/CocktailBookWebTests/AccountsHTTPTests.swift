import CocktailBook
import CocktailBookStore
import CocktailBookTestSupport
import CocktailBookWeb
import CocktailsAPI
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CocktailBookApp

/// Accounts over HTTP: who sees and changes what.
@Suite("Accounts over HTTP")
struct AccountsHTTPTests {
    /// A book with alice (admin) and bob (member), passwords "alice password" and "bob password".
    static func book() async throws -> TemporaryDatabase {
        let database = try TemporaryDatabase()
        let accounts = Accounts(database: try AppDatabase(path: database.path), bcryptCost: 4)
        try await accounts.createAccount(name: "alice", role: .admin, password: "alice password")
        try await accounts.createAccount(name: "bob", role: .member, password: "bob password")
        return database
    }

    /// Signs in through the form; returns the session cookie.
    static func signIn(_ client: some TestClientProtocol, _ name: String, _ password: String) async throws -> String {
        let response = try await client.execute(
            uri: "/login", method: .post, headers: TestCSRF.formHeaders,
            body: TestCSRF.body(
                "username=\(name)&password=\(password.replacingOccurrences(of: " ", with: "+"))&next=%2F")
        )
        #expect(response.status == .seeOther, "sign-in of \(name)")
        let cookie = try #require(response.headers[.setCookie])
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"))
        return try #require(
            cookie.firstMatch(of: /cocktailbook_session=([0-9a-f]{64})/).map { "cocktailbook_session=\($0.1)" })
    }

    static func form(_ session: String) -> HTTPFields {
        [.contentType: "application/x-www-form-urlencoded", .cookie: "\(TestCSRF.cookie); \(session)"]
    }

    @Test("without accounts on loopback, everyone is the owner: no sign-in, favorites work")
    func singleUser() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            #expect(String(buffer: try await client.get("/api/v1/me").body) == #"{"name":"owner","role":"admin"}"#)
            #expect(try await client.execute(uri: "/api/v1/favorites/1", method: .put).status == .noContent)
            let home = String(buffer: try await client.get("/").body)
            #expect(home.contains(#"href="/import""#))
            #expect(!home.contains("data-sign-in"))
        }
    }

    @Test("two accounts never see each other's favorites; anonymous visitors see none and may not mark")
    func separateFavorites() async throws {
        let database = try await Self.book()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let me = try await client.get("/api/v1/me")
            #expect(me.status == .unauthorized)
            #expect(String(buffer: me.body).contains(#""code":"sign_in_required""#))
            #expect(try await client.execute(uri: "/api/v1/favorites/1", method: .put).status == .unauthorized)
            let anonymousPost = try await client.execute(
                uri: "/cocktails/1/favorite", method: .post, headers: TestCSRF.formHeaders,
                body: TestCSRF.body("favorite=true"))
            #expect(anonymousPost.status == .seeOther)
            #expect(anonymousPost.headers[.location]?.hasPrefix("/login?next=") == true)

            let alice = try await Self.signIn(client, "alice", "alice password")
            let bob = try await Self.signIn(client, "bob", "bob password")
            let posted = try await client.execute(
                uri: "/cocktails/11/favorite", method: .post, headers: Self.form(alice),
                body: TestCSRF.body("favorite=true"))
            #expect(posted.status == .seeOther)
            let aliceList = String(
                buffer: try await client.execute(uri: "/", method: .get, headers: [.cookie: alice]).body)
            let bobList = String(buffer: try await client.execute(uri: "/", method: .get, headers: [.cookie: bob]).body)
            #expect(HTML.rowNames(in: aliceList).first == "Margarita Mocktail")
            #expect(aliceList.contains("is-favorite"))
            #expect(!bobList.contains("is-favorite"))
            #expect(!String(buffer: try await client.get("/").body).contains("is-favorite"))
            #expect(
                String(buffer: try await client.execute(uri: "/api/v1/me", method: .get, headers: [.cookie: bob]).body)
                    == #"{"name":"bob","role":"member"}"#)
        }
    }

    @Test("a member gets no Import link and 403 from the import and refresh routes")
    func memberCannotImport() async throws {
        let database = try await Self.book()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let bob = try await Self.signIn(client, "bob", "bob password")
            #expect(
                !String(buffer: try await client.execute(uri: "/", method: .get, headers: [.cookie: bob]).body)
                    .contains(#"href="/import""#))
            #expect(
                try await client.execute(uri: "/import", method: .get, headers: [.cookie: bob]).status == .forbidden)
            let post = try await client.execute(
                uri: "/import", method: .post, headers: Self.form(bob),
                body: TestCSRF.body("url=https%3A%2F%2Fexample.com%2F"))
            #expect(post.status == .forbidden)
            #expect(
                try await client.execute(uri: "/api/v1/catalog/refresh", method: .post, headers: [.cookie: bob]).status
                    == .forbidden)
            #expect(
                try await client.execute(uri: "/admin/users", method: .get, headers: [.cookie: bob]).status
                    == .forbidden)
            let alice = try await Self.signIn(client, "alice", "alice password")
            #expect(
                String(buffer: try await client.execute(uri: "/", method: .get, headers: [.cookie: alice]).body)
                    .contains(#"href="/import""#))
            #expect(try await client.execute(uri: "/import", method: .get, headers: [.cookie: alice]).status == .ok)
            let users = String(
                buffer: try await client.execute(uri: "/admin/users", method: .get, headers: [.cookie: alice]).body)
            #expect(users.contains(#"data-account="bob""#))
        }
    }

    @Test("an admin removes other accounts, never their own: no Remove button for it, and a refused post keeps it")
    func removeSelf() async throws {
        let database = try await Self.book()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let alice = try await Self.signIn(client, "alice", "alice password")
            let page = String(
                buffer: try await client.execute(uri: "/admin/users", method: .get, headers: [.cookie: alice]).body)
            #expect(page.contains(#"action="/admin/users/bob/remove""#))
            #expect(!page.contains(#"action="/admin/users/alice/remove""#))
            #expect(page.contains("bob? Their favorites, bar, lists, notes and ratings go with the account"))

            let refused = try await client.execute(
                uri: "/admin/users/ALICE/remove", method: .post, headers: Self.form(alice), body: TestCSRF.body(""))
            #expect(refused.status == .badRequest)
            #expect(
                String(buffer: refused.body).contains(
                    "You can&#39;t remove the account you&#39;re signed in with. Another admin can, or the server&#39;s command line (cocktailbook user remove alice)."
                ))
            let removed = try await client.execute(
                uri: "/admin/users/bob/remove", method: .post, headers: Self.form(alice), body: TestCSRF.body(""))
            #expect(removed.status == .seeOther)
            let after = try await Accounts(database: try AppDatabase(path: database.path), bcryptCost: 4).all()
            #expect(after.map(\.name) == ["alice"])
        }
    }

    @Test("an API token acts for its owner only, and stops working the moment it is revoked")
    func tokens() async throws {
        let database = try await Self.book()
        defer { database.remove() }
        let accounts = Accounts(database: try AppDatabase(path: database.path), bcryptCost: 4)
        let token = try await accounts.issueToken(for: "bob", label: "test")
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let bearer: HTTPFields = [.authorization: "Bearer \(token)"]
            #expect(
                try await client.execute(uri: "/api/v1/favorites/5", method: .put, headers: bearer).status == .noContent
            )
            let favorites = String(
                buffer: try await client.execute(uri: "/api/v1/favorites", method: .get, headers: bearer).body)
            #expect(favorites.contains(#""id":"5""#))
            let alice = try await Self.signIn(client, "alice", "alice password")
            #expect(
                !String(
                    buffer: try await client.execute(uri: "/api/v1/favorites", method: .get, headers: [.cookie: alice])
                        .body
                ).contains(#""id":"5""#))
            #expect(
                try await client.execute(uri: "/api/v1/catalog/refresh", method: .post, headers: bearer).status
                    == .forbidden)
            // Revoked by another process (the CLI's way): the server notices the file's change on its
            // next look (at most every 10 ms), so the test waits for that condition, not for a time.
            try await accounts.database.revokeToken(prefix: String(token.prefix(11)))
            let after = try await eventually {
                try await client.execute(uri: "/api/v1/favorites", method: .get, headers: bearer)
            } until: {
                $0.status != .ok
            }
            #expect(after.status == .unauthorized)
            #expect(String(buffer: after.body).contains(#""code":"invalid_token""#))
        }
    }

    @Test("a session survives a restart and dies at sign-out")
    func sessionLifetime() async throws {
        let database = try await Self.book()
        defer { database.remove() }
        let session = try await makeApp(databasePath: database.path).test(.router) { client in
            try await Self.signIn(client, "alice", "alice password")
        }
        try await makeApp(databasePath: database.path).test(.router) { client in
            #expect(
                String(
                    buffer: try await client.execute(uri: "/api/v1/me", method: .get, headers: [.cookie: session]).body
                ).contains("alice"))
            let out = try await client.execute(
                uri: "/logout", method: .post, headers: Self.form(session), body: TestCSRF.body(""))
            #expect(out.status == .seeOther)
            #expect(out.headers[.setCookie]?.contains("Max-Age=0") == true)
            #expect(
                try await client.execute(uri: "/api/v1/me", method: .get, headers: [.cookie: session]).status
                    == .unauthorized)
        }
    }

    @Test("wrong password and unknown name read the same; the 11th failure in a row gets 429 with Retry-After")
    func throttling() async throws {
        let database = try await Self.book()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            let wrong = try await client.execute(
                uri: "/login", method: .post, headers: TestCSRF.formHeaders,
                body: TestCSRF.body("username=alice&password=nope"))
            let unknown = try await client.execute(
                uri: "/login", method: .post, headers: TestCSRF.formHeaders,
                body: TestCSRF.body("username=zed&password=nope"))
            #expect(wrong.status == .unauthorized && unknown.status == .unauthorized)
            let message = "That name and password do not match an account."
            #expect(String(buffer: wrong.body).contains(message) && String(buffer: unknown.body).contains(message))
            for _ in 0..<9 {
                _ = try await client.execute(
                    uri: "/login", method: .post, headers: TestCSRF.formHeaders,
                    body: TestCSRF.body("username=alice&password=nope"))
            }
            let blocked = try await client.execute(
                uri: "/login", method: .post, headers: TestCSRF.formHeaders,
                body: TestCSRF.body("username=alice&password=alice+password"))
            #expect(blocked.status == .tooManyRequests)
            #expect(Int(blocked.headers[.retryAfter] ?? "") ?? 0 > 0)
        }
    }

    @Test("on a network: no start without an admin unless read-only, and read-only refuses every change")
    func networkModes() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        await #expect(throws: StartupError.self) {
            _ = try await makeApp(databasePath: database.path, configure: { $0.host = "0.0.0.0" })
        }
        try await makeApp(
            databasePath: database.path,
            configure: {
                $0.host = "0.0.0.0"
                $0.publicReadOnly = true
            }
        ).test(.router) { client in
            try await client.waitUntilReady()
            #expect(try await client.get("/api/v1/cocktails").status == .ok)
            let put = try await client.execute(uri: "/api/v1/favorites/1", method: .put)
            #expect(put.status == .forbidden)
            #expect(String(buffer: put.body).contains(#""code":"read_only""#))
        }
    }

    @Test("a private book shows anonymous visitors only the sign-in page")
    func privateBook() async throws {
        let database = try await Self.book()
        defer { database.remove() }
        try await makeApp(databasePath: database.path, configure: { $0.privateMode = true }).test(.router) { client in
            let home = try await client.get("/")
            #expect(home.status == .seeOther)
            #expect(home.headers[.location] == "/login?next=%2F")
            #expect(try await client.get("/api/v1/cocktails").status == .unauthorized)
            #expect(try await client.get("/login").status == .ok)
            let alice = try await Self.signIn(client, "alice", "alice password")
            #expect(
                try await client.execute(uri: "/api/v1/cocktails", method: .get, headers: [.cookie: alice]).status
                    != .unauthorized)
        }
    }
}
