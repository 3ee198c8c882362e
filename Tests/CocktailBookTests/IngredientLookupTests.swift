import CocktailBook
import Testing

/// A typed name on the bar's forms: known in English or Italian, or offered the nearest names,
/// never silently replaced by one of them.
@Suite("My bar: typed ingredient names")
struct IngredientLookupTests {
    static let index = BarFormsTests.index

    @Test("English names and aliases, and Italian names, are the bar's values")
    func known() {
        #expect(IngredientLookup.resolve("sugar", in: Self.index) == .known("sugar"))
        #expect(IngredientLookup.resolve("  Sugar ", in: Self.index) == .known("sugar"))
        #expect(IngredientLookup.resolve("white sugar", in: Self.index) == .known("sugar"))
        #expect(IngredientLookup.resolve("zucchero", in: Self.index) == .known("sugar"))
        #expect(IngredientLookup.resolve("zucchero di canna", in: Self.index) == .known("brown sugar"))
    }

    @Test("a language's aliases are typed names too, though the book never writes them")
    func aliases() {
        #expect(IngredientLookup.resolve("hierbabuena", in: Self.index) == .known("fresh mint"))
        #expect(IngredientLookup.resolve("Jugo de piña", in: Self.index) == .known("pineapple juice"))
        #expect(IngredientLookup.resolve("jus de lime", in: Self.index) == .known("fresh lime juice"))
        #expect(UIStrings.of(Language(rawValue: "es")!).ingredient("fresh mint") == "menta fresca")
        guard case .unknown(let near) = IngredientLookup.resolve("hierbabuen", in: Self.index) else {
            Issue.record("hierbabuen was taken as an ingredient")
            return
        }
        #expect(near.first == "fresh mint", "a slip in an alias is offered the ingredient")
    }

    @Test("a slip is offered the nearest names, closest first, and is never taken as one of them")
    func suggestions() {
        guard case .unknown(let near) = IngredientLookup.resolve("campary", in: Self.index) else {
            Issue.record("campary was taken as an ingredient")
            return
        }
        #expect(near.first == "Campari")
        guard case .unknown(let sugars) = IngredientLookup.resolve("sugr", in: Self.index) else {
            Issue.record("sugr was taken as an ingredient")
            return
        }
        #expect(sugars.contains("sugar"))
        #expect(sugars.count <= 5)
        #expect(IngredientLookup.resolve("", in: Self.index) == .unknown(suggestions: []))
        #expect(
            IngredientLookup.resolve(String(repeating: "x", count: 201), in: Self.index) == .unknown(suggestions: []))
    }
}
