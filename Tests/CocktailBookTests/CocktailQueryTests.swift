import CocktailBook
import CocktailsAPI
import Foundation
import Testing

extension CocktailPage {
    /// The names of the rows, in order.
    var rowNames: [String] { items.map(\.cocktail.name) }
}

/// The 36 bundled cocktails made with London dry gin or Old Tom gin, alphabetically.
private let ginDrinks = [
    "Angel Face", "Army & Navy", "Aviation", "Bee's Knees", "Bijou", "Bramble", "Cardinale", "Casino", "Clover Club",
    "Corpse Reviver #2", "Dry Martini", "Eastside", "French 75", "Gimlet", "Gin and Tonic", "Gin Basil Smash",
    "Gin Fizz",
    "Gin Rickey", "Hanky Panky", "John Collins", "Last Word", "Long Island Iced Tea", "Martinez", "Monkey Gland",
    "Negroni",
    "Paradise", "Ramos Fizz", "Salty Dog", "Saturn", "Singapore Sling", "South Side", "Suffering Bastard",
    "Tom Collins",
    "Tuxedo", "Vesper", "White Lady",
]

@Suite("CatalogSnapshot.answer: filters and search")
struct CocktailQueryTests {
    let book: CatalogSnapshot

    init() throws { book = try BundledBook.snapshot() }

    func answer(_ query: CocktailQuery, favorites: Set<String> = []) -> CocktailPage {
        book.answer(query, favorites: favorites)
    }

    @Test("the kind filter keeps 134 alcoholic and 36 non-alcoholic cocktails")
    func kind() {
        let all = CocktailQuery(perPage: 200)
        #expect(answer(all).total == 170)
        let alcoholic = answer(CocktailQuery(kind: .alcoholic, perPage: 200))
        #expect(alcoholic.total == 134)
        #expect(alcoholic.items.allSatisfy { $0.cocktail.kind == .alcoholic })
        let free = answer(CocktailQuery(kind: .nonAlcoholic, perPage: 200))
        #expect(free.total == 36)
        #expect(free.items.allSatisfy { $0.cocktail.kind == .nonAlcoholic })
        #expect(
            free.rowNames.prefix(4) == [
                "Agua de Jamaica", "Apple Mint Cooler", "Arnold Palmer", "Basil Lemonade Punch",
            ])
        #expect(free.rowNames.suffix(2) == ["Virgin Sunrise", "Watermelon Agua Fresca"])
    }

    @Test("the category filter ignores case", arguments: ["Creamy", "creamy", "CREAMY"])
    func category(value: String) {
        let page = answer(CocktailQuery(category: DrinkCategory(named: value)))
        #expect(page.rowNames == ["Alexander", "Brazilian Lemonade", "Grasshopper", "Porto Flip"])
        #expect(page.total == 4)
        #expect(
            answer(CocktailQuery(kind: .nonAlcoholic, category: DrinkCategory(named: value))).rowNames == [
                "Brazilian Lemonade"
            ])
    }

    @Test("a family no drink has matches nothing; an unknown name is no family or glass; none is no filter")
    func unknownValues() {
        #expect(answer(CocktailQuery(category: .shot)).total == 0)
        #expect(Glass(named: "tumbler") == nil)
        #expect(DrinkCategory(named: "Sou") == nil, "categories match whole, not by prefix")
        #expect(answer(CocktailQuery(category: nil, glass: nil)).total == 170)
    }

    @Test("the glass filter ignores case")
    func glass() {
        #expect(answer(CocktailQuery(glass: .margarita)).rowNames == ["Barracuda", "Margarita"])
        #expect(answer(CocktailQuery(glass: Glass(named: "Margarita"))).rowNames == ["Barracuda", "Margarita"])
        #expect(answer(CocktailQuery(glass: .coupe, perPage: 200)).total == 35)
        // The Last Word is served in a cocktail glass, as the IBA has it.
        #expect(
            answer(CocktailQuery(glass: Glass(named: "MARTINI"))).rowNames == [
                "Brown Derby", "Cosmopolitan", "Dry Martini", "Espresso Martini", "French Martini", "Last Word",
                "Lemon Drop Martini",
                "Porn Star Martini", "Spicy Fifty", "Stinger", "Tipperary", "Tuxedo", "Vesper", "Ward Eight",
            ])
    }

    @Test("`gin` as an ingredient matches London dry gin and Old Tom gin, not ginger beer or ale")
    func ginIngredient() {
        let page = answer(CocktailQuery(ingredients: ["gin"]))
        #expect(page.rowNames == ginDrinks)
        #expect(page.total == 36)
        for name in ["Moscow Mule", "Dark 'n' Stormy", "Horse's Neck", "Pineapple Ginger Fizz", "Penicillin"] {
            #expect(!page.rowNames.contains(name), "\(name) has ginger, not gin")
        }
        #expect(
            page.rowNames.contains("Tom Collins") && page.rowNames.contains("Casino")
                && page.rowNames.contains("Tuxedo"))
        #expect(answer(CocktailQuery(ingredients: ["GIN"])).rowNames == ginDrinks)
        #expect(answer(CocktailQuery(ingredients: ["old tom gin"])).rowNames == ["Casino", "Tom Collins", "Tuxedo"])
        #expect(answer(CocktailQuery(ingredients: ["gi"])).total == 0, "ingredients match whole words")
    }

    @Test("repeated ingredients must all be in the drink")
    func everyIngredient() {
        #expect(
            answer(CocktailQuery(ingredients: ["campari"])).rowNames == [
                "Americano", "Boulevardier", "Cardinale", "Garibaldi", "Jungle Bird", "Negroni",
            ])
        #expect(answer(CocktailQuery(ingredients: ["gin", "campari"])).rowNames == ["Cardinale", "Negroni"])
        #expect(answer(CocktailQuery(ingredients: ["campari", "gin", "sweet vermouth"])).rowNames == ["Negroni"])
        #expect(answer(CocktailQuery(ingredients: ["gin", "campari", "bourbon"])).total == 0)
        #expect(
            answer(CocktailQuery(ingredients: ["gin", "  "])).rowNames == ginDrinks, "a blank ingredient is no filter")
    }

    @Test("filters combine with each other")
    func filtersCombine() {
        let coupeGin = [
            "Angel Face", "Army & Navy", "Aviation", "Bee's Knees", "Cardinale", "Clover Club", "Corpse Reviver #2",
            "Eastside",
            "Hanky Panky", "Monkey Gland", "Paradise", "South Side", "White Lady",
        ]
        #expect(answer(CocktailQuery(glass: .coupe, ingredients: ["gin"])).rowNames == coupeGin)
        #expect(
            answer(CocktailQuery(category: .sour, ingredients: ["gin"])).rowNames == [
                "Army & Navy", "Aviation", "Bee's Knees", "Bramble", "Casino", "Clover Club", "Corpse Reviver #2",
                "Eastside",
                "Gimlet", "Last Word", "Monkey Gland", "Paradise", "South Side", "White Lady",
            ])
        #expect(answer(CocktailQuery(kind: .nonAlcoholic, category: .sour)).rowNames == ["Margarita Mocktail"])
        #expect(answer(CocktailQuery(kind: .nonAlcoholic, ingredients: ["gin"])).total == 0)
    }

    @Test("filters combine with search text, keeping the search's order")
    func filtersWithText() {
        #expect(
            answer(CocktailQuery(text: "gin", kind: .nonAlcoholic)).rowNames == [
                "Pineapple Ginger Fizz", "Non-Alcoholic Juicy Julep", "Shirley Temple", "Switchel",
                "Virgin Cranberry Mule",
                "Virgin Moscow Mule",
            ])
        #expect(
            answer(CocktailQuery(text: "gin", glass: .coupe)).rowNames == [
                "Angel Face", "Army & Navy", "Aviation", "Bee's Knees", "Cardinale", "Clover Club", "Corpse Reviver #2",
                "Eastside",
                "Hanky Panky", "Monkey Gland", "Paradise", "South Side", "White Lady", "Alexander", "Boulevardier",
                "Final Ward",
            ])
        #expect(
            answer(CocktailQuery(text: "marg", kind: .nonAlcoholic)).rowNames == ["Margarita Mocktail", "Virgin Mary"])
        #expect(
            answer(CocktailQuery(text: "negroni", ingredients: ["campari"])).rowNames == [
                "Negroni", "Boulevardier", "Cardinale",
            ])
        #expect(answer(CocktailQuery(text: "negroni", ingredients: ["gin"])).rowNames == ["Negroni", "Cardinale"])
        #expect(
            answer(CocktailQuery(text: "  margarita  ", category: .sour)).rowNames == [
                "Margarita", "Margarita Mocktail", "Grand Margarita", "Tommy's Margarita", "Illegal",
            ])
    }

    @Test("without search text, favorites are pinned first, alphabetically, and marked")
    func favoritesPinned() {
        let favorites: Set = ["73", "30"] // Zombie, Negroni
        let page = answer(CocktailQuery(), favorites: favorites)
        #expect(page.rowNames.prefix(3) == ["Negroni", "Zombie", "Agua de Jamaica"])
        #expect(page.items.prefix(3).map(\.isFavorite) == [true, true, false])
        #expect(page.items.filter(\.isFavorite).count == 2)
        #expect(page.total == 170)
        let all = answer(CocktailQuery(perPage: 200), favorites: favorites)
        #expect(all.rowNames.filter { $0 == "Negroni" || $0 == "Zombie" }.count == 2, "pinned, not repeated")
        #expect(all.rowNames.last == "Yellow Bird")
        // A filter still applies to favorites.
        let free = answer(CocktailQuery(kind: .nonAlcoholic), favorites: favorites.union(["152"])) // Pink Lemonade
        #expect(free.rowNames.prefix(2) == ["Pink Lemonade", "Agua de Jamaica"])
        #expect(!free.rowNames.contains("Negroni"))
    }

    @Test("text without any search word pins favorites like no text", arguments: ["'", "-", "&", "  ’ ", "#"])
    func favoritesWithWordlessText(text: String) {
        let page = answer(CocktailQuery(text: text), favorites: ["73"]) // Zombie
        #expect(page.total == 170)
        #expect(page.rowNames.prefix(2) == ["Zombie", "Agua de Jamaica"])
    }

    @Test("with search text, favorites are marked but not pinned")
    func favoritesNotPinnedWithText() {
        let page = answer(CocktailQuery(text: "negroni"), favorites: ["16", "47"]) // Aviation, Cardinale
        #expect(page.rowNames == ["Negroni", "Boulevardier", "Cardinale"])
        #expect(page.items.map(\.isFavorite) == [false, false, true])
    }
}

@Suite("CatalogSnapshot.answer: paging")
struct PagingTests {
    let book: CatalogSnapshot

    init() throws { book = try BundledBook.snapshot() }

    @Test("170 cocktails at 50 a page: pages 1 to 4, the last with 20 rows")
    func pages() {
        var seen: [String] = []
        let expected: [(page: Int, rows: Int, next: Int?, first: String)] = [
            (1, 50, 2, "Agua de Jamaica"), (2, 50, 3, "French Connection"), (3, 50, 4, "Non-Alcoholic Juicy Julep"),
            (4, 20, nil, "Tuxedo"),
        ]
        for row in expected {
            let page = book.answer(CocktailQuery(page: row.page, perPage: 50), favorites: [])
            #expect(page.page == row.page)
            #expect(page.perPage == 50)
            #expect(page.total == 170)
            #expect(page.items.count == row.rows, "page \(row.page)")
            #expect(page.nextPage == row.next, "page \(row.page)")
            #expect(page.rowNames.first == row.first, "page \(row.page)")
            seen += page.rowNames
        }
        #expect(seen == book.catalog.cocktails.map(\.name), "the pages together are the catalog, once each")
        #expect(seen.last == "Zombie")
    }

    @Test("a page past the end is empty and has no next page", arguments: [5, 6, 1000])
    func pastTheEnd(number: Int) {
        let page = book.answer(CocktailQuery(page: number), favorites: [])
        #expect(page.items.isEmpty)
        #expect(page.total == 170)
        #expect(page.nextPage == nil)
        #expect(page.page == number)
    }

    @Test("paging a search: 36 gin drinks at 10 a page")
    func pagedFilter() {
        let third = book.answer(CocktailQuery(ingredients: ["gin"], page: 3, perPage: 10), favorites: [])
        #expect(third.rowNames == Array(ginDrinks[20..<30]))
        #expect(third.nextPage == 4)
        let fourth = book.answer(CocktailQuery(ingredients: ["gin"], page: 4, perPage: 10), favorites: [])
        #expect(fourth.rowNames == Array(ginDrinks[30...]))
        #expect(fourth.nextPage == nil)
        let exact = book.answer(CocktailQuery(ingredients: ["gin"], page: 2, perPage: 18), favorites: [])
        #expect(exact.items.count == 18)
        #expect(exact.nextPage == nil, "36 rows end exactly on page 2")
    }

    @Test("pages below 1 are clamped to 1", arguments: [0, -1, Int.min])
    func pageClamp(number: Int) {
        let query = CocktailQuery(page: number)
        #expect(query.page == 1)
        let page = book.answer(query, favorites: [])
        #expect(page.page == 1)
        #expect(page.rowNames.first == "Agua de Jamaica")
        #expect(page.nextPage == 2)
    }

    @Test(
        "page sizes are clamped to 1…200", arguments: [(0, 1), (-5, 1), (1, 1), (200, 200), (201, 200), (10_000, 200)])
    func perPageClamp(asked: Int, clamped: Int) {
        let query = CocktailQuery(perPage: asked)
        #expect(query.perPage == clamped)
        let page = book.answer(query, favorites: [])
        #expect(page.perPage == clamped)
        #expect(page.items.count == min(clamped, 170))
        #expect(page.nextPage == (clamped >= 170 ? nil : 2))
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
