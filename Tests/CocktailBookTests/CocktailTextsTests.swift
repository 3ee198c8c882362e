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
            ("de-DE,it;q=0.7", Language(rawValue: "de")!), ("fr", Language(rawValue: "fr")!), ("pt-BR", .english),
            ("pt-BR,es;q=0.8", Language(rawValue: "es")!), ("", .english), ("IT-ch", .italian),
            // q values rank, whatever the order written; q=0 refuses; a bad q counts as refusing.
            ("en;q=0.1, it;q=0.9", .italian), ("en-US;q=0.5,it-CH;q=0.8,pt", .italian),
            ("it;q=0,en;q=0.2", .english), ("it;q=abc,en;q=0.1", .english), ("*;q=0.5,it;q=0.4", .italian),
            ("en, it", .english), ("pt-PT;q=1.0, it;q=1.0, en;q=1.0", .italian),
            ("fr-CA;q=1.0, it;q=1.0", Language(rawValue: "fr")!),
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

    @Test(
        "a translation with only a summary: saved as typed, shown with its own summary as description, and the English description keeps following the English summary through edits"
    )
    func partialTranslation() throws {
        var draft = RecipeDraft(
            name: "Rosemary Sour", rows: [.init(amount: "2", unit: "oz", ingredient: "gin")], steps: [])
        draft.shortDescription = "A bright house gin sour with rosemary"
        draft.translations["it"] = .init(shortDescription: "Un sour al gin con rosmarino")
        let first = try #require(draft.cocktail(id: "my-1", author: nil, dateModified: Date()))
        #expect(first.longDescription == "A bright house gin sour with rosemary") // a description is filled in
        #expect(first.translations?["it"]?.longDescription == "", "no English is kept as the translation")
        #expect(first.texts(in: .italian).shortDescription == "Un sour al gin con rosmarino")
        #expect(first.texts(in: .italian).longDescription == "Un sour al gin con rosmarino")

        // Opened again: the description that only repeated the summary is an empty field.
        var edited = RecipeDraft(first)
        #expect(edited.longDescription == "")
        #expect(edited.translations["it"] == .init(shortDescription: "Un sour al gin con rosmarino"))
        edited.shortDescription = "A sharper house gin sour"
        let second = try #require(edited.cocktail(id: "my-1", author: nil, dateModified: Date()))
        #expect(second.longDescription == "A sharper house gin sour")
        #expect(second.translations?["it"] == first.translations?["it"], "the translation was not touched")
        #expect(RecipeDraft(second).changedFields(comparedTo: RecipeDraft(first)) == [.shortDescription])

        // A drink saved by an older version, whose translation copied the English texts: those
        // copies are empty fields when it is edited, and read in English until translated.
        var old = first
        old.translations?["it"] = CocktailTexts(
            shortDescription: "A bright house gin sour with rosemary",
            longDescription: "A bright house gin sour with rosemary")
        #expect(RecipeDraft(old).translations["it"] == nil, "nothing of it was translated")
        #expect(old.texts(in: .italian).longDescription == "A bright house gin sour with rosemary")
    }
}

@Suite("The standard drink by region and setting")
struct StandardDrinkTests {
    @Test(
        "the default comes from the region the browser names for the page's language",
        arguments: [
            ("en-US,en;q=0.9", Language.english, 14), ("en-GB", .english, 8), ("en", .english, 10),
            ("it-IT,it;q=0.9", .italian, 12), ("en-US", .italian, 12), ("de-DE,en-GB;q=0.5", .english, 8),
            ("en-GB;q=0.2,en-US;q=0.8", .english, 14), ("", .english, 10),
        ])
    func byRegion(_ header: String, _ language: Language, _ grams: Int) {
        #expect(StandardDrink.grams(for: language, acceptLanguage: header) == grams)
    }

    @Test("a chosen standard is kept in the settings' cookie value; auto goes back to the region; others are ignored")
    func setting() {
        let chosen = Settings().applying { $0 == "std" ? "14" : nil }
        #expect(chosen.standardDrink == 14)
        #expect(chosen.cookieValue.hasSuffix("&std=14"))
        #expect(Settings(cookieValue: chosen.cookieValue).standardDrink == 14)
        #expect(chosen.applying { $0 == "std" ? "13" : nil }.standardDrink == 14)
        #expect(chosen.applying { $0 == "std" ? "auto" : nil }.standardDrink == nil)
        // A language switch leaves it as chosen.
        #expect(chosen.applying { $0 == "lang" ? "it" : nil }.standardDrink == 14)
    }
}
