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

/// House-made batches and the stock of bottles over HTTP: the JSON routes, "I made this"
/// running the bottles down and its undo, the low mark on the shopping list, the pages.
@Suite("Stock and house-made batches over HTTP")
struct StockHTTPTests {
    static let json: HTTPFields = [.contentType: "application/json"]

    static func put(_ client: some TestClientProtocol, _ value: String, _ body: String? = nil) async throws
        -> TestResponse
    {
        let path =
            "/api/v1/bar/ingredients/" + (value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? value)
        return try await client.execute(
            uri: path, method: .put, headers: body == nil ? [:] : json, body: body.map { ByteBuffer(string: $0) })
    }

    /// The shelf's stock as `GET /api/v1/bar` lists it: value → stockMl.
    static func levels(_ client: some TestClientProtocol) async throws -> [String: Double] {
        let bar = try await client.get("/api/v1/bar").jsonObject()
        var levels: [String: Double] = [:]
        for item in bar["ingredients"] as? [[String: Any]] ?? [] {
            if let value = item["value"] as? String, let ml = item["stockMl"] as? Double { levels[value] = ml }
        }
        return levels
    }

    static func made(_ client: some TestClientProtocol, _ id: String, servings: Int) async throws -> Int {
        let response = try await client.execute(
            uri: "/api/v1/cocktails/\(id)/made", method: .post, headers: json,
            body: ByteBuffer(string: #"{"servings": \#(servings)}"#))
        #expect(response.status == .created)
        return try #require(try response.jsonObject()["id"] as? Int)
    }

    static func names(_ client: some TestClientProtocol, _ makeable: String) async throws -> [String] {
        let list = try await client.get("/api/v1/cocktails?makeable=\(makeable)").jsonObject()
        return (list["cocktails"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
    }

    static func withApp(_ body: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path, configure: { $0.catalogPath = nil }).test(.router) { client in
            try await client.waitUntilReady()
            try await body(client)
        }
    }

    @Test("making two Negronis subtracts 60 ml from each of the three bottles and undo restores it")
    func twoNegronis() async throws {
        try await Self.withApp { client in
            #expect(try await Self.put(client, "London dry gin", #"{"ml": 700, "bottleMl": 700}"#).status == .noContent)
            #expect(try await Self.put(client, "Campari", #"{"ml": 500, "bottleMl": 1000}"#).status == .noContent)
            #expect(try await Self.put(client, "sweet vermouth", #"{"ml": 750, "bottleMl": 750}"#).status == .noContent)
            #expect(try await Self.levels(client) == ["London dry gin": 700, "Campari": 500, "sweet vermouth": 750])
            let entry = try await Self.made(client, "30", servings: 2)
            #expect(try await Self.levels(client) == ["London dry gin": 640, "Campari": 440, "sweet vermouth": 690])
            let undo = try await client.execute(uri: "/api/v1/cocktails/30/made/\(entry)", method: .delete)
            #expect(undo.status == .noContent)
            #expect(try await Self.levels(client) == ["London dry gin": 700, "Campari": 500, "sweet vermouth": 750])
        }
    }

    @Test("two Daiquiris take 1.6 limes from a bag of 10; a Gold Rush without a batch takes the honey its syrup needs")
    func formsAndSyrupOnTheSpot() async throws {
        try await Self.withApp { client in
            #expect(try await Self.put(client, "white rum", #"{"ml": 700, "bottleMl": 700}"#).status == .noContent)
            #expect(try await Self.put(client, "lime", #"{"ml": 10, "bottleMl": 10}"#).status == .noContent)
            #expect(try await Self.put(client, "sugar").status == .noContent)
            let daiquiris = try await Self.made(client, "2", servings: 2) // 40 ml of lime juice, 25 ml a lime
            #expect(try await Self.levels(client) == ["white rum": 580, "lime": 8.4])
            let undo = try await client.execute(uri: "/api/v1/cocktails/2/made/\(daiquiris)", method: .delete)
            #expect(undo.status == .noContent)
            #expect(try await Self.levels(client) == ["white rum": 700, "lime": 10])
            #expect(try await Self.put(client, "bourbon").status == .noContent)
            #expect(try await Self.put(client, "lemon").status == .noContent)
            #expect(try await Self.put(client, "honey", #"{"ml": 500, "bottleMl": 500}"#).status == .noContent)
            // 22.5 ml of honey syrup, 250 g of honey per 280 ml: 20.1 g.
            _ = try await Self.made(client, "112", servings: 1)
            let honey = try #require(try await Self.levels(client).first { $0.key.contains("honey") }?.value)
            #expect(abs(honey - (500 - 250 * 22.5 / 280)) < 0.01)
        }
    }

    @Test("the bottle that stood in is the one that runs down: bourbon for rye whiskey in a Manhattan")
    func standInBottle() async throws {
        try await Self.withApp { client in
            #expect(try await Self.put(client, "bourbon", #"{"ml": 700, "bottleMl": 700}"#).status == .noContent)
            #expect(try await Self.put(client, "sweet vermouth", #"{"ml": 500}"#).status == .noContent)
            #expect(try await Self.put(client, "Angostura bitters").status == .noContent)
            let rows = try await client.get("/api/v1/cocktails?makeable=stand-in").jsonObject()
            let manhattan = try #require(
                (rows["cocktails"] as? [[String: Any]])?.first { $0["name"] as? String == "Manhattan" })
            #expect(
                manhattan["standIns"] as? [[String: String]] == [
                    ["needed": "rye whiskey", "have": "bourbon", "rule": "stand-in"]
                ])
            let id = try #require(manhattan["id"] as? String)
            _ = try await Self.made(client, id, servings: 1) // 50 ml rye whiskey, 20 ml sweet vermouth
            #expect(try await Self.levels(client) == ["bourbon": 650, "sweet vermouth": 480])
        }
    }

    @Test("Campari crossing its low mark lands once on the shopping list with the reason")
    func lowMark() async throws {
        try await Self.withApp { client in
            #expect(try await Self.put(client, "London dry gin").status == .noContent)
            #expect(try await Self.put(client, "sweet vermouth").status == .noContent)
            let low = #"{"ml": 140, "bottleMl": 700, "lowMl": 100}"#
            #expect(try await Self.put(client, "Campari", low).status == .noContent)
            let campari = { (list: [String: Any]) in
                (list["items"] as? [[String: Any]] ?? []).filter { $0["value"] as? String == "Campari" }
            }
            _ = try await Self.made(client, "30", servings: 1) // 110 ml: above the mark
            #expect(campari(try await client.get("/api/v1/shopping-list").jsonObject()).isEmpty)
            _ = try await Self.made(client, "30", servings: 1) // 80 ml: at or below it
            #expect(campari(try await client.get("/api/v1/shopping-list").jsonObject()).count == 1)
            _ = try await Self.made(client, "30", servings: 1) // 50 ml: still once
            let listed = campari(try await client.get("/api/v1/shopping-list").jsonObject())
            #expect(listed.count == 1)
            #expect(try await Self.levels(client)["Campari"] == 50)
            // The API and the shared text say why it is there, with the word "low".
            #expect(listed.first?["reason"] as? String == "Campari low: about 50 ml left")
            let text = String(buffer: try await client.get("/bar/shopping.txt").body)
            #expect(text.contains("☐ Campari — Campari low: about 50 ml left"), "\(text)")
            #expect(!text.contains("London dry gin —"), "a bottle above its mark has no reason")
            let page = String(buffer: try await client.get("/bar/shopping").body)
            #expect(page.contains("Campari low: about 50 ml left"))
            let italian = try await client.execute(
                uri: "/bar/shopping", method: .get, headers: [.acceptLanguage: "it"])
            #expect(String(buffer: italian.body).contains("Campari in esaurimento: ne restano circa 50 ml"))
            // Bought: a new bottle puts the level back to full and ticks the line off.
            #expect(page.contains("Bought a new bottle: full again"))
            let refill = try await client.execute(
                uri: "/bar/stock/refill", method: .post, headers: TestCSRF.formHeaders,
                body: TestCSRF.body("value=Campari"))
            #expect(refill.status == .seeOther)
            #expect(try await Self.levels(client)["Campari"] == 700)
            let list = try await client.get("/api/v1/shopping-list").jsonObject()
            #expect(campari(list).map { $0["bought"] as? Bool } == [true])
        }
    }

    @Test("I made this on the page says which bottles went down, and which it left low, in the reader's language")
    func madeSaysWhatItTook() async throws {
        try await Self.withApp { client in
            #expect(try await Self.put(client, "London dry gin", #"{"ml": 700, "bottleMl": 700}"#).status == .noContent)
            #expect(try await Self.put(client, "sweet vermouth").status == .noContent)
            #expect(
                try await Self.put(client, "Campari", #"{"ml": 140, "bottleMl": 700, "lowMl": 100}"#).status
                    == .noContent)
            func make(_ headers: HTTPFields = [:]) async throws -> String {
                var all = TestCSRF.formHeaders
                all.append(contentsOf: headers)
                let made = try await client.execute(
                    uri: "/cocktails/30/made", method: .post, headers: all, body: TestCSRF.body("servings=1&note="))
                #expect(made.status == .seeOther)
                let location = try #require(made.headers[.location])
                #expect(location.hasPrefix("/cocktails/30?made=") && location.hasSuffix("#personal"))
                let page = String(
                    buffer: try await client.execute(
                        uri: String(location.prefix { $0 != "#" }), method: .get, headers: headers
                    )
                    .body)
                return try #require(
                    page.firstMatch(of: /<p class="notice" role="status" data-made-notice>([^<]*)<\/p>/).map {
                        String($0.1)
                    }, "\(page)")
            }
            // 30 ml of each from the two bottles whose level is known (the vermouth's is not):
            // Campari is now at 110 ml, above its mark.
            let english = try await make()
            #expect(english == "Noted. Taken from your bar: 30 ml London dry gin, 30 ml Campari.")
            let italian = try await make([.acceptLanguage: "it"])
            #expect(
                italian.hasPrefix("Segnato. Dal tuo bar: 30 ml di London dry gin, 30 ml di Campari. "), "\(italian)")
            #expect(italian.contains("Campari in esaurimento: ne restano circa 80 ml: è nella tua lista della spesa."))
            // Without the made entry in the address, no notice.
            #expect(!String(buffer: try await client.get("/cocktails/30").body).contains("data-made-notice"))
        }
    }

    @Test("bad stock is a clear 400 and writes nothing: negative ml, a level above the bottle's size")
    func badStock() async throws {
        try await Self.withApp { client in
            for body in [
                #"{"ml": -5}"#, #"{"ml": 800, "bottleMl": 700}"#, #"{"lowMl": 900, "bottleMl": 700}"#,
                #"{"ml": 100, "price": {"minor": 2500, "currency": "EUR"}}"#, #"{"ml": "lots"}"#,
                #"{"bottleMl": 700, "price": {"minor": 2500, "currency": "euro"}}"#, #"{"bottle_ml": 700}"#,
            ] {
                let response = try await Self.put(client, "Campari", body)
                #expect(response.status == .badRequest, "\(body)")
                let error = try response.jsonObject()["error"] as? [String: Any]
                #expect((error?["message"] as? String)?.isEmpty == false)
            }
            let bar = try await client.get("/api/v1/bar").jsonObject()
            #expect((bar["ingredients"] as? [Any])?.isEmpty == true, "nothing was written")
            // A sound body is kept, and a level on the page form is a share of the bottle.
            #expect(
                try await Self.put(
                    client, "Campari", #"{"ml": 700, "bottleMl": 700, "price": {"minor": 2100, "currency": "EUR"}}"#
                ).status == .noContent)
            let form = try await client.execute(
                uri: "/bar/stock", method: .post, headers: TestCSRF.formHeaders,
                body: TestCSRF.body("value=Campari&ml=&level=0.75&bottleMl=700&lowMl=100&price=21.00&currency=EUR"))
            #expect(form.status == .seeOther)
            #expect(try await Self.levels(client) == ["Campari": 525])
            let refused = try await client.execute(
                uri: "/bar/stock", method: .post, headers: TestCSRF.formHeaders,
                body: TestCSRF.body("value=Campari&ml=900&bottleMl=700"))
            #expect(refused.status == .badRequest)
            #expect(try await Self.levels(client) == ["Campari": 525])
        }
    }

    @Test("a bottle's price is in the book's currency, named in its label; a price kept in another shows its field")
    func priceInTheBooksCurrency() async throws {
        try await Self.withApp { client in
            let pounds = try await client.execute(
                uri: "/api/v1/settings/currency", method: .put, headers: Self.json,
                body: ByteBuffer(string: #"{"currency":"GBP"}"#))
            #expect(pounds.status == .ok || pounds.status == .noContent)
            #expect(try await Self.put(client, "Campari").status == .noContent)
            #expect(
                try await Self.put(
                    client, "London dry gin", #"{"bottleMl": 700, "price": {"minor": 2500, "currency": "EUR"}}"#
                ).status == .noContent)
            let page = String(buffer: try await client.get("/bar").body)
            let campari = try #require(
                page.split(separator: "<li data-stock-bottle=").first { $0.hasPrefix(#""Campari""#) })
            #expect(campari.contains("Price per bottle (GBP)"))
            #expect(campari.contains(#"<input type="hidden" name="currency" value="GBP">"#))
            #expect(!campari.contains("Currency"))
            let gin = try #require(
                page.split(separator: "<li data-stock-bottle=").first { $0.hasPrefix(#""London dry gin""#) })
            #expect(gin.contains(#"Currency <input name="currency" value="EUR""#))
            // A price typed without a currency is in the book's.
            let form = try await client.execute(
                uri: "/bar/stock", method: .post, headers: TestCSRF.formHeaders,
                body: TestCSRF.body("value=Campari&ml=&bottleMl=700&lowMl=&price=18.50&currency="))
            #expect(form.status == .seeOther)
            let bar = try await client.get("/api/v1/bar").jsonObject()
            let item = (bar["ingredients"] as? [[String: Any]])?.first { $0["value"] as? String == "Campari" }
            let price = item?["price"] as? [String: Any]
            #expect(price?["currency"] as? String == "GBP" && price?["minor"] as? Int == 1850)
        }
    }

    @Test("a syrup batch moves Gold Rush to makeable now; an unknown or plain ingredient is refused")
    func batch() async throws {
        try await Self.withApp { client in
            for value in ["bourbon", "lemon"] { #expect(try await Self.put(client, value).status == .noContent) }
            #expect(try await !Self.names(client, "now").contains("Gold Rush"))
            #expect(try await Self.names(client, "one-away").contains("Gold Rush"))
            let suggestions = try #require(
                try JSONSerialization.jsonObject(
                    with: Data(String(buffer: try await client.get("/api/v1/bar/suggestions").body).utf8))
                    as? [[String: Any]])
            let honey = try #require(suggestions.first { $0["value"] as? String == "raw honey" })
            #expect(honey["through"] as? [String] == ["honey syrup"])

            let made = try await client.execute(
                uri: "/api/v1/bar/batches", method: .post, headers: Self.json,
                body: ByteBuffer(string: #"{"value": "honey syrup", "ml": 300}"#))
            #expect(made.status == .created)
            let batch = try made.jsonObject()
            #expect(batch["value"] as? String == "honey syrup" && batch["fresh"] as? Bool == true)
            #expect(try await Self.names(client, "now").contains("Gold Rush"))
            let bar = try await client.get("/api/v1/bar").jsonObject()
            #expect((bar["batches"] as? [[String: Any]])?.map { $0["ml"] as? Double } == [300])

            let plain = try await client.execute(
                uri: "/api/v1/bar/batches", method: .post, headers: Self.json,
                body: ByteBuffer(string: #"{"value": "Campari", "ml": 300}"#))
            #expect(plain.status == .unprocessableContent, "Campari is bought, not made")
            for body in [
                #"{"value": "honey syrup", "ml": 0}"#,
                #"{"value": "honey syrup", "ml": 1000000}"#,
            ] {
                let refused = try await client.execute(
                    uri: "/api/v1/bar/batches", method: .post, headers: Self.json, body: ByteBuffer(string: body))
                #expect(refused.status == .badRequest, "\(body)")
            }
            let unknown = try await client.execute(
                uri: "/api/v1/bar/batches", method: .post, headers: Self.json,
                body: ByteBuffer(string: #"{"value": "unobtainium syrup", "ml": 300}"#))
            #expect(unknown.status == .notFound)
            #expect((try await client.get("/api/v1/bar").jsonObject()["batches"] as? [Any])?.count == 1)
        }
    }

    @Test("past its shelf life a batch counts as gone, and the bar page says so in both languages")
    func expiredBatch() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        // Made 32 days ago; honey syrup keeps 30: it went off 2 days ago.
        let store = try AppDatabase(path: database.path)
        _ = try await store.addBatch(
            "honey syrup", ml: 300, at: Date().addingTimeInterval(-32 * 86_400), owner: .implicit)
        try await makeApp(databasePath: database.path, configure: { $0.catalogPath = nil }).test(.router) { client in
            try await client.waitUntilReady()
            for value in ["bourbon", "lemon"] { #expect(try await Self.put(client, value).status == .noContent) }
            #expect(try await !Self.names(client, "now").contains("Gold Rush"))
            let batches = try await client.get("/api/v1/bar").jsonObject()["batches"] as? [[String: Any]]
            #expect(batches?.first?["fresh"] as? Bool == false)
            let page = String(buffer: try await client.get("/bar").body)
            #expect(page.contains("honey syrup expired 2 days ago"))
            let italian = try await client.execute(uri: "/bar", method: .get, headers: [.acceptLanguage: "it"])
            #expect(String(buffer: italian.body).contains("sciroppo di miele: scadenza superata 2 giorni fa"))
        }
    }

    @Test("the bar page shows house-made ingredients, why and the batch; the recipe page in both languages")
    func pages() async throws {
        try await Self.withApp { client in
            for value in ["bourbon", "lemon", "honey"] {
                #expect(try await Self.put(client, value).status == .noContent)
            }
            let bar = String(buffer: try await client.get("/bar").body)
            #expect(bar.contains("honey syrup ← make it from your raw honey (2 min)"))
            // The API says it the same way: made from the shelf, beside the other matches.
            let now = try await client.get("/api/v1/cocktails?makeable=now").jsonObject()
            let goldRush = try #require(
                (now["cocktails"] as? [[String: Any]])?.first { $0["name"] as? String == "Gold Rush" })
            #expect(
                (goldRush["matchedBy"] as? [[String: String]])?.contains([
                    "needed": "honey syrup", "have": "raw honey", "rule": "house-made",
                ]) == true)
            #expect((goldRush["standIns"] as? [Any])?.isEmpty == true)
            #expect(bar.contains(#"href="/bar/ingredients/honey%20syrup""#))
            let recipe = String(buffer: try await client.get("/bar/ingredients/honey%20syrup").body)
            #expect(recipe.contains("Pour hot water from the kettle over the honey in a jar."))
            #expect(recipe.contains("You have what goes in: make it from your raw honey."))
            #expect(recipe.contains("Keeps 30 days in the fridge"))
            let italian = String(
                buffer: try await client.execute(
                    uri: "/bar/ingredients/honey%20syrup", method: .get, headers: [.acceptLanguage: "it"]
                ).body)
            #expect(italian.contains("Lascia raffreddare, chiudi il barattolo e tienilo al fresco."))
            #expect(italian.contains("Si conserva 30 giorni in frigorifero"))
            #expect(italian.contains("250 g"))
            #expect(try await client.get("/bar/ingredients/Campari").status == .notFound)

            let form = try await client.execute(
                uri: "/bar/batches", method: .post, headers: TestCSRF.formHeaders,
                body: TestCSRF.body("value=honey%20syrup&ml=300"))
            #expect(form.status == .seeOther)
            let after = String(buffer: try await client.get("/bar").body)
            #expect(after.contains("honey syrup: 300 ml, good until"))
        }
    }

    /// The id of the drink named `name` among those `makeable` lists.
    static func id(_ client: some TestClientProtocol, _ name: String, _ makeable: String) async throws -> String {
        let list = try await client.get("/api/v1/cocktails?makeable=\(makeable)").jsonObject()
        let row = (list["cocktails"] as? [[String: Any]] ?? []).first { $0["name"] as? String == name }
        return try #require(row?["id"] as? String)
    }

    static func batchLevels(_ client: some TestClientProtocol) async throws -> [Double] {
        let bar = try await client.get("/api/v1/bar").jsonObject()
        return (bar["batches"] as? [[String: Any]] ?? []).compactMap { $0["ml"] as? Double }
    }

    @Test("making a Gold Rush with a honey-syrup batch draws 22.5 ml from the batch and undo restores it")
    func goldRushFromBatch() async throws {
        try await Self.withApp { client in
            #expect(try await Self.put(client, "bourbon", #"{"ml": 700, "bottleMl": 700}"#).status == .noContent)
            #expect(try await Self.put(client, "lemon").status == .noContent)
            let made = try await client.execute(
                uri: "/api/v1/bar/batches", method: .post, headers: Self.json,
                body: ByteBuffer(string: #"{"value": "honey syrup", "ml": 300}"#))
            #expect(made.status == .created)
            let batch = try made.jsonObject()
            let batchId = try #require(batch["id"] as? Int)
            #expect((batch["drawn"] as? [Any])?.isEmpty == true, "no honey on the shelf, nothing tracked")
            let goldRush = try await Self.id(client, "Gold Rush", "now")
            let response = try await client.execute(
                uri: "/api/v1/cocktails/\(goldRush)/made", method: .post, headers: Self.json,
                body: ByteBuffer(string: #"{"servings": 1}"#))
            #expect(response.status == .created)
            let entry = try response.jsonObject()
            let drawn = try #require(entry["drawn"] as? [[String: Any]])
            #expect(drawn.map { $0["value"] as? String } == ["bourbon", "honey syrup"])
            #expect(drawn.map { $0["ml"] as? Double } == [60, 22.5])
            #expect(drawn.map { $0["batchId"] as? Int } == [nil, batchId])
            #expect(drawn[1]["name"] as? String == "honey syrup")
            #expect(try await Self.batchLevels(client) == [277.5])
            #expect(try await Self.levels(client) == ["bourbon": 640])
            #expect(String(buffer: try await client.get("/bar").body).contains("honey syrup: 277.5 ml, good until"))
            let entryId = try #require(entry["id"] as? Int)
            let undo = try await client.execute(uri: "/api/v1/cocktails/\(goldRush)/made/\(entryId)", method: .delete)
            #expect(undo.status == .noContent)
            #expect(try await Self.batchLevels(client) == [300])
            #expect(try await Self.levels(client) == ["bourbon": 700])
        }
    }

    @Test("making 300 ml of honey syrup draws honey stock by the recipe; removing the batch gives it back")
    func honeySyrupDrawsHoney() async throws {
        try await Self.withApp { client in
            #expect(
                try await Self.put(client, "honey", #"{"ml": 500, "bottleMl": 500, "lowMl": 250}"#).status == .noContent
            )
            #expect(try await Self.put(client, "Campari", #"{"ml": 700}"#).status == .noContent)
            let made = try await client.execute(
                uri: "/api/v1/bar/batches", method: .post, headers: Self.json,
                body: ByteBuffer(string: #"{"value": "honey syrup", "ml": 300}"#))
            #expect(made.status == .created)
            let batch = try made.jsonObject()
            let drawn = try #require(batch["drawn"] as? [[String: Any]])
            // 250 g of honey make 280 ml: 300 ml take 267.857… g; the water is never stocked.
            #expect(drawn.map { $0["value"] as? String } == ["raw honey"])
            #expect(abs((drawn.first?["ml"] as? Double ?? 0) - 267.857_142_857) < 1e-6)
            let left = try #require(try await Self.levels(client)["raw honey"])
            #expect(abs(left - 232.142_857_143) < 1e-6)
            #expect(try await Self.levels(client)["Campari"] == 700, "not in the recipe: untouched")
            // Below its 250 g mark: on the shopping list, said in grams.
            let shopping = String(buffer: try await client.get("/bar/shopping").body)
            #expect(shopping.contains("raw honey low: about 232 g left"))
            #expect(String(buffer: try await client.get("/bar").body).contains("about 232 of 500 g left"))

            let id = try #require(batch["id"] as? Int)
            let removed = try await client.execute(uri: "/api/v1/bar/batches/\(id)", method: .delete)
            #expect(removed.status == .noContent)
            #expect(try await Self.levels(client)["raw honey"] == 500)
            #expect(try await Self.batchLevels(client).isEmpty)
            for path in ["/api/v1/bar/batches/\(id)", "/api/v1/bar/batches/abc"] {
                let again = try await client.execute(uri: path, method: .delete)
                #expect(again.status == .notFound, "\(path)")
                #expect((try again.jsonObject()["error"] as? [String: Any])?["code"] as? String == "unknown_batch")
            }

            // The page's forms do the same: make a batch, then undo it.
            let form = try await client.execute(
                uri: "/bar/batches", method: .post, headers: TestCSRF.formHeaders,
                body: TestCSRF.body("value=honey%20syrup&ml=280"))
            #expect(form.status == .seeOther)
            #expect(try await Self.levels(client)["raw honey"] == 250)
            let pageBatch = try #require(
                (try await client.get("/api/v1/bar").jsonObject()["batches"] as? [[String: Any]])?.first?["id"] as? Int)
            let undo = try await client.execute(
                uri: "/bar/batches/\(pageBatch)/remove", method: .post, headers: TestCSRF.formHeaders,
                body: TestCSRF.body(""))
            #expect(undo.status == .seeOther)
            #expect(try await Self.levels(client)["raw honey"] == 500)
        }
    }

    @Test("the bar page lists the shelf's forms and stand-ins, and Buy next names a bottle, in both languages")
    func substitutionsAndWords() async throws {
        try await Self.withApp { client in
            for value in ["bourbon", "sugar", "Campari", "sweet vermouth", "Angostura bitters"] {
                #expect(try await Self.put(client, value).status == .noContent)
            }
            let bar = String(buffer: try await client.get("/bar").body)
            #expect(bar.contains("Forms and stand-ins from your shelf"))
            #expect(bar.contains("rye whiskey ← your bourbon (changes the drink)"))
            #expect(bar.contains("sugar cube ← your sugar"))
            // The Negroni lacks its gin: a bottle of it, as a person buys it.
            #expect(bar.contains("a bottle of London dry gin →"))
            let italian = String(
                buffer: try await client.execute(uri: "/bar", method: .get, headers: [.acceptLanguage: "it"]).body)
            #expect(italian.contains("Forme e sostituti dal tuo bar"))
            #expect(italian.contains("rye ← bourbon, dal tuo bar (cambia il drink)"))
            #expect(italian.contains("zolletta di zucchero ← zucchero, dal tuo bar"))
            #expect(italian.contains("una bottiglia di London dry gin →"))
        }
    }

    @Test("a bottle's level form speaks its unit: ml for bourbon, grams for honey, pieces for limes; Italian too")
    func formUnits() async throws {
        try await Self.withApp { client in
            for value in ["bourbon", "honey", "lime"] {
                #expect(try await Self.put(client, value).status == .noContent)
            }
            func forms(_ page: String) -> [String: String] {
                var found: [String: String] = [:]
                for part in page.components(separatedBy: "data-stock-bottle=\"").dropFirst() {
                    let value = String(part.prefix { $0 != "\"" })
                    found[value] = part.components(separatedBy: "</li>").first ?? ""
                }
                return found
            }
            let english = forms(String(buffer: try await client.get("/bar").body))
            #expect(english["bourbon"]?.contains("Left (ml)") == true)
            #expect(english["bourbon"]?.contains("Price per bottle") == true)
            let honey = try #require(english.first { $0.key.contains("honey") }?.value)
            #expect(honey.contains("Left (g)") && honey.contains("Pack size (g)") && honey.contains("Price per pack"))
            #expect(english["lime"]?.contains("Pieces in a bag") == true)
            #expect(english["lime"]?.contains("Left (pieces)") == true)
            let italian = forms(
                String(
                    buffer: try await client.execute(uri: "/bar", method: .get, headers: [.acceptLanguage: "it"]).body))
            #expect(italian["lime"]?.contains("Rimanenza (pezzi)") == true)
            #expect(italian["bourbon"]?.contains("Formato bottiglia (ml)") == true)
        }
    }

    @Test("the shopping list names fruit in the plural, in both languages")
    func shoppingPlurals() async throws {
        try await Self.withApp { client in
            let added = try await client.execute(
                uri: "/api/v1/shopping-list", method: .post, headers: Self.json,
                body: ByteBuffer(string: #"{"value": "lemon"}"#))
            #expect(added.status == .created)
            let page = String(buffer: try await client.get("/bar/shopping").body)
            #expect(page.contains(">lemons<") || page.contains("lemons</"))
            let italian = String(
                buffer: try await client.execute(uri: "/bar/shopping", method: .get, headers: [.acceptLanguage: "it"])
                    .body)
            #expect(italian.contains("limoni"))
        }
    }
}
