import CocktailBook
import CocktailsAPI
import Foundation
import Testing

extension CocktailPage {
    /// The names of the rows, in order.
    var rowNames: [String] { items.map(\.cocktail.name) }
}

/// The 56 bundled cocktails made with London dry gin or Old Tom gin, alphabetically.
private let ginDrinks = [
    "Alaska", "Angel Face", "Angelo Azzurro", "Army & Navy", "Aviation", "Bee's Knees", "Bijou", "Bramble", "Bronx",
    "Cardinale", "Casino", "Clover Club", "Contessa", "Corpse Reviver #2", "Cynar Negroni", "Dirty Martini",
    "Dry Martini", "Eastside", "Enzoni", "Fog Cutter", "French 75", "Gibson", "Gimlet", "Gin and It", "Gin and Tonic",
    "Gin Basil Smash", "Gin Fizz", "Gin Gin Mule", "Gin Lemon", "Gin Rickey", "Hanky Panky", "Jasmine", "John Collins",
    "Last Word", "Long Island Iced Tea", "Lucien Gaudin", "Martinez", "Monkey Gland", "Negroni", "Paradise",
    "Pegu Club", "Pink Lady", "Ramos Fizz", "Red Snapper", "Salty Dog", "Saturn", "Singapore Sling", "Sloe Gin Fizz",
    "South Side", "Suffering Bastard", "Tom Collins", "Tuxedo", "Twentieth Century", "Vesper", "White Lady",
    "White Negroni",
]

@Suite("CatalogSnapshot.answer: filters and search")
struct CocktailQueryTests {
    let book: CatalogSnapshot

    init() throws { book = try BundledBook.snapshot() }

    func answer(_ query: CocktailQuery, favorites: Set<String> = []) -> CocktailPage {
        book.answer(query, favorites: favorites)
    }

    @Test("the kind filter keeps 241 alcoholic and 70 non-alcoholic cocktails")
    func kind() {
        let all = CocktailQuery(perPage: 200)
        #expect(answer(all).total == 311)
        let alcoholic = answer(CocktailQuery(kind: .alcoholic, perPage: 200))
        #expect(alcoholic.total == 241)
        #expect(alcoholic.items.allSatisfy { $0.cocktail.kind == .alcoholic })
        let free = answer(CocktailQuery(kind: .nonAlcoholic, perPage: 200))
        #expect(free.total == 70)
        #expect(free.items.allSatisfy { $0.cocktail.kind == .nonAlcoholic })
        #expect(
            free.rowNames.prefix(4) == [
                "Agua de Jamaica", "Agua de Pepino", "Aperitivo Sour", "Apple Mint Cooler",
            ])
        #expect(free.rowNames.suffix(2) == ["Virgin Sunrise", "Watermelon Agua Fresca"])
    }

    @Test("the category filter ignores case", arguments: ["Creamy", "creamy", "CREAMY"])
    func category(value: String) {
        let page = answer(CocktailQuery(category: DrinkCategory(named: value)))
        #expect(
            page.rowNames == [
                "Alexander", "Batida de Coco", "Bird of Paradise", "Brandy Milk Punch", "Brazilian Lemonade",
                "Egg Cream", "Eggnog", "Golden Cadillac", "Golden Dream", "Grasshopper", "Horchata",
                "Italian Cream Soda", "Mango Lassi", "Mudslide", "Pink Squirrel", "Porto Flip", "Ramos Fizz",
                "Sherry Flip",
                "White Russian",
            ])
        #expect(page.total == 19)
        // The Coconut Lime Cooler, coconut water and lime, is a Highball (issue 26).
        #expect(
            answer(CocktailQuery(kind: .nonAlcoholic, category: DrinkCategory(named: value))).rowNames == [
                "Brazilian Lemonade", "Egg Cream", "Horchata", "Italian Cream Soda", "Mango Lassi",
            ])
    }

    @Test("a family no drink has matches nothing; an unknown name is no family or glass; none is no filter")
    func unknownValues() {
        // Every category and glass has drinks now, so two that never meet stand for "no drink".
        #expect(answer(CocktailQuery(category: .hot, glass: .julepCup)).total == 0)
        #expect(Glass(named: "tumbler") == nil)
        #expect(DrinkCategory(named: "Sou") == nil, "categories match whole, not by prefix")
        #expect(answer(CocktailQuery(category: nil, glass: nil)).total == 311)
    }

    @Test("the glass filter ignores case")
    func glass() {
        #expect(answer(CocktailQuery(glass: .margarita)).rowNames == ["Barracuda", "Frozen Margarita", "Margarita"])
        #expect(
            answer(CocktailQuery(glass: Glass(named: "Margarita"))).rowNames == [
                "Barracuda", "Frozen Margarita", "Margarita",
            ])
        #expect(answer(CocktailQuery(glass: .coupe, perPage: 200)).total == 50)
        // The Last Word is served in a cocktail glass, as the IBA has it.
        #expect(
            answer(CocktailQuery(glass: Glass(named: "MARTINI"))).rowNames == [
                "Bamboo", "Bronx", "Brown Derby", "Cable Car", "Caffè Shakerato", "Contessa", "Cosmopolitan",
                "De La Louisiane", "Dry Martini", "El Presidente", "Espresso Martini", "French Martini", "Gibson",
                "Golden Dream", "Industry Sour", "Kamikaze", "Last Word", "Lemon Drop Martini", "Little Italy",
                "Monkey Gland", "Pink Squirrel", "Porn Star Martini", "Spicy Fifty", "Stinger", "Tipperary", "Tuxedo",
                "Twentieth Century", "Vesper", "Ward Eight",
            ])
    }

    @Test("`gin` as an ingredient matches London dry gin and Old Tom gin, not ginger beer or ale")
    func ginIngredient() {
        let page = answer(CocktailQuery(ingredients: ["gin"], perPage: 200))
        #expect(page.rowNames == ginDrinks)
        #expect(page.total == 56)
        for name in ["Moscow Mule", "Dark 'n' Stormy", "Horse's Neck", "Pineapple Ginger Fizz", "Penicillin"] {
            #expect(!page.rowNames.contains(name), "\(name) has ginger, not gin")
        }
        #expect(
            page.rowNames.contains("Tom Collins") && page.rowNames.contains("Casino")
                && page.rowNames.contains("Tuxedo"))
        #expect(answer(CocktailQuery(ingredients: ["GIN"], perPage: 200)).rowNames == ginDrinks)
        #expect(
            answer(CocktailQuery(ingredients: ["old tom gin"])).rowNames == [
                "Alaska", "Casino", "Tom Collins", "Tuxedo",
            ])
        #expect(answer(CocktailQuery(ingredients: ["gi"])).total == 0, "ingredients match whole words")
    }

    @Test("repeated ingredients must all be in the drink")
    func everyIngredient() {
        #expect(
            answer(CocktailQuery(ingredients: ["campari"])).rowNames == [
                "Americano", "Bicicletta", "Boulevardier", "Campari Soda", "Cardinale", "Enzoni", "Garibaldi",
                "Jasmine",
                "Jungle Bird", "Lucien Gaudin", "Mezcal Negroni", "Milano-Torino", "Negroni", "Negroni Sbagliato",
                "Negroski", "Old Pal", "Rosita",
            ])
        #expect(
            answer(CocktailQuery(ingredients: ["gin", "campari"])).rowNames == [
                "Cardinale", "Enzoni", "Jasmine", "Lucien Gaudin", "Negroni",
            ])
        #expect(answer(CocktailQuery(ingredients: ["campari", "gin", "sweet vermouth"])).rowNames == ["Negroni"])
        #expect(answer(CocktailQuery(ingredients: ["gin", "campari", "bourbon"])).total == 0)
        #expect(
            answer(CocktailQuery(ingredients: ["gin", "  "], perPage: 200)).rowNames == ginDrinks,
            "a blank ingredient is no filter")
    }

    @Test("filters combine with each other")
    func filtersCombine() {
        let coupeGin = [
            "Angel Face", "Angelo Azzurro", "Army & Navy", "Aviation", "Bee's Knees", "Cardinale", "Clover Club",
            "Corpse Reviver #2", "Dirty Martini", "Eastside", "Gin Basil Smash", "Hanky Panky", "Jasmine",
            "Lucien Gaudin",
            "Paradise", "Pegu Club", "Pink Lady", "South Side", "White Lady",
        ]
        #expect(answer(CocktailQuery(glass: .coupe, ingredients: ["gin"])).rowNames == coupeGin)
        #expect(
            answer(CocktailQuery(category: .sour, ingredients: ["gin"])).rowNames == [
                "Army & Navy", "Aviation", "Bee's Knees", "Bramble", "Bronx", "Casino", "Clover Club",
                "Corpse Reviver #2",
                "Eastside", "Enzoni", "Gimlet", "Gin Basil Smash", "Jasmine", "Last Word", "Monkey Gland", "Paradise",
                "Pegu Club", "Pink Lady", "South Side", "Twentieth Century", "White Lady",
            ])
        #expect(
            answer(CocktailQuery(kind: .nonAlcoholic, category: .sour)).rowNames == [
                "Aperitivo Sour", "Maple Apple Sour", "Virgin Mixed Berry Caipirinha",
            ])
        #expect(answer(CocktailQuery(kind: .nonAlcoholic, ingredients: ["gin"])).total == 0)
    }

    @Test("filters combine with search text, keeping the search's order")
    func filtersWithText() {
        #expect(
            answer(CocktailQuery(text: "gin", kind: .nonAlcoholic)).rowNames == [
                "Ginger Turmeric Shot", "Honey Ginger Toddy", "Pineapple Ginger Fizz", "Rhubarb Ginger Collins",
                "Cranberry Party Punch", "Golden Milk", "Masala Chai", "Non-Alcoholic Juicy Julep", "Shirley Temple",
                "Switchel", "Virgin Cranberry Mule", "Virgin Moscow Mule", "Blood Orange Fizz",
            ])
        #expect(
            answer(CocktailQuery(text: "gin", glass: .coupe)).rowNames == [
                "Gin Basil Smash", "Angel Face", "Angelo Azzurro", "Army & Navy", "Aviation", "Bee's Knees",
                "Cardinale",
                "Clover Club", "Corpse Reviver #2", "Dirty Martini", "Eastside", "Hanky Panky", "Jasmine",
                "Lucien Gaudin",
                "Paradise", "Pegu Club", "Pink Lady", "South Side", "White Lady", "Alexander", "Bird of Paradise",
                "Boulevardier", "Final Ward",
            ])
        #expect(
            answer(CocktailQuery(text: "marg", kind: .nonAlcoholic)).rowNames == ["Margarita Mocktail", "Virgin Mary"])
        #expect(
            answer(CocktailQuery(text: "negroni", ingredients: ["campari"])).rowNames == [
                "Negroni", "Negroni Sbagliato", "Mezcal Negroni", "Boulevardier", "Cardinale", "Enzoni",
                "Lucien Gaudin",
                "Milano-Torino", "Negroski", "Rosita",
            ])
        #expect(
            answer(CocktailQuery(text: "negroni", ingredients: ["gin"])).rowNames == [
                "Negroni", "Cynar Negroni", "White Negroni", "Cardinale", "Contessa", "Enzoni", "Lucien Gaudin",
            ])
        #expect(
            answer(CocktailQuery(text: "  margarita  ", category: .sour)).rowNames == [
                "Margarita", "Grand Margarita", "Tommy's Margarita", "Illegal", "Kamikaze", "Matador",
            ])
    }

    @Test("without search text, favorites are pinned first, alphabetically, and marked")
    func favoritesPinned() {
        let favorites: Set = ["73", "30"] // Zombie, Negroni
        let page = answer(CocktailQuery(), favorites: favorites)
        #expect(page.rowNames.prefix(3) == ["Negroni", "Zombie", "Adonis"])
        #expect(page.items.prefix(3).map(\.isFavorite) == [true, true, false])
        #expect(page.items.filter(\.isFavorite).count == 2)
        #expect(page.total == 311)
        let all = answer(CocktailQuery(perPage: 200), favorites: favorites)
        #expect(all.rowNames.filter { $0 == "Negroni" || $0 == "Zombie" }.count == 2, "pinned, not repeated")
        #expect(all.rowNames.last == "New York Sour", "the 200th row, a page's most")
        // A filter still applies to favorites.
        let free = answer(CocktailQuery(kind: .nonAlcoholic), favorites: favorites.union(["152"])) // Pink Lemonade
        #expect(free.rowNames.prefix(2) == ["Pink Lemonade", "Agua de Jamaica"])
        #expect(!free.rowNames.contains("Negroni"))
    }

    @Test("text without any search word pins favorites like no text", arguments: ["'", "-", "&", "  ’ ", "#"])
    func favoritesWithWordlessText(text: String) {
        let page = answer(CocktailQuery(text: text), favorites: ["73"]) // Zombie
        #expect(page.total == 311)
        #expect(page.rowNames.prefix(2) == ["Zombie", "Adonis"])
    }

    @Test("with search text, favorites are marked but not pinned")
    func favoritesNotPinnedWithText() {
        let page = answer(CocktailQuery(text: "negroni"), favorites: ["16", "47"]) // Aviation, Cardinale
        #expect(
            page.rowNames == [
                "Negroni", "Negroni Sbagliato", "Cynar Negroni", "Mezcal Negroni", "White Negroni", "Boulevardier",
                "Cardinale", "Contessa", "Enzoni", "Lucien Gaudin", "Milano-Torino", "Negroski", "Rosita",
            ])
        #expect(
            page.items.map(\.isFavorite) == Array(repeating: false, count: 6) + [true]
                + Array(repeating: false, count: 6))
    }
}

@Suite("CatalogSnapshot.answer: paging")
struct PagingTests {
    let book: CatalogSnapshot

    init() throws { book = try BundledBook.snapshot() }

    @Test("311 cocktails at 50 a page: pages 1 to 7, the last with 11 rows")
    func pages() {
        var seen: [String] = []
        let expected: [(page: Int, rows: Int, next: Int?, first: String)] = [
            (1, 50, 2, "Adonis"), (2, 50, 3, "Caesar"), (3, 50, 4, "French Connection"), (4, 50, 5, "Kinderpunsch"),
            (5, 50, 6, "Oaxaca Old Fashioned"), (6, 50, 7, "Screwdriver"), (7, 11, nil, "Ward Eight"),
        ]
        for row in expected {
            let page = book.answer(CocktailQuery(page: row.page, perPage: 50), favorites: [])
            #expect(page.page == row.page)
            #expect(page.perPage == 50)
            #expect(page.total == 311)
            #expect(page.items.count == row.rows, "page \(row.page)")
            #expect(page.nextPage == row.next, "page \(row.page)")
            #expect(page.rowNames.first == row.first, "page \(row.page)")
            seen += page.rowNames
        }
        #expect(seen == book.catalog.cocktails.map(\.name), "the pages together are the catalog, once each")
        #expect(seen.last == "Zombie")
    }

    @Test("a page past the end is empty and has no next page", arguments: [8, 9, 1000])
    func pastTheEnd(number: Int) {
        let page = book.answer(CocktailQuery(page: number), favorites: [])
        #expect(page.items.isEmpty)
        #expect(page.total == 311)
        #expect(page.nextPage == nil)
        #expect(page.page == number)
    }

    @Test("paging a search: 56 gin drinks at 10 a page")
    func pagedFilter() {
        let third = book.answer(CocktailQuery(ingredients: ["gin"], page: 3, perPage: 10), favorites: [])
        #expect(third.rowNames == Array(ginDrinks[20..<30]))
        #expect(third.nextPage == 4)
        let sixth = book.answer(CocktailQuery(ingredients: ["gin"], page: 6, perPage: 10), favorites: [])
        #expect(sixth.rowNames == Array(ginDrinks[50...]))
        #expect(sixth.nextPage == nil)
        let exact = book.answer(CocktailQuery(ingredients: ["gin"], page: 2, perPage: 28), favorites: [])
        #expect(exact.items.count == 28)
        #expect(exact.nextPage == nil, "56 rows end exactly on page 2")
    }

    @Test("pages below 1 are clamped to 1", arguments: [0, -1, Int.min])
    func pageClamp(number: Int) {
        let query = CocktailQuery(page: number)
        #expect(query.page == 1)
        let page = book.answer(query, favorites: [])
        #expect(page.page == 1)
        #expect(page.rowNames.first == "Adonis")
        #expect(page.nextPage == 2)
    }

    @Test(
        "page sizes are clamped to 1…200", arguments: [(0, 1), (-5, 1), (1, 1), (200, 200), (201, 200), (10_000, 200)])
    func perPageClamp(asked: Int, clamped: Int) {
        let query = CocktailQuery(perPage: asked)
        #expect(query.perPage == clamped)
        let page = book.answer(query, favorites: [])
        #expect(page.perPage == clamped)
        #expect(page.items.count == min(clamped, 311))
        #expect(page.nextPage == (clamped >= 311 ? nil : 2))
    }

    @Test("a huge page number answers an empty page instead of trapping")
    func hugePage() async {
        await #expect(processExitsWith: .success) {
            let snapshot = try BundledBook.snapshot()
            let page = snapshot.answer(CocktailQuery(page: Int.max), favorites: [])
            precondition(page.items.isEmpty, "items on a page past the end")
            precondition(page.nextPage == nil, "a next page past the end")
        }
    }
}
