import CocktailBook
import CocktailsAPI
import Foundation
import Testing

@Suite("Ordering: AlphabeticalCatalog and CocktailList")
struct CocktailOrderingTests {
    @Test(
        "the bundled catalog in display order under each filter",
        arguments: [
            (CocktailFilter.all, Fixtures.allNames),
            (.alcoholic, Fixtures.alcoholicNames),
            (.nonAlcoholic, Fixtures.nonAlcoholicNames),
        ])
    func bundledOrder(filter: CocktailFilter, expected: [String]) throws {
        let list = CocktailList(
            catalog: AlphabeticalCatalog(try Fixtures.bundledCocktails()), favorites: [], filter: filter)
        #expect(list.names == expected)
        #expect(list.title == filter.title)
        #expect(list.filter == filter)
        #expect(list.items.allSatisfy { !$0.isFavorite })
    }

    @Test("the alphabetical catalog keeps every cocktail")
    func keepsEverything() throws {
        let cocktails = try Fixtures.bundledCocktails()
        let catalog = AlphabeticalCatalog(cocktails)
        #expect(catalog.cocktails.map(\.name) == Fixtures.allNames)
        #expect(Set(catalog.cocktails.map(\.id)) == Set(cocktails.map(\.id)))
    }

    @Test("case does not matter: apple, Banana, cherry")
    func caseInsensitive() {
        let catalog = AlphabeticalCatalog([
            Fixtures.cocktail("1", "cherry"), Fixtures.cocktail("2", "Banana"), Fixtures.cocktail("3", "apple"),
        ])
        #expect(catalog.cocktails.map(\.name) == ["apple", "Banana", "cherry"])
    }

    @Test("diacritics do not matter: Piña colada sorts as Pina colada")
    func diacriticInsensitive() {
        let catalog = AlphabeticalCatalog([
            Fixtures.cocktail("1", "Pinot Sour"), Fixtures.cocktail("10", "Pina colada"),
            Fixtures.cocktail("2", "Piña colada"), Fixtures.cocktail("3", "Pimm's Cup"),
        ])
        // Byte order would put "Piña" after "Pinot"; folded, it equals "Pina colada" and the id breaks the tie.
        #expect(catalog.cocktails.map(\.name) == ["Pimm's Cup", "Piña colada", "Pina colada", "Pinot Sour"])
        #expect(catalog.cocktails.map(\.id) == ["3", "2", "10", "1"])
    }

    @Test("equal names are ordered by id, numerically: 2 before 10")
    func tiesByNumericID() {
        let catalog = AlphabeticalCatalog([
            Fixtures.cocktail("10", "Mojito"), Fixtures.cocktail("b", "Mojito"), Fixtures.cocktail("2", "MOJITO"),
            Fixtures.cocktail("a", "mojito"),
        ])
        #expect(catalog.cocktails.map(\.id) == ["2", "10", "a", "b"])
    }

    @Test("the order does not depend on the input order")
    func inputOrderIrrelevant() throws {
        let cocktails = try Fixtures.bundledCocktails()
        #expect(AlphabeticalCatalog(cocktails.reversed()) == AlphabeticalCatalog(cocktails))
        #expect(AlphabeticalCatalog(cocktails.shuffled()).cocktails.map(\.name) == Fixtures.allNames)
    }

    @Test("favorites are pinned first, alphabetical among themselves, and flagged")
    func favoritesPinned() throws {
        // Mojito (1), Manhattan (3), Basil Lemonade Punch (5): given out of alphabetical order.
        let list = CocktailList(
            catalog: AlphabeticalCatalog(try Fixtures.bundledCocktails()), favorites: ["1", "3", "5"], filter: .all
        )
        let pinned = ["Basil Lemonade Punch", "Manhattan", "Mojito"]
        #expect(list.names == pinned + Fixtures.allNames.filter { !pinned.contains($0) })
        #expect(list.items.map(\.isFavorite) == Array(repeating: true, count: 3) + Array(repeating: false, count: 10))
    }

    @Test("the filter applies to favorites too")
    func filterAppliesToFavorites() throws {
        let catalog = AlphabeticalCatalog(try Fixtures.bundledCocktails())
        // 11 is Margarita Mocktail (non-alcoholic), 7 is Margarita (alcoholic).
        let alcoholic = CocktailList(catalog: catalog, favorites: ["11", "7"], filter: .alcoholic)
        #expect(!alcoholic.names.contains("Margarita Mocktail"))
        #expect(alcoholic.names == ["Margarita"] + Fixtures.alcoholicNames.filter { $0 != "Margarita" })
        #expect(alcoholic.items.filter(\.isFavorite).map(\.cocktail.id) == ["7"])

        let nonAlcoholic = CocktailList(catalog: catalog, favorites: ["11", "7"], filter: .nonAlcoholic)
        #expect(
            nonAlcoholic.names == [
                "Margarita Mocktail", "Basil Lemonade Punch", "Non-Alcoholic Juicy Julep",
                "Virgin Mixed Berry Caipirinha",
            ])
        #expect(nonAlcoholic.items.filter(\.isFavorite).map(\.cocktail.id) == ["11"])
    }

    @Test("a favorite id that is not in the catalog is ignored")
    func unknownFavoriteIgnored() throws {
        let catalog = AlphabeticalCatalog(try Fixtures.bundledCocktails())
        let list = CocktailList(catalog: catalog, favorites: ["999", "gone"], filter: .all)
        #expect(list.names == Fixtures.allNames)
        #expect(list.items.allSatisfy { !$0.isFavorite })
        #expect(list.items.count == 13)
    }

    @Test("sorting follows the locale: Öl after Zebra in Swedish, before it in English")
    func localeAware() {
        let cocktails = [
            Fixtures.cocktail("1", "Zebra"), Fixtures.cocktail("2", "Öl"), Fixtures.cocktail("3", "Apple"),
        ]
        let swedish = AlphabeticalCatalog(cocktails, locale: Locale(identifier: "sv_SE"))
        #expect(swedish.cocktails.map(\.name) == ["Apple", "Zebra", "Öl"])
        let english = AlphabeticalCatalog(cocktails, locale: Locale(identifier: "en_US"))
        #expect(english.cocktails.map(\.name) == ["Apple", "Öl", "Zebra"])
    }

    @Test("lookup by id and by name, ignoring case and diacritics")
    func lookups() throws {
        let catalog = AlphabeticalCatalog(try Fixtures.bundledCocktails())
        #expect(catalog.cocktail(id: "7")?.name == "Margarita")
        #expect(catalog.cocktail(id: "99") == nil)
        #expect(catalog.contains(id: "12") && !catalog.contains(id: "13"))
        #expect(catalog.cocktail(named: "pina colada")?.id == "0")
        #expect(catalog.cocktail(named: "  MARGARITA mocktail ")?.id == "11")
        #expect(catalog.cocktail(named: "Margarit") == nil)
    }
}
