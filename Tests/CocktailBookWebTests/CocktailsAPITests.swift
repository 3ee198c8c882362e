import CocktailBookTestSupport
import CocktailsAPI
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@Suite("HTTP: cocktails")
struct CocktailsAPITests {
    @Test("GET /healthz answers ok")
    func healthz() async throws {
        let tmp = try TemporaryDatabase()
        defer { tmp.remove() }
        let app = try await makeApp(databasePath: tmp.path, sourceLatency: .seconds(600))
        try await app.test(.router) { client in
            let response = try await client.get("/healthz")
            #expect(response.status == .ok)
            #expect(String(buffer: response.body) == "ok")
        }
    }

    @Test("the list has the documented shape and the bundled cocktails in display order")
    func listShape() async throws {
        let tmp = try TemporaryDatabase()
        defer { tmp.remove() }
        let app = try await makeApp(databasePath: tmp.path)
        try await app.test(.router) { client in
            try await client.waitUntilReady()
            let response = try await client.get("/api/v1/cocktails")
            #expect(response.status == .ok)
            #expect(response.isJSON)
            let object = try response.jsonObject()
            #expect(
                Set(object.keys) == ["title", "filter", "query", "total", "page", "perPage", "nextPage", "cocktails"])
            let rows = try #require(object["cocktails"] as? [[String: Any]])
            #expect(rows.count == 13)
            let expectedKeys: Set = [
                "id", "name", "kind", "shortDescription", "preparationMinutes", "imageURL", "isFavorite",
            ]
            #expect(rows.allSatisfy { Set($0.keys) == expectedKeys })

            let list: ListBody = try response.decoded()
            #expect(list.title == "All Cocktails")
            #expect(list.filter == "all")
            #expect(list.names == WebFixtures.allNames)
            let margarita = try #require(list.cocktails.first { $0.id == "7" })
            #expect(
                margarita
                    == SummaryBody(
                        id: "7", name: "Margarita", kind: "alcoholic", shortDescription: margarita.shortDescription,
                        preparationMinutes: 5, imageURL: margarita.imageURL, isFavorite: false
                    ))
            #expect(!margarita.shortDescription.isEmpty)
            #expect(list.cocktails.first { $0.id == "11" }?.kind == "non-alcoholic")
        }
    }

    @Test(
        "each filter gives its title and its cocktails in order",
        arguments: [
            ("", "All Cocktails", "all", WebFixtures.allNames),
            ("?filter=all", "All Cocktails", "all", WebFixtures.allNames),
            ("?filter=alcoholic", "Alcoholic Cocktails", "alcoholic", WebFixtures.alcoholicNames),
            ("?filter=ALCOHOLIC", "Alcoholic Cocktails", "alcoholic", WebFixtures.alcoholicNames),
            ("?filter=non-alcoholic", "Non-Alcoholic Cocktails", "non-alcoholic", WebFixtures.nonAlcoholicNames),
        ])
    func filters(query: String, title: String, filter: String, names: [String]) async throws {
        let tmp = try TemporaryDatabase()
        defer { tmp.remove() }
        let app = try await makeApp(databasePath: tmp.path)
        try await app.test(.router) { client in
            try await client.waitUntilReady()
            let list = try await client.list(query)
            #expect(list.title == title)
            #expect(list.filter == filter)
            #expect(list.names == names)
        }
    }

    @Test("GET /api/v1/cocktails/0 gives the full cocktail")
    func detail() async throws {
        let tmp = try TemporaryDatabase()
        defer { tmp.remove() }
        let app = try await makeApp(databasePath: tmp.path)
        try await app.test(.router) { client in
            try await client.waitUntilReady()
            let response = try await client.get("/api/v1/cocktails/0")
            #expect(response.status == .ok)
            #expect(response.isJSON)
            let detail: DetailBody = try response.decoded()
            #expect(detail.id == "0")
            #expect(detail.name == "Piña Colada")
            #expect(detail.kind == "alcoholic")
            #expect(detail.preparationMinutes == 7)
            // The version is a content hash of the picture, so it is 12 hex digits after the path.
            #expect(detail.imageURL.wholeMatch(of: /\/images\/cocktails\/0\.svg\?v=[0-9a-f]{12}/) != nil)
            #expect(detail.glass == "hurricane")
            #expect(!detail.isFavorite)
            #expect(detail.shortDescription.hasPrefix("Creamy, frosty blend of rum"))
            #expect(detail.longDescription.hasPrefix("Thick, cold and tropical"))
            #expect(detail.longDescription.contains("San Juan, Puerto Rico"))
            #expect(
                detail.ingredients.map(\.text) == [
                    "50 ml white rum", "30 ml cream of coconut", "50 ml pineapple juice", "1 cup crushed ice",
                ])
            #expect(
                detail.ingredients[1]
                    == LineBody(
                        text: "30 ml cream of coconut", amount: 30, unit: "ml", ingredient: "cream of coconut",
                        note: nil
                    ))
            #expect(try #require(detail.ingredients.last).unit == "cup")
            #expect(detail.method == "blended")
            #expect(detail.category == "Tiki & Tropical")
            #expect(detail.instructions.count >= 3)
            #expect(detail.garnish == "Pineapple wedge and cherry")
            #expect(detail.tags.contains("rum"))
            #expect(detail.iba == "contemporary-classics")
            // 50 ml of 40 % rum in 130 ml of liquid, plus the cup (240 ml) of crushed ice blended into it,
            // half its volume as water: 20 / (130 + 120) = 8.0 %.
            #expect(abs((detail.abv ?? 0) - 8.0) < 0.15)
            let keys = try response.jsonObject()
            for key in ["glass", "category", "method", "instructions", "garnish", "tags", "abv", "iba", "dateModified"]
            {
                #expect(keys[key] != nil, "missing \(key)")
            }
        }
    }

    @Test("a drink's variants come with its details, as lines like the recipe's, converted and translated with it")
    func variants() async throws {
        let tmp = try TemporaryDatabase()
        defer { tmp.remove() }
        try await makeApp(databasePath: tmp.path).test(.router) { client in
            try await client.waitUntilReady()
            let response = try await client.get("/api/v1/cocktails/7")
            let object = try response.jsonObject()
            let variants = try #require(object["variants"] as? [[String: Any]])
            #expect(variants.count == 1)
            #expect(variants.first?["name"] as? String == "House Margarita")
            #expect(
                variants.first?["description"] as? String
                    == "Our everyday pour: more tequila and twice the lime, for a sharper and bigger drink.")
            let lines = try #require(variants.first?["ingredients"] as? [[String: Any]])
            #expect(
                lines.map { $0["text"] as? String } == [
                    "2 oz blanco tequila", "1 oz fresh lime juice", "3/4 oz orange liqueur, such as Cointreau",
                    "Kosher salt, for the rim",
                ])
            #expect(
                lines.map { $0["ingredient"] as? String }.prefix(3) == [
                    "blanco tequila", "fresh lime juice", "orange liqueur",
                ])
            // The recipe itself is the IBA's, untouched by its variant.
            let recipe = try #require(object["ingredients"] as? [[String: Any]])
            #expect(recipe.first?["text"] as? String == "50 ml blanco tequila" && recipe.count == 4)

            let converted = try await client.get("/api/v1/cocktails/7?units=ml&servings=2").jsonObject()
            let convertedLines = try #require(
                (converted["variants"] as? [[String: Any]])?.first?["ingredients"] as? [[String: Any]])
            #expect(convertedLines.prefix(3).map { $0["amount"] as? Double } == [120, 60, 45])
            #expect(convertedLines.prefix(3).map { $0["unit"] as? String } == ["ml", "ml", "ml"])

            let italian = try await client.get("/api/v1/cocktails/7?lang=it").jsonObject()
            #expect((italian["variants"] as? [[String: Any]])?.first?["name"] as? String == "Margarita della casa")

            // Every drink answers the key, empty when it has no variants.
            let plain = try await client.get("/api/v1/cocktails/9").jsonObject()
            #expect((plain["variants"] as? [Any])?.isEmpty == true)
        }
    }

    @Test("an unknown id is a 404 with a JSON error")
    func unknownCocktail() async throws {
        let tmp = try TemporaryDatabase()
        defer { tmp.remove() }
        let app = try await makeApp(databasePath: tmp.path)
        try await app.test(.router) { client in
            try await client.waitUntilReady()
            let response = try await client.get("/api/v1/cocktails/999")
            #expect(response.status == .notFound)
            #expect(response.isJSON)
            let error: ErrorBody = try response.decoded()
            #expect(error.error.code == "cocktail_not_found")
            #expect(error.error.message.contains("999"))
        }
    }

    @Test("a malformed id is a 400 invalid_id", arguments: ["/api/v1/cocktails/a%20b", "/api/v1/cocktails/bad!id"])
    func malformedID(uri: String) async throws {
        let tmp = try TemporaryDatabase()
        defer { tmp.remove() }
        let app = try await makeApp(databasePath: tmp.path)
        try await app.test(.router) { client in
            try await client.waitUntilReady()
            let response = try await client.get(uri)
            #expect(response.status == .badRequest)
            let error: ErrorBody = try response.decoded()
            #expect(error.error.code == "invalid_id")
            #expect(error.error.message.contains("not a valid cocktail id"))
        }
    }

    @Test("an unknown filter is a 400 invalid_filter naming the value")
    func badFilter() async throws {
        let tmp = try TemporaryDatabase()
        defer { tmp.remove() }
        let app = try await makeApp(databasePath: tmp.path)
        try await app.test(.router) { client in
            try await client.waitUntilReady()
            let response = try await client.get("/api/v1/cocktails?filter=beer")
            #expect(response.status == .badRequest)
            #expect(response.isJSON)
            let error: ErrorBody = try response.decoded()
            #expect(error.error.code == "invalid_filter")
            #expect(error.error.message.contains("beer"))
            #expect(error.error.message.contains("non-alcoholic"))
        }
    }

    @Test("an unknown API route is a 404 with a JSON error body")
    func unknownAPIRoute() async throws {
        let tmp = try TemporaryDatabase()
        defer { tmp.remove() }
        let app = try await makeApp(databasePath: tmp.path)
        try await app.test(.router) { client in
            let response = try await client.get("/api/v1/nope")
            #expect(response.status == .notFound)
            #expect(response.isJSON)
            let error: ErrorBody = try response.decoded()
            #expect(error.error.code == "not_found")
            #expect(error.error.message == "There is nothing at this address.")
        }
    }

    // Outside /api/ the design (§2, ErrorMiddleware) answers with a friendly page, not JSON.
    @Test("an unknown page route is a 404 with a friendly error page")
    func unknownPageRoute() async throws {
        let tmp = try TemporaryDatabase()
        defer { tmp.remove() }
        let app = try await makeApp(databasePath: tmp.path)
        try await app.test(.router) { client in
            let response = try await client.get("/nope")
            #expect(response.status == .notFound)
            #expect(response.headers[.contentType]?.hasPrefix("text/html") == true)
            let html = String(buffer: response.body)
            #expect(html.contains("Page not found"))
            #expect(html.contains("There is nothing at this address."))
        }
    }
}
