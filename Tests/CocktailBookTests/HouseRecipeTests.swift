import CocktailBook
import CocktailsAPI
import Foundation
import Testing

/// House-made ingredients: the reviewed recipes that ship with the book, the checks every
/// recipe passes, and the bar counting a syrup as makeable from what goes in it.
@Suite("My bar: house-made ingredients")
struct HouseRecipeTests {
    static let table = (try? IngredientTable(json: BundledCatalog.ingredientsData)) ?? IngredientTable([])
    static let cocktails = (try? CatalogDecoder.decode(BundledCatalog.data).cocktails) ?? []
    static let index = BarIndex(cocktails: cocktails, table: table)
    static let named = [
        "simple syrup", "rich simple syrup", "honey syrup", "agave syrup", "demerara syrup", "grenadine", "orgeat",
        "ginger syrup", "raspberry syrup", "cinnamon syrup", "oleo saccharum",
    ]

    static func position(_ name: String) throws -> Int {
        try #require(cocktails.firstIndex { $0.name == name })
    }

    @Test("the bundled recipes decode strictly, one for each syrup the issue names, complete in every language")
    func bundled() throws {
        let recipes = try HouseRecipes(json: BundledCatalog.houseRecipesData)
        #expect(recipes == HouseRecipes.bundled)
        #expect(Set(recipes.recipes.map(\.ingredient)) == Set(Self.named))
        for recipe in recipes.recipes {
            #expect(Self.table.ingredient(named: recipe.ingredient)?.name == recipe.ingredient, "\(recipe.ingredient)")
            #expect(!recipe.lines.isEmpty)
            for language in Language.allCases.dropFirst() {
                let steps = recipe.steps.translated[language.rawValue] ?? []
                #expect(UIStrings.of(language).knowsIngredient(recipe.ingredient), "\(recipe.ingredient)")
                #expect(steps.count == recipe.steps.en.count, "\(recipe.ingredient) in \(language.rawValue)")
                #expect(steps != recipe.steps.en, "\(recipe.ingredient): steps in \(language.rawValue) are translated")
            }
            #expect(recipe.yield.amount > 0 && recipe.shelfLifeDays > 0 && recipe.minutes > 0)
            for line in recipe.lines {
                #expect(Self.table.ingredient(named: line.ingredient)?.name == line.ingredient, "\(line.ingredient)")
                for language in Language.allCases.dropFirst() {
                    #expect(UIStrings.of(language).knowsIngredient(line.ingredient), "\(line.ingredient)")
                }
            }
        }
        #expect(recipes.recipe(for: "Honey Syrup")?.minutes == 2)
        #expect(recipes.recipe(for: "honey syrup")?.storage == .fridge)
    }

    static let honeyJSON = """
        {"ingredient": "honey syrup", "minutes": 2, "yield": {"amount": 280, "unit": "ml"}, "shelfLifeDays": 30,
         "storage": "fridge", "lines": [{"ingredient": "raw honey", "amount": 250, "unit": "g"}],
         "steps": {"en": ["Stir."], "it": ["Mescola."]}}
        """

    @Test("a recipe lacking a field, or with fewer steps in a language than in English, is refused")
    func incomplete() throws {
        #expect(throws: Never.self) { try HouseRecipes(json: Data("[\(Self.honeyJSON)]".utf8)) }
        let withoutShelfLife = Self.honeyJSON.replacingOccurrences(of: "\"shelfLifeDays\": 30,", with: "")
        #expect(throws: DecodingError.self) { try HouseRecipes(json: Data("[\(withoutShelfLife)]".utf8)) }
        let shortItalian = Self.honeyJSON.replacingOccurrences(of: "[\"Stir.\"]", with: "[\"Stir.\", \"Bottle.\"]")
        #expect(throws: HouseRecipeError.incomplete("honey syrup", missing: "steps in it as many as in English")) {
            try HouseRecipes(json: Data("[\(shortItalian)]".utf8))
        }
        // A language left out is shown in English; a key that is not a language code is refused.
        let englishOnly = Self.honeyJSON.replacingOccurrences(of: ", \"it\": [\"Mescola.\"]", with: "")
        #expect(try HouseRecipes(json: Data("[\(englishOnly)]".utf8)).recipes.first?.steps.of(.italian) == ["Stir."])
        let badCode = Self.honeyJSON.replacingOccurrences(of: "\"it\":", with: "\"Italiano\":")
        #expect(throws: DecodingError.self) { try HouseRecipes(json: Data("[\(badCode)]".utf8)) }
        let forever = Self.honeyJSON.replacingOccurrences(of: "30", with: "1000000000")
        #expect(throws: HouseRecipeError.outOfRange("honey syrup", field: "shelf life")) {
            try HouseRecipes(json: Data("[\(forever)]".utf8))
        }
    }

    static func recipe(_ name: String, from lines: [String]) -> HouseRecipe {
        HouseRecipe(
            ingredient: name, minutes: 5, yield: .init(amount: 100, unit: .ml), shelfLifeDays: 7, storage: .fridge,
            lines: lines.map { .init(ingredient: $0, amount: 10, unit: .ml) },
            steps: .init(en: ["Mix."], translated: ["it": ["Mescola."]])
        )
    }

    @Test("a recipe cycle is refused: one that uses itself through other house-made ingredients")
    func cycle() throws {
        #expect(throws: HouseRecipeError.cycle(["a syrup", "b syrup", "c syrup", "a syrup"])) {
            try HouseRecipes([
                Self.recipe("a syrup", from: ["sugar", "b syrup"]), Self.recipe("b syrup", from: ["c syrup"]),
                Self.recipe("c syrup", from: ["water", "a syrup"]),
            ])
        }
        #expect(throws: HouseRecipeError.cycle(["a syrup", "a syrup"])) {
            try HouseRecipes([Self.recipe("a syrup", from: ["a syrup"])])
        }
        // The same three in a line are fine, and made in order: what is used comes first.
        let line = try HouseRecipes([
            Self.recipe("a syrup", from: ["sugar", "b syrup"]), Self.recipe("b syrup", from: ["c syrup"]),
            Self.recipe("c syrup", from: ["water"]),
        ])
        #expect(line.inMakingOrder.map(\.ingredient) == ["c syrup", "b syrup", "a syrup"])
    }

    @Test("honey on the shelf makes Gold Rush makeable through honey syrup, and the explanation says so")
    func goldRushThroughHoneySyrup() throws {
        let goldRush = try Self.position("Gold Rush")
        let evaluation = Self.index.evaluate(Shelf(bottles: ["bourbon", "lemon", "honey"]))
        #expect(evaluation.canMakePositions.contains(goldRush))
        let entry = try #require(evaluation.entry(at: goldRush))
        let made = BarEvaluation.Match(needed: "honey syrup", have: "raw honey", how: .houseMade, minutes: 2)
        #expect(entry.matchedBy.contains(made))
        #expect(entry.standIns.isEmpty)
        #expect(made.text(.english) == "honey syrup ← make it from your raw honey (2 min)")
        #expect(made.text(.of(.italian)) == "sciroppo di miele ← da preparare con miele grezzo, dal tuo bar (2 min)")
        // Without honey the drink is one away, and Buy next names honey, through the syrup.
        let without = Self.index.evaluate(Shelf(bottles: ["bourbon", "lemon"]))
        #expect(!without.canMakePositions.contains(goldRush))
        #expect(without.oneAwayPositions.contains(goldRush))
        let honey = try #require(without.suggestions().first { $0.value == "raw honey" })
        #expect(honey.positions.contains(goldRush))
        #expect(honey.through == ["honey syrup"])
        #expect(!without.suggestions().contains { $0.value == "honey syrup" })
    }

    @Test("a syrup whose recipe lacks one thing is bought as that thing: almonds for orgeat")
    func orgeatNeedsAlmonds() throws {
        let maiTai = try #require(Self.cocktails.firstIndex { $0.ingredients.contains { $0.contains("orgeat") } })
        let shelf = Shelf(bottles: ["sugar", "orange flower water"])
        #expect(Self.index.missing(at: maiTai, on: shelf).contains("almonds"))
        #expect(!Self.index.missing(at: maiTai, on: shelf).contains("orgeat"))
        #expect(!Self.index.missing(at: maiTai, on: Shelf(bottles: ["orgeat"])).contains("almonds"))
    }

    @Test("an expired batch does not count; a fresh one counts as on the shelf")
    func expiredBatch() throws {
        let goldRush = try Self.position("Gold Rush")
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .gmt
        let now = Date(timeIntervalSince1970: 1_780_000_000)
        let day = { (days: Int) in calendar.date(byAdding: .day, value: -days, to: now) ?? now }
        let old = HouseBatch(id: 1, value: "honey syrup", ml: 300, madeAt: day(31))
        let fresh = HouseBatch(id: 2, value: "honey syrup", ml: 300, madeAt: day(29))
        let recipes = HouseRecipes.bundled
        #expect(!old.isFresh(at: now, recipes: recipes, calendar: calendar))
        #expect(old.expiry(recipes: recipes, calendar: calendar) == day(1))
        #expect(fresh.isFresh(at: now, recipes: recipes, calendar: calendar))

        let expired = Shelf.freshBatches([old], at: now, recipes: recipes, calendar: calendar)
        #expect(expired.isEmpty)
        let stale = Self.index.evaluate(Shelf(bottles: ["bourbon", "lemon"], freshBatches: expired))
        #expect(!stale.canMakePositions.contains(goldRush))

        let good = Shelf.freshBatches([old, fresh], at: now, recipes: recipes, calendar: calendar)
        #expect(good == ["honey syrup"])
        let made = Self.index.evaluate(Shelf(bottles: ["bourbon", "lemon"], freshBatches: good))
        #expect(made.canMakePositions.contains(goldRush))
        // The batch itself is on the shelf: nothing to explain for the syrup.
        #expect(made.entry(at: goldRush)?.matchedBy.contains { $0.needed == "honey syrup" } == false)
    }
}
