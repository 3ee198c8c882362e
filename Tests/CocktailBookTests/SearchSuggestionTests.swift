import Foundation
import Testing

@testable import CocktailBook

/// A search that finds nothing offers the nearest names; Spanish and Catalan `vermut` finds the
/// vermouths.
@Suite("Search: vermut, and the nearest names when nothing matches")
struct SearchSuggestionTests {
    let book: CatalogSnapshot

    init() throws { book = try BundledBook.snapshot() }

    func suggestions(_ query: String) -> [String] {
        book.index.nearestNames(to: query).map { book.catalog.cocktails[$0].name }
    }

    @Test("`vermut` and `vermú` find what `vermouth` finds")
    func vermut() {
        let vermouth = book.hitNames("vermouth")
        #expect(vermouth.count > 20 && vermouth.contains("Negroni") && vermouth.contains("Manhattan"))
        #expect(book.hitNames("vermut") == vermouth)
        #expect(book.hitNames("vermú") == vermouth)
        #expect(book.hitNames("sweet vermut") == book.hitNames("sweet vermouth"))
    }

    @Test(
        "the nearest names, best first, for words too far off to match",
        arguments: [
            ("dakiri", "Daiquiri"), ("moheeto", "Mojito"), ("manhatan cocktal", "Manhattan"),
            ("oldfashioned", "Old Fashioned"),
        ])
    func nearest(query: String, first: String) {
        #expect(book.hitNames(query).isEmpty, "\(query) finds nothing by itself")
        let names = suggestions(query)
        #expect(names.first == first, "\(query): \(names)")
        #expect(names.count <= 3 && Set(names).count == names.count)
    }

    @Test("nothing near: no suggestion; the page of such a query carries them, a page with hits none")
    func nothingNear() throws {
        #expect(suggestions("zzzzqqq").isEmpty)
        #expect(suggestions("zz qq").isEmpty, "two-letter words suggest nothing")
        #expect(suggestions("").isEmpty)
        let none = book.answer(CocktailQuery(text: "moheeto"), favorites: [])
        #expect(none.total == 0 && none.suggestions.first == "Mojito")
        #expect(book.answer(CocktailQuery(text: "mojito"), favorites: []).suggestions.isEmpty)
    }
}
