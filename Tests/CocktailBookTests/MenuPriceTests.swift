import CocktailBook
import CocktailsAPI
import Foundation
import Testing

/// Menu prices: the bounds of a price and a pour cost, whether a menu shows prices, the book's
/// currency, and the suggested price at a pour cost, worked out by hand.
@Suite("Menu prices and suggested prices")
struct MenuPriceTests {
    static let table = (try? IngredientTable(json: BundledCatalog.ingredientsData)) ?? IngredientTable([])
    static let shelf = Shelf(bottles: ["London dry gin", "Campari", "sweet vermouth"])

    static func drink(_ id: String, _ lines: [String]) -> Cocktail {
        Cocktail(
            id: id, name: id, kind: .alcoholic, shortDescription: id, longDescription: id, preparationMinutes: 3,
            imageName: "x", ingredients: lines)
    }

    static func stock(_ currency: String = "EUR") -> [String: BottleStock] {
        [
            "London dry gin": BottleStock(bottleMl: 700, price: .init(minor: 2100, currency: currency)),
            "Campari": BottleStock(bottleMl: 1000, price: .init(minor: 1500, currency: currency)),
        ]
    }

    @Test("two bottle prices at a 20 % pour cost: €2.25 a serving suggests €11.50 (11.25 rounded up to 50 cents)")
    func suggestedFromTwoPrices() {
        let twoBottles = Self.drink("Two", ["2 oz London dry gin", "1 oz Campari"])
        let index = BarIndex(cocktails: [twoBottles], table: Self.table)
        // 60 ml of a 700 ml bottle at 21.00 is 1.80; 30 ml of a 1000 ml bottle at 15.00 is 0.45:
        // 2.25 a serving, and 2.25 / 0.20 = 11.25, rounded up to the next 0.50 is 11.50.
        let cost = index.cost(of: twoBottles, on: Self.shelf, stock: Self.stock())
        #expect(cost.minor == 225)
        #expect(
            SuggestedPrice(cost: cost, currency: "EUR", pourCostPercent: 20, step: 50) == .price(minor: 1150))
        // At 25 %: 2.25 / 0.25 = 9.00 exactly, not rounded further up.
        #expect(SuggestedPrice(cost: cost, currency: "EUR", pourCostPercent: 25, step: 50) == .price(minor: 900))
        // A pour cost of 18 %: 12.50 exactly; 19 %: 11.84… up to 12.00.
        #expect(SuggestedPrice(cost: cost, currency: "EUR", pourCostPercent: 18, step: 50) == .price(minor: 1250))
        #expect(SuggestedPrice(cost: cost, currency: "EUR", pourCostPercent: 19, step: 50) == .price(minor: 1200))
    }

    @Test("a currency without cents rounds up to ten units: ¥123 at 25 % is ¥492, suggested ¥500")
    func yen() {
        let cost = DrinkCost(minor: 123, currency: "JPY", lackingPrices: [])
        #expect(SuggestedPrice(cost: cost, currency: "JPY", pourCostPercent: 25, step: 10) == .price(minor: 500))
    }

    @Test("a drink lacking a price says which; bottles priced in another currency are not converted")
    func noGuessing() {
        let negroni = Self.drink("Negroni", ["1 oz gin", "1 oz Campari", "1 oz sweet vermouth"])
        let index = BarIndex(cocktails: [negroni], table: Self.table)
        let lacking = index.cost(of: negroni, on: Self.shelf, stock: Self.stock())
        #expect(
            SuggestedPrice(cost: lacking, currency: "EUR", pourCostPercent: 20, step: 50)
                == .lacking(["sweet vermouth"]))
        var dollars = Self.stock("USD")
        dollars["sweet vermouth"] = BottleStock(bottleMl: 750, price: .init(minor: 1200, currency: "USD"))
        let cost = index.cost(of: negroni, on: Self.shelf, stock: dollars)
        #expect(cost.currency == "USD" && cost.minor != nil)
        #expect(SuggestedPrice(cost: cost, currency: "EUR", pourCostPercent: 20, step: 50) == .otherCurrency("USD"))
    }

    @Test("a price is 0 to 1,000,000 minor units or none; a pour cost 5 to 80 %")
    func bounds() throws {
        #expect(try ListRules.price(0) == 0)
        #expect(try ListRules.price(950) == 950)
        #expect(try ListRules.price(1_000_000) == 1_000_000)
        #expect(try ListRules.price(nil) == nil)
        #expect(throws: ListError.invalidPrice) { try ListRules.price(-1) }
        #expect(throws: ListError.invalidPrice) { try ListRules.price(1_000_001) }
        #expect(try ListRules.menuPrices(MenuPrices(pourCostPercent: 5)).pourCost == 5)
        #expect(try ListRules.menuPrices(MenuPrices(pourCostPercent: 80)).pourCost == 80)
        #expect(MenuPrices().pourCost == 20, "the default pour cost")
        #expect(throws: ListError.invalidPourCost) { try ListRules.menuPrices(MenuPrices(pourCostPercent: 4)) }
        #expect(throws: ListError.invalidPourCost) { try ListRules.menuPrices(MenuPrices(pourCostPercent: 81)) }
    }

    @Test("a menu shows prices when any drink has one (auto), always (show) or never (hide)")
    func display() {
        let day = Date(timeIntervalSince1970: 0)
        var list = DrinkList(
            id: 1, ownerID: 0, name: "Bar", createdAt: day, updatedAt: day,
            entries: [DrinkList.Entry(cocktailID: "1", note: nil, addedAt: day)])
        #expect(!list.menuPrices.shows(list))
        list.entries.append(DrinkList.Entry(cocktailID: "2", note: nil, addedAt: day, priceMinor: 950))
        #expect(list.menuPrices.shows(list))
        list.menuPrices.display = .hide
        #expect(!list.menuPrices.shows(list))
        list.menuPrices.display = .show
        list.entries.removeLast()
        #expect(list.menuPrices.shows(list))
    }

    @Test("the book's currency is an ISO 4217 code Foundation knows, in capitals")
    func currencyCodes() throws {
        #expect(try BookCurrency.code("EUR") == "EUR")
        #expect(try BookCurrency.code("JPY") == "JPY")
        #expect(try BookCurrency.code("USD") == "USD")
        for bad in ["eur", "XYZ", "EURO", "", "E1R", "€"] {
            #expect(throws: BookCurrencyError.self) { try BookCurrency.code(bad) }
        }
    }
}
