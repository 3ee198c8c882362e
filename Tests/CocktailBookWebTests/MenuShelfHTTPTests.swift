import CocktailBookTestSupport
import CocktailBookWeb
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import CocktailBookApp

/// A menu that follows a bar, without script: the list page's settings, the owner's menu and
/// the shared one, live as bottles come and go (seed catalog: Manhattan 3, Daiquiri 2).
@Suite("Menu that follows a bar")
struct MenuShelfHTTPTests {
    static func items(_ page: String) -> [(name: String, notToday: Bool)] {
        page.components(separatedBy: "<li data-menu-item").dropFirst().map { item in
            let name =
                item.components(separatedBy: "<span class=\"menu-name\">").dropFirst().first?
                .components(separatedBy: "</span>").first ?? ""
            return (name, item.hasPrefix(" class=\"is-not-today\" data-not-today"))
        }
    }

    @Test("Marked 'Not today' until the shelf makes it, then hidden when asked; the shared menu follows live")
    func follows() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let list = try await ListsHTTPTests.make(client, "Saturday", ["3", "2"])
            let post = { (path: String, fields: String) in
                try await client.execute(
                    uri: path, method: .post, headers: TestCSRF.formHeaders, body: TestCSRF.body(fields))
            }
            // Without a bar to follow, every drink, unmarked.
            let plain = String(buffer: try await client.get("/lists/\(list.id)/menu").body)
            #expect(Self.items(plain).map(\.notToday) == [false, false])

            let page = String(buffer: try await client.get("/lists/\(list.id)").body)
            #expect(page.contains("<option value=\"0\">My bar</option>"))
            let saved = try await post("/lists/\(list.id)/menu-shelf", "follows=0&unavailable=mark")
            #expect(saved.status == .seeOther)
            #expect(saved.headers[.location] == "/lists/\(list.id)?done=menu#menu-shelf")
            #expect(
                String(buffer: try await client.get("/lists/\(list.id)").body).contains(
                    "<option value=\"0\" selected>My bar</option>"))

            // An empty shelf makes nothing: both marked, on the owner's menu and the shared one.
            let marked = String(buffer: try await client.get("/lists/\(list.id)/menu").body)
            #expect(Self.items(marked).map(\.notToday) == [true, true])
            #expect(marked.contains("Not today"))
            #expect(try await post("/lists/\(list.id)/menu/share", "").status == .seeOther)
            let menuPage = String(buffer: try await client.get("/lists/\(list.id)/menu").body)
            let shareURL = try #require(
                menuPage.components(separatedBy: "<span class=\"menu-url\">").dropFirst().first?
                    .components(separatedBy: "</span>").first)
            let start = try #require(shareURL.range(of: "/s/")).lowerBound
            let sharedPath = String(shareURL[start...]) + "/menu"
            #expect(Self.items(String(buffer: try await client.get(sharedPath).body)).map(\.notToday) == [true, true])

            // Rye, vermouth and bitters on the shelf: the Manhattan can be made now.
            for bottle in ["rye+whiskey", "sweet+vermouth", "Angostura+bitters"] {
                #expect(try await post("/bar/bottles", "action=add&value=\(bottle)").status == .seeOther)
            }
            let shared = Self.items(String(buffer: try await client.get(sharedPath).body))
            #expect(
                shared.map(\.name) == ["Manhattan", "Daiquiri"] || shared.map(\.name) == ["Daiquiri", "Manhattan"])
            #expect(shared.first { $0.name == "Manhattan" }?.notToday == false)
            #expect(shared.first { $0.name == "Daiquiri" }?.notToday == true)

            // Hidden instead of marked: only the Manhattan is left.
            #expect(try await post("/lists/\(list.id)/menu-shelf", "follows=0&unavailable=hide").status == .seeOther)
            #expect(Self.items(String(buffer: try await client.get(sharedPath).body)).map(\.name) == ["Manhattan"])

            // A bar that is not the book's is refused and changes nothing; "nobody" shows all again.
            #expect(try await post("/lists/\(list.id)/menu-shelf", "follows=99&unavailable=mark").status == .badRequest)
            #expect(Self.items(String(buffer: try await client.get(sharedPath).body)).map(\.name) == ["Manhattan"])
            #expect(try await post("/lists/\(list.id)/menu-shelf", "follows=").status == .seeOther)
            #expect(Self.items(String(buffer: try await client.get(sharedPath).body)).count == 2)
        }
    }

    @Test("PUT /api/v1/lists/{id}/menu-shelf: set, read back with the list, refused when the bar is not the book's")
    func api() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let list = try await ListsHTTPTests.make(client, "Saturday", ["3", "2"])
            let path = "/api/v1/lists/\(list.id)/menu-shelf"
            let set = try await ListsHTTPTests.send(client, .put, path, #"{"follows": 0, "unavailable": "hide"}"#)
            #expect(set.status == .ok)
            let body = try set.jsonObject()
            #expect((body["menuShelf"] as? [String: Any])?["follows"] as? Int == 0)
            #expect((body["menuShelf"] as? [String: Any])?["unavailable"] as? String == "hide")
            // Nothing on the shelf and "hide": the owner's menu lists no drink.
            #expect(Self.items(String(buffer: try await client.get("/lists/\(list.id)/menu").body)).isEmpty)
            for (json, status) in [
                (#"{"follows": 99}"#, HTTPResponse.Status.unprocessableContent),
                (#"{"follows": 0, "unavailable": "sometimes"}"#, .badRequest), (#"{"follows": "me"}"#, .badRequest),
            ] {
                #expect(try await ListsHTTPTests.send(client, .put, path, json).status == status, "\(json)")
            }
            let read = try await client.get("/api/v1/lists/\(list.id)").jsonObject()
            #expect((read["menuShelf"] as? [String: Any])?["unavailable"] as? String == "hide", "nothing was written")
            let cleared = try await ListsHTTPTests.send(client, .put, path, #"{"follows": null}"#).jsonObject()
            #expect(cleared["menuShelf"] == nil)
            let wrong = try await ListsHTTPTests.send(client, .put, "/api/v1/lists/999/menu-shelf", #"{"follows": 0}"#)
            #expect(wrong.status == .notFound)
        }
    }

    @Test("a menu in the owner's order: one run as the list is ordered, no style headings; the shared menu follows")
    func ownersOrder() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            // Seed catalog: Old Fashioned (10), Mojito (1) and Daiquiri (2), in three styles.
            let list = try await ListsHTTPTests.make(client, "Saturday", ["10", "1", "2"])
            let menu = { String(buffer: try await client.get("/lists/\(list.id)/menu").body) }
            let byStyle = try await menu()
            #expect(byStyle.matches(of: /<section class="menu-section">\s*<h2>/).count == 3, "three styles")
            #expect(try await client.get("/api/v1/lists/\(list.id)").jsonObject()["menuOrder"] as? String == "style")

            let path = "/api/v1/lists/\(list.id)/menu-order"
            let set = try await ListsHTTPTests.send(client, .put, path, #"{"order": "list"}"#)
            #expect(set.status == .ok)
            #expect(try set.jsonObject()["menuOrder"] as? String == "list")
            let asListed = try await menu()
            #expect(Self.items(asListed).map(\.name) == ["Old Fashioned", "Mojito", "Daiquiri"])
            #expect(!asListed.contains("<h2>"), "no style headings")
            #expect(asListed.contains("<h1 class=\"menu-title\">Saturday</h1>"))
            // The shared menu is the same menu.
            let share = try await ListsHTTPTests.send(client, .post, "/api/v1/lists/\(list.id)/share", "{}")
            let token = try #require(try share.jsonObject()["token"] as? String)
            let shared = String(buffer: try await client.get("/s/\(token)/menu").body)
            #expect(Self.items(shared).map(\.name) == ["Old Fashioned", "Mojito", "Daiquiri"])

            for json in [#"{"order": "alphabetical"}"#, #"{"order": 1}"#, "{}"] {
                #expect(try await ListsHTTPTests.send(client, .put, path, json).status == .badRequest, "\(json)")
            }
            #expect(try await client.get("/api/v1/lists/\(list.id)").jsonObject()["menuOrder"] as? String == "list")
            // The list page's form puts it back by style (and shows which is chosen).
            let page = String(buffer: try await client.get("/lists/\(list.id)").body)
            #expect(page.contains(#"<input type="radio" name="order" value="list" checked>"#))
            let back = try await client.execute(
                uri: "/lists/\(list.id)/menu-shelf", method: .post, headers: TestCSRF.formHeaders,
                body: TestCSRF.body("follows=&unavailable=mark&order=style"))
            #expect(back.status == .seeOther)
            #expect(try await menu().matches(of: /<section class="menu-section">\s*<h2>/).count == 3)
        }
    }
}
