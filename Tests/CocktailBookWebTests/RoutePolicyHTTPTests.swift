import CocktailBook
import CocktailBookStore
import CocktailBookTestSupport
import CocktailBookWeb
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import CocktailBookApp

/// Who may call a route, whether it answers as a page or as the API, and the CSRF check of every
/// page's form are declared where the route is registered and applied by one middleware: these
/// tests hold every writing page to it, and each role to what it admits.
@Suite("Route policy: roles, forms and surfaces declared at the route")
struct RoutePolicyHTTPTests {
    /// Every form a page of the book posts to, with made-up ids: the check comes before the
    /// handler looks at them.
    static let pageForms = [
        "/lists", "/lists/1/menu/share", "/lists/1/rename", "/lists/1/delete", "/lists/1/entries/3/move",
        "/lists/1/entries/3/remove", "/lists/1/entries/3/note", "/lists/1/entries/3/price", "/lists/1/menu-prices",
        "/lists/1/share", "/lists/1/menu-shelf", "/lists/1/share/revoke", "/cocktails/3/add-to-list",
        "/lists/1/plan/shopping", "/settings", "/cocktails/new", "/cocktails/new/from-page", "/cocktails/u1/edit",
        "/cocktails/u1/history/1/restore", "/cocktails/u1/delete", "/trash/u1/restore", "/cocktails/3/note",
        "/cocktails/3/rating", "/cocktails/3/made", "/cocktails/3/made/1/delete", "/maintenance/restore",
        "/maintenance/restore/confirm", "/maintenance/restore/cancel", "/maintenance/origins/remove",
        "/maintenance/pictures/clear", "/maintenance/pictures/download", "/maintenance/currency",
        "/maintenance/reset-favorites", "/admin/users", "/admin/users/bob/role", "/admin/users/bob/remove", "/login",
        "/logout", "/account/password", "/account/tokens", "/account/tokens/1/revoke",
        "/account/sessions/revoke-others", "/cocktails/3/favorite", "/catalog/refresh", "/bar/house/new",
        "/bar/ingredients/gin/edit", "/bar/ingredients/gin/history/1/restore", "/bar/ingredients/gin/delete",
        "/bar/bottles", "/bar/batches", "/bar/batches/1/remove", "/bar/stock", "/bar/stock/refill", "/bar/always",
        "/bar/rules", "/bar/rules/1/remove", "/bar/shopping", "/bar/shopping/1/toggle", "/bar/shopping/clear",
        "/import",
    ]

    @Test("every page's form without this browser's token is refused 403, and the book is unchanged")
    func everyFormChecksItsToken() async throws {
        let database = try await AccountsHTTPTests.book()
        defer { database.remove() }
        let store = try AppDatabase(path: database.path)
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let alice = try await AccountsHTTPTests.signIn(client, "alice", "alice password")
            let wrong = "csrf=" + String(repeating: "ab", count: 32)
            for path in Self.pageForms {
                for body in ["", wrong + "&name=Saturday&value=gin&confirm=yes&username=bob&role=guest"] {
                    let response = try await client.execute(
                        uri: path, method: .post, headers: AccountsHTTPTests.form(alice), body: ByteBuffer(string: body)
                    )
                    #expect(
                        response.status == .forbidden, "POST \(path) \(body.isEmpty ? "without" : "with a wrong") token"
                    )
                    #expect(String(buffer: response.body).contains("This form has expired"), "POST \(path) says why")
                }
            }
            let owner = FavoritesOwner(
                account: try #require(try await store.accounts().first { $0.name == "alice" }?.id))
            #expect(try await store.lists(of: owner).isEmpty)
            #expect(try await store.shelf(of: owner).bottles.isEmpty)
            #expect(try await store.accounts().map(\.name).sorted() == ["alice", "bob"])
            #expect(try await store.accounts().first { $0.name == "bob" }?.role == .member)
        }
    }

    @Test("an API token works on the API, never on a page's form: no new token, no password change")
    func tokensStayOnTheAPI() async throws {
        let database = try await AccountsHTTPTests.book()
        defer { database.remove() }
        let store = try AppDatabase(path: database.path)
        let accounts = Accounts(database: store, bcryptCost: 4)
        let token = try await accounts.issueToken(for: "bob", label: "phone")
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            // A token with an invented cookie and the matching field: the browser's check passes,
            // the credential does not.
            var headers = TestCSRF.formHeaders
            headers[.authorization] = "Bearer \(token)"
            for (path, fields) in [
                ("/account/tokens", "label=more"), ("/account/password", "current=bob+password&new=another+one+here"),
                ("/lists", "name=Saturday"),
            ] {
                let response = try await client.execute(
                    uri: path, method: .post, headers: headers, body: TestCSRF.body(fields))
                #expect(response.status == .forbidden, "POST \(path)")
                #expect(String(buffer: response.body).contains("API tokens work with the API only"))
            }
            let bob = try #require(try await store.accounts().first { $0.name == "bob" })
            #expect(try await store.tokens(of: bob.id).count == 1)
            #expect(try await accounts.verify(name: "bob", password: "bob password") != nil)
            #expect(try await store.lists(of: bob.owner).isEmpty)
            let api = try await client.execute(
                uri: "/api/v1/lists", method: .post,
                headers: [.authorization: "Bearer \(token)", .contentType: "application/json"],
                body: ByteBuffer(string: #"{"name": "Saturday"}"#))
            #expect(api.status == .created)
            #expect(try await store.lists(of: bob.owner).map(\.name) == ["Saturday"])
        }
    }

    @Test("each role admits whom it says: sign-in page first for pages, 401 and 403 as JSON for the API")
    func roles() async throws {
        let database = try await AccountsHTTPTests.book()
        defer { database.remove() }
        let accounts = Accounts(database: try AppDatabase(path: database.path), bcryptCost: 4)
        try await accounts.createAccount(name: "gus", role: .guest, password: "gus password")
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            // Nobody signed in: a member's page sends to the sign-in page and back.
            for path in ["/lists", "/bar/house/new", "/cocktails/new", "/account", "/maintenance", "/lists/1/plan"] {
                let response = try await client.execute(uri: path, method: .get)
                #expect(response.status == .seeOther, "GET \(path)")
                let next = path.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
                #expect(response.headers[.location] == "/login?next=" + next, "GET \(path)")
            }
            // A heart pressed by nobody: the sign-in page says why, then back to the drink.
            var heart = TestCSRF.formHeaders
            heart[.referer] = "http://localhost/cocktails/3?from=favorites"
            let favorite = try await client.execute(
                uri: "/cocktails/3/favorite", method: .post, headers: heart, body: TestCSRF.body("favorite=true"))
            #expect(favorite.status == .seeOther)
            #expect(favorite.headers[.location] == "/login?next=%2Fcocktails%2F3%3Ffrom%3Dfavorites&why=favorite")
            // Nobody, on the API: 401 as JSON.
            let anonymous = try await client.execute(uri: "/api/v1/lists", method: .get)
            #expect(anonymous.status == .unauthorized)
            #expect(try anonymous.decoded(ErrorBody.self).error.code == "sign_in_required")
            // A guest: favorites yes; a member's page and an admin's page no, saying why.
            let gus = try await AccountsHTTPTests.signIn(client, "gus", "gus password")
            let lists = try await client.execute(uri: "/lists", method: .get, headers: [.cookie: gus])
            #expect(lists.status == .forbidden)
            #expect(String(buffer: lists.body).contains("A guest account may browse the book and keep favorites"))
            let newRecipe = try await client.execute(uri: "/cocktails/new", method: .get, headers: [.cookie: gus])
            #expect(newRecipe.status == .forbidden)
            let maintenance = try await client.execute(uri: "/maintenance", method: .get, headers: [.cookie: gus])
            #expect(maintenance.status == .forbidden)
            #expect(String(buffer: maintenance.body).contains("admin"))
            let hearted = try await client.execute(
                uri: "/cocktails/3/favorite", method: .post, headers: AccountsHTTPTests.form(gus),
                body: TestCSRF.body("favorite=true"))
            #expect(hearted.status == .seeOther)
            #expect(hearted.headers[.location]?.hasPrefix("/cocktails/3") == true)
            // A member: their lists.
            let bob = try await AccountsHTTPTests.signIn(client, "bob", "bob password")
            let bobs = try await client.execute(uri: "/lists", method: .get, headers: [.cookie: bob])
            #expect(bobs.status == .ok)
            let bobMaintenance = try await client.execute(uri: "/maintenance", method: .get, headers: [.cookie: bob])
            #expect(bobMaintenance.status == .forbidden)
        }
    }

    @Test("an unknown address answers as its surface does: JSON under the APIs, a page elsewhere")
    func surfaces() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            for path in ["/api/v1/nothing-here", "/api/json/v1/1/nothing.php", "/api/v1/cocktails/3/nothing"] {
                let response = try await client.execute(uri: path, method: .get)
                #expect(response.status == .notFound, "GET \(path)")
                #expect(response.headers[.contentType]?.hasPrefix("application/json") == true, "GET \(path)")
                #expect(response.headers[.accessControlAllowOrigin] == "*", "GET \(path)")
                #expect(response.headers[.setCookie] == nil, "GET \(path): the API sets no cookie")
            }
            let page = try await client.execute(uri: "/nothing-here", method: .get)
            #expect(page.status == .notFound)
            #expect(page.headers[.contentType]?.hasPrefix("text/html") == true)
            #expect(page.headers[.accessControlAllowOrigin] == nil)
            #expect(page.headers[.setCookie]?.contains("cocktailbook_csrf=") == true)
            let picture = try await client.execute(uri: "/images/cocktails/3.svg", method: .get)
            #expect(picture.headers[.accessControlAllowOrigin] == "*")
            let preflight = try await client.execute(
                uri: "/api/v1/cocktails", method: .options,
                headers: [.accessControlRequestMethod: "GET", .origin: "https://elsewhere.example"])
            #expect(preflight.headers[.accessControlAllowMethods] == "GET, HEAD, OPTIONS")
            let pagePreflight = try await client.execute(
                uri: "/lists", method: .options,
                headers: [.accessControlRequestMethod: "POST", .origin: "https://elsewhere.example"])
            #expect(pagePreflight.headers[.accessControlAllowMethods] == nil)
        }
    }
}
