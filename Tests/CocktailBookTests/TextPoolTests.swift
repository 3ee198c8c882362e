import CocktailsAPI
import Foundation
import Testing

@testable import CocktailBook

@Suite("Repeated texts of a catalog kept once")
struct TextPoolTests {
    /// Where a string's bytes are: the same address for two strings means one copy.
    static func address(_ text: String) -> UnsafeRawPointer? {
        var text = text
        return text.withUTF8 { UnsafeRawPointer($0.baseAddress) }
    }

    @Test("lines, steps and garnishes equal in two drinks become one copy; names, descriptions and values stay")
    func sharing() throws {
        let bundled = try BundledBook.cocktails()
        let daiquiri = try #require(bundled.first { $0.name == "Daiquiri" })
        // The same drink decoded twice, as two copies of its texts.
        let again = try JSONDecoder().decode(Cocktail.self, from: JSONEncoder().encode(daiquiri))
        let line = try #require(daiquiri.ingredients.first { $0.utf8.count > 15 })
        let index = try #require(daiquiri.ingredients.firstIndex(of: line))
        #expect(Self.address(daiquiri.ingredients[index]) != Self.address(again.ingredients[index]))

        let shared = TextPool.sharing([daiquiri, again])
        #expect(shared == [daiquiri, again], "the same values")
        #expect(Self.address(shared[0].ingredients[index]) == Self.address(shared[1].ingredients[index]))
        let step = try #require(shared[0].instructions?.first)
        #expect(Self.address(step) == Self.address(try #require(shared[1].instructions?.first)))
        let italianStep = try #require(shared[0].translations?["it"]?.instructions?.first)
        #expect(
            Self.address(italianStep) == Self.address(try #require(shared[1].translations?["it"]?.instructions?.first)))
        // Each drink's own words are not pooled.
        #expect(Self.address(shared[0].longDescription) != Self.address(shared[1].longDescription))
    }
}
