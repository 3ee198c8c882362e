import CocktailBook
import CocktailBookTestSupport
import CocktailsAPI
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CocktailBookApp
@testable import CocktailBookWeb

/// TheCocktailDB's API to the letter: its key order, and the closest name first.
@Suite("TheCocktailDB API: key order and ranking")
struct CocktailDBOrderTests {
    static let drinkKeys =
        [
            "idDrink", "strDrink", "strDrinkAlternate", "strTags", "strVideo", "strCategory", "strIBA", "strAlcoholic",
            "strGlass", "strInstructions", "strInstructionsES", "strInstructionsDE", "strInstructionsFR",
            "strInstructionsIT",
            "strInstructionsZH-HANS", "strInstructionsZH-HANT", "strDrinkThumb",
        ]
        + (1...15).map { "strIngredient\($0)" } + (1...15).map { "strMeasure\($0)" }
        + ["strImageSource", "strImageAttribution", "strCreativeCommonsConfirmed", "dateModified"]

    /// The keys of the first object inside the envelope, in the order the bytes have them.
    static func keyOrder(_ body: String) -> [String] {
        guard let start = body.range(of: "[{")?.upperBound,
            let end = body.range(of: "}", range: start..<body.endIndex)?.lowerBound
        else { return [] }
        return body[start..<end].matches(of: /"([A-Za-z0-9-]+)":/).map { String($0.1) }
    }

    @Test("drinks, filter rows and ingredients keep TheCocktailDB's key order, and stay valid JSON")
    func keyOrder() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let drink = String(buffer: try await client.get("/api/json/v1/1/lookup.php?i=7").body)
            #expect(Self.keyOrder(drink) == Self.drinkKeys)
            #expect((try? JSONSerialization.jsonObject(with: Data(drink.utf8))) != nil)
            let row = String(buffer: try await client.get("/api/json/v1/1/filter.php?a=Alcoholic").body)
            #expect(Self.keyOrder(row) == ["strDrink", "strDrinkThumb", "idDrink"])
            let ingredient = String(buffer: try await client.get("/api/json/v1/1/lookup.php?iid=1").body)
            #expect(
                Self.keyOrder(ingredient) == [
                    "idIngredient", "strIngredient", "strDescription", "strType", "strAlcohol", "strABV",
                ])
        }
    }

    @Test("search.php?s= lists the exact name first, then names starting with it, then the rest")
    func margaritaFirst() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        // The bundled catalog: alphabetical order would start with Grand Margarita.
        try await makeApp(databasePath: database.path, configure: { $0.catalogPath = nil }).test(.router) { client in
            try await client.waitUntilReady()
            let body = try await client.get("/api/json/v1/1/search.php?s=margarita").jsonObject()
            let names = ((body["drinks"] as? [[String: Any]]) ?? []).compactMap { $0["strDrink"] as? String }
            #expect(
                names == [
                    "Margarita", "Margarita Mocktail", "Frozen Margarita", "Grand Margarita", "Tommy's Margarita",
                ])
        }
    }

    @Test("strings are escaped as JSON asks: quotes, backslashes and control characters")
    func escaping() throws {
        let text = "a \"quoted\" \\ back\nslash\u{1}/"
        let json = "{\"v\":" + OrderedJSON.string(text) + "}"
        let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: String]
        #expect(decoded?["v"] == text)
    }
}

/// TheCocktailDB's per-language instructions come from the drink's translations.
@Suite("TheCocktailDB API: instructions by language")
struct CocktailDBLanguagesTests {
    @Test("strInstructionsDE, FR, ES and IT carry the drink's translation in that language, null without one")
    func instructionsByLanguage() {
        func texts(_ steps: [String]) -> CocktailTexts {
            CocktailTexts(shortDescription: "", longDescription: "", instructions: steps)
        }
        let cocktail = Cocktail(
            id: "1", name: "Negroni", kind: .alcoholic, shortDescription: "Bitter", longDescription: "Bitter",
            preparationMinutes: 2, imageName: "x", ingredients: ["30 ml gin"], instructions: ["Stir.", "Strain."],
            translations: [
                "it": texts(["Mescola.", "Filtra."]), "de": texts(["Rühren.", "Abseihen."]), "fr": texts([]),
            ])
        let details = CocktailDetails(
            CocktailList.Item(cocktail: cocktail, isFavorite: false), table: IngredientTable([]))
        let record = CocktailDBDrink.full(details, images: CocktailDBImageBase(origin: "http://127.0.0.1"))
        let value = { (key: String) in record.fields.first { $0.key == key }?.value }
        #expect(value("strInstructions") == "Stir. Strain.")
        #expect(value("strInstructionsIT") == "Mescola. Filtra.")
        #expect(value("strInstructionsDE") == "Rühren. Abseihen.")
        #expect(value("strInstructionsFR") == nil)
        #expect(value("strInstructionsES") == nil)
        #expect(record.fields.contains { $0.key == "strInstructionsES" })
    }
}
