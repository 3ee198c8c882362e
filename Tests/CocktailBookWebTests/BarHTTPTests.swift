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

/// My bar over HTTP: the exact JSON routes, the makeable lists and the pages, on the bundled
/// catalog and a real SQLite file.
@Suite("My bar over HTTP")
struct BarHTTPTests {
    static func put(_ client: some TestClientProtocol, _ path: String, headers: HTTPFields = [:]) async throws
        -> HTTPResponse.Status
    {
        try await client.execute(uri: path, method: .put, headers: headers).status
    }

    static func json(_ client: some TestClientProtocol, _ path: String, headers: HTTPFields = [:]) async throws -> Any {
        let response = try await client.execute(uri: path, method: .get, headers: headers)
        #expect(response.status == .ok, "\(path)")
        return try JSONSerialization.jsonObject(with: Data(buffer: response.body))
    }

    @Test("the shelf: PUT and DELETE answer 204, unknown values 404, GET lists values and names")
    func shelf() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path, configure: { $0.catalogPath = nil }).test(.router) { client in
            try await client.waitUntilReady()
            #expect(try await Self.put(client, "/api/v1/bar/ingredients/Campari") == .noContent)
            #expect(try await Self.put(client, "/api/v1/bar/ingredients/London%20dry%20gin") == .noContent)
            #expect(try await Self.put(client, "/api/v1/bar/ingredients/Campari") == .noContent) // twice is once
            #expect(try await Self.put(client, "/api/v1/bar/ingredients/unobtainium") == .notFound)
            let bar = try #require(try await Self.json(client, "/api/v1/bar") as? [String: Any])
            let values = (bar["ingredients"] as? [[String: String]])?.map { $0["value"] ?? "" }
            #expect(values == ["Campari", "London dry gin"])
            #expect(
                try await client.execute(uri: "/api/v1/bar/ingredients/Campari", method: .delete).status == .noContent)
            let after = try #require(try await Self.json(client, "/api/v1/bar") as? [String: Any])
            #expect((after["ingredients"] as? [[String: String]])?.map { $0["value"] ?? "" } == ["London dry gin"])
        }
        // Saved in the file, for the implicit owner.
        await #expect(try AppDatabase(path: database.path).shelf(of: .implicit).bottles == ["London dry gin"])
    }

    @Test("Negroni in makeable=now with how the gin is covered; a Buy next suggestion that moves its drinks in")
    func makeableAndSuggestions() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path, configure: { $0.catalogPath = nil }).test(.router) { client in
            try await client.waitUntilReady()
            for value in ["London%20dry%20gin", "sweet%20vermouth", "Campari", "gin"] {
                #expect(try await Self.put(client, "/api/v1/bar/ingredients/\(value)") == .noContent)
            }
            let now = try #require(try await Self.json(client, "/api/v1/cocktails?makeable=now") as? [String: Any])
            let cocktails = try #require(now["cocktails"] as? [[String: Any]])
            let negroni = try #require(cocktails.first { $0["name"] as? String == "Negroni" })
            #expect((negroni["missing"] as? [Any])?.isEmpty == true)
            #expect(negroni["matchedBy"] is [Any])
            #expect(cocktails.allSatisfy { ($0["missing"] as? [Any])?.isEmpty == true })
            let oneAway = try #require(
                (try await Self.json(client, "/api/v1/cocktails?makeable=one-away") as? [String: Any])?["cocktails"]
                    as? [[String: Any]])
            #expect(!oneAway.isEmpty && oneAway.allSatisfy { ($0["missing"] as? [[String: String]])?.count == 1 })
            let suggestions = try #require(try await Self.json(client, "/api/v1/bar/suggestions") as? [[String: Any]])
            let first = try #require(suggestions.first)
            let unlocks = try #require(first["unlocks"] as? Int)
            #expect(unlocks == (first["cocktails"] as? [String])?.count)
            #expect(
                suggestions.map { $0["unlocks"] as? Int ?? 0 }
                    == suggestions.map { $0["unlocks"] as? Int ?? 0 }.sorted(by: >))
            // Buying it moves exactly those drinks into "now".
            let value = try #require(first["value"] as? String)
            let encoded = value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? value
            #expect(try await Self.put(client, "/api/v1/bar/ingredients/\(encoded)") == .noContent)
            let after = try #require(
                (try await Self.json(client, "/api/v1/cocktails?makeable=now") as? [String: Any])?["cocktails"]
                    as? [[String: Any]])
            let ids = Set(after.compactMap { $0["id"] as? String })
            #expect(ids.isSuperset(of: Set(first["cocktails"] as? [String] ?? [])))
            #expect(after.count == cocktails.count + unlocks)
            #expect(try await client.get("/api/v1/cocktails?makeable=soon").status == .badRequest)
        }
    }

    @Test("a bottle named by its family says what it counts for, in English and Italian; a plain one says nothing")
    func familyBottleSaysWhatItCovers() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path, configure: { $0.catalogPath = nil }).test(.router) { client in
            try await client.waitUntilReady()
            for value in ["gin", "rum", "Campari", "sweet%20vermouth"] {
                #expect(try await Self.put(client, "/api/v1/bar/ingredients/\(value)") == .noContent)
            }
            let page = String(buffer: try await client.get("/bar").body)
            func row(_ value: String, in page: String) -> Substring {
                page.split(separator: "<li data-bottle=").first { $0.hasPrefix("\"\(value)\"") } ?? ""
            }
            #expect(
                row("gin", in: page).contains(
                    "<span class=\"reason\" data-covers>Also counts as London dry gin or Old Tom gin.</span>"))
            #expect(row("rum", in: page).contains("and 12 more of its family."))
            #expect(!row("Campari", in: page).contains("data-covers"))
            // The shelf's suggestions say it too.
            #expect(page.contains(#"<option value="gin">gin (also London dry gin, Old Tom gin)</option>"#))
            #expect(page.contains(#"<option value="Campari">Campari</option>"#))
            let italian = String(
                buffer: try await client.execute(uri: "/bar", method: .get, headers: [.acceptLanguage: "it"]).body)
            #expect(row("gin", in: italian).contains("Vale anche come London dry gin o Old Tom gin."))
            // And the gin makes what asks for London dry gin.
            let now = try #require(try await Self.json(client, "/api/v1/cocktails?makeable=now") as? [String: Any])
            let names = (now["cocktails"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
            #expect(names.contains("Negroni"), "\(names)")
        }
    }

    @Test(
        "a recipe line marked exactly takes a family's bottle as a stand-in only, through the API and the editor's words"
    )
    func exactlyMarkedLine() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let recipe = #"""
                {"name": "Plymouth Pink Gin", "ingredients": [
                  {"amount": 60, "unit": "ml", "ingredient": "London dry gin", "exactly": true},
                  {"text": "2 dashes Angostura bitters"}]}
                """#
            let created = try await client.execute(
                uri: "/api/v1/cocktails", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: recipe))
            #expect(created.status == .created)
            let saved = try #require(
                try JSONSerialization.jsonObject(with: Data(buffer: created.body)) as? [String: Any])
            let lines = saved["ingredients"] as? [[String: Any]] ?? []
            #expect(lines.first?["text"] as? String == "60 ml London dry gin, exactly")
            #expect(lines.first?["note"] as? String == "exactly")
            for value in ["gin", "Angostura%20bitters"] {
                #expect(try await Self.put(client, "/api/v1/bar/ingredients/\(value)") == .noContent)
            }
            func names(_ makeable: String) async throws -> [String] {
                let answer = try await Self.json(client, "/api/v1/cocktails?makeable=\(makeable)&q=plymouth")
                return ((answer as? [String: Any])?["cocktails"] as? [[String: Any]] ?? []).compactMap {
                    $0["name"] as? String
                }
            }
            #expect(try await names("now") == [])
            #expect(try await names("stand-in") == ["Plymouth Pink Gin"])
            // The editor shows the mark ticked, in both languages.
            let editor = String(buffer: try await client.get("/cocktails/my-1/edit").body)
            #expect(editor.contains(#"name="row.0.exactly" value="1" checked> Exactly"#))
            #expect(!editor.contains(#"name="row.1.exactly" value="1" checked"#))
        }
    }

    @Test("a rule of yours makes a drink and says so; rules are listed with the built-in ones and removable")
    func rules() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path, configure: { $0.catalogPath = nil }).test(.router) { client in
            try await client.waitUntilReady()
            for value in ["cognac", "fresh%20lemon%20juice", "orange%20cura%C3%A7ao"] {
                #expect(try await Self.put(client, "/api/v1/bar/ingredients/\(value)") == .noContent)
            }
            let before = try #require(
                (try await Self.json(client, "/api/v1/cocktails?makeable=now&q=sidecar") as? [String: Any])?["total"]
                    as? Int)
            #expect(before == 0, "orange curaçao is an orange liqueur, not a triple sec")
            let created = try await client.execute(
                uri: "/api/v1/bar/rules", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: #"{"use":"orange curaçao","insteadOf":"Cointreau"}"#)
            )
            #expect(created.status == .created)
            let rule = try JSONSerialization.jsonObject(with: Data(buffer: created.body)) as? [String: Any]
            let id = try #require(rule?["id"] as? Int)
            let now = try #require(
                (try await Self.json(client, "/api/v1/cocktails?makeable=now") as? [String: Any])?["cocktails"]
                    as? [[String: Any]])
            let matches = now.flatMap { ($0["matchedBy"] as? [[String: String]]) ?? [] }
            // The Sidecar's triple sec: Cointreau is a triple sec, so a stand-in for Cointreau is one too.
            #expect(matches.contains(["needed": "triple sec", "have": "orange curaçao", "rule": "yours"]))
            #expect(now.contains { $0["name"] as? String == "Sidecar" })
            let rules = try #require(
                (try await Self.json(client, "/api/v1/bar/rules") as? [String: Any])?["rules"] as? [[String: Any]])
            #expect(rules.contains { $0["builtIn"] as? Bool == true })
            #expect(rules.contains { $0["id"] as? Int == id && $0["use"] as? String == "orange curaçao" })
            #expect(
                try await client.execute(
                    uri: "/api/v1/bar/rules", method: .post, headers: [.contentType: "application/json"],
                    body: ByteBuffer(string: #"{"use":"nothing"}"#)
                ).status == .badRequest)
            #expect(try await client.execute(uri: "/api/v1/bar/rules/\(id)", method: .delete).status == .noContent)
            #expect(try await client.execute(uri: "/api/v1/bar/rules/\(id)", method: .delete).status == .notFound)
        }
    }

    @Test("the shopping list: a drink's missing ingredients, ticked off, cleared, as text")
    func shoppingList() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path, configure: { $0.catalogPath = nil }).test(.router) { client in
            try await client.waitUntilReady()
            let negroni = try #require(
                (try await client.get("/api/v1/cocktails?q=negroni").decoded(ListBody.self)).cocktails.first)
            #expect(try await Self.put(client, "/api/v1/bar/ingredients/Campari") == .noContent)
            let added = try await client.execute(
                uri: "/api/v1/shopping-list", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: #"{"cocktail":"\#(negroni.id)"}"#)
            )
            #expect(added.status == .created)
            let list = try #require(try JSONSerialization.jsonObject(with: Data(buffer: added.body)) as? [String: Any])
            let items = try #require(list["items"] as? [[String: Any]])
            #expect(Set(items.compactMap { $0["value"] as? String }) == ["London dry gin", "sweet vermouth"])
            #expect(
                items.allSatisfy { ($0["cocktails"] as? [String]) == [negroni.id] && $0["bought"] as? Bool == false })
            let gin = try #require(items.first { $0["value"] as? String == "London dry gin" }?["id"] as? Int)
            let ticked = try await client.execute(
                uri: "/api/v1/shopping-list/\(gin)", method: .put, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: #"{"bought":true}"#))
            #expect(ticked.status == .noContent)
            let text = String(buffer: try await client.get("/bar/shopping.txt").body)
            #expect(
                text == "Shopping list\n☐ sweet vermouth\n☑ London dry gin\n"
                    || text == "Shopping list\n☑ London dry gin\n☐ sweet vermouth\n")
            #expect(try await client.execute(uri: "/api/v1/shopping-list/bought", method: .delete).status == .noContent)
            let left = try #require(
                (try await Self.json(client, "/api/v1/shopping-list") as? [String: Any])?["items"] as? [[String: Any]])
            #expect(left.compactMap { $0["value"] as? String } == ["sweet vermouth"])
        }
    }

    @Test("the shopping list takes free text through the API; a name the book knows is kept as its ingredient")
    func shoppingText() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path, configure: { $0.catalogPath = nil }).test(.router) { client in
            try await client.waitUntilReady()
            func post(_ body: String) async throws -> TestResponse {
                try await client.execute(
                    uri: "/api/v1/shopping-list", method: .post, headers: [.contentType: "application/json"],
                    body: ByteBuffer(string: body))
            }
            #expect(try await post(#"{"text": "  olives "}"#).status == .created)
            #expect(try await post(#"{"text": "napkins & straws"}"#).status == .created)
            // A name the bar knows, typed loosely, is that ingredient.
            #expect(try await post(#"{"text": "campari"}"#).status == .created)
            let refusals: [(String, HTTPResponse.Status, String)] = [
                (#"{"text": "   "}"#, .unprocessableContent, "invalid_text"),
                (#"{"text": "\#(String(repeating: "o", count: 201))"}"#, .unprocessableContent, "invalid_text"),
                (#"{"text": null}"#, .badRequest, "invalid_body"),
                (#"{"text": 4}"#, .badRequest, "invalid_body"),
                (#"{"text": "olives", "value": "Campari"}"#, .badRequest, "invalid_body"),
            ]
            for (body, status, code) in refusals {
                let refused = try await post(body)
                #expect(refused.status == status, "\(body)")
                #expect(String(buffer: refused.body).contains(#""code":"\#(code)""#), "\(body)")
            }
            let items = try #require(
                (try await Self.json(client, "/api/v1/shopping-list") as? [String: Any])?["items"] as? [[String: Any]])
            #expect(
                Set(items.compactMap { $0["value"] as? String }) == ["olives", "napkins & straws", "Campari"],
                "\(items)")
        }
    }

    @Test("the My bar page without script: add a bottle by form, see what it makes and why, in Italian too")
    func page() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path, configure: { $0.catalogPath = nil }).test(.router) { client in
            try await client.waitUntilReady()
            for value in ["London dry gin", "sweet vermouth", "Campari"] {
                let response = try await client.execute(
                    uri: "/bar/bottles", method: .post, headers: TestCSRF.formHeaders,
                    body: TestCSRF.body("action=add&value=\(value.replacingOccurrences(of: " ", with: "+"))"))
                #expect(response.status == .seeOther)
            }
            let refused = try await client.execute(
                uri: "/bar/bottles", method: .post, headers: TestCSRF.formHeaders,
                body: TestCSRF.body("action=add&value=unobtainium"))
            #expect(refused.status == .badRequest)
            // Refused on the page itself: My bar again, what was typed kept, the reason by the field.
            let again = String(buffer: refused.body)
            #expect(again.contains("“unobtainium” is not an ingredient the book knows"))
            #expect(again.contains(#"id="bar-add-problem""#) && again.contains(#"value="unobtainium""#))
            #expect(again.contains(#"<h1 class="large-title">My bar</h1>"#))
            let html = String(buffer: try await client.get("/bar").body)
            #expect(html.contains(#"<li data-drink="Negroni"><a href="/cocktails/"#))
            #expect(html.contains("Can make now ("))
            let italian = String(
                buffer: try await client.execute(uri: "/bar", method: .get, headers: [.acceptLanguage: "it"]).body)
            #expect(italian.contains("Puoi prepararli ora (") && italian.contains("Il mio bar"))
            #expect(ItalianPagesTests.englishLeft(in: italian) == [])
            // Without the CSRF field nothing changes.
            let forged = try await client.execute(
                uri: "/bar/bottles", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
                body: ByteBuffer(string: "action=remove&value=Campari"))
            #expect(forged.status == .forbidden)
            await #expect(try AppDatabase(path: database.path).shelf(of: .implicit).bottles.contains("Campari"))
        }
    }

    @Test("an anonymous visitor of a book with accounts reads an empty bar and may not change it")
    func anonymous() async throws {
        let database = try await AccountsHTTPTests.book()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            #expect(try await Self.put(client, "/api/v1/bar/ingredients/Campari") == .unauthorized)
            let bar = try #require(try await Self.json(client, "/api/v1/bar") as? [String: Any])
            #expect((bar["ingredients"] as? [Any])?.isEmpty == true)
            let alice = try await AccountsHTTPTests.signIn(client, "alice", "alice password")
            let bob = try await AccountsHTTPTests.signIn(client, "bob", "bob password")
            #expect(
                try await Self.put(client, "/api/v1/bar/ingredients/Campari", headers: [.cookie: alice]) == .noContent)
            let bobs = try #require(
                try await Self.json(client, "/api/v1/bar", headers: [.cookie: bob]) as? [String: Any])
            #expect((bobs["ingredients"] as? [Any])?.isEmpty == true, "each account has its own shelf")
        }
    }
}
