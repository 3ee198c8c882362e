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

/// A guest is a read-only member of the household who keeps favorites: `user add --guest`
/// says "browsing and own favorites only", and the book holds to it. Every other record of
/// one's own (notes, ratings, drinks made, lists and share links, the bar, its stock and the
/// shopping list) is refused with a 403 that says why, and the pages offer none of it.
@Suite("Guests: browsing and favorites only")
struct GuestHTTPTests {
    static let json: HTTPFields = [.contentType: "application/json"]

    @Test("a guest keeps favorites; every other personal write is a 403, and nothing is written")
    func guestWrites() async throws {
        let database = try await AccountsHTTPTests.book()
        defer { database.remove() }
        let store = try AppDatabase(path: database.path)
        let accounts = Accounts(database: store, bcryptCost: 4)
        try await accounts.createAccount(name: "gus", role: .guest, password: "gus password")
        let token = try await accounts.issueToken(for: "gus", label: "t")
        let gus: HTTPFields = [.contentType: "application/json", .authorization: "Bearer \(token)"]
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            #expect(
                try await client.execute(uri: "/api/v1/favorites/3", method: .put, headers: gus).status == .noContent)
            let favorites = try await client.execute(uri: "/api/v1/favorites", method: .get, headers: gus)
            #expect(try favorites.decoded(FavoritesBody.self).cocktails.map(\.id) == ["3"])

            let refused: [(HTTPRequest.Method, String, String)] = [
                (.put, "/api/v1/cocktails/3/note", #"{"text": "mine"}"#),
                (.put, "/api/v1/cocktails/3/rating", #"{"stars": 5}"#),
                (.post, "/api/v1/cocktails/3/made", #"{"servings": 1}"#),
                (.post, "/api/v1/lists", #"{"name": "Saturday"}"#),
                (.get, "/api/v1/lists", ""),
                (.put, "/api/v1/bar/ingredients/gin", ""),
                (.put, "/api/v1/bar/always/ice", ""),
                (.post, "/api/v1/bar/batches", #"{"value": "honey syrup", "ml": 200}"#),
                (.post, "/api/v1/shopping-list", #"{"value": "lime"}"#),
            ]
            for (method, uri, body) in refused {
                let response = try await client.execute(
                    uri: uri, method: method, headers: gus, body: ByteBuffer(string: body))
                #expect(response.status == .forbidden, "\(method) \(uri)")
                #expect(String(buffer: response.body).contains("guest"), "\(method) \(uri) says why")
            }
            let gusID = try #require(try await store.accounts().first { $0.name == "gus" }?.id)
            let owner = FavoritesOwner(account: gusID)
            #expect(try await store.note(on: "3", owner: owner) == nil)
            #expect(try await store.madeEntries(of: "3", owner: owner).isEmpty)
            #expect(try await store.lists(of: owner).isEmpty)
            #expect(try await store.shelf(of: owner).bottles.isEmpty)
            #expect(try await store.shoppingList(of: owner).isEmpty)
            #expect(try await store.personalView(of: owner, only: "3").ratings["3"] == nil, "no rating counts")
        }
    }

    @Test("the pages offer a guest no notes, ratings or bar to keep, and say why")
    func guestPages() async throws {
        let database = try await AccountsHTTPTests.book()
        defer { database.remove() }
        let accounts = Accounts(database: try AppDatabase(path: database.path), bcryptCost: 4)
        try await accounts.createAccount(name: "gus", role: .guest, password: "gus password")
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let gus = try await AccountsHTTPTests.signIn(client, "gus", "gus password")
            let drink = String(
                buffer: try await client.execute(uri: "/cocktails/3", method: .get, headers: [.cookie: gus]).body)
            #expect(!drink.contains("data-rating-form") && !drink.contains("data-note-form"))
            #expect(!drink.contains("data-made-form") && !drink.contains("data-add-to-list"))
            #expect(drink.contains("As a guest you browse the book and keep favorites."))
            let bar = String(buffer: try await client.execute(uri: "/bar", method: .get, headers: [.cookie: gus]).body)
            #expect(bar.contains("data-guest-notice") && !bar.contains(#"action="/bar/bottles""#))
            #expect(!bar.contains("/login?next=%2Fbar"), "signed in already: no sign-in link")
            // A member still has all of it.
            let bob = try await AccountsHTTPTests.signIn(client, "bob", "bob password")
            let bobs = String(
                buffer: try await client.execute(uri: "/cocktails/3", method: .get, headers: [.cookie: bob]).body)
            #expect(bobs.contains("data-rating-form") && bobs.contains("data-note-form"))
        }
    }
}
