import CocktailBook
import CocktailsAPI
import Testing

@Suite("CocktailFilter")
struct CocktailFilterTests {
    @Test("titles are exactly the three list titles")
    func titles() {
        #expect(CocktailFilter.all.title == "All Cocktails")
        #expect(CocktailFilter.alcoholic.title == "Alcoholic Cocktails")
        #expect(CocktailFilter.nonAlcoholic.title == "Non-Alcoholic Cocktails")
    }

    @Test("segment labels and raw values")
    func labelsAndRawValues() {
        #expect(CocktailFilter.allCases.map(\.label) == ["All", "Alcoholic", "Non-Alcoholic"])
        #expect(CocktailFilter.allCases.map(\.rawValue) == ["all", "alcoholic", "non-alcoholic"])
    }

    @Test("a missing or empty value means all")
    func missingMeansAll() throws {
        #expect(try CocktailFilter(parsing: nil) == .all)
        #expect(try CocktailFilter(parsing: "") == .all)
    }

    @Test(
        "values parse regardless of case",
        arguments: [
            ("all", CocktailFilter.all), ("ALL", .all), ("alcoholic", .alcoholic), ("ALCOHOLIC", .alcoholic),
            ("non-alcoholic", .nonAlcoholic), ("Non-Alcoholic", .nonAlcoholic), ("NON-ALCOHOLIC", .nonAlcoholic),
        ]
    )
    func parses(value: String, expected: CocktailFilter) throws {
        #expect(try CocktailFilter(parsing: value) == expected)
    }

    @Test(
        "an unknown value throws invalidFilter carrying the value",
        arguments: ["beer", "nonalcoholic", "non_alcoholic", " all"])
    func unknownValue(value: String) {
        #expect(throws: CatalogError.invalidFilter(value)) { try CocktailFilter(parsing: value) }
    }

    @Test("the invalid-filter message lists the valid filters")
    func invalidFilterMessage() {
        let message = CatalogError.invalidFilter("beer").localizedDescription
        #expect(message == #""beer" is not a filter; use one of all, alcoholic, non-alcoholic."#)
    }

    @Test("includes matches the cocktail's kind")
    func includes() {
        let gin = Fixtures.cocktail("1", "Gin", .alcoholic)
        let juice = Fixtures.cocktail("2", "Juice", .nonAlcoholic)
        #expect(CocktailFilter.all.includes(gin) && CocktailFilter.all.includes(juice))
        #expect(CocktailFilter.alcoholic.includes(gin) && !CocktailFilter.alcoholic.includes(juice))
        #expect(!CocktailFilter.nonAlcoholic.includes(gin) && CocktailFilter.nonAlcoholic.includes(juice))
    }
}
