import CocktailBook
import CocktailBookTestSupport
import CocktailsAPI
import Foundation
import Testing

private func pairs(_ values: [Facets.Value]) -> [String] { values.map { "\($0.value)=\($0.count)" } }

@Suite("CatalogSnapshot.facets over the bundled catalog")
struct FacetTests {
    let facets: Facets
    let book: CatalogSnapshot

    init() throws {
        book = try BundledBook.snapshot()
        facets = book.facets()
    }

    @Test("kinds: 241 alcoholic and 70 non-alcoholic, 311 in all")
    func kinds() {
        #expect(pairs(facets.kinds) == ["alcoholic=241", "non-alcoholic=70"])
        #expect(facets.kinds.map(\.count).reduce(0, +) == 311)
    }

    @Test("categories, alphabetically, with their counts")
    func categories() {
        #expect(
            pairs(facets.categories) == [
                "Coffee & Tea=13", "Creamy=19", "Fizz & Collins=19", "Frozen=5", "Highball=57", "Hot=11",
                "Julep & Smash=8", "Punch=8", "Shot=2", "Sour=70", "Sparkling=22", "Spirit-forward=52",
                "Tiki & Tropical=18", "Wine & Aperitif=7",
            ])
        #expect(facets.categories.map(\.count).reduce(0, +) == 311)
    }

    @Test("glasses, alphabetically, with their counts")
    func glasses() {
        #expect(
            pairs(facets.glasses) == [
                "collins=31", "copa=2", "copper-mug=3", "coupe=50", "double-rocks=25", "flute=13", "highball=54",
                "hurricane=9", "julep-cup=3", "margarita=3", "martini=29", "mug=11", "nick-and-nora=15", "rocks=41",
                "shot=2", "tiki-mug=5", "wine=15",
            ])
        #expect(facets.glasses.map(\.count).reduce(0, +) == 311)
    }

    @Test("each facet count equals what the filter finds")
    func countsMatchFilters() {
        for glass in facets.glasses {
            #expect(
                book.answer(CocktailQuery(glass: Glass(named: glass.value)), favorites: []).total == glass.count,
                "\(glass.value)")
        }
        for category in facets.categories {
            #expect(
                book.answer(CocktailQuery(category: DrinkCategory(named: category.value)), favorites: []).total
                    == category.count,
                "\(category.value)")
        }
    }

    @Test("ingredients by canonical name, counted once per cocktail")
    func ingredients() throws {
        func count(_ name: String) -> Int? { facets.ingredients.first { $0.value == name }?.count }
        #expect(count("Campari") == 17)
        #expect(count("London dry gin") == 51)
        #expect(count("Old Tom gin") == 4)
        #expect(count("absinthe") == 9)
        #expect(count("Angostura bitters") == 31)
        #expect(count("bourbon") == 12)
        // "orange liqueur, such as Cointreau" is any orange liqueur, the family of Cointreau.
        #expect(count("Cointreau") == 7)
        #expect(count("orange liqueur") == 2)
        #expect(count("triple sec") == 9)
        #expect(Set(facets.ingredients.map(\.value)).count == facets.ingredients.count, "each value once")
        #expect(facets.ingredients.allSatisfy { $0.count >= 1 && $0.count <= 311 })
    }

    @Test("ingredients sort alphabetically ignoring case and accents")
    func ingredientOrder() throws {
        let values = facets.ingredients.map(\.value)
        let order = [
            "absinthe", "Angostura bitters", "bourbon", "Campari", "Cointreau", "London dry gin", "Old Tom gin",
            "triple sec",
        ]
        let indices = try order.map { name in try #require(values.firstIndex(of: name), "\(name) missing") }
        #expect(indices == indices.sorted())
        let folded = values.map { $0.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil) }
        for (a, b) in zip(folded, folded.dropFirst()) {
            #expect(a <= b, "\(a) before \(b)")
        }
        let benedictine = try #require(values.firstIndex(of: "Bénédictine"))
        #expect(values[benedictine + 1] == "black coffee", "é sorts as e")
    }

    @Test("`bourbon` as an ingredient finds the drinks made with it, not those naming it in a note")
    func bourbonFilter() {
        #expect(
            book.answer(CocktailQuery(ingredients: ["bourbon"]), favorites: []).rowNames == [
                "Amaretto Sour", "Boulevardier", "Bourbon Renewal", "Brown Derby", "Gold Rush", "Mint Julep",
                "Old Fashioned", "Paper Plane", "Revolver", "Seelbach", "Whiskey Smash", "Whiskey Sour",
            ])
    }
}

@Suite("CatalogService: query, facets and a random cocktail")
struct CatalogServiceSearchTests {
    @Test("query searches the seed catalog, best match first")
    func query() async throws {
        let harness = await ServiceHarness.ready()
        let marg = try await harness.service.query(CocktailQuery(text: "marg"))
        #expect(marg.rowNames == ["Margarita", "Margarita Mocktail", "Bloody Mary"])
        #expect(marg.total == 3)
        #expect(marg.nextPage == nil)
        #expect(
            try await harness.service.query(CocktailQuery(text: "rum")).rowNames == [
                "Daiquiri", "Mojito", "Piña Colada",
            ])
        #expect(try await harness.service.query(CocktailQuery(text: "zzzqx")).total == 0)
    }

    @Test("query filters and pages the seed catalog")
    func filtersAndPages() async throws {
        let harness = await ServiceHarness.ready()
        #expect(try await harness.service.query(CocktailQuery()).rowNames == Fixtures.allNames)
        #expect(try await harness.service.query(CocktailQuery(kind: .alcoholic)).rowNames == Fixtures.alcoholicNames)
        #expect(
            try await harness.service.query(CocktailQuery(kind: .nonAlcoholic)).rowNames == Fixtures.nonAlcoholicNames)
        #expect(
            try await harness.service.query(CocktailQuery(category: .sour)).rowNames == [
                "Daiquiri", "Margarita",
            ])
        #expect(
            try await harness.service.query(CocktailQuery(glass: .rocks)).rowNames == [
                "Margarita Mocktail", "Old Fashioned",
            ])
        #expect(
            try await harness.service.query(CocktailQuery(ingredients: ["white rum"])).rowNames == [
                "Daiquiri", "Mojito", "Piña Colada",
            ])
        let second = try await harness.service.query(CocktailQuery(page: 2, perPage: 5))
        #expect(second.rowNames == Array(Fixtures.allNames[5..<10]))
        #expect(second.total == 13)
        #expect(second.nextPage == 3)
        let third = try await harness.service.query(CocktailQuery(page: 3, perPage: 5))
        #expect(third.rowNames == Array(Fixtures.allNames[10...]))
        #expect(third.nextPage == nil)
    }

    @Test("query pins the stored favorites when there is no text")
    func favorites() async throws {
        let harness = await ServiceHarness.ready(favorites: ["9"]) // Screwdriver
        let page = try await harness.service.query(CocktailQuery())
        #expect(page.rowNames == ["Screwdriver"] + Fixtures.allNames.filter { $0 != "Screwdriver" })
        #expect(page.items.map(\.isFavorite) == [true] + Array(repeating: false, count: 12))
        let searched = try await harness.service.query(CocktailQuery(text: "vodka"))
        #expect(searched.items.first { $0.cocktail.name == "Screwdriver" }?.isFavorite == true)
    }

    @Test("facets describe the seed catalog")
    func facets() async throws {
        let harness = await ServiceHarness.ready()
        let facets = try await harness.service.facets()
        #expect(pairs(facets.kinds) == ["alcoholic=9", "non-alcoholic=4"])
        #expect(
            pairs(facets.categories) == [
                "Fizz & Collins=1", "Highball=4", "Julep & Smash=2", "Punch=1", "Sour=2", "Spirit-forward=2",
                "Tiki & Tropical=1",
            ])
        #expect(
            pairs(facets.glasses) == [
                "collins=1", "copa=1", "coupe=1", "double-rocks=1", "highball=3", "hurricane=1", "julep-cup=1",
                "margarita=1", "nick-and-nora=1", "rocks=2",
            ])
    }

    @Test("randomCocktail returns catalog members, and not always the same one")
    func random() async throws {
        let harness = await ServiceHarness.ready(favorites: ["7"])
        let ids = Set(try Fixtures.bundledCocktails().map(\.id))
        var drawn: [String: Int] = [:]
        for _ in 0..<200 {
            let item = try await harness.service.randomCocktail()
            #expect(ids.contains(item.cocktail.id))
            #expect(item.isFavorite == (item.cocktail.id == "7"))
            drawn[item.cocktail.id, default: 0] += 1
        }
        #expect(drawn.count > 1)
        #expect(drawn.count >= 8, "200 draws from 13 should reach most of them: \(drawn)")
    }

    @Test("query, facets and randomCocktail wait for the first catalog")
    func whileLoading() async throws {
        let harness = ServiceHarness(source: FakeCocktailsAPI(latency: .seconds(5), payload: SeedCatalog.data))
        await harness.service.start()
        await #expect(throws: CatalogError.loading) { try await harness.service.query(CocktailQuery()) }
        await #expect(throws: CatalogError.loading) { try await harness.service.facets() }
        await #expect(throws: CatalogError.loading) { try await harness.service.randomCocktail() }
    }
}
