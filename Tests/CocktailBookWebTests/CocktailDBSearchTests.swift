import CocktailBookTestSupport
import CocktailsAPI
import Foundation
import HummingbirdTesting
import Testing

/// `search.php`, `lookup.php` and `random.php` on the 13-cocktail seed catalog.
@Suite("TheCocktailDB API: search, lookup, random")
struct CocktailDBSearchTests {
    private func withSeedApp(_ body: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            try await body(client)
        }
    }

    @Test("s= finds names containing the text, ignoring case and accents; empty s lists every drink")
    func searchByName() async throws {
        try await withSeedApp { client in
            #expect(try await client.cocktailDBNames("search.php?s=margarita") == ["Margarita", "Margarita Mocktail"])
            #expect(try await client.cocktailDBNames("search.php?s=MARGARITA") == ["Margarita", "Margarita Mocktail"])
            #expect(try await client.cocktailDBNames("search.php?s=pina") == ["Piña Colada"])
            #expect(try await client.cocktailDBNames("search.php?s=colada") == ["Piña Colada"])
            #expect(try await client.cocktailDBNames("search.php?s=ito") == ["Mojito"])
            #expect(try await client.cocktailDBNames("search.php?s=old+fashioned") == ["Old Fashioned"])
            #expect(try await client.cocktailDBNames("search.php?s=old%20fashioned") == ["Old Fashioned"])
            #expect(try await client.cocktailDBNames("search.php?s=") == WebFixtures.allNames)
            let drinks = try #require(try await client.cocktailDB("search.php?s=mojito"))
            #expect(Set(drinks[0].keys) == CocktailDBFixtures.allDrinkKeys)
        }
    }

    @Test("no match answers drinks null, not an empty array")
    func searchNoMatch() async throws {
        try await withSeedApp { client in
            for path in [
                "search.php?s=zzzz", "search.php?f=x", "search.php?f=", "lookup.php?i=999", "lookup.php?i=bad%20id%21",
            ] {
                let response = try await client.get("\(CocktailDBFixtures.base)/\(path)")
                #expect(response.status == .ok, "\(path)")
                #expect(String(buffer: response.body) == #"{"drinks":null}"#, "\(path)")
            }
        }
    }

    @Test("f= lists the drinks starting with a letter, whatever its case or accent")
    func searchByFirstLetter() async throws {
        try await withSeedApp { client in
            let m = try await client.cocktailDBNames("search.php?f=m")
            #expect(m == ["Manhattan", "Margarita", "Margarita Mocktail", "Mojito"])
            #expect(try await client.cocktailDBNames("search.php?f=B") == ["Basil Lemonade Punch", "Bloody Mary"])
            // A longer value counts by its first letter, as on TheCocktailDB.
            #expect(try await client.cocktailDBNames("search.php?f=sx") == ["Screwdriver"])
            #expect(try await client.cocktailDBNames("search.php?f=p") == ["Piña Colada"])
        }
    }

    @Test("i= finds ingredients by name or alias, and iid= finds the same record again")
    func searchIngredients() async throws {
        try await withSeedApp { client in
            let vodka = try #require(try await client.cocktailDB("search.php?i=vodka", key: "ingredients")?.first)
            #expect(Set(vodka.keys) == CocktailDBFixtures.ingredientKeys)
            #expect(vodka["strIngredient"] as? String == "Vodka")
            #expect(vodka["strType"] as? String == "Spirit")
            #expect(vodka["strAlcohol"] as? String == "Yes")
            #expect(vodka["strABV"] as? String == "40")
            // Bloody Mary and Screwdriver.
            #expect(
                vodka["strDescription"] as? String == "Vodka is a spirit of about 40% ABV, used in 2 of our cocktails.")
            let id = try #require(vodka["idIngredient"] as? String)
            #expect(Int(id) != nil)
            let again = try await client.cocktailDB("lookup.php?iid=\(id)", key: "ingredients")
            #expect(again?.count == 1)
            #expect(again?.first?["strIngredient"] as? String == "Vodka")
            #expect(again?.first?["strDescription"] as? String == vodka["strDescription"] as? String)

            let gin = try await client.cocktailDB("search.php?i=GIN", key: "ingredients")
            #expect(gin?.map { $0["strIngredient"] as? String } == ["Gin"])
            let vermouth = try #require(
                try await client.cocktailDB("search.php?i=Sweet_Vermouth", key: "ingredients")?.first)
            #expect(vermouth["strIngredient"] as? String == "Sweet Vermouth")
            #expect(vermouth["strType"] as? String == "Fortified Wine")
            #expect(vermouth["strABV"] as? String == "16")
            let lime = try #require(try await client.cocktailDB("search.php?i=lime%20juice", key: "ingredients")?.first)
            #expect(lime["strIngredient"] as? String == "Lime juice")
            #expect(lime["strAlcohol"] as? String == "No")
            #expect(lime["strABV"] is NSNull)
            #expect(
                (lime["strDescription"] as? String)?.hasPrefix("Lime juice is a non-alcoholic juice, used in 5 of")
                    == true)

            // An exact name answers that ingredient alone, as TheCocktailDB does; words that name
            // no ingredient exactly find every ingredient holding them.
            let rum = try #require(try await client.cocktailDB("search.php?i=rum", key: "ingredients"))
            #expect(rum.map { $0["strIngredient"] as? String } == ["Rum"])
            let jamaican = try #require(try await client.cocktailDB("search.php?i=jamaican", key: "ingredients"))
            #expect(jamaican.count >= 4)
            #expect(
                jamaican.allSatisfy {
                    ($0["strIngredient"] as? String)?.lowercased().split(separator: " ").contains("jamaican") == true
                })
        }
    }

    @Test("unknown ingredients answer ingredients null")
    func ingredientsNoMatch() async throws {
        try await withSeedApp { client in
            for path in [
                "search.php?i=unobtainium", "search.php?i=", "lookup.php?iid=0", "lookup.php?iid=abc",
                "lookup.php?iid=100000",
            ] {
                let response = try await client.get("\(CocktailDBFixtures.base)/\(path)")
                #expect(response.status == .ok, "\(path)")
                #expect(String(buffer: response.body) == #"{"ingredients":null}"#, "\(path)")
            }
        }
    }

    @Test("lookup i= gives the full drink in TheCocktailDB's words")
    func lookupMargarita() async throws {
        try await withSeedApp { client in
            let drink = try await client.cocktailDBDrink("7")
            #expect(Set(drink.keys) == CocktailDBFixtures.allDrinkKeys)
            #expect(drink["idDrink"] as? String == "7")
            #expect(drink["strDrink"] as? String == "Margarita")
            #expect(drink["strTags"] as? String == "Classic,Tequila,Sour,Citrus")
            #expect(drink["strCategory"] as? String == "Cocktail")
            #expect(drink["strIBA"] as? String == "Contemporary Classics")
            #expect(drink["strAlcoholic"] as? String == "Alcoholic")
            #expect(drink["strGlass"] as? String == "Margarita glass")
            #expect((drink["strInstructions"] as? String)?.isEmpty == false)
            // The book's German for its Margarita, the same drink as the source's; no Chinese.
            #expect((drink["strInstructionsDE"] as? String)?.hasPrefix("Den halben Rand eines Margaritaglases") == true)
            #expect(drink["strInstructionsZH-HANT"] is NSNull)
            // rendered, see RasterPictures
            #expect(drink["strDrinkThumb"] as? String == "http://localhost/images/cocktails/7.jpg")
            #expect(drink["strCreativeCommonsConfirmed"] as? String == "No")
            #expect(drink["dateModified"] as? String == "2024-08-19 17:45:00")
            let ingredients = (1...6).map { drink["strIngredient\($0)"] as? String }
            // "orange liqueur, such as Cointreau" is any orange liqueur, not Cointreau itself.
            #expect(ingredients == ["Tequila", "Orange Liqueur", "Lime juice", "Salt", nil, nil])
            let measures = (1...5).map { drink["strMeasure\($0)"] as? String }
            #expect(measures == ["50 ml ", "20 ml ", "15 ml ", nil, nil])
            #expect(drink["strMeasure15"] is NSNull && drink["strIngredient15"] is NSNull)
        }
    }

    @Test("lookup maps categories, glasses, top-ups and non-alcoholic drinks")
    func lookupVocabulary() async throws {
        try await withSeedApp { client in
            let mojito = try await client.cocktailDBDrink("1")
            // A muddled herb over crushed ice: Julep & Smash, which TheCocktailDB calls a Cocktail.
            #expect(mojito["strCategory"] as? String == "Cocktail")
            #expect(mojito["strGlass"] as? String == "Highball glass")
            #expect(mojito["strIngredient4"] as? String == "Fresh Mint")
            #expect(mojito["strMeasure4"] as? String == "6 sprigs ")
            #expect(mojito["strIngredient5"] as? String == "Carbonated water")
            #expect(mojito["strMeasure5"] as? String == "Top up ")

            let manhattan = try await client.cocktailDBDrink("3")
            #expect(manhattan["strGlass"] as? String == "Cocktail glass") // as TheCocktailDB files the Manhattan
            #expect(manhattan["strIBA"] as? String == "Unforgettables")
            #expect(
                (1...3).map { manhattan["strIngredient\($0)"] as? String } == [
                    "Rye Whiskey", "Sweet Vermouth", "Angostura bitters",
                ])
            #expect(manhattan["strMeasure3"] as? String == "1 dash ")

            let colada = try await client.cocktailDBDrink("0")
            #expect(colada["strMeasure2"] as? String == "30 ml ")
            #expect(colada["strIngredient4"] as? String == "Crushed Ice")
            #expect(colada["strMeasure4"] as? String == "1 cup ")

            let punch = try await client.cocktailDBDrink("5")
            #expect(punch["strAlcoholic"] as? String == "Non alcoholic")
            #expect(punch["strCategory"] as? String == "Soft Drink")
            #expect(punch["strGlass"] as? String == "Collins glass")
            #expect(punch["strIBA"] is NSNull)
            #expect(try await client.cocktailDBDrink("4")["strGlass"] as? String == "Whiskey Glass")
        }
    }

    @Test("strDrinkThumb names the Host the client used, never an unsafe one, and /preview serves it")
    func thumbnails() async throws {
        try await withSeedApp { client in
            let uri = "\(CocktailDBFixtures.base)/lookup.php?i=7"
            let hosted = try await client.execute(uri: uri, method: .get, headers: [.init("Host")!: "bar.example:9000"])
            #expect(
                try hosted.cocktailDB()?.first?["strDrinkThumb"] as? String
                    == "http://bar.example:9000/images/cocktails/7.jpg")
            // X-Forwarded-Proto counts only behind a trusted proxy (see OperationsTests).
            let proxied = try await client.execute(
                uri: uri, method: .get, headers: [.init("Host")!: "bar.example", .init("X-Forwarded-Proto")!: "https"])
            #expect(
                try proxied.cocktailDB()?.first?["strDrinkThumb"] as? String
                    == "http://bar.example/images/cocktails/7.jpg")
            let hostile = try await client.execute(uri: uri, method: .get, headers: [.init("Host")!: "evil.example/x?"])
            #expect(
                try hostile.cocktailDB()?.first?["strDrinkThumb"] as? String
                    == "http://localhost/images/cocktails/7.jpg")

            let image = try await client.get("/images/cocktails/7.svg")
            let preview = try await client.get("/images/cocktails/7.svg/preview")
            #expect(preview.status == .ok)
            #expect(preview.headers[.contentType] == "image/svg+xml")
            #expect(String(buffer: preview.body) == String(buffer: image.body))
            #expect(String(buffer: preview.body).hasPrefix("<svg"))
            #expect(try await client.get("/images/cocktails/999.svg/preview").status == .notFound)
            #expect(try await client.get("/images/cocktails/7.png/preview").status == .notFound)
        }
    }

    @Test("random gives one full drink of the catalog")
    func random() async throws {
        try await withSeedApp { client in
            var seen = Set<String>()
            for _ in 0..<20 {
                let drinks = try #require(try await client.cocktailDB("random.php"))
                #expect(drinks.count == 1)
                #expect(Set(drinks[0].keys) == CocktailDBFixtures.allDrinkKeys)
                let name = try #require(drinks[0]["strDrink"] as? String)
                #expect(WebFixtures.allNames.contains(name))
                seen.insert(name)
            }
            #expect(seen.count > 1)
        }
    }
}
