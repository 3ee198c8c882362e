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

/// Lists of drinks over HTTP: the JSON API and the pages without script, two accounts kept
/// apart, and share links that open one list (and only its drinks) to anyone, also in a
/// private book, until they are revoked or expire.
@Suite("Lists over HTTP")
struct ListsHTTPTests {
    struct List: Decodable {
        struct Entry: Decodable {
            var id: String
            var name: String?
            var note: String?
        }
        struct Share: Decodable {
            var url: String
            var token: String
            var expiresAt: String?
        }
        var id: Int64
        var name: String
        var cocktails: [Entry]
        var share: Share?
        var ids: [String] { cocktails.map(\.id) }
    }
    struct Lists: Decodable {
        struct Summary: Decodable {
            var id: Int64
            var name: String
            var count: Int
        }
        var lists: [Summary]
    }
    struct Refusal: Decodable {
        struct Detail: Decodable {
            var code: String
            var message: String
        }
        var error: Detail
    }

    static func json(_ headers: HTTPFields = [:]) -> HTTPFields {
        var all = headers
        all[.contentType] = "application/json"
        return all
    }

    static func send(
        _ client: some TestClientProtocol, _ method: HTTPRequest.Method, _ uri: String, _ body: String? = nil,
        headers: HTTPFields = [:]
    ) async throws -> TestResponse {
        try await client.execute(
            uri: uri, method: method, headers: json(headers), body: body.map { ByteBuffer(string: $0) })
    }

    /// A list named `name` with `drinks` in order, made through the API.
    static func make(
        _ client: some TestClientProtocol, _ name: String, _ drinks: [String], headers: HTTPFields = [:]
    ) async throws -> List {
        let created = try await send(client, .post, "/api/v1/lists", #"{"name": "\#(name)"}"#, headers: headers)
        #expect(created.status == .created)
        var list = try created.decoded(List.self)
        for drink in drinks {
            let added = try await send(
                client, .post, "/api/v1/lists/\(list.id)/entries", #"{"cocktail": "\#(drink)"}"#, headers: headers)
            #expect(added.status == .created)
            list = try added.decoded(List.self)
        }
        return list
    }

    @Test("create, add with notes, reorder, remove, rename, delete: each change read back in order")
    func crud() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            var list = try await Self.make(client, "Saturday", ["2", "10", "7"])
            #expect(list.name == "Saturday")
            #expect(list.ids == ["2", "10", "7"])
            #expect(list.cocktails.map(\.name) == ["Daiquiri", "Old Fashioned", "Margarita"])

            let noted = try await Self.send(
                client, .put, "/api/v1/lists/\(list.id)/cocktails/10", #"{"note": "big ice cube"}"#)
            #expect(noted.status == .ok, "already on the list: the note changes, the place does not")
            list = try noted.decoded(List.self)
            #expect(list.ids == ["2", "10", "7"])
            #expect(list.cocktails[1].note == "big ice cube")

            let moved = try await Self.send(client, .post, "/api/v1/lists/\(list.id)/entries/7/move", #"{"to": 0}"#)
            #expect(try moved.decoded(List.self).ids == ["7", "2", "10"])
            let outside = try await Self.send(client, .post, "/api/v1/lists/\(list.id)/entries/7/move", #"{"to": 3}"#)
            #expect(outside.status == .unprocessableContent)
            #expect(try outside.decoded(Refusal.self).error.code == "invalid_position")

            #expect(try await Self.send(client, .delete, "/api/v1/lists/\(list.id)/entries/2").status == .noContent)
            #expect(try await client.get("/api/v1/lists/\(list.id)").decoded(List.self).ids == ["7", "10"])
            #expect(try await Self.send(client, .delete, "/api/v1/lists/\(list.id)/entries/2").status == .notFound)

            let renamed = try await Self.send(client, .patch, "/api/v1/lists/\(list.id)", #"{"name": "Sunday"}"#)
            #expect(try renamed.decoded(List.self).name == "Sunday")
            let all = try await client.get("/api/v1/lists").decoded(Lists.self)
            #expect(all.lists.map(\.name) == ["Sunday"])
            #expect(all.lists.map(\.count) == [2])

            #expect(try await Self.send(client, .delete, "/api/v1/lists/\(list.id)").status == .noContent)
            #expect(try await client.get("/api/v1/lists/\(list.id)").status == .notFound)
            #expect(try await client.get("/api/v1/lists").decoded(Lists.self).lists.isEmpty)
        }
    }

    @Test("bad input is a clear 400 or 404 and writes nothing")
    func refusals() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let list = try await Self.make(client, "Kept", ["1"])
            let cases: [(HTTPRequest.Method, String, String?, HTTPResponse.Status, String)] = [
                (.post, "/api/v1/lists", #"{"name": "  "}"#, .unprocessableContent, "invalid_name"),
                (.post, "/api/v1/lists", #"{"nom": "x"}"#, .badRequest, "invalid_body"),
                (
                    .post, "/api/v1/lists/\(list.id)/entries", #"{"cocktail": "nope"}"#, .unprocessableContent,
                    "unknown_cocktail"
                ),
                (
                    .post, "/api/v1/lists/\(list.id)/entries",
                    #"{"cocktail": "2", "note": "\#(String(repeating: "n", count: 201))"}"#, .unprocessableContent,
                    "note_too_long"
                ),
                (.post, "/api/v1/lists/999/entries", #"{"cocktail": "2"}"#, .notFound, "list_not_found"),
                (.patch, "/api/v1/lists/abc", #"{"name": "x"}"#, .notFound, "list_not_found"),
                (
                    .post, "/api/v1/lists/\(list.id)/share", #"{"expiresInDays": 0}"#, .unprocessableContent,
                    "invalid_expiry"
                ),
                (
                    .post, "/api/v1/lists/\(list.id)/share", #"{"expiresInDays": -3}"#, .unprocessableContent,
                    "invalid_expiry"
                ),
                (.post, "/api/v1/lists/\(list.id)/share", #"{"expiresInDays": "7"}"#, .badRequest, "invalid_body"),
            ]
            for (method, uri, body, status, code) in cases {
                let response = try await Self.send(client, method, uri, body)
                #expect(response.status == status, "\(method) \(uri)")
                #expect(try response.decoded(Refusal.self).error.code == code, "\(method) \(uri)")
            }
            let unshared = try await Self.send(client, .delete, "/api/v1/lists/\(list.id)/share")
            #expect(unshared.status == .noContent, "revoking a link that is not there leaves the same state")
            let after = try await client.get("/api/v1/lists/\(list.id)").decoded(List.self)
            #expect(after.ids == ["1"])
            #expect(after.share == nil)
            #expect(try await client.get("/api/v1/lists").decoded(Lists.self).lists.map(\.name) == ["Kept"])
        }
    }

    @Test("the pages without script: create, add from a drink's page, move down, note, rename, delete confirmed")
    func pages() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let form = TestCSRF.formHeaders
            let created = try await client.execute(
                uri: "/lists", method: .post, headers: form, body: TestCSRF.body("name=To+try"))
            #expect(created.status == .seeOther)
            let path = try #require(created.headers[.location])
            let id = String(path.dropFirst("/lists/".count))
            let drinkPage = String(buffer: try await client.get("/cocktails/3").body)
            #expect(drinkPage.contains(#"action="/cocktails/3/add-to-list""#))
            #expect(drinkPage.contains(#"<option value="\#(id)">To try</option>"#))
            for drink in ["3", "6"] {
                let added = try await client.execute(
                    uri: "/cocktails/\(drink)/add-to-list", method: .post, headers: form,
                    body: TestCSRF.body("list=\(id)"))
                #expect(added.headers[.location] == "/cocktails/\(drink)?listed=\(id)#lists")
            }
            #expect(String(buffer: try await client.get("/cocktails/3?listed=\(id)").body).contains("Added to To try."))
            _ = try await client.execute(
                uri: "/lists/\(id)/entries/3/move", method: .post, headers: form, body: TestCSRF.body("to=1"))
            _ = try await client.execute(
                uri: "/lists/\(id)/entries/6/note", method: .post, headers: form, body: TestCSRF.body("note=tall+glass")
            )
            let page = String(buffer: try await client.get(path).body)
            let gin = try #require(page.range(of: "Gin and Tonic"))
            let manhattan = try #require(page.range(of: "Manhattan"))
            #expect(gin.lowerBound < manhattan.lowerBound, "moved down: the Manhattan is second now")
            #expect(page.contains(#"value="tall glass""#))
            #expect(page.contains("Move Manhattan up"))

            let refused = try await client.execute(
                uri: "/lists/\(id)/delete", method: .post, headers: form, body: TestCSRF.body(""))
            #expect(refused.status == .badRequest)
            #expect(try await client.get(path).status == .ok, "not deleted without the confirmation")
            _ = try await client.execute(
                uri: "/lists/\(id)/rename", method: .post, headers: form, body: TestCSRF.body("name=Tried"))
            #expect(String(buffer: try await client.get("/lists").body).contains("Tried"))
            let deleted = try await client.execute(
                uri: "/lists/\(id)/delete", method: .post, headers: form, body: TestCSRF.body("confirm=yes"))
            #expect(deleted.headers[.location] == "/lists?deleted=1")
            #expect(try await client.get(path).status == .notFound)
        }
    }

    @Test("two accounts never see or change each other's lists; an anonymous visitor keeps none")
    func twoAccounts() async throws {
        let database = try await AccountsHTTPTests.book()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let alice: HTTPFields = [.cookie: try await AccountsHTTPTests.signIn(client, "alice", "alice password")]
            let bob: HTTPFields = [.cookie: try await AccountsHTTPTests.signIn(client, "bob", "bob password")]
            let alices = try await Self.make(client, "Alice's party", ["1", "2"], headers: alice)
            #expect(
                try await client.execute(uri: "/api/v1/lists", method: .get, headers: bob).decoded(Lists.self)
                    .lists.isEmpty)
            #expect(
                try await client.execute(uri: "/api/v1/lists/\(alices.id)", method: .get, headers: bob).status
                    == .notFound)
            let stolen = try await Self.send(
                client, .post, "/api/v1/lists/\(alices.id)/entries", #"{"cocktail": "3"}"#, headers: bob)
            #expect(stolen.status == .notFound)
            #expect(
                try await Self.send(client, .delete, "/api/v1/lists/\(alices.id)", headers: bob).status == .notFound)
            #expect(
                try await Self.send(client, .post, "/api/v1/lists/\(alices.id)/share", "{}", headers: bob).status
                    == .notFound)
            let page = try await client.execute(uri: "/lists/\(alices.id)", method: .get, headers: bob)
            #expect(page.status == .notFound)
            let read = try await client.execute(uri: "/api/v1/lists/\(alices.id)", method: .get, headers: alice)
            #expect(try read.decoded(List.self).ids == ["1", "2"])
            #expect(try await client.get("/api/v1/lists").status == .unauthorized)
            #expect(try await client.get("/lists").headers[.location] == "/login?next=%2Flists")
        }
    }

    @Test("one save for every note and price: all written, or none when a price is refused, shown at its field")
    func oneSaveForNotesAndPrices() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let list = try await Self.make(client, "Saturday", ["6", "3"])
            let page = String(buffer: try await client.get("/lists/\(list.id)").body)
            #expect(
                page.contains(#"<form id="list-details" method="post" action="/lists/\#(list.id)/entries/details""#))
            #expect(page.contains(#"name="note" value="" maxlength="200" form="list-details""#))
            func save(_ fields: String) async throws -> TestResponse {
                try await client.execute(
                    uri: "/lists/\(list.id)/entries/details", method: .post, headers: TestCSRF.formHeaders,
                    body: TestCSRF.body(fields))
            }
            let refused = try await save("entry=6&note=tall&price=9%2C50&entry=3&note=up&price=-1")
            #expect(refused.status == .badRequest)
            let shown = String(buffer: refused.body)
            #expect(shown.contains(#"id="price-3" name="price" value="-1""#) && shown.contains("price-3-problem"))
            let untouched = try await client.get("/api/v1/lists/\(list.id)").decoded(List.self)
            #expect(untouched.cocktails.map(\.note) == [nil, nil], "nothing saved")
            let saved = try await save("entry=6&note=tall+glass&price=9%2C50&entry=3&note=&price=12")
            #expect(saved.status == .seeOther && saved.headers[.location] == "/lists/\(list.id)?done=details#entries")
            let after = try await client.get("/api/v1/lists/\(list.id)").jsonObject()
            let entries = try #require(after["cocktails"] as? [[String: Any]])
            #expect(entries.map { $0["note"] as? String } == ["tall glass", nil])
            #expect(entries.map { ($0["price"] as? [String: Any])?["minor"] as? Int } == [950, 1200])
            #expect(
                String(buffer: try await client.get("/lists/\(list.id)?done=details").body).contains(
                    "The notes and prices are saved."))
            // A drink not on the list, or fields that do not pair up, are refused.
            #expect(try await save("entry=2&note=&price=").status == .notFound)
            #expect(try await save("entry=6&note=x").status == .badRequest)
        }
    }

    @Test("the list page finds drinks and adds the ticked ones at once, in order, leaving out what it holds")
    func addSeveralFromTheList() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let list = try await Self.make(client, "Saturday", ["10"])
            let found = String(buffer: try await client.get("/lists/\(list.id)?find=old").body)
            #expect(
                found.contains(#"<input type="checkbox" name="cocktail" value="10" checked disabled> Old Fashioned"#))
            let daiquiri = String(buffer: try await client.get("/lists/\(list.id)?find=daiquiri").body)
            #expect(daiquiri.contains(#"<input type="checkbox" name="cocktail" value="2"> Daiquiri"#))
            let none = String(buffer: try await client.get("/lists/\(list.id)?find=zzzz").body)
            #expect(none.contains("No drink matches “zzzz”.") && !none.contains("data-candidates"))

            func add(_ fields: String) async throws -> TestResponse {
                try await client.execute(
                    uri: "/lists/\(list.id)/entries/add", method: .post, headers: TestCSRF.formHeaders,
                    body: TestCSRF.body(fields))
            }
            // A drink the book does not have adds none of the others.
            let wrong = try await add("cocktail=2&cocktail=nope")
            #expect(wrong.status == .notFound, "\(wrong.status) \(String(buffer: wrong.body).prefix(600))")
            #expect(try await client.get("/api/v1/lists/\(list.id)").decoded(List.self).cocktails.map(\.id) == ["10"])
            let added = try await add("cocktail=2&cocktail=1&cocktail=10")
            #expect(added.status == .seeOther && added.headers[.location] == "/lists/\(list.id)?added=2#entries")
            #expect(
                try await client.get("/api/v1/lists/\(list.id)").decoded(List.self).cocktails.map(\.id) == [
                    "10", "2", "1",
                ])
            #expect(String(buffer: try await client.get("/lists/\(list.id)?added=2").body).contains("2 drinks added."))
        }
    }

    @Test("search and filter results: ticks and a list to add to, back to the same results with what was added")
    func addTickedResults() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            // Nothing to add to yet: no picker.
            #expect(!String(buffer: try await client.get("/search?q=daiquiri").body).contains("pick-for-list"))
            let list = try await Self.make(client, "Saturday", ["10"])
            let search = String(buffer: try await client.get("/search?q=daiquiri").body)
            #expect(search.contains(#"<option value="\#(list.id)">Saturday</option>"#))
            #expect(search.contains(#"<input type="hidden" name="return" value="/search?q=daiquiri">"#))
            #expect(
                search.contains(
                    #"<input class="pick" type="checkbox" name="cocktail" value="2" form="pick-drinks" aria-label="Daiquiri">"#
                ))
            let results = String(buffer: try await client.get("/results?glass=coupe").body)
            #expect(results.contains(#"<input type="hidden" name="return" value="/results?glass=coupe">"#))
            #expect(results.contains(#"form="pick-drinks" aria-label="Daiquiri">"#))

            func add(_ fields: String) async throws -> TestResponse {
                try await client.execute(
                    uri: "/lists/add-drinks", method: .post, headers: TestCSRF.formHeaders, body: TestCSRF.body(fields))
            }
            let wrong = try await add("list=\(list.id)&cocktail=2&cocktail=nope&return=/search?q=daiquiri")
            #expect(wrong.status == .notFound)
            #expect(try await client.get("/api/v1/lists/\(list.id)").decoded(List.self).cocktails.map(\.id) == ["10"])
            let added = try await add(
                "list=\(list.id)&cocktail=2&cocktail=10&return=%2Fsearch%3Fq%3Ddaiquiri%26added%3D9%26to%3D1")
            #expect(added.headers[.location] == "/search?q=daiquiri&added=1&to=\(list.id)#results")
            #expect(
                try await client.get("/api/v1/lists/\(list.id)").decoded(List.self).cocktails.map(\.id) == ["10", "2"])
            let back = String(buffer: try await client.get("/search?q=daiquiri&added=1&to=\(list.id)").body)
            #expect(back.contains("1 drink added to Saturday."))
            #expect(back.contains(#"<a href="/lists/\#(list.id)#entries">Open the list</a>"#))
            // Another site is never where the form comes back to: the list's own page is.
            let away = try await add("list=\(list.id)&cocktail=1&return=//evil.example/x")
            #expect(away.headers[.location] == "/lists/\(list.id)?added=1#entries")
        }
    }

    @Test("a share link in a private book: the list and its drinks to anyone, no other drink, no account name")
    func sharedPrivately() async throws {
        let database = try await AccountsHTTPTests.book()
        defer { database.remove() }
        try await makeApp(databasePath: database.path, configure: { $0.privateMode = true }).test(.router) {
            client in
            let alice: HTTPFields = [.cookie: try await AccountsHTTPTests.signIn(client, "alice", "alice password")]
            // A private book answers even its catalog's state only to someone signed in.
            try await eventually {
                String(buffer: try await client.execute(uri: "/api/v1/catalog", method: .get, headers: alice).body)
            } until: {
                $0.contains(#""state":"ready""#)
            }
            let list = try await Self.make(client, "Garden party", ["10", "1"], headers: alice)
            let shared = try await Self.send(client, .post, "/api/v1/lists/\(list.id)/share", "{}", headers: alice)
            #expect(shared.status == .created)
            let share = try shared.decoded(List.Share.self)
            #expect(share.url.hasSuffix("/s/" + share.token))
            #expect(share.token.count >= 22, "at least 128 bits")
            #expect(share.expiresAt == nil)

            let page = try await client.get("/s/\(share.token)")
            #expect(page.status == .ok)
            let html = String(buffer: page.body)
            #expect(html.contains("Garden party"))
            let oldFashioned = try #require(html.range(of: "/s/\(share.token)/cocktails/10"))
            let mojito = try #require(html.range(of: "/s/\(share.token)/cocktails/1\""))
            #expect(oldFashioned.lowerBound < mojito.lowerBound, "in the list's order")
            #expect(!html.contains("alice"), "no account names")
            #expect(!html.contains("Daiquiri"))
            let drink = try await client.get("/s/\(share.token)/cocktails/10")
            #expect(drink.status == .ok)
            let drinkHTML = String(buffer: drink.body)
            #expect(drinkHTML.contains("Old Fashioned") && drinkHTML.contains("Ingredients"))
            #expect(!drinkHTML.contains("method=\"post\""), "read-only: no forms")
            // The whole recipe: glass, method and garnish, and a picture a guest can load.
            for fact in [
                "<dt>Glass</dt><dd>Rocks glass</dd>", "<dt>Method</dt><dd>Built</dd>", "Orange twist and cherry",
            ] {
                #expect(drinkHTML.contains(fact), "\(fact)")
            }
            let picture = try #require(
                drinkHTML.firstMatch(of: /<img src="(\/s\/[^"]+\/cocktails\/10\/picture\?v=[0-9a-f]{12})"/)?.1)
            #expect(html.contains(String(picture).replacingOccurrences(of: "&", with: "&amp;")), "the list's thumbnail")
            let image = try await client.get(String(picture))
            #expect(image.status == .ok && image.headers[.contentType]?.hasPrefix("image/svg+xml") == true)
            #expect(String(buffer: image.body).contains("<svg"))
            #expect(try await client.get("/s/\(share.token)/cocktails/2/picture").status == .notFound)
            #expect(
                try await client.get("/images/cocktails/10.svg").status != .ok, "the book's own picture route is closed"
            )
            #expect(try await client.get("/s/\(share.token)/cocktails/2").status == .notFound, "not on the list")
            #expect(try await client.get("/s/\(share.token)/menu").status == .ok)
            #expect(try await client.get("/cocktails/2").status == .seeOther, "the rest of the book stays private")
            #expect(try await client.get("/api/v1/lists/\(list.id)").status == .unauthorized)
            #expect(try await client.get("/s/\(share.token)x").status == .notFound)

            #expect(
                try await Self.send(client, .delete, "/api/v1/lists/\(list.id)/share", headers: alice).status
                    == .noContent)
            let revoked = try await client.get("/s/\(share.token)")
            #expect(revoked.status == .notFound)
            #expect(String(buffer: revoked.body).contains("This link no longer works"))
            #expect(try await client.get("/s/\(share.token)/cocktails/10").status == .notFound)
        }
    }

    @Test("an expired share link is a friendly 404; a new link replaces the old")
    func expired() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        let store = try AppDatabase(path: database.path)
        let list = try await store.createList(named: "Old news", owner: .implicit, at: Date())
        _ = try await store.addEntry("1", note: nil, to: list.id, owner: .implicit, at: Date())
        _ = try await store.setShare(
            ListShare(
                token: "expired-token-0123456789abcdef", createdAt: Date(timeIntervalSinceNow: -86_400 * 3),
                expiresAt: Date(timeIntervalSinceNow: -60)), for: list.id, owner: .implicit)
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let gone = try await client.get("/s/expired-token-0123456789abcdef")
            #expect(gone.status == .notFound)
            #expect(String(buffer: gone.body).contains("This link no longer works"))
            let renewed = try await Self.send(
                client, .post, "/api/v1/lists/\(list.id)/share", #"{"expiresInDays": 7}"#)
            let share = try renewed.decoded(List.Share.self)
            #expect(share.expiresAt != nil)
            #expect(share.token != "expired-token-0123456789abcdef")
            #expect(try await client.get("/s/\(share.token)").status == .ok)
        }
    }

    @Test(
        "the menu: sections by category, strength, and the QR code of a share link made by a POST, never by reading")
    func menu() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let list = try await Self.make(client, "Bar card", ["2", "3", "7", "11"])
            #expect(list.share == nil)
            let unshared = String(buffer: try await client.get("/lists/\(list.id)/menu?paper=a4").body)
            #expect(unshared.contains(#"data-paper="a4""#))
            let sour = try #require(unshared.range(of: "<h2>Sour</h2>"))
            let spirit = try #require(unshared.range(of: "<h2>Spirit-forward</h2>"))
            #expect(sour.lowerBound < spirit.lowerBound)
            #expect(unshared.contains("Margarita Mocktail") && unshared.contains("Alcohol-free"))
            // A drink with a bottle the book cannot weigh: its page says so, a guest's menu says nothing.
            let zorblax = try await Self.send(
                client, .post, "/api/v1/cocktails",
                #"{"name": "Zorblax Sour", "ingredients": [{"text": "2 oz Zorblax liqueur"}, {"text": "1 oz lemon juice"}]}"#
            )
            #expect(zorblax.status == .created)
            let zorblaxID = try #require(try zorblax.jsonObject()["id"] as? String)
            _ = try await Self.send(
                client, .post, "/api/v1/lists/\(list.id)/entries", #"{"cocktail": "\#(zorblaxID)"}"#)
            #expect(String(buffer: try await client.get("/cocktails/\(zorblaxID)").body).contains("ABV unknown"))
            let withZorblax = String(buffer: try await client.get("/lists/\(list.id)/menu").body)
            #expect(withZorblax.contains("Zorblax Sour") && !withZorblax.contains("ABV unknown"))
            #expect(!unshared.contains("QR code of http"), "no share link: no QR code")
            #expect(unshared.contains(#"action="/lists/\#(list.id)/menu/share""#))
            #expect(
                try await client.get("/api/v1/lists/\(list.id)").decoded(List.self).share == nil,
                "reading the menu made no share link")
            // A cross-site form cannot make one either: the form token is checked.
            let forged = try await client.execute(
                uri: "/lists/\(list.id)/menu/share", method: .post,
                headers: [.contentType: "application/x-www-form-urlencoded"], body: ByteBuffer(string: ""))
            #expect(forged.status == .forbidden)
            #expect(try await client.get("/api/v1/lists/\(list.id)").decoded(List.self).share == nil)
            let made = try await client.execute(
                uri: "/lists/\(list.id)/menu/share", method: .post, headers: TestCSRF.formHeaders,
                body: TestCSRF.body(""))
            #expect(made.status == .seeOther)
            #expect(made.headers[.location] == "/lists/\(list.id)/menu")
            let menu = String(buffer: try await client.get("/lists/\(list.id)/menu").body)
            #expect(menu.contains("<svg") && menu.contains("QR code of http"))
            #expect(!menu.contains("/menu/share\""), "shared: no button any more")
            let shared = try await client.get("/api/v1/lists/\(list.id)").decoded(List.self)
            let share = try #require(shared.share, "the button made a share link for the QR code")
            #expect(menu.contains(share.url))
            _ = try await client.execute(
                uri: "/lists/\(list.id)/menu/share", method: .post, headers: TestCSRF.formHeaders,
                body: TestCSRF.body(""))
            let again = String(buffer: try await client.get("/lists/\(list.id)/menu").body)
            #expect(again.contains(share.url), "a second press keeps the working link")
            #expect(again.contains(#"data-paper="a5""#))
        }
    }
}
