import CocktailBook
import CocktailsAPI
import Foundation
import Testing

/// The sort's ASCII fast path must give exactly the order the locale's own comparison gives.
@Suite("Alphabetical order: fast path against the locale")
struct CollationRanksTests {
    static let tricky = [
        "a-b", "ab", "a b", "A.B", "a'b", "Tommy's Margarita", "Tommys", "a1", "a#", "a", "a ", "VE.N.TO", "Vesper",
        "Ve", "V.", "Corpse Reviver #2", "Corpse Reviver No. 1", "Dark 'n' Stormy", "Dark and Stormy", "Army & Navy",
        "Army and Navy", "B-52", "B52", "Piña Colada", "Pina Colada", "pina colada", "Zombie", "zombie", "Øl", "Æble",
        "~tilde", "_under", "[bracket]", "{brace}", "123", "1 2 3",
    ]

    func slowOrder(_ names: [String], locale: Locale) -> [String] {
        let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive, .widthInsensitive]
        let indexed = names.enumerated().map { (id: $0.offset, name: $0.element) }
        return indexed.sorted { lhs, rhs in
            switch lhs.name.compare(rhs.name, options: options, range: nil, locale: locale) {
            case .orderedAscending: true
            case .orderedDescending: false
            case .orderedSame: lhs.id < rhs.id
            }
        }.map(\.name)
    }

    func fastOrder(_ names: [String], locale: Locale) -> [String] {
        let cocktails = names.enumerated().map { index, name in
            Cocktail(
                id: String(index), name: name, kind: .alcoholic, shortDescription: "", longDescription: "",
                preparationMinutes: 1, imageName: "x", ingredients: [])
        }
        return AlphabeticalCatalog(cocktails, locale: locale).cocktails.map(\.name)
    }

    @Test(
        "tricky punctuation, case, accents and non-ASCII names sort as the locale sorts them",
        arguments: ["en_US", "sv_SE", "de_DE"])
    func tricky(locale: String) {
        let locale = Locale(identifier: locale)
        #expect(fastOrder(Self.tricky, locale: locale) == slowOrder(Self.tricky, locale: locale))
    }

    @Test("the bundled catalog's names sort as the locale sorts them, whatever the input order")
    func bundled() throws {
        // The names are unique (the catalog validation says so), so there are no ties to break.
        let names = try CatalogDecoder.decode(BundledCatalog.data).cocktails.map(\.name)
        let locale = Locale(identifier: "en_US")
        #expect(fastOrder(names.shuffled(), locale: locale) == slowOrder(names, locale: locale))
    }
}
