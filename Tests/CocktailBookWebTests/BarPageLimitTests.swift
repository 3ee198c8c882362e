import CocktailBook
import CocktailsAPI
import Foundation
import Testing

@testable import CocktailBookApp
@testable import CocktailBookWeb

/// My bar on a big book: each section lists its first drinks and leaves the rest to the
/// catalog's list, which pages them; the heading still counts them all, only the rows shown are
/// costed, and a drink just put on the shopping list stays in view wherever it is.
@Suite("My bar: sections of a big book")
struct BarPageLimitTests {
    static let table = (try? IngredientTable(json: BundledCatalog.ingredientsData)) ?? IngredientTable([])

    /// 130 gin and tonics (made from the shelf) and 130 gimlets (lime missing), in that order.
    static let cocktails: [Cocktail] =
        (1...130).map { n in
            Cocktail(
                id: "gt-\(n)", name: String(format: "Gin Tonic %03d", n), kind: .alcoholic, shortDescription: "",
                longDescription: "", preparationMinutes: 2, imageName: "x",
                ingredients: ["50 ml gin", "100 ml tonic water"])
        }
        + (1...130).map { n in
            Cocktail(
                id: "gm-\(n)", name: String(format: "Gimlet %03d", n), kind: .alcoholic, shortDescription: "",
                longDescription: "", preparationMinutes: 2, imageName: "x",
                ingredients: ["50 ml gin", "20 ml fresh lime juice"])
        }

    static func page(added: String? = nil, strings: UIStrings = .english) -> BarPage {
        let index = BarIndex(cocktails: cocktails, table: table)
        let shelf = Shelf(bottles: ["gin", "tonic water"])
        let stock = [
            "gin": BottleStock(bottleMl: 700, price: .init(minor: 2100, currency: "EUR")),
            "tonic water": BottleStock(bottleMl: 1000, price: .init(minor: 300, currency: "EUR")),
        ]
        return BarPage(
            report: BarReport(index: index, evaluation: index.evaluate(shelf), cocktails: cocktails), shelf: shelf,
            canKeepBar: true, shoppingCount: 0, strings: strings, stock: stock, added: added)
    }

    @Test(
        "130 makeable drinks: the first 60 listed in order, each costed, the heading counts 130, the rest in the list")
    func canMakeIsCapped() {
        let page = Self.page()
        #expect(page.canMake.count == BarPage.drinksPerSection)
        #expect(page.canMake.first?.name == "Gin Tonic 001")
        #expect(page.canMake.last?.name == "Gin Tonic 060")
        #expect(page.canMakeTitle == "Can make now (130)")
        #expect(page.canMakeMore == "and 70 more in the list")
        // 50 ml of 700 ml at 21.00 is 1.50; 100 ml of 1000 ml at 3.00 is 0.30.
        #expect(page.canMake.allSatisfy { $0.cost?.contains("1.80") == true })
        #expect(page.oneAwayTitle == "One away (130)")
        #expect(page.oneAway.count == 60)
        #expect(page.oneAwayMore == "and 70 more in the list")
        #expect(Self.page(strings: .of(.italian)).oneAwayMore == "e altri 70 nell'elenco")
    }

    @Test("a drink just put on the shopping list stays in view past the first 60")
    func addedDrinkStays() {
        let page = Self.page(added: "gm-100")
        #expect(page.oneAway.count == 61)
        #expect(page.oneAway.last?.id == "gm-100")
        #expect(page.oneAwayMore == "and 69 more in the list")
        #expect(page.canMake.count == 60)
    }

    @Test("counts are written as each language writes numbers: 1,667 in English; 1667 and 12.345 in Italian")
    func countsAreGrouped() {
        #expect(UIStrings.english.count("bar_more_in_list", 1607) == "and 1,607 more in the list")
        #expect(UIStrings.of(.italian).count("bar_more_in_list", 1607) == "e altri 1607 nell'elenco")
        #expect(UIStrings.of(.italian).count("bar_more_in_list", 12_345) == "e altri 12.345 nell'elenco")
        #expect(UIStrings.english.count("bar_more_in_list", 1) == "and 1 more in the list")
    }

    @Test("a home shelf's sections list every drink and say nothing more")
    func smallShelf() {
        let index = BarIndex(cocktails: Array(Self.cocktails.prefix(3)), table: Self.table)
        let shelf = Shelf(bottles: ["gin", "tonic water"])
        let page = BarPage(
            report: BarReport(
                index: index, evaluation: index.evaluate(shelf), cocktails: Array(Self.cocktails.prefix(3))),
            shelf: shelf, canKeepBar: true, shoppingCount: 0, strings: .english)
        #expect(page.canMake.map { $0.name } == ["Gin Tonic 001", "Gin Tonic 002", "Gin Tonic 003"])
        #expect(page.canMakeMore == nil)
        #expect(page.oneAwayMore == nil)
    }
}
