import CocktailBook
import CocktailBookStore
import CocktailBookTestSupport
import CocktailBookWeb
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CocktailBookApp

/// The book's own house recipes over HTTP: the JSON routes and their status codes, what is
/// stored after a refusal (nothing), the bar reading a saved recipe at once, and the pages.
@Suite("The book's own house recipes over HTTP")
struct HouseRecipesHTTPTests {
    static func json(_ extra: HTTPFields = [:]) -> HTTPFields {
        var headers: HTTPFields = [.contentType: "application/json"]
        headers.append(contentsOf: extra)
        return headers
    }

    static func path(_ value: String) -> String {
        "/api/v1/house-recipes/" + (value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? value)
    }

    static func body(
        lines: String =
            #"[{"ingredient": "rosemary", "amount": 3, "unit": "pieces"}, "#
            + #"{"ingredient": "sugar", "amount": 200, "unit": "g"}]"#,
        days: String = "14", storage: String = #""fridge""#
    ) -> String {
        """
        {"names": {"en": "rosemary syrup", "it": "sciroppo di rosmarino"}, "minutes": 20,
         "yield": {"amount": 300, "unit": "ml"}, "shelfLifeDays": \(days), "storage": \(storage),
         "lines": \(lines), "steps": {"en": ["Simmer the sugar and rosemary in 200 ml water.", "Strain and cool."]}}
        """
    }

    static func put(
        _ client: some TestClientProtocol, _ value: String, _ body: String, _ headers: HTTPFields = [:]
    ) async throws -> TestResponse {
        try await client.execute(
            uri: path(value), method: .put, headers: json(headers), body: ByteBuffer(string: body))
    }

    static func withApp(_ body: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path, configure: { $0.catalogPath = nil }).test(.router) { client in
            try await client.waitUntilReady()
            try await body(client)
        }
    }

    static func names(_ client: some TestClientProtocol, _ makeable: String) async throws -> [String] {
        let list = try await client.get("/api/v1/cocktails?makeable=\(makeable)").jsonObject()
        return (list["cocktails"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
    }

    @Test("a new rosemary syrup: 201 with its version, read back, and the bar makes the spritz from the shelf")
    func newIngredient() async throws {
        try await Self.withApp { client in
            for value in ["fresh grapefruit juice", "fresh lime juice", "soda water", "sugar"] {
                _ = try await StockHTTPTests.put(client, value)
            }
            #expect(try await StockHTTPTests.put(client, "rosemary").status == .notFound, "unknown before the recipe")
            #expect(!(try await Self.names(client, "now")).contains("Grapefruit Rosemary Spritz"))
            let saved = try await Self.put(client, "rosemary syrup", Self.body())
            #expect(saved.status == .created)
            #expect(saved.headers[.eTag] == #""v1""#)
            let recipe = try saved.jsonObject()
            #expect(recipe["own"] as? Bool == true && recipe["version"] as? Int == 1)
            #expect(recipe["shelfLifeDays"] as? Int == 14)
            #expect(
                (recipe["lines"] as? [[String: Any]])?.compactMap { $0["ingredient"] as? String } == [
                    "rosemary", "sugar",
                ])
            #expect(try await StockHTTPTests.put(client, "rosemary").status == .noContent, "now on the shelf")
            #expect(try await Self.names(client, "now").contains("Grapefruit Rosemary Spritz"))
            let italian = try await client.get(Self.path("rosemary syrup") + "?lang=it").jsonObject()
            #expect(italian["name"] as? String == "sciroppo di rosmarino")
            let all = try await client.get("/api/v1/house-recipes").jsonObject()
            let values = (all["recipes"] as? [[String: Any]] ?? []).compactMap { $0["value"] as? String }
            #expect(values.count == 12 && values.last == "rosemary syrup")
            // A batch of it can be made, and it is fresh for the recipe's 14 days.
            let batch = try await client.execute(
                uri: "/api/v1/bar/batches", method: .post, headers: Self.json(),
                body: ByteBuffer(string: #"{"value": "rosemary syrup", "ml": 300}"#))
            #expect(batch.status == .created)
        }
    }

    @Test("editing keeps the previous version and restoring it brings it back")
    func editAndRestore() async throws {
        try await Self.withApp { client in
            #expect(try await Self.put(client, "rosemary syrup", Self.body()).status == .created)
            let edited = try await Self.put(client, "rosemary syrup", Self.body(days: "21"), [.ifMatch: #""v1""#])
            #expect(edited.status == .ok && edited.headers[.eTag] == #""v2""#)
            let stale = try await Self.put(client, "rosemary syrup", Self.body(days: "3"), [.ifMatch: #""v1""#])
            #expect(stale.status == .preconditionFailed && stale.headers[.eTag] == #""v2""#)
            let versions = try await client.get(Self.path("rosemary syrup") + "/versions").jsonObject()
            let rows = versions["versions"] as? [[String: Any]] ?? []
            #expect(rows.compactMap { $0["number"] as? Int } == [2, 1])
            #expect(rows.compactMap { ($0["recipe"] as? [String: Any])?["shelfLifeDays"] as? Int } == [21, 14])
            #expect(rows.compactMap { $0["summary"] as? String } == ["keeping", "created"])
            let restored = try await client.execute(
                uri: Self.path("rosemary syrup") + "/versions/1/restore", method: .post)
            #expect(restored.status == .ok && restored.headers[.eTag] == #""v3""#)
            let now = try await client.get(Self.path("rosemary syrup")).jsonObject()
            #expect(now["shelfLifeDays"] as? Int == 14 && now["version"] as? Int == 3)
            let after = try await client.get(Self.path("rosemary syrup") + "/versions").jsonObject()
            #expect((after["versions"] as? [[String: Any]])?.first?["summary"] as? String == "restored version 1")
            #expect(
                try await client.execute(uri: Self.path("rosemary syrup") + "/versions/9/restore", method: .post)
                    .status == .notFound)
        }
    }

    @Test("deleting an override restores the bundled honey syrup")
    func deleteOverride() async throws {
        try await Self.withApp { client in
            let bundled = try await client.get(Self.path("honey syrup")).jsonObject()
            #expect(bundled["own"] as? Bool == false && bundled["shelfLifeDays"] as? Int == 30)
            let own = Self.body(
                lines:
                    #"[{"ingredient": "raw honey", "amount": 300, "unit": "g"}, "#
                    + #"{"ingredient": "water", "amount": 100, "unit": "ml"}]"#,
                days: "20")
            #expect(try await Self.put(client, "Honey Syrup", own).status == .created)
            let overridden = try await client.get(Self.path("honey syrup")).jsonObject()
            #expect(overridden["own"] as? Bool == true && overridden["shelfLifeDays"] as? Int == 20)
            #expect(overridden["value"] as? String == "honey syrup", "the table's name")
            #expect(try await client.execute(uri: Self.path("honey syrup"), method: .delete).status == .noContent)
            let back = try await client.get(Self.path("honey syrup")).jsonObject()
            #expect(back["own"] as? Bool == false && back["shelfLifeDays"] as? Int == 30)
            #expect(back["lines"] as? [[String: Any]] != nil && (back["lines"] as? [[String: Any]])?.count == 2)
            #expect(try await client.execute(uri: Self.path("honey syrup"), method: .delete).status == .notFound)
            let versions = try await client.get(Self.path("honey syrup") + "/versions").jsonObject()
            #expect(versions["deleted"] as? Bool == true && (versions["versions"] as? [Any])?.count == 1, "kept")

            // The trash holds it beside the drinks, and putting it back makes it count again as it was.
            let trash = try await client.get("/api/v1/trash").jsonObject()
            #expect((trash["houseRecipes"] as? [[String: Any]])?.map { $0["value"] as? String } == ["honey syrup"])
            let page = String(buffer: try await client.get("/trash").body)
            #expect(page.contains("<h2>House recipes</h2>") && page.contains("/bar/ingredients/honey%20syrup/put-back"))
            let putBack = try await client.execute(
                uri: Self.path("honey syrup") + "/put-back", method: .post, headers: Self.json([:]))
            #expect(putBack.status == .ok)
            let again = try await client.get(Self.path("honey syrup")).jsonObject()
            #expect(
                again["own"] as? Bool == true && again["shelfLifeDays"] as? Int == 20 && again["version"] as? Int == 1)
            let empty = try await client.get("/api/v1/trash").jsonObject()
            #expect((empty["houseRecipes"] as? [Any])?.isEmpty == true)
            let twice = try await client.execute(
                uri: Self.path("honey syrup") + "/put-back", method: .post, headers: Self.json([:]))
            #expect(twice.status == .notFound)
        }
    }

    @Test("the pages: deleting a house recipe opens the trash saying so, with Undo; Put back brings it back")
    func trashPages() async throws {
        try await Self.withApp { client in
            #expect(try await Self.put(client, "rosemary syrup", Self.body(days: "14")).status == .created)
            let deleted = try await client.execute(
                uri: "/bar/ingredients/rosemary%20syrup/delete", method: .post, headers: TestCSRF.formHeaders,
                body: TestCSRF.body(""))
            #expect(deleted.status == .seeOther)
            let location = try #require(deleted.headers[.location])
            #expect(location.hasPrefix("/trash?deleted="))
            let trash = String(buffer: try await client.get(location).body)
            #expect(trash.contains("data-trash-notice><p>rosemary syrup is in the trash.</p>"), "\(trash)")
            #expect(trash.contains(#"action="/bar/ingredients/rosemary%20syrup/put-back""#))
            #expect(try await client.get(Self.path("rosemary syrup")).status == .notFound, "gone from the bar")
            let undo = try await client.execute(
                uri: "/bar/ingredients/rosemary%20syrup/put-back", method: .post, headers: TestCSRF.formHeaders,
                body: TestCSRF.body(""))
            #expect(undo.status == .seeOther && undo.headers[.location] == "/bar/ingredients/rosemary%20syrup?saved=1")
            #expect(try await client.get(Self.path("rosemary syrup")).jsonObject()["shelfLifeDays"] as? Int == 14)
            #expect(!String(buffer: try await client.get("/trash").body).contains("put-back"))
        }
    }

    @Test("bad input is a 400 naming the field, and nothing is written")
    func badInput() async throws {
        try await Self.withApp { client in
            let cycle = try await Self.put(
                client, "raw honey",
                Self.body(lines: #"[{"ingredient": "honey syrup", "amount": 100, "unit": "ml"}]"#))
            #expect(cycle.status == .badRequest)
            let error = try #require(try cycle.jsonObject()["error"] as? [String: Any])
            #expect(error["code"] as? String == "invalid_house_recipe" && error["field"] as? String == "rows")
            #expect((error["message"] as? String)?.contains("honey syrup → raw honey → honey syrup") == true)
            let refusals: [(String, String)] = [
                ("10⁹ days", Self.body(days: "1000000000")),
                ("a negative amount", Self.body(lines: #"[{"ingredient": "sugar", "amount": -5, "unit": "g"}]"#)),
                ("no lines", Self.body(lines: "[]")),
                (
                    "21 lines",
                    Self.body(
                        lines: "["
                            + Array(repeating: #"{"ingredient": "sugar", "amount": 1, "unit": "g"}"#, count: 21)
                            .joined(separator: ",") + "]")
                ),
                ("an unknown unit", Self.body(lines: #"[{"ingredient": "sugar", "amount": 5, "unit": "cups"}]"#)),
                ("storage elsewhere, undescribed", Self.body(storage: #""other""#)),
                ("not JSON", "{"),
            ]
            for (what, body) in refusals {
                let response = try await Self.put(client, "rosemary syrup", body)
                #expect(response.status == .badRequest, "\(what)")
            }
            #expect(try await Self.put(client, "a, b", Self.body()).status == .notFound, "a name with a comma")
            for name in ["50% syrup", "lime/lemon syrup"] {
                #expect(try await Self.put(client, name, Self.body()).status == .notFound, "\(name): not an address")
            }
            // An If-Match that names no version matches none, not even "no recipe yet".
            #expect(
                try await Self.put(client, "rosemary syrup", Self.body(), [.ifMatch: "garbage"]).status
                    == .preconditionFailed)
            // Nothing was written: no own recipe, no versions, and the bar has none of them.
            for value in ["raw honey", "rosemary syrup"] {
                #expect(try await client.get(Self.path(value) + "/versions").status == .notFound, "\(value)")
            }
            #expect(try await client.get(Self.path("rosemary syrup")).status == .notFound)
            let all = try await client.get("/api/v1/house-recipes").jsonObject()
            #expect((all["recipes"] as? [Any])?.count == 11)
            // A stale If-Match on a new recipe: someone wrote it meanwhile.
            #expect(try await Self.put(client, "rosemary syrup", Self.body()).status == .created)
            #expect(
                try await Self.put(client, "rosemary syrup", Self.body(days: "5"), [.ifMatch: #""v0""#]).status
                    == .preconditionFailed)
            #expect(try await client.get(Self.path("rosemary syrup")).jsonObject()["shelfLifeDays"] as? Int == 14)
        }
    }

    @Test("with accounts: anonymous 401, guests 403, members write, only the author or an admin changes it")
    func permissions() async throws {
        let database = try await AccountsHTTPTests.book()
        defer { database.remove() }
        let accounts = Accounts(database: try AppDatabase(path: database.path), bcryptCost: 4)
        try await accounts.createAccount(name: "carol", role: .member, password: "carol password")
        try await accounts.createAccount(name: "gus", role: .guest, password: "gus password")
        let bob: HTTPFields = [.authorization: "Bearer \(try await accounts.issueToken(for: "bob", label: "t"))"]
        let carol: HTTPFields = [.authorization: "Bearer \(try await accounts.issueToken(for: "carol", label: "t"))"]
        let alice: HTTPFields = [.authorization: "Bearer \(try await accounts.issueToken(for: "alice", label: "t"))"]
        let gus: HTTPFields = [.authorization: "Bearer \(try await accounts.issueToken(for: "gus", label: "t"))"]
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            #expect(try await Self.put(client, "rosemary syrup", Self.body()).status == .unauthorized)
            #expect(try await Self.put(client, "rosemary syrup", Self.body(), gus).status == .forbidden)
            #expect(try await client.get(Self.path("rosemary syrup")).status == .notFound, "nothing written")
            #expect(try await Self.put(client, "rosemary syrup", Self.body(), bob).status == .created)
            #expect(try await Self.put(client, "rosemary syrup", Self.body(days: "2"), carol).status == .forbidden)
            #expect(
                try await client.execute(uri: Self.path("rosemary syrup"), method: .delete, headers: carol).status
                    == .forbidden)
            #expect(try await Self.put(client, "rosemary syrup", Self.body(days: "9"), alice).status == .ok)
            #expect(try await client.get(Self.path("rosemary syrup")).jsonObject()["shelfLifeDays"] as? Int == 9)
        }
    }

    @Test(
        "the house editor's conflict box: each field saved meanwhile (not the form's own changes), and what saving again replaces"
    )
    func conflictBox() async throws {
        try await Self.withApp { client in
            let fields =
                "nameEn=lavender+cordial&nameIt=&minutes=10&yieldAmount=250&yieldUnit=ml&shelfLifeDays=10"
                + "&storage=fridge&storageNote=&amount=2&unit=pieces&line=lavender&amount=150&unit=g&line=sugar"
                + "&stepsEn=Steep.%0AStrain.&op=save"
            func save(_ fields: String) async throws -> TestResponse {
                try await client.execute(
                    uri: "/bar/house/new", method: .post, headers: TestCSRF.formHeaders,
                    body: TestCSRF.body("ingredient=lavender+cordial&version=0&" + fields))
            }
            func edit(_ fields: String) async throws -> TestResponse {
                try await client.execute(
                    uri: "/bar/ingredients/lavender%20cordial/edit", method: .post, headers: TestCSRF.formHeaders,
                    body: TestCSRF.body("version=1&" + fields))
            }
            #expect(try await save(fields).status == .seeOther)
            // Another window keeps it five days and saves version 2; this one, on version 1, adds a step.
            #expect(
                try await edit(fields.replacingOccurrences(of: "shelfLifeDays=10", with: "shelfLifeDays=5")).status
                    == .seeOther)
            let refused = try await edit(fields.replacingOccurrences(of: "Strain.", with: "Strain.%0ABottle."))
            #expect(refused.status == .conflict)
            let page = String(buffer: refused.body)
            #expect(page.contains("saved in another window"))
            // The days were saved meanwhile; the step is this window's own and is not listed.
            #expect(
                page.matches(of: /data-stale-field="([a-z]+)"/).map { String($0.1) } == ["keeping"], "\(page)")
            #expect(page.contains("<dt>Keeps for (days)</dt><dd>5 · In the fridge</dd>"))
            #expect(!page.contains("<li>Steep.</li><li>Strain.</li></ul>"))
            #expect(page.contains("Saving again replaces what was saved meanwhile in: Keeps for (days)."))
            #expect(page.contains("Bottle."), "the form keeps what was typed")
            #expect(page.contains(#"name="version" value="2""#), "saving again saves over version 2")
        }
    }

    @Test("the pages: a new syrup through the form, an error keeps what was typed, history and restore")
    func pages() async throws {
        try await Self.withApp { client in
            let form = try await client.get("/bar/house/new")
            #expect(form.status == .ok)
            #expect(String(buffer: form.body).contains("name=\"ingredient\""))
            let bar = String(buffer: try await client.get("/bar").body)
            #expect(bar.contains("href=\"/bar/house/new\""))
            let fields =
                "ingredient=lavender+cordial&nameEn=lavender+cordial&nameIt=cordiale+alla+lavanda&minutes=10"
                + "&yieldAmount=250&yieldUnit=ml&shelfLifeDays=10&storage=fridge&storageNote="
                + "&amount=2&unit=pieces&line=lavender&amount=150&unit=g&line=sugar&stepsEn=Steep.%0AStrain.&op=save"
            let saved = try await client.execute(
                uri: "/bar/house/new", method: .post, headers: TestCSRF.formHeaders, body: TestCSRF.body(fields))
            #expect(saved.status == .seeOther)
            #expect(saved.headers[.location] == "/bar/ingredients/lavender%20cordial?saved=1")
            let page = String(buffer: try await client.get("/bar/ingredients/lavender%20cordial").body)
            #expect(page.contains("Steep.") && page.contains("/bar/ingredients/lavender%20cordial/edit"))
            // A circle: lavender as made from the lavender cordial.
            let circle =
                "ingredient=lavender&nameEn=&minutes=5&yieldAmount=100&yieldUnit=ml&shelfLifeDays=7"
                + "&storage=fridge&amount=50&unit=ml&line=lavender+cordial&stepsEn=Reduce+it.&op=save"
            let refused = try await client.execute(
                uri: "/bar/house/new", method: .post, headers: TestCSRF.formHeaders, body: TestCSRF.body(circle))
            #expect(refused.status == .unprocessableContent)
            let text = String(buffer: refused.body)
            #expect(text.contains("lavender cordial → lavender → lavender cordial"))
            #expect(text.contains("value=\"lavender cordial\"") && text.contains("Reduce it."), "the input kept")
            #expect(try await client.get(Self.path("lavender")).status == .notFound, "nothing written")
            // Edit, then restore the first version from the history.
            let edit = fields.replacingOccurrences(of: "shelfLifeDays=10", with: "shelfLifeDays=5") + "&version=1"
            let edited = try await client.execute(
                uri: "/bar/ingredients/lavender%20cordial/edit", method: .post, headers: TestCSRF.formHeaders,
                body: TestCSRF.body(edit))
            #expect(edited.status == .seeOther)
            let history = String(buffer: try await client.get("/bar/ingredients/lavender%20cordial/history").body)
            #expect(history.contains("data-version=\"2\"") && history.contains("data-version=\"1\""))
            // One history page for house recipes and drinks: a house recipe's versions show their
            // lines, and no drink's name (a house recipe's name does not change from version to version).
            #expect(history.contains("<li>") && !history.contains("<p><strong>"), "\(history)")
            let restored = try await client.execute(
                uri: "/bar/ingredients/lavender%20cordial/history/1/restore", method: .post,
                headers: TestCSRF.formHeaders, body: TestCSRF.body(""))
            #expect(restored.status == .seeOther)
            #expect(
                try await client.get(Self.path("lavender cordial")).jsonObject()["shelfLifeDays"] as? Int == 10)
            // Without the form token nothing is written.
            let forged = try await client.execute(
                uri: "/bar/ingredients/lavender%20cordial/delete", method: .post,
                headers: [.contentType: "application/x-www-form-urlencoded"], body: ByteBuffer(string: ""))
            #expect(forged.status == .forbidden)
            #expect(try await client.get(Self.path("lavender cordial")).status == .ok)
        }
    }
}
