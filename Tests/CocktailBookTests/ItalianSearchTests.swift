import CocktailsAPI
import Foundation
import Testing

@testable import CocktailBook

extension CatalogSnapshot {
    /// The names of `query`'s hits as a page in `language` finds them, best first.
    func hitNames(_ query: String, in language: Language) -> [String] {
        index.search(query, in: language).map { catalog.cocktails[$0.position].name }
    }

    /// The names of the drinks with an ingredient whose canonical English name is `name`.
    func drinksUsing(_ name: String) -> Set<String> {
        Set(catalog.cocktails.indices.filter { ingredientNames[$0].contains(name) }.map { catalog.cocktails[$0].name })
    }
}

/// Search speaks the language of the page: the Italian pages find drinks by the Italian names of
/// their ingredients (`names-it.json`), their Italian descriptions and tags; names are shared.
@Suite("Search in Italian")
struct ItalianSearchTests {
    let book: CatalogSnapshot

    init() throws { book = try BundledBook.snapshot() }

    @Test("`menta` and `mint` find every drink made with fresh mint on a page in either language")
    func menta() {
        let italian = Set(book.hitNames("menta", in: .italian))
        #expect(italian.isSuperset(of: book.drinksUsing("fresh mint")))
        #expect(italian.isSuperset(of: ["Mojito", "Mint Julep", "South Side"]))
        // Every language at once: on an English page the name with the word leads, then the
        // drinks made with mint, by its Italian name; and `mint` on an Italian page finds them too.
        let english = book.hitNames("menta", in: .english)
        #expect(english.first == "Limonata alla Menta")
        #expect(Set(english).isSuperset(of: book.drinksUsing("fresh mint")))
        #expect(Set(book.hitNames("mint", in: .italian)).isSuperset(of: book.drinksUsing("fresh mint")))
        // A word of another language counts whole, never as a prefix: `lim` is not `limone`.
        #expect(!book.hitNames("lim", in: .english).contains("Whiskey Sour"))
        // The same drinks as `mint` in English, by their ingredients.
        #expect(book.drinksUsing("fresh mint").isSubset(of: Set(book.hitNames("mint", in: .english))))
    }

    @Test("`limone` finds the lemon drinks, by the juice's Italian name (succo di limone)")
    func limone() {
        let italian = Set(book.hitNames("limone", in: .italian))
        #expect(italian.isSuperset(of: book.drinksUsing("fresh lemon juice")))
        #expect(italian.contains("Whiskey Sour"))
        #expect(!italian.contains("Negroni"))
    }

    @Test("`vermouth rosso` finds drinks with sweet vermouth, not the Dry Martini's dry vermouth")
    func vermouthRosso() {
        let italian = Set(book.hitNames("vermouth rosso", in: .italian))
        #expect(italian.isSuperset(of: ["Negroni", "Manhattan", "Americano"]))
        #expect(!italian.contains("Dry Martini"))
        #expect(italian.isSuperset(of: book.drinksUsing("sweet vermouth")))
    }

    @Test("typos are forgiven in Italian ingredient names as in English ones", arguments: ["limne", "mneta"])
    func typos(query: String) {
        let wanted = query == "limne" ? "Whiskey Sour" : "Mojito"
        #expect(book.hitNames(query, in: .italian).contains(wanted))
    }

    @Test("`mnit` (two letters swapped) finds the mint drinks by ingredient in English")
    func englishIngredientTypo() {
        #expect(Set(book.hitNames("mnit", in: .english)).isSuperset(of: ["Mojito", "Mint Julep"]))
    }

    @Test("Italian descriptions and tags are searched on Italian pages only")
    func descriptionsAndTags() {
        // `dissetante` is in the Mojito's Italian description; `affumicato` is the tag `smoky`.
        #expect(book.hitNames("dissetante", in: .italian).contains("Mojito"))
        #expect(!book.hitNames("dissetante", in: .english).contains("Mojito"))
        let smoky = Set(book.hitNames("affumicato", in: .italian))
        #expect(smoky.isSuperset(of: ["Penicillin", "Oaxaca Old Fashioned", "Illegal", "Division Bell"]))
        #expect(Set(book.hitNames("smoky", in: .english)).isSuperset(of: ["Penicillin", "Illegal"]))
    }

    @Test("names are found the same way in both languages, exact name first")
    func namesInBothLanguages() {
        #expect(book.hitNames("negroni", in: .italian).first == "Negroni")
        #expect(book.hitNames("negroni", in: .english).first == "Negroni")
        #expect(book.hitNames("negorni", in: .italian).contains("Negroni"))
    }

    @Test("every tag of the catalog has an Italian name")
    func everyTagTranslated() {
        let tags = Set(book.catalog.cocktails.flatMap { $0.tags ?? [] })
        let missing = tags.filter { UIStrings.of(.italian).names?.tags[$0.lowercased()] == nil }.sorted()
        #expect(missing.isEmpty, "tags without an Italian name: \(missing)")
    }
}

@Suite("The tag filter")
struct TagFilterTests {
    @Test("tag=smoky lists exactly the drinks carrying the tag, in any case, alphabetically")
    func tagFilter() throws {
        let book = try BundledBook.snapshot()
        var query = CocktailQuery().unpaged
        query.tag = "Smoky"
        let names = book.answer(query, favorites: []).items.map(\.cocktail.name)
        let expected = book.catalog.cocktails.filter { ($0.tags ?? []).contains("smoky") }.map(\.name)
        #expect(names == expected)
        #expect(Set(names) == ["Illegal", "Penicillin", "Oaxaca Old Fashioned", "Division Bell", "Mezcal Negroni"])
        query.tag = "no-such-tag"
        #expect(book.answer(query, favorites: []).items.isEmpty)
    }
}
