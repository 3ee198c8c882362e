import CocktailBookTestSupport
import CocktailBookWeb
import CocktailsAPI
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CocktailBookApp

// Support for the TheCocktailDB-compatible API's tests. The vocabularies below are copied from
// TheCocktailDB, not from the app, so that a value the app invents shows up as a failure.

/// Builds the real app serving the 170-cocktail bundled catalog, instantly, quietly.
func makeCocktailDBBundledApp(databasePath path: String) async throws -> some ApplicationProtocol {
    try await buildApplication(
        configuration: AppConfiguration.forTests(
            databasePath: path, sourceLatency: .zero, catalogPath: nil, logLevel: .error
        ))
}

enum CocktailDBFixtures {
    /// Where the API lives; the key is arbitrary.
    static let base = "/api/json/v1/1"

    static let alcoholic: Set<String> = ["Alcoholic", "Non alcoholic", "Optional alcohol"]
    static let categories: Set<String> = [
        "Ordinary Drink", "Cocktail", "Shake", "Other / Unknown", "Cocoa", "Shot", "Coffee / Tea", "Homemade Liqueur",
        "Punch / Party Drink", "Beer", "Soft Drink",
    ]
    static let glasses: Set<String> = [
        "Highball glass", "Cocktail glass", "Old-fashioned glass", "Whiskey Glass", "Collins glass",
        "Pousse cafe glass",
        "Champagne flute", "Whiskey sour glass", "Cordial glass", "Brandy snifter", "White wine glass",
        "Nick and Nora Glass", "Hurricane glass", "Coffee mug", "Shot glass", "Jar", "Irish coffee cup", "Punch bowl",
        "Pitcher", "Pint glass", "Copper Mug", "Wine Glass", "Beer mug", "Margarita/Coupette glass", "Beer pilsner",
        "Beer Glass", "Parfait glass", "Mason jar", "Margarita glass", "Martini Glass", "Balloon Glass", "Coupe Glass",
    ]

    /// The keys of a full drink, slots aside.
    static let drinkKeys: [String] = [
        "idDrink", "strDrink", "strDrinkAlternate", "strTags", "strVideo", "strCategory", "strIBA", "strAlcoholic",
        "strGlass", "strInstructions", "strInstructionsES", "strInstructionsDE", "strInstructionsFR",
        "strInstructionsIT", "strInstructionsZH-HANS", "strInstructionsZH-HANT", "strDrinkThumb", "strImageSource",
        "strImageAttribution", "strCreativeCommonsConfirmed", "dateModified",
    ]

    /// Every key of a full drink, with `strIngredient1…15` and `strMeasure1…15`.
    static let allDrinkKeys: Set<String> = Set(
        drinkKeys + (1...15).flatMap { ["strIngredient\($0)", "strMeasure\($0)"] })

    static let ingredientKeys: Set<String> = [
        "idIngredient", "strIngredient", "strDescription", "strType", "strAlcohol", "strABV",
    ]
}

/// One object of an answer, with TheCocktailDB's string-or-null values.
typealias CocktailDBObject = [String: Any]

extension TestResponse {
    /// The array under `key` (`drinks`, `ingredients`); `nil` when the answer says `null`.
    /// Records an issue when the answer is not a 200 JSON object with that key.
    func cocktailDB(_ key: String = "drinks", sourceLocation: SourceLocation = #_sourceLocation) throws
        -> [CocktailDBObject]?
    {
        #expect(status == .ok, "\(String(buffer: body))", sourceLocation: sourceLocation)
        #expect(isJSON, sourceLocation: sourceLocation)
        let object = try jsonObject()
        #expect(Set(object.keys) == [key], "\(object.keys)", sourceLocation: sourceLocation)
        if object[key] is NSNull { return nil }
        return try #require(
            object[key] as? [CocktailDBObject], "\(key) is neither null nor an array", sourceLocation: sourceLocation)
    }
}

extension TestClientProtocol {
    /// `GET /api/json/v1/1/{path}` and its `drinks` (or other `key`) array, `nil` for `null`.
    func cocktailDB(_ path: String, key: String = "drinks", sourceLocation: SourceLocation = #_sourceLocation)
        async throws -> [CocktailDBObject]?
    {
        try await get("\(CocktailDBFixtures.base)/\(path)").cocktailDB(key, sourceLocation: sourceLocation)
    }

    /// The `strDrink` of every drink `path` answers; empty for `null`.
    func cocktailDBNames(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> [String] {
        try await cocktailDB(path, sourceLocation: sourceLocation)?.map { $0["strDrink"] as? String ?? "?" } ?? []
    }

    /// The one drink `lookup.php?i=id` answers.
    func cocktailDBDrink(_ id: String, sourceLocation: SourceLocation = #_sourceLocation) async throws
        -> CocktailDBObject
    {
        let drinks = try await cocktailDB("lookup.php?i=\(id)", sourceLocation: sourceLocation)
        #expect(drinks?.count == 1, sourceLocation: sourceLocation)
        return try #require(drinks?.first, sourceLocation: sourceLocation)
    }
}

@Suite("TheCocktailDB API: routing and catalog states")
struct CocktailDBTests {
    @Test("any key is accepted, and a missing parameter is a JSON 400")
    func keysAndMissingParameters() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            for key in ["1", "9973533", "my-key"] {
                let names = try await client.get("/api/json/v1/\(key)/search.php?s=daiquiri").cocktailDB()?.compactMap {
                    $0["strDrink"] as? String
                }
                #expect(names == ["Daiquiri"], "\(key)")
            }
            for path in ["search.php", "lookup.php", "filter.php", "list.php"] {
                let response = try await client.get("\(CocktailDBFixtures.base)/\(path)")
                #expect(response.status == .badRequest, "\(path)")
                let error: ErrorBody = try response.decoded()
                #expect(error.error.code == "missing_parameter")
                #expect(error.error.message.contains(path))
            }
            #expect(try await client.get("\(CocktailDBFixtures.base)/popular.php").status == .notFound)
        }
    }

    @Test("while the catalog loads every endpoint answers 503 catalog_loading in JSON")
    func loading() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path, sourceLatency: .seconds(600)).test(.router) { client in
            let paths = [
                "search.php?s=", "search.php?f=m", "search.php?i=vodka", "lookup.php?i=7", "lookup.php?iid=1",
                "random.php",
                "filter.php?i=gin", "filter.php?c=Cocktail", "list.php?c=list", "list.php?i=list",
            ]
            for path in paths {
                let response = try await client.get("\(CocktailDBFixtures.base)/\(path)")
                #expect(response.status == .serviceUnavailable, "\(path)")
                #expect(response.headers[.retryAfter] == "2", "\(path)")
                let error: ErrorBody = try response.decoded()
                #expect(error.error.code == "catalog_loading", "\(path)")
            }
        }
    }

    @Test("when the catalog failed to load, the API answers 503 catalog_unavailable")
    func failed() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path, sourceFailures: 1).test(.router) { client in
            let status = try await client.waitForCatalog { $0.state != "loading" }
            #expect(status.state == "failed")
            for path in ["search.php?s=mojito", "lookup.php?i=1", "random.php", "list.php?g=list"] {
                let response = try await client.get("\(CocktailDBFixtures.base)/\(path)")
                #expect(response.status == .serviceUnavailable, "\(path)")
                let error: ErrorBody = try response.decoded()
                #expect(error.error.code == "catalog_unavailable", "\(path)")
            }
        }
    }
}
