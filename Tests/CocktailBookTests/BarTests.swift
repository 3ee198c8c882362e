import CocktailBook
import CocktailsAPI
import Foundation
import Testing

/// The bar's reasoning, case by case: families, rules, garnishes, ice, and what to buy.
@Suite("My bar")
struct BarTests {
    static let table = (try? IngredientTable(json: BundledCatalog.ingredientsData)) ?? IngredientTable([])

    static func drink(_ id: String, _ name: String, _ lines: [String], garnish: String? = nil) -> Cocktail {
        Cocktail(
            id: id, name: name, kind: .alcoholic, shortDescription: name, longDescription: name, preparationMinutes: 3,
            imageName: "x", ingredients: lines)
    }

    static let drinks = [
        drink(
            "1", "Negroni", ["1 oz London dry gin", "1 oz Campari", "1 oz sweet vermouth", "1 orange peel, to garnish"]),
        drink("2", "Martinez", ["2 oz Old Tom gin", "1 oz sweet vermouth", "1 tsp maraschino liqueur"]),
        drink("3", "Any Gin Sour", ["2 oz gin", "1 oz fresh lemon juice", "3/4 oz simple syrup", "Ice"]),
        drink(
            "4", "Margarita",
            ["2 oz blanco tequila", "1 oz fresh lime juice", "3/4 oz Cointreau", "Coarse salt, for the rim"]),
        drink("5", "Sidecar", ["2 oz cognac", "3/4 oz triple sec", "3/4 oz fresh lemon juice"]),
        drink("6", "Americano", ["1 oz Campari", "1 oz sweet vermouth", "Soda water, to top"]),
        drink("7", "Boulevardier", ["1 1/2 oz bourbon", "1 oz Campari", "1 oz sweet vermouth"]),
        drink("8", "Old Fashioned", ["2 oz bourbon", "1 sugar cube", "2 dashes Angostura bitters", "1 splash water"]),
    ]

    static let index = BarIndex(cocktails: drinks, table: table)

    static func names(_ entries: [BarEvaluation.Entry]) -> [String] { entries.map { drinks[$0.position].name } }

    @Test("a specific gin satisfies a recipe naming gin, and says so")
    func specificForGeneric() {
        let result = Self.index.evaluate(Shelf(bottles: ["London dry gin", "fresh lemon juice", "simple syrup"]))
        #expect(Self.names(result.canMake) == ["Any Gin Sour"])
        let entry = result.canMake[0]
        #expect(entry.matchedBy == [BarEvaluation.Match(needed: "gin", have: "London dry gin", how: .family)])
    }

    // Rewritten for "Bring your book" item 6: these two tests used to assert that a family's
    // bottle (gin, triple sec) covers no line naming one of its members. A bottle now covers the
    // members of its family, and says so; a sibling is still only a stand-in.
    @Test("gin covers a recipe naming Old Tom gin or London dry gin, and says so")
    func genericForSpecific() {
        let result = Self.index.evaluate(Shelf(bottles: ["gin", "sweet vermouth", "maraschino liqueur", "Campari"]))
        #expect(Self.names(result.canMake) == ["Negroni", "Martinez"])
        let negroni = result.canMake[0]
        #expect(negroni.matchedBy == [BarEvaluation.Match(needed: "London dry gin", have: "gin", how: .family)])
        #expect(
            result.canMake[1].matchedBy == [BarEvaluation.Match(needed: "Old Tom gin", have: "gin", how: .family)])
    }

    @Test("Cointreau counts as triple sec and as any orange liqueur; triple sec covers a Cointreau line")
    func deepFamilies() {
        let withCointreau = Self.index.evaluate(Shelf(bottles: ["cognac", "Cointreau", "fresh lemon juice"]))
        #expect(Self.names(withCointreau.canMake) == ["Sidecar"])
        #expect(
            withCointreau.canMake[0].matchedBy == [
                BarEvaluation.Match(needed: "triple sec", have: "Cointreau", how: .family)
            ])
        let withTripleSec = Self.index.evaluate(Shelf(bottles: ["blanco tequila", "fresh lime juice", "triple sec"]))
        #expect(Self.names(withTripleSec.canMake) == ["Margarita"])
        #expect(
            withTripleSec.canMake[0].matchedBy == [
                BarEvaluation.Match(needed: "Cointreau", have: "triple sec", how: .family)
            ])
        // A sibling is not the family: bourbon for rye whiskey stays a stand-in.
        let ryeDrink = BarIndex(
            cocktails: [Self.drink("9", "Rye Sour", ["2 oz rye whiskey", "1 oz fresh lemon juice"])], table: Self.table)
        let withBourbon = ryeDrink.evaluate(Shelf(bottles: ["bourbon", "fresh lemon juice"]))
        #expect(withBourbon.canMake.isEmpty)
        #expect(withBourbon.withStandIn.count == 1)
    }

    @Test("a common home bar that says \"gin\" makes the Negroni and all it makes when it says London dry gin")
    func aHomeBar() throws {
        let cocktails = try CatalogDecoder.decode(BundledCatalog.data).cocktails
        let index = BarIndex(cocktails: cocktails, table: Self.table)
        let shelf = ["bourbon", "Campari", "sweet vermouth", "dry vermouth", "triple sec", "lime", "sugar"]
        let saysGin = index.evaluate(Shelf(bottles: Set(shelf + ["gin"])))
        let saysLondonDry = index.evaluate(Shelf(bottles: Set(shelf + ["London dry gin"])))
        let made = Set(saysGin.canMake.map { cocktails[$0.position].name })
        #expect(made.contains("Negroni"))
        #expect(made.isSuperset(of: saysLondonDry.canMake.map { cocktails[$0.position].name }))
        #expect(saysLondonDry.canMake.count >= 9, "\(saysLondonDry.canMake.count)")
        let negroni = try #require(saysGin.canMake.first { cocktails[$0.position].name == "Negroni" })
        #expect(negroni.matchedBy.contains(BarEvaluation.Match(needed: "London dry gin", have: "gin", how: .family)))

        // "vermouth" is a family too: one bottle so named covers the sweet vermouth of the Negroni
        // and the dry of the Martini, and says so; a sibling (dry for sweet) stays a stand-in.
        let generic = index.evaluate(Shelf(bottles: ["gin", "Campari", "vermouth"]))
        let byName = Dictionary(generic.canMake.map { (cocktails[$0.position].name, $0) }) { first, _ in first }
        #expect(
            byName["Negroni"]?.matchedBy.contains(
                BarEvaluation.Match(needed: "sweet vermouth", have: "vermouth", how: .family)) == true)
        #expect(byName["Dry Martini"] != nil)
        let dryOnly = index.evaluate(Shelf(bottles: ["gin", "Campari", "dry vermouth"]))
        #expect(!dryOnly.canMake.contains { cocktails[$0.position].name == "Negroni" })
    }

    @Test("a line that says \"exactly\" takes a bottle of its family as a stand-in only, and its own bottle as it is")
    func exactLine() throws {
        let index = BarIndex(
            cocktails: [
                Self.drink("1", "Plymouth Martini", ["60 ml London dry gin, exactly", "15 ml dry vermouth"]),
                Self.drink("2", "Gin and It", ["45 ml London dry gin", "45 ml sweet vermouth"]),
            ], table: Self.table)
        // A generic gin makes the relaxed drink now, the insistent one only with a stand-in.
        let generic = index.evaluate(Shelf(bottles: ["gin", "dry vermouth", "sweet vermouth"]))
        #expect(generic.canMakePositions == [1])
        #expect(generic.standInPositions == [0])
        let entry = try #require(generic.entry(at: 0))
        #expect(entry.matchedBy == [BarEvaluation.Match(needed: "London dry gin", have: "gin", how: .standIn)])
        // Its own bottle makes both, with nothing to explain.
        let own = index.evaluate(Shelf(bottles: ["London dry gin", "dry vermouth", "sweet vermouth"]))
        #expect(own.canMakePositions == [0, 1])
        #expect(try #require(own.entry(at: 0)).matchedBy.isEmpty)
        // Without any gin the insistent line is what is missing, by its ingredient's name.
        let none = index.evaluate(Shelf(bottles: ["dry vermouth"]))
        #expect(try #require(none.entry(at: 0)).missing == ["London dry gin"])
        #expect(index.missing(at: 0, on: Shelf(bottles: ["dry vermouth"])) == ["London dry gin"])
    }

    @Test("a one-way rule works forwards only; a both-ways rule works backwards too")
    func rules() {
        let curacao = SubstitutionRule(use: "orange curaçao", insteadOf: "Cointreau")
        let forwards = Self.index.evaluate(
            Shelf(bottles: ["blanco tequila", "fresh lime juice", "orange curaçao"], rules: [curacao]))
        #expect(Self.names(forwards.canMake) == ["Margarita"])
        #expect(
            forwards.canMake[0].matchedBy.contains(
                BarEvaluation.Match(needed: "Cointreau", have: "orange curaçao", how: .yourRule)))
        // Backwards: Cointreau on the shelf does not stand for orange curaçao through that rule.
        let backwards = Index.withCuracaoRecipe.evaluate(Shelf(bottles: ["Cointreau", "cognac"], rules: [curacao]))
        #expect(backwards.canMake.isEmpty)
        var both = curacao
        both.bothWays = true
        #expect(
            Index.withCuracaoRecipe.evaluate(Shelf(bottles: ["Cointreau", "cognac"], rules: [both])).canMake.count == 1)
    }

    enum Index {
        static let withCuracaoRecipe = BarIndex(
            cocktails: [BarTests.drink("9", "Curaçao Cognac", ["2 oz cognac", "1/2 oz orange curaçao"])],
            table: BarTests.table)
    }

    @Test("a garnish or a rim never blocks a drink, and is listed as nice to have")
    func garnishNeverBlocks() {
        let result = Self.index.evaluate(
            Shelf(bottles: [
                "London dry gin", "Campari", "sweet vermouth", "blanco tequila", "fresh lime juice", "Cointreau",
            ]))
        #expect(Self.names(result.canMake).contains("Negroni"))
        let margarita = result.canMake.first { Self.drinks[$0.position].name == "Margarita" }
        #expect(margarita?.niceToHave == ["coarse salt"])
    }

    @Test("ice and water are never missing; a marked item is always there")
    func alwaysAvailable() {
        let sour = Self.index.evaluate(Shelf(bottles: ["London dry gin", "fresh lemon juice", "simple syrup"]))
        #expect(sour.canMake.first?.missing == [])
        let fashioned = Self.index.evaluate(Shelf(bottles: ["bourbon", "Angostura bitters"]))
        #expect(fashioned.oneAway.first { Self.drinks[$0.position].name == "Old Fashioned" }?.missing == ["sugar cube"])
        let withSugar = Self.index.evaluate(
            Shelf(bottles: ["bourbon", "Angostura bitters"], alwaysAvailable: ["sugar cube"]))
        #expect(Self.names(withSugar.canMake) == ["Old Fashioned"])
    }

    @Test("the same drink counts once, however many rules cover it")
    func countedOnce() {
        let rules = [
            SubstitutionRule(use: "orange curaçao", insteadOf: "Cointreau"),
            SubstitutionRule(use: "Grand Marnier", insteadOf: "Cointreau"),
            SubstitutionRule(use: "orange curaçao", insteadOf: "triple sec"),
        ]
        let result = Self.index.evaluate(
            Shelf(
                bottles: ["blanco tequila", "fresh lime juice", "orange curaçao", "Grand Marnier", "cognac"],
                rules: rules))
        #expect(Self.names(result.canMake) == ["Margarita"])
        #expect(result.canMake.count == Set(result.canMake.map(\.position)).count)
        let suggestions = result.suggestions()
        #expect(suggestions.first { $0.value == "lemon" }?.positions.count == 1) // the Sidecar, once
    }

    @Test("Buy next ranks the bottle that completes the most drinks first, with its drinks")
    func buyNext() {
        let result = Self.index.evaluate(
            Shelf(
                bottles: ["sweet vermouth", "London dry gin", "bourbon", "Angostura bitters", "soda water"],
                alwaysAvailable: ["sugar cube"]))
        let first = result.suggestions().first
        #expect(first?.value == "Campari")
        #expect(
            first.map { $0.positions.map { Self.drinks[$0].name }.sorted() } == [
                "Americano", "Boulevardier", "Negroni",
            ])
        // Buying it moves those drinks into "can make now".
        let after = Self.index.evaluate(
            Shelf(
                bottles: ["sweet vermouth", "London dry gin", "bourbon", "Angostura bitters", "soda water", "Campari"],
                alwaysAvailable: ["sugar cube"]))
        #expect(Set(Self.names(after.canMake)).isSuperset(of: ["Americano", "Boulevardier", "Negroni"]))
        #expect(after.drinksEnabled()["Campari"] == 3)
    }

    @Test("forms: limes make lime juice, simple syrup and a sugar cube count for each other")
    func builtIns() {
        let result = Self.index.evaluate(Shelf(bottles: ["blanco tequila", "lime", "Cointreau"]))
        let margarita = result.canMake.first { Self.drinks[$0.position].name == "Margarita" }
        #expect(
            margarita?.matchedBy.contains(
                BarEvaluation.Match(needed: "fresh lime juice", have: "lime", how: .form)) == true)
        // Lemon juice is not lime juice.
        #expect(
            Self.index.evaluate(Shelf(bottles: ["blanco tequila", "fresh lemon juice", "Cointreau"])).canMake.isEmpty)
        // A bartender sweetens an Old Fashioned with syrup as readily as with a cube.
        let fashioned = Self.index.evaluate(Shelf(bottles: ["bourbon", "Angostura bitters", "simple syrup"]))
        #expect(Self.names(fashioned.canMake) == ["Old Fashioned"])
        #expect(
            fashioned.canMake[0].matchedBy == [
                BarEvaluation.Match(needed: "sugar cube", have: "simple syrup", how: .form)
            ])
    }
}
