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
        // Lime juice comes from the shelf's limes, in limes: ¾ oz is 22.5 ml, at 25 ml a lime 0.9.
        #expect(
            Self.index.pours(of: Self.sour, servings: 1, on: Self.shelf) == [
                StockUse(value: "London dry gin", ml: 60), StockUse(value: "Campari", ml: 30),
                StockUse(value: "lime", ml: 0.9),
            ])
    }

    @Test("a Gold Rush without a batch makes its honey syrup on the spot: two take the honey 45 ml of syrup needs")
    func syrupMadeOnTheSpot() throws {
        let shelf = Shelf(bottles: ["bourbon", "lemon", "honey"])
        let uses = Self.houseIndex.pours(of: Self.goldRush, servings: 2, on: shelf)
        #expect(uses.map(\.value) == ["bourbon", "lemon", "raw honey"])
        #expect(uses[0].ml == 120)
        // 45 ml of lemon juice at 35 ml a lemon; 45 ml of honey syrup from 250 g per 280 ml.
        #expect(abs(uses[1].ml - 45.0 / 35) < 1e-9)
        #expect(abs(uses[2].ml - 250 * 45.0 / 280) < 1e-9)
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

    // MARK: Batches, house-made preparations and forms

    static let goldRush = drink("Gold Rush", ["2 oz bourbon", "3/4 oz fresh lemon juice", "3/4 oz honey syrup"])
    static let daiquiri = drink(
        "Daiquiri", ["60 ml white rum", "20 ml fresh lime juice", "2 barspoons superfine sugar"])
    static let manhattan = drink(
        "Manhattan", ["50 ml rye whiskey", "20 ml sweet vermouth", "1 dash Angostura bitters"])
    static let oldFashioned = drink("Old Fashioned", ["1 sugar cube", "2 dashes Angostura bitters", "45 ml bourbon"])
    static let houseIndex = BarIndex(cocktails: [goldRush, daiquiri, manhattan, oldFashioned], table: table)
    static let now = Date(timeIntervalSince1970: 1_780_000_000)

    static func batch(_ id: Int64, ml: Double, daysAgo: Double) -> HouseBatch {
        HouseBatch(id: id, value: "honey syrup", ml: ml, madeAt: now.addingTimeInterval(-daysAgo * 86_400))
    }

    @Test("making a Gold Rush with a honey-syrup batch draws 22.5 ml from the batch")
    func goldRushDrawsTheBatch() {
        let shelf = Shelf(bottles: ["bourbon", "lemon"], freshBatches: ["honey syrup"])
        let batches = [Self.batch(2, ml: 300, daysAgo: 1)]
        // ¾ oz at 30 ml an ounce; the bourbon's 2 oz from its bottle; lemon juice from lemons.
        #expect(
            Self.houseIndex.draws(of: Self.goldRush, servings: 1, on: shelf, batches: batches, at: Self.now)
                .filter { $0.value != "lemon" } == [
                    StockUse(value: "bourbon", ml: 60), StockUse(value: "honey syrup", ml: 22.5, batchId: 2),
                ])
    }

    @Test("two Gold Rushes draw the oldest fresh batch first, then the next; an expired batch is never drawn")
    func oldestBatchFirst() {
        let shelf = Shelf(bottles: ["bourbon", "lemon"], freshBatches: ["honey syrup"])
        let batches = [
            Self.batch(2, ml: 300, daysAgo: 1), Self.batch(1, ml: 10, daysAgo: 2), Self.batch(3, ml: 500, daysAgo: 40),
            Self.batch(4, ml: 0, daysAgo: 3),
        ]
        #expect(
            Self.houseIndex.draws(of: Self.goldRush, servings: 2, on: shelf, batches: batches, at: Self.now)
                .filter { $0.value != "lemon" } == [
                    StockUse(value: "bourbon", ml: 120), StockUse(value: "honey syrup", ml: 10, batchId: 1),
                    StockUse(value: "honey syrup", ml: 35, batchId: 2),
                ])
        // What the fresh batches do not hold comes from a bottle of it, if its level is known.
        #expect(
            Self.houseIndex.draws(
                of: Self.goldRush, servings: 1, on: shelf, batches: [Self.batch(1, ml: 10, daysAgo: 2)], at: Self.now
            ).filter { $0.value != "lemon" }
                == [
                    StockUse(value: "bourbon", ml: 60), StockUse(value: "honey syrup", ml: 10, batchId: 1),
                    StockUse(value: "honey syrup", ml: 12.5),
                ])
        // A batch at 0 ml is gone from the shelf.
        #expect(
            Shelf.freshBatches(
                [Self.batch(4, ml: 0, daysAgo: 3)], at: Self.now, recipes: .bundled, calendar: HouseBatch.calendar
            ).isEmpty)
    }

    @Test("making 300 ml of honey syrup draws honey stock by the recipe")
    func honeySyrupDrawsHoney() throws {
        let shelf = Shelf(bottles: ["honey"])
        // 250 g of honey and 100 ml of water make 280 ml; water is never stocked.
        let uses = Self.houseIndex.uses(forMaking: 300, of: "honey syrup", on: shelf)
        #expect(uses.map(\.value) == ["raw honey"])
        #expect(abs(try #require(uses.first).ml - 267.857_142_857) < 1e-6, "250 × 300 / 280 g")
        #expect(
            Self.houseIndex.uses(forMaking: 280, of: "honey syrup", on: shelf) == [
                StockUse(value: "raw honey", ml: 250)
            ])
        // Oleo saccharum: 6 lemon peels (¾ of a lemon at 8 pieces a fruit) and 100 g of sugar per 120 ml.
        #expect(
            Self.houseIndex.uses(forMaking: 240, of: "oleo saccharum", on: Shelf(bottles: ["lemon", "sugar"])) == [
                StockUse(value: "lemon", ml: 1.5), StockUse(value: "sugar", ml: 200),
            ])
        #expect(Self.houseIndex.uses(forMaking: 300, of: "Campari", on: shelf).isEmpty, "no recipe")
        #expect(Self.houseIndex.stockUnit(of: "honey") == .g)
        #expect(Self.houseIndex.stockUnit(of: "lime") == .pieces)
        #expect(Self.houseIndex.stockUnit(of: "bourbon") == .ml)
    }

    @Test("a Daiquiri's cost counts lime juice from priced limes")
    func daiquiriCost() {
        let shelf = Shelf(bottles: ["white rum", "lime", "sugar"])
        let stock = [
            "white rum": BottleStock(bottleMl: 700, price: .init(minor: 1400, currency: "EUR")),
            // A bag of 10 limes for 3.00, a kilo of sugar for 2.00.
            "lime": BottleStock(bottleMl: 10, price: .init(minor: 300, currency: "EUR")),
            "sugar": BottleStock(bottleMl: 1000, price: .init(minor: 200, currency: "EUR")),
        ]
        // 60 ml of 700 at 14.00 = 1.20; 20 ml of juice at 25 ml a lime = 0.8 limes at 0.30 = 0.24;
        // 2 barspoons (10 ml) of superfine sugar = 10 g of sugar at 0.002 a gram = 0.02.
        #expect(
            Self.houseIndex.cost(of: Self.daiquiri, on: shelf, stock: stock)
                == DrinkCost(minor: 146, currency: "EUR", lackingPrices: []))
    }

    @Test("a Gold Rush's cost counts honey syrup from priced honey")
    func goldRushCost() {
        let stock = [
            "bourbon": BottleStock(bottleMl: 700, price: .init(minor: 2800, currency: "EUR")),
            "lemon": BottleStock(bottleMl: 6, price: .init(minor: 210, currency: "EUR")),
            "raw honey": BottleStock(bottleMl: 500, price: .init(minor: 560, currency: "EUR")),
        ]
        // 60 ml of 700 at 28.00 = 2.40; 22.5 ml of lemon juice = 22.5/35 of a lemon at 0.35 = 0.225;
        // 22.5 ml of honey syrup = 22.5 × 250/280 g of honey at 1.12 a gram… = 0.225. 2.85 in all.
        let made = Shelf(bottles: ["bourbon", "lemon", "honey"])
        #expect(
            Self.houseIndex.cost(of: Self.goldRush, on: made, stock: stock)
                == DrinkCost(minor: 285, currency: "EUR", lackingPrices: []))
        // With a batch on the shelf (and the honey jar gone) the syrup costs the same.
        let batch = Shelf(bottles: ["bourbon", "lemon"], freshBatches: ["honey syrup"])
        #expect(Self.houseIndex.cost(of: Self.goldRush, on: batch, stock: stock).minor == 285)
        // A bought bottle of honey syrup with a price of its own is priced as a bottle: 22.5 ml of
        // 500 at 10.20 is 0.459, so 2.40 + 0.225 + 0.459 = 3.084.
        var bought = stock
        bought["honey syrup"] = BottleStock(bottleMl: 500, price: .init(minor: 1020, currency: "EUR"))
        #expect(Self.houseIndex.cost(of: Self.goldRush, on: batch, stock: bought).minor == 308)
    }

    @Test("a drink with an unpriced line still says which")
    func unpricedLine() {
        let stock = [
            "bourbon": BottleStock(bottleMl: 700, price: .init(minor: 2800, currency: "EUR")),
            "lemon": BottleStock(bottleMl: 6, price: .init(minor: 210, currency: "EUR")),
        ]
        let shelf = Shelf(bottles: ["bourbon", "lemon", "honey"])
        // The syrup's honey has no price: named as what a person buys, not as the syrup.
        #expect(
            Self.houseIndex.cost(of: Self.goldRush, on: shelf, stock: stock)
                == DrinkCost(minor: nil, currency: nil, lackingPrices: ["raw honey"]))
        let daiquiri = Self.houseIndex.cost(
            of: Self.daiquiri, on: Shelf(bottles: ["white rum", "lime", "sugar"]),
            stock: ["white rum": BottleStock(bottleMl: 700, price: .init(minor: 1400, currency: "EUR"))])
        #expect(daiquiri.minor == nil && daiquiri.lackingPrices == ["lime", "sugar"])
        // A sugar cube is a piece, which grams of sugar do not give: the cube is named.
        let oldFashioned = Self.houseIndex.cost(
            of: Self.oldFashioned, on: Shelf(bottles: ["bourbon", "sugar", "Angostura bitters"]),
            stock: [
                "bourbon": BottleStock(bottleMl: 700, price: .init(minor: 2800, currency: "EUR")),
                "sugar": BottleStock(bottleMl: 1000, price: .init(minor: 200, currency: "EUR")),
                "Angostura bitters": BottleStock(bottleMl: 200, price: .init(minor: 1200, currency: "EUR")),
            ])
        #expect(oldFashioned.lackingPrices == ["sugar cube"])
    }

    @Test("the shelf's forms and stand-ins: sugar cube ← your sugar, rye whiskey ← your bourbon")
    func substitutions() {
        let matches = Self.houseIndex.substitutions(on: Shelf(bottles: ["bourbon", "sugar", "lime"]))
        #expect(matches.contains(BarEvaluation.Match(needed: "rye whiskey", have: "bourbon", how: .standIn)))
        #expect(matches.contains(BarEvaluation.Match(needed: "sugar cube", have: "sugar", how: .form)))
        #expect(matches.contains(BarEvaluation.Match(needed: "fresh lime juice", have: "lime", how: .form)))
        #expect(
            matches.map(\.have)
                == matches.map(\.have).sorted { $0.localizedCaseInsensitiveCompare($1) == .orderedAscending })
        #expect(
            Self.houseIndex.substitutions(on: Shelf(bottles: ["rye whiskey"])).allSatisfy { $0.needed != "rye whiskey" }
        )
    }

    @Test("Buy next names a bottle of a spirit and fruit in the plural, in both languages")
    func buyWords() {
        let english = UIStrings.of(.english)
        let italian = UIStrings.of(.italian)
        #expect(Self.houseIndex.isBoughtByTheBottle("rye whiskey") && !Self.houseIndex.isBoughtByTheBottle("lime"))
        #expect(english.toBuy("rye whiskey", byThePiece: false, byTheBottle: true) == "a bottle of rye whiskey")
        #expect(
            italian.toBuy("rye whiskey", byThePiece: false, byTheBottle: true) == "una bottiglia di rye")
        #expect(italian.toBuy("amaretto", byThePiece: false, byTheBottle: true) == "una bottiglia d'amaretto")
        #expect(italian.toBuy("Campari", byThePiece: false, byTheBottle: true) == "una bottiglia di Campari")
        #expect(english.toBuy("lemon", byThePiece: true, byTheBottle: false) == "lemons")
        #expect(italian.toBuy("lemon", byThePiece: true, byTheBottle: false) == "limoni")
    }
}
