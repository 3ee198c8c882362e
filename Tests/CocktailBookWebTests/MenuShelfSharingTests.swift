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

/// A menu follows its owner's bar, or a bar whose owner shared it with the household
/// (Settings › My bar): never another member's private bar, whose bottles the menu would
/// reveal; the list page names only the bars it may follow; a bar that stops being shared is
/// followed no more.
@Suite("Menus follow only shared bars")
struct MenuShelfSharingTests {
    static func json(_ session: String) -> HTTPFields {
        [.contentType: "application/json", .cookie: session + "; " + TestCSRF.cookie]
    }

    @Test("another member's bar: refused until shared, named on the page once shared, dropped when unshared")
    func sharing() async throws {
        let database = try await AccountsHTTPTests.book()
        defer { database.remove() }
        let store = try AppDatabase(path: database.path)
        let accounts = Accounts(database: store, bcryptCost: 4)
        try await accounts.createAccount(name: "carol", role: .member, password: "carol password")
        let carolID = try #require(try await store.accounts().first { $0.name == "carol" }?.id)
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let bob = try await AccountsHTTPTests.signIn(client, "bob", "bob password")
            let carol = try await AccountsHTTPTests.signIn(client, "carol", "carol password")
            let made = try await client.execute(
                uri: "/api/v1/lists", method: .post, headers: Self.json(bob),
                body: ByteBuffer(string: #"{"name": "Saturday"}"#))
            let id = try #require(try made.jsonObject()["id"] as? Int)
            _ = try await client.execute(
                uri: "/api/v1/lists/\(id)/entries", method: .post, headers: Self.json(bob),
                body: ByteBuffer(string: #"{"cocktail": "3"}"#))
            let path = "/api/v1/lists/\(id)/menu-shelf"
            let follow = ByteBuffer(string: #"{"follows": \#(carolID), "unavailable": "mark"}"#)

            // Carol's bar is hers alone: not followable, not even named.
            let refused = try await client.execute(uri: path, method: .put, headers: Self.json(bob), body: follow)
            #expect(refused.status == .unprocessableContent)
            var page = String(
                buffer: try await client.execute(uri: "/lists/\(id)", method: .get, headers: [.cookie: bob]).body)
            #expect(!page.contains("carol") && !page.contains("alice"), "no other account is named")
            #expect(!page.contains("<option value=\"\(carolID)\""))
            #expect(
                page.contains(
                    "<option value=\"\(try #require(try await store.accounts().first { $0.name == "bob" }?.id))\">My bar</option>"
                ))

            // Carol shares it (Settings › My bar): now Bob's menu may follow it.
            let settings = String(
                buffer: try await client.execute(uri: "/settings", method: .get, headers: [.cookie: carol]).body)
            #expect(settings.contains("data-bar-sharing"))
            let shared = try await client.execute(
                uri: "/settings", method: .post,
                headers: [.contentType: "application/x-www-form-urlencoded", .cookie: carol + "; " + TestCSRF.cookie],
                body: TestCSRF.body("bar=shared"))
            #expect(shared.status == .seeOther)
            page = String(
                buffer: try await client.execute(uri: "/lists/\(id)", method: .get, headers: [.cookie: bob]).body)
            #expect(page.contains("<option value=\"\(carolID)\">") && page.contains("carol") && !page.contains("alice"))
            let accepted = try await client.execute(uri: path, method: .put, headers: Self.json(bob), body: follow)
            #expect(accepted.status == .ok)
            // Carol's shelf is empty: the Manhattan is marked on Bob's menu.
            var menu = String(
                buffer: try await client.execute(uri: "/lists/\(id)/menu", method: .get, headers: [.cookie: bob]).body)
            #expect(menu.contains("data-not-today"))

            // Carol stops sharing: the menu follows no bar any more, and nothing is marked.
            _ = try await client.execute(
                uri: "/settings", method: .post,
                headers: [.contentType: "application/x-www-form-urlencoded", .cookie: carol + "; " + TestCSRF.cookie],
                body: TestCSRF.body("bar=private"))
            menu = String(
                buffer: try await client.execute(uri: "/lists/\(id)/menu", method: .get, headers: [.cookie: bob]).body)
            #expect(!menu.contains("data-not-today"))
            #expect(
                try await client.execute(uri: path, method: .put, headers: Self.json(bob), body: follow).status
                    == .unprocessableContent)
        }
    }
}
