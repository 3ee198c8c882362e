import CocktailBook
import CocktailsAPI
import Foundation
import Testing

/// Recipe lines that name their own alternative (`50 ml cognac, or rye whiskey`): either one
/// makes the drink as written, so the bar counts it as makeable now, pours and costs the one on
/// the shelf, and, when neither is there, names the recipe's first choice.
@Suite("My bar: a line's own alternative")
struct BarAlternativesTests {
    static let table = (try? IngredientTable(json: BundledCatalog.ingredientsData)) ?? IngredientTable([])
    static let cocktails = (try? CatalogDecoder.decode(BundledCatalog.data).cocktails) ?? []
    static let index = BarIndex(cocktails: cocktails, table: table)

    static func entry(_ name: String, in entries: [BarEvaluation.Entry]) -> BarEvaluation.Entry? {
        entries.first { cocktails[$0.position].name == name }
    }

    static func drink(_ name: String) throws -> Cocktail {
        try #require(cocktails.first { $0.name == name })
    }

    @Test(
        "the second choice on the shelf makes the drink now, not with a stand-in: Sazerac from rye, Dirty Martini from vodka"
    )
    func secondChoiceMakesItNow() throws {
        let shelf = Shelf(bottles: [
            "rye whiskey", "absinthe", "sugar", "Peychaud's bitters", "vodka", "dry vermouth", "olive brine",
        ])
        let evaluation = Self.index.evaluate(shelf)
        let sazerac = try #require(Self.entry("Sazerac", in: evaluation.canMake))
        #expect(sazerac.missing.isEmpty)
        #expect(sazerac.standIns.isEmpty)
        // Nothing stands in for the cognac: rye is what the recipe itself offers, so it is not
        // listed among what covers a line in another way.
        #expect(!sazerac.matchedBy.contains { $0.needed == "cognac" })
        #expect(Self.entry("Sazerac", in: evaluation.withStandIn) == nil)
        let martini = try #require(Self.entry("Dirty Martini", in: evaluation.canMake))
        #expect(martini.standIns.isEmpty)
        #expect(Self.entry("Dirty Martini", in: evaluation.oneAway) == nil)
    }

    @Test("either choice works the same: the first on the shelf, the second, or both")
    func eitherChoice() throws {
        for spirit in [["cognac"], ["rye whiskey"], ["cognac", "rye whiskey"]] {
            let shelf = Shelf(bottles: Set(spirit + ["absinthe", "sugar", "Peychaud's bitters"]))
            #expect(Self.entry("Sazerac", in: Self.index.evaluate(shelf).canMake) != nil, "\(spirit)")
        }
    }

    @Test("with neither, the drink is one away and what it lacks is the recipe's first choice, also in Buy next")
    func neitherNamesTheFirstChoice() throws {
        let shelf = Shelf(bottles: ["absinthe", "sugar", "Peychaud's bitters"])
        let evaluation = Self.index.evaluate(shelf)
        let sazerac = try #require(Self.entry("Sazerac", in: evaluation.oneAway))
        #expect(sazerac.missing == ["cognac"])
        let position = try #require(Self.cocktails.firstIndex { $0.name == "Sazerac" })
        #expect(Self.index.missing(at: position, on: shelf) == ["cognac"])
        let suggestion = try #require(evaluation.suggestions().first { $0.value == "cognac" })
        #expect(suggestion.positions.contains(position))
        // The joined line is never a value a shelf can hold, nor a substitution shown.
        #expect(!Self.index.allValues.contains { $0.contains("|") || $0.contains(" or ") })
        #expect(!Self.index.substitutions(on: shelf).contains { $0.needed.contains("|") })
    }

    @Test("what a making pours, and a serving's cost, come from the bottle that is on the shelf")
    func poursAndCostFromTheChoiceOnTheShelf() throws {
        let martini = try Self.drink("Dirty Martini")
        let shelf = Shelf(bottles: ["vodka", "dry vermouth", "olive brine"])
        #expect(
            Self.index.pours(of: martini, servings: 2, on: shelf) == [
                StockUse(value: "vodka", ml: 120), StockUse(value: "dry vermouth", ml: 20),
                StockUse(value: "olive brine", ml: 30),
            ])
        let stock = [
            "vodka": BottleStock(bottleMl: 700, price: .init(minor: 1400, currency: "EUR")),
            "dry vermouth": BottleStock(bottleMl: 1000, price: .init(minor: 1000, currency: "EUR")),
            "olive brine": BottleStock(bottleMl: 300, price: .init(minor: 300, currency: "EUR")),
        ]
        // 60 ml of vodka at 14.00 per 700 ml is 1.20; 10 ml of vermouth 0.10; 15 ml of brine 0.15.
        let cost = Self.index.cost(of: martini, on: shelf, stock: stock)
        #expect(cost.minor == 145)
        #expect(cost.lackingPrices.isEmpty)
        // With both gins and vodka, the recipe's first choice is poured.
        let both = Shelf(bottles: ["London dry gin", "vodka", "dry vermouth", "olive brine"])
        #expect(Self.index.pours(of: martini, servings: 1, on: both).first == StockUse(value: "London dry gin", ml: 60))
    }

    @Test("a young white rum reads as white rum; such as Shiraz or Malbec names no alternative to the red wine")
    func whatCountsAsAnAlternative() throws {
        let canchanchara = Shelf(bottles: ["white rum", "raw honey", "lime"])
        #expect(Self.entry("Canchánchara", in: Self.index.evaluate(canchanchara).canMake) != nil)
        // New York Sour: rye whiskey or bourbon, and a red wine the note only gives examples of.
        let sour = Shelf(bottles: ["bourbon", "lemon", "sugar", "egg white", "Shiraz"])
        let entry = try #require(Self.entry("New York Sour", in: Self.index.evaluate(sour).oneAway))
        #expect(entry.missing == ["dry red wine"])
    }
}
