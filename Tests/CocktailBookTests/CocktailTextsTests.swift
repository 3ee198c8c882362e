import CocktailBook
import CocktailsAPI
import Foundation
import Testing

@Suite("Cocktail texts by language")
struct CocktailTextsTests {
    @Test(
        "Accept-Language and lang values pick the book's language the header ranks highest, by q value, then order",
        arguments: [
            ("it-IT,it;q=0.9,en;q=0.8", Language.italian), ("it", .italian), ("en-GB,it;q=0.5", .english),
            ("de-DE,it;q=0.7", .italian), ("fr", .english), ("", .english), ("IT-ch", .italian),
            // q values rank, whatever the order written; q=0 refuses; a bad q counts as refusing.
            ("en;q=0.1, it;q=0.9", .italian), ("en-US;q=0.5,it-CH;q=0.8,fr", .italian),
            ("it;q=0,en;q=0.2", .english), ("it;q=abc,en;q=0.1", .english), ("*;q=0.5,it;q=0.4", .italian),
            ("en, it", .english), ("fr-CA;q=1.0, it;q=1.0, en;q=1.0", .italian),
        ])
    func negotiation(_ header: String, _ expected: Language) {
        #expect(Language(preferring: header) == expected)
    }

    @Test("a translation replaces the English texts; a missing one falls back, and it round-trips through JSON")
    func fallback() throws {
        let italian = CocktailTexts(
            shortDescription: "Amaro e deciso.", longDescription: "Tre parti uguali.",
            instructions: ["Mescola con ghiaccio."])
        let cocktail = Cocktail(
            id: "30", name: "Negroni", kind: .alcoholic, shortDescription: "Bitter and bold.",
            longDescription: "Equal parts.",
            preparationMinutes: 3, imageName: "negroni", ingredients: ["1 oz gin"], instructions: ["Stir with ice."],
            garnish: "Orange slice",
            translations: ["it": italian]
        )
        let texts = cocktail.texts(in: .italian)
        #expect(texts.shortDescription == "Amaro e deciso.")
        #expect(texts.instructions == ["Mescola con ghiaccio."])
        #expect(texts.garnish == "Orange slice") // not translated: the English stays
        #expect(cocktail.texts(in: .english).shortDescription == "Bitter and bold.")
        let decoded = try JSONDecoder().decode(Cocktail.self, from: try JSONEncoder().encode(cocktail))
        #expect(decoded.translations?["it"] == italian)
    }
}
