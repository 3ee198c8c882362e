import CocktailBook
import CocktailsAPI
import Foundation
import Testing

/// House recipes written in the book: the bar reads them like the bundled ones, a circle
/// through any of them is refused, and the editor's draft checks what is typed.
@Suite("My bar: the book's own house recipes")
struct OwnHouseRecipeTests {
    static let table = HouseRecipeTests.table
    static let cocktails = HouseRecipeTests.cocktails

    static func recipe(_ name: String, from lines: [String], days: Int = 14) -> HouseRecipe {
        HouseRecipe(
            ingredient: name, minutes: 20, yield: .init(amount: 300, unit: .ml), shelfLifeDays: days,
            storage: .fridge, lines: lines.map { .init(ingredient: $0, amount: 100, unit: .g) },
            steps: .init(en: ["Simmer and strain."]), names: .init(en: name))
    }

    @Test("an own rosemary syrup from rosemary and sugar makes a drink that uses it makeable from the shelf")
    func rosemarySyrup() throws {
        let spritz = try #require(Self.cocktails.firstIndex { $0.name == "Grapefruit Rosemary Spritz" })
        let shelf = Shelf(bottles: ["grapefruit", "lime", "soda water", "rosemary", "sugar"])
        // With the bundled recipes alone, the bar knows no rosemary at all, and the drink waits
        // for a bottle of rosemary syrup.
        let bundled = BarIndex(cocktails: Self.cocktails, table: Self.table)
        #expect(bundled.value(for: "rosemary") == nil)
        #expect(!bundled.evaluate(shelf).canMakePositions.contains(spritz))

        let recipes = HouseRecipes.bundled.merging([Self.recipe("rosemary syrup", from: ["rosemary", "sugar"])])
        let index = BarIndex(cocktails: Self.cocktails, table: Self.table, houseRecipes: recipes)
        #expect(index.value(for: "Rosemary") == "rosemary", "what the recipe uses is an ingredient the bar knows")
        let evaluation = index.evaluate(shelf)
        #expect(evaluation.canMakePositions.contains(spritz))
        let entry = try #require(evaluation.entry(at: spritz))
        #expect(
            entry.matchedBy.contains(
                BarEvaluation.Match(needed: "rosemary syrup", have: "rosemary", how: .houseMade, minutes: 20)))
        #expect(index.houseStatus(of: "rosemary syrup", on: shelf) == .makeable(from: "rosemary"))
        // Without the rosemary the drink is one away, and Buy next names rosemary through the syrup.
        let without = index.evaluate(Shelf(bottles: ["grapefruit", "lime", "soda water", "sugar"]))
        #expect(!without.canMakePositions.contains(spritz))
        let rosemary = try #require(without.suggestions().first { $0.value == "rosemary" })
        #expect(rosemary.positions.contains(spritz))
        #expect(rosemary.through == ["rosemary syrup"])
        // A brand-new house-made ingredient no drink names is one the bar knows too.
        let new = HouseRecipes.bundled.merging([Self.recipe("thyme cordial", from: ["thyme", "sugar"])])
        let withNew = BarIndex(cocktails: Self.cocktails, table: Self.table, houseRecipes: new)
        #expect(withNew.houseMadeValues.contains("thyme cordial"))
        #expect(withNew.houseStatus(of: "thyme cordial", on: Shelf(bottles: ["thyme"])) == .lacking(["sugar"]))
    }

    @Test("a recipe cycle is refused")
    func cycle() throws {
        // A uses B uses A, both the book's own.
        let a = Self.recipe("a cordial", from: ["sugar", "b cordial"])
        let b = Self.recipe("b cordial", from: ["a cordial"])
        let withA = try HouseRecipes.bundled.replacing(a)
        #expect(throws: HouseRecipeError.cycle(["a cordial", "b cordial", "a cordial"])) {
            try withA.replacing(b)
        }
        // Through a bundled one: honey syrup is made from raw honey, so raw honey may not be
        // made from honey syrup.
        let honey = Self.recipe("raw honey", from: ["honey syrup", "water"])
        #expect(throws: HouseRecipeError.cycle(["honey syrup", "raw honey", "honey syrup"])) {
            try HouseRecipes.bundled.replacing(honey)
        }
        // A recipe that uses itself directly.
        #expect(throws: HouseRecipeError.cycle(["a cordial", "a cordial"])) {
            try HouseRecipes.bundled.replacing(Self.recipe("a cordial", from: ["a cordial"]))
        }
        // Merging what is stored leaves out the one that closes a circle and keeps the rest.
        let merged = HouseRecipes.bundled.merging([a, honey])
        #expect(merged.recipe(for: "a cordial") == a)
        #expect(merged.recipe(for: "raw honey") == nil)
        #expect(merged.recipe(for: "honey syrup") == HouseRecipes.bundled.recipe(for: "honey syrup"))
    }

    @Test("the editor's draft: a recipe as typed, or each problem by its field")
    func draft() throws {
        var draft = HouseRecipeDraft()
        draft.ingredient = " Honey Syrup "
        draft.yieldAmount = "280"
        draft.shelfLifeDays = "21"
        draft.rows = [.init(amount: "1 1/2", unit: "g", ingredient: "Raw honey"), .init()]
        draft.steps = ["Stir.", "  "]
        #expect(draft.problems().isEmpty)
        let recipe = try #require(draft.recipe(table: Self.table))
        #expect(recipe.ingredient == "honey syrup", "the table's name")
        #expect(recipe.lines == [.init(ingredient: "raw honey", amount: 1.5, unit: .g)])
        #expect(recipe.steps == .init(en: ["Stir."]))
        #expect(HouseRecipeDraft(recipe, table: Self.table).recipe(table: Self.table) == recipe, "edits round-trip")

        var bad = draft
        bad.shelfLifeDays = "1000000000"
        bad.rows = [.init(amount: "-5", unit: "ml", ingredient: "water")]
        bad.storage = "other"
        #expect(bad.problems().map(\.field) == ["shelfLifeDays", "storage", "rows.0.amount"])
        #expect(bad.recipe(table: Self.table) == nil)
        var empty = draft
        empty.rows = [.init()]
        #expect(empty.problems().map(\.message) == ["editor_problem_no_ingredients"])
        var many = draft
        many.rows = Array(repeating: .init(amount: "1", unit: "g", ingredient: "sugar"), count: 21)
        #expect(many.problems().map(\.message) == ["editor_problem_too_many"])
        #expect(draft.applying("add-row")?.rows.count == 3)
        #expect(draft.applying("remove-row-0")?.rows.count == 1)
        #expect(draft.applying("drop-table") == nil)
    }
}
