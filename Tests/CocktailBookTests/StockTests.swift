import CocktailBook
import CocktailsAPI
import Foundation
import Testing

/// The stock of bottles: what a making pours from which bottle, what a serving costs, and the
/// amounts the book refuses.
@Suite("My bar: stock and cost")
struct StockTests {
    static let table = (try? IngredientTable(json: BundledCatalog.ingredientsData)) ?? IngredientTable([])

    static func drink(_ id: String, _ lines: [String]) -> Cocktail {
        Cocktail(
            id: id, name: id, kind: .alcoholic, shortDescription: id, longDescription: id, preparationMinutes: 3,
            imageName: "x", ingredients: lines)
    }

    static let negroni = drink(
        "Negroni", ["1 oz gin", "1 oz Campari", "1 oz sweet vermouth", "1 orange peel, to garnish"])
    static let sour = drink("Sour", ["2 oz London dry gin", "1 oz Campari", "3/4 oz fresh lime juice"])
    static let index = BarIndex(cocktails: [negroni, sour], table: table)
    static let shelf = Shelf(bottles: ["London dry gin", "Campari", "sweet vermouth", "lime"])

    @Test("two Negronis pour 60 ml from each bottle, the London dry gin standing in for gin")
    func pours() {
        #expect(
            Self.index.pours(of: Self.negroni, servings: 2, on: Self.shelf) == [
                StockUse(value: "London dry gin", ml: 60), StockUse(value: "Campari", ml: 60),
                StockUse(value: "sweet vermouth", ml: 60),
            ])
        // Lime juice comes from limes, not from a bottle: nothing poured for it.
        #expect(
            Self.index.pours(of: Self.sour, servings: 1, on: Self.shelf) == [
                StockUse(value: "London dry gin", ml: 60), StockUse(value: "Campari", ml: 30),
            ])
    }

    @Test("cost per serving from two bottle prices")
    func costFromTwoPrices() {
        let stock = [
            "London dry gin": BottleStock(bottleMl: 700, price: .init(minor: 2100, currency: "EUR")),
            "Campari": BottleStock(bottleMl: 1000, price: .init(minor: 1500, currency: "EUR")),
        ]
        let twoBottles = Self.drink("Two", ["2 oz London dry gin", "1 oz Campari"])
        let index = BarIndex(cocktails: [twoBottles], table: Self.table)
        // 60 ml of 700 ml at 21.00 is 1.80; 30 ml of 1000 ml at 15.00 is 0.45.
        #expect(
            index.cost(of: twoBottles, on: Self.shelf, stock: stock)
                == DrinkCost(minor: 225, currency: "EUR", lackingPrices: []))
        // Without vermouth's price the Negroni says so rather than guess.
        let negroni = Self.index.cost(of: Self.negroni, on: Self.shelf, stock: stock)
        #expect(negroni == DrinkCost(minor: nil, currency: nil, lackingPrices: ["sweet vermouth"]))
        // Limes have no bottle price: the sour says so too.
        #expect(Self.index.cost(of: Self.sour, on: Self.shelf, stock: stock).lackingPrices == ["lime"])
    }

    @Test("amounts the book refuses: negative, above the bottle, a price without a size or currency")
    func problems() {
        #expect(BottleStock(ml: 500, bottleMl: 700, lowMl: 100).problem == nil)
        #expect(BottleStock(ml: -1).problem != nil)
        #expect(BottleStock(ml: 800, bottleMl: 700).problem != nil)
        #expect(BottleStock(bottleMl: 700, lowMl: 701).problem != nil)
        #expect(BottleStock(ml: 30_000).problem != nil)
        #expect(BottleStock(bottleMl: 0).problem != nil)
        #expect(BottleStock(ml: 100, price: .init(minor: 100, currency: "EUR")).problem != nil)
        #expect(BottleStock(bottleMl: 700, price: .init(minor: 100, currency: "eur")).problem != nil)
        #expect(BottleStock(bottleMl: 700, price: .init(minor: -1, currency: "EUR")).problem != nil)
        #expect(BottleStock.level(0.75, of: 700) == 525)
        #expect(BottleStock(ml: 80, lowMl: 100).isLow && !BottleStock(ml: 120, lowMl: 100).isLow)
    }
}
