import CocktailBookTestSupport
import CocktailsAPI
import Foundation
import HummingbirdTesting
import Testing

/// `filter.php` and `list.php` on the 13-cocktail seed catalog.
@Suite("TheCocktailDB API: filter and list")
struct CocktailDBFilterTests {
    private func withSeedApp(_ body: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            try await body(client)
        }
    }

    @Test("i= matches canonical ingredients by whole words, ignoring case, with _ for spaces")
    func byIngredient() async throws {
        try await withSeedApp { client in
            // London dry gin, but not the Julep's ginger ale.
            let gin = try await client.cocktailDBNames("filter.php?i=Gin")
            #expect(gin == ["Gin and Tonic"])
            #expect(try await client.cocktailDBNames("filter.php?i=gin") == ["Gin and Tonic"])
            // The IBA's Piña Colada has no lime.
            let limeJuice = ["Daiquiri", "Margarita", "Margarita Mocktail", "Mojito", "Non-Alcoholic Juicy Julep"]
            #expect(try await client.cocktailDBNames("filter.php?i=Lime_Juice") == limeJuice)
            #expect(try await client.cocktailDBNames("filter.php?i=lime%20juice") == limeJuice)
            // TheCocktailDB's name for white rum (empty before: no drink of ours says "light rum").
            #expect(try await client.cocktailDBNames("filter.php?i=Light_rum,Lime_Juice") == ["Daiquiri", "Mojito"])
            #expect(try await client.cocktailDBNames("filter.php?i=White_Rum,Lime_Juice") == ["Daiquiri", "Mojito"])
            #expect(try await client.cocktailDBNames("filter.php?i=Ginger_Ale") == ["Non-Alcoholic Juicy Julep"])
        }
    }

    @Test("filter items carry only strDrink, strDrinkThumb and idDrink")
    func itemShape() async throws {
        try await withSeedApp { client in
            let drinks = try #require(try await client.cocktailDB("filter.php?i=vodka"))
            #expect(drinks.map { $0["strDrink"] as? String } == ["Bloody Mary", "Screwdriver"])
            for drink in drinks {
                #expect(Set(drink.keys) == ["strDrink", "strDrinkThumb", "idDrink"])
                let id = try #require(drink["idDrink"] as? String)
                // These two seed drinks are drawn exactly as the bundled ones: their JPEG renderings apply.
                #expect(drink["strDrinkThumb"] as? String == "http://localhost/images/cocktails/\(id).jpg")
            }
        }
    }

    @Test("a=, c= and g= take TheCocktailDB's vocabulary and combine")
    func byVocabulary() async throws {
        try await withSeedApp { client in
            let alcoholic = try await client.cocktailDBNames("filter.php?a=Alcoholic")
            #expect(alcoholic == WebFixtures.alcoholicNames)
            #expect(try await client.cocktailDBNames("filter.php?a=Non_Alcoholic") == WebFixtures.nonAlcoholicNames)
            #expect(try await client.cocktailDBNames("filter.php?a=non%20alcoholic") == WebFixtures.nonAlcoholicNames)
            #expect(try await client.cocktailDBNames("filter.php?a=Non-Alcoholic") == WebFixtures.nonAlcoholicNames)

            #expect(
                try await client.cocktailDBNames("filter.php?c=Cocktail") == [
                    "Daiquiri", "Manhattan", "Margarita", "Mojito", "Old Fashioned", "Piña Colada",
                ])
            #expect(
                try await client.cocktailDBNames("filter.php?c=Ordinary_Drink") == [
                    "Bloody Mary", "Gin and Tonic", "Screwdriver",
                ])
            #expect(try await client.cocktailDBNames("filter.php?c=soft_drink") == WebFixtures.nonAlcoholicNames)

            #expect(
                try await client.cocktailDBNames("filter.php?g=Highball_glass") == [
                    "Bloody Mary", "Mojito", "Non-Alcoholic Juicy Julep", "Screwdriver",
                ])
            #expect(
                try await client.cocktailDBNames("filter.php?g=Old-fashioned_glass") == [
                    "Margarita Mocktail", "Old Fashioned",
                ])
            #expect(try await client.cocktailDBNames("filter.php?g=coupe%20glass") == ["Daiquiri"])
            #expect(
                try await client.cocktailDBNames("filter.php?a=Alcoholic&g=Highball_glass") == [
                    "Bloody Mary", "Mojito", "Screwdriver",
                ])
            #expect(
                try await client.cocktailDBNames("filter.php?c=Soft_Drink&i=lime_juice") == [
                    "Margarita Mocktail", "Non-Alcoholic Juicy Julep",
                ])
        }
    }

    @Test("filters that match nothing answer drinks null")
    func noMatch() async throws {
        try await withSeedApp { client in
            let paths = [
                "filter.php?i=unobtainium", "filter.php?i=", "filter.php?a=Optional_alcohol", "filter.php?c=Shot",
                "filter.php?c=Nonsense", "filter.php?g=Champagne_flute", "filter.php?a=Non_Alcoholic&i=vodka",
            ]
            for path in paths {
                let response = try await client.get("\(CocktailDBFixtures.base)/\(path)")
                #expect(response.status == .ok, "\(path)")
                #expect(String(buffer: response.body).contains(#""drinks":null"#), "\(path)")
            }
        }
    }

    @Test(
        "list.php names TheCocktailDB's eleven categories and the glasses, kinds and ingredients present, in its words")
    func lists() async throws {
        try await withSeedApp { client in
            let categories = try await client.cocktailDB("list.php?c=list")
            #expect(
                categories?.map { $0["strCategory"] as? String } == [
                    "Ordinary Drink", "Cocktail", "Shake", "Other / Unknown", "Cocoa", "Shot", "Coffee / Tea",
                    "Homemade Liqueur",
                    "Punch / Party Drink", "Beer", "Soft Drink",
                ])
            #expect(categories?.allSatisfy { $0.count == 1 } == true)

            let glasses = try await client.cocktailDB("list.php?g=list")?.map { $0["strGlass"] as? String }
            #expect(
                glasses == [
                    "Highball glass", "Cocktail glass", "Old-fashioned glass", "Whiskey Glass", "Collins glass",
                    "Hurricane glass", "Margarita glass", "Balloon Glass", "Coupe Glass",
                ])

            let kinds = try await client.cocktailDB("list.php?a=list")?.map { $0["strAlcoholic"] as? String }
            #expect(kinds == ["Alcoholic", "Non alcoholic"])

            let ingredients = try #require(try await client.cocktailDB("list.php?i=list")).map {
                $0["strIngredient1"] as? String ?? "?"
            }
            #expect(
                ingredients.contains("Gin") && ingredients.contains("Sweet Vermouth")
                    && ingredients.contains("Lime juice"))
            #expect(Set(ingredients).count == ingredients.count)
            #expect(ingredients == ingredients.sorted { $0.localizedCaseInsensitiveCompare($1) == .orderedAscending })
            // Every listed ingredient finds at least one drink again.
            for name in ingredients {
                let encoded =
                    name.replacingOccurrences(of: " ", with: "_").addingPercentEncoding(
                        withAllowedCharacters: .urlQueryAllowed) ?? name
                #expect(try await client.cocktailDBNames("filter.php?i=\(encoded)").isEmpty == false, "\(name)")
            }
        }
    }

    @Test(
        "TheCocktailDB's own ingredient names work: Light rum, Sugar syrup, Carbonated water; Gin still finds every gin"
    )
    func theirNames() async throws {
        try await withSeedApp { client in
            let rum = try await client.cocktailDB("filter.php?i=Light_rum")?.compactMap { $0["strDrink"] as? String }
            #expect(rum == ["Daiquiri", "Mojito", "Piña Colada"])
            #expect(try await client.cocktailDB("filter.php?i=Light%20rum")?.count == 3)
            let syrup =
                try await client.cocktailDB("filter.php?i=Sugar%20syrup")?.compactMap { $0["strDrink"] as? String }
                ?? []
            // The IBA's Mojito and Daiquiri take sugar (cane, superfine); the Basil Lemonade Punch takes syrup.
            #expect(syrup.contains("Basil Lemonade Punch") && !syrup.contains("Mojito") && !syrup.contains("Daiquiri"))
            #expect(try await client.cocktailDB("filter.php?i=Carbonated%20water")?.isEmpty == false)
            #expect(
                try await client.cocktailDB("search.php?i=Light%20rum", key: "ingredients")?.first?["strIngredient"]
                    as? String == "Light rum")
            let mojito = try #require(try await client.cocktailDB("lookup.php?i=1")?.first)
            #expect(mojito["strIngredient1"] as? String == "Light rum")
        }
    }
}
