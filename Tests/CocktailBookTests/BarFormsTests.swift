import CocktailBook
import CocktailsAPI
import Foundation
import Testing

/// The bar reasoning as a bartender does, on the bundled catalog and a home shelf: forms of
/// one thing count for each other, stand-ins are named as such, counts say what a bottle is
/// used in, and Buy next names what a person buys.
@Suite("My bar: forms and stand-ins")
struct BarFormsTests {
    static let table = (try? IngredientTable(json: BundledCatalog.ingredientsData)) ?? IngredientTable([])
    static let cocktails = (try? CatalogDecoder.decode(BundledCatalog.data).cocktails) ?? []
    static let index = BarIndex(cocktails: cocktails, table: table)
    static let home = Shelf(bottles: [
        "London dry gin", "Campari", "sweet vermouth", "bourbon", "white rum", "lime", "sugar", "Angostura bitters",
    ])
    static let evaluation = index.evaluate(home)

    static func entry(_ name: String, in entries: [BarEvaluation.Entry]) -> BarEvaluation.Entry? {
        entries.first { cocktails[$0.position].name == name }
    }

    @Test("Old Fashioned is makeable now from sugar: sugar cube ← your sugar")
    func oldFashioned() throws {
        let entry = try #require(Self.entry("Old Fashioned", in: Self.evaluation.canMake))
        #expect(entry.matchedBy.contains(BarEvaluation.Match(needed: "sugar cube", have: "sugar", how: .form)))
        #expect(entry.standIns.isEmpty)
        #expect(
            BarEvaluation.Match(needed: "sugar cube", have: "sugar", how: .form).text(.english)
                == "sugar cube ← your sugar")
    }

    @Test("Manhattan is makeable with a stand-in, bourbon for rye whiskey, and not now")
    func manhattan() throws {
        #expect(Self.entry("Manhattan", in: Self.evaluation.canMake) == nil)
        let entry = try #require(Self.entry("Manhattan", in: Self.evaluation.withStandIn))
        let standIn = BarEvaluation.Match(needed: "rye whiskey", have: "bourbon", how: .standIn)
        #expect(entry.standIns == [standIn])
        #expect(standIn.text(.english) == "with bourbon for rye whiskey")
    }

    @Test("Daiquiri is makeable now: lime juice ← your lime, superfine sugar ← your sugar")
    func daiquiri() throws {
        let entry = try #require(Self.entry("Daiquiri", in: Self.evaluation.canMake))
        #expect(entry.matchedBy.contains(BarEvaluation.Match(needed: "fresh lime juice", have: "lime", how: .form)))
        #expect(entry.matchedBy.contains(BarEvaluation.Match(needed: "superfine sugar", have: "sugar", how: .form)))
    }

    @Test("Negroni is makeable now, every bottle its own")
    func negroni() throws {
        let entry = try #require(Self.entry("Negroni", in: Self.evaluation.canMake))
        #expect(entry.matchedBy.isEmpty)
    }

    @Test("a bottle's count says how many makeable drinks use it: Angostura bitters is in some")
    func bottleCounts() {
        let counts = Self.evaluation.drinksEnabled()
        #expect((counts["Angostura bitters"] ?? 0) >= 2) // Old Fashioned, Manhattan at least
        #expect((counts["sugar"] ?? 0) >= 2) // Old Fashioned, Daiquiri
        #expect((counts["bourbon"] ?? 0) >= 3) // Boulevardier, Old Fashioned, Manhattan
    }

    @Test("Buy next names lemons, never fresh lemon juice nor a sugar cube")
    func buyNextNamesWhatOneBuys() {
        let values = Self.evaluation.suggestions().map(\.value)
        #expect(values.contains("lemon"))
        #expect(!values.contains("fresh lemon juice"))
        #expect(!values.contains("sugar cube"))
        #expect(!values.contains { Self.table.ingredient(named: $0)?.formOf != nil })
        #expect(UIStrings.english.toBuy("lemon", byThePiece: Self.index.isBoughtByThePiece("lemon")) == "lemons")
        #expect(UIStrings.of(.italian).toBuy("lemon", byThePiece: true) == "limoni")
        #expect(Self.index.purchase(for: "fresh lemon juice") == "lemon")
        #expect(Self.index.purchase(for: "sugar cube") == "sugar")
    }

    @Test("what a drink lacks goes on the shopping list as what one buys")
    func shoppingListNamesWhatOneBuys() throws {
        let sour = try #require(Self.cocktails.firstIndex { $0.name == "Whiskey Sour" })
        let missing = Self.index.missing(at: sour, on: Shelf(bottles: ["bourbon"]))
        #expect(missing.contains("lemon"))
        #expect(!missing.contains("fresh lemon juice"))
    }

    @Test("the home shelf makes more drinks than before: 6 then, more now, and some with a stand-in")
    func countsBeforeAndAfter() {
        // Before forms and stand-ins the shelf made 6 of the bundled drinks.
        #expect(Self.evaluation.canMakePositions.count > 6)
        #expect(!Self.evaluation.standInPositions.isEmpty)
        #expect(Set(Self.evaluation.canMakePositions).isDisjoint(with: Self.evaluation.standInPositions))
    }

    @Test("a juice does not give back the fruit; a sugar cube counts for sugar; simple syrup not for rich")
    func directions() {
        #expect(Self.index.value(for: "lime wedges") == "lime wedge")
        let drinks = [
            Cocktail(
                id: "a", name: "Wedge", kind: .alcoholic, shortDescription: "", longDescription: "",
                preparationMinutes: 1, imageName: "x", ingredients: ["2 oz white rum", "1 lime wedge"]),
            Cocktail(
                id: "b", name: "Sweet", kind: .alcoholic, shortDescription: "", longDescription: "",
                preparationMinutes: 1, imageName: "x", ingredients: ["2 oz white rum", "1 tsp sugar"]),
            Cocktail(
                id: "c", name: "Rich", kind: .alcoholic, shortDescription: "", longDescription: "",
                preparationMinutes: 1, imageName: "x", ingredients: ["2 oz white rum", "1/4 oz rich simple syrup"]),
        ]
        let small = BarIndex(cocktails: drinks, table: Self.table)
        let names = { (shelf: Shelf) in small.evaluate(shelf).canMakePositions.map { drinks[$0].name } }
        #expect(names(Shelf(bottles: ["white rum", "fresh lime juice"])) == [])
        #expect(names(Shelf(bottles: ["white rum", "lime"])) == ["Wedge"])
        #expect(names(Shelf(bottles: ["white rum", "sugar cube"])) == ["Sweet"])
        #expect(names(Shelf(bottles: ["white rum", "simple syrup"])) == ["Sweet"])
        #expect(names(Shelf(bottles: ["white rum", "sugar"])) == ["Sweet", "Rich"])
    }

    @Test("every form and stand-in in the table names an ingredient of the table")
    func tableIsClosed() {
        for ingredient in Self.table.ingredients {
            if let base = ingredient.formOf {
                #expect(Self.table.ingredient(named: base)?.name == base, "\(ingredient.name) is a form of \(base)")
                #expect(Self.table.ingredient(named: base)?.formOf == nil, "\(base) is itself a form")
            }
            #expect(ingredient.formOf != nil || !ingredient.formBothWays, "\(ingredient.name): both ways of nothing")
            for target in ingredient.standsInFor {
                #expect(Self.table.ingredient(named: target)?.name == target, "\(ingredient.name) for \(target)")
            }
        }
    }

    @Test("every form and stand-in shown has an Italian name")
    func italianNames() {
        for ingredient in Self.table.ingredients where ingredient.formOf != nil || !ingredient.standsInFor.isEmpty {
            #expect(UIStrings.of(.italian).knowsIngredient(ingredient.name), "\(ingredient.name)")
            if let base = ingredient.formOf { #expect(UIStrings.of(.italian).knowsIngredient(base), "\(base)") }
        }
    }
}
