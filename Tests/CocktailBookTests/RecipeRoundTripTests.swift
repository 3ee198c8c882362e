import CocktailsAPI
import Foundation
import Testing

@testable import CocktailBook

/// What the book writes about a drink (schema.org JSON-LD) read back by what it reads from other
/// sites (``RecipePageReader``): if the book cannot read its own pages, no one else can.
@Suite("A drink's JSON-LD read back into a draft")
struct RecipeRoundTripTests {
    static let base = "https://bar.example/cocktails/30"

    static func draft(of cocktail: Cocktail, language: Language = .english) throws -> RecipeDraft {
        let script = SchemaOrgRecipe.jsonLD(
            for: try BundledDrinks.details(cocktail), language: language, pageURL: base,
            imageURL: "/images/\(cocktail.id).jpg", author: nil)
        let page = """
            <!DOCTYPE html>
            <html lang="\(language.rawValue)"><head><meta charset="utf-8"><title>\(cocktail.name)</title>
            <script type="application/ld+json">\(script)</script></head>
            <body><h1>\(cocktail.name)</h1><p>A page of the book.</p></body></html>
            """
        return try RecipePageReader.read(html: page, baseURL: try #require(URL(string: base)))
    }

    @Test("the Negroni: name, lines and steps equal the drink's, and the rest is read as written")
    func negroni() throws {
        let negroni = try BundledDrinks.named("Negroni")
        let draft = try Self.draft(of: negroni)
        #expect(draft.name == "Negroni")
        #expect(draft.rows.map(RecipeDraft.line) == negroni.ingredients)
        #expect(
            draft.rows.map { "\($0.amount)|\($0.unit)|\($0.ingredient)" } == [
                "1|oz|London dry gin", "1|oz|Campari", "1|oz|sweet vermouth",
            ])
        #expect(draft.steps == negroni.instructions)
        #expect(
            draft.shortDescription
                == "Bitter, bold and ruby red: gin, Campari and sweet vermouth in equal parts over ice. ≈ 19% ABV.")
        #expect(draft.longDescription == "", "a yield of one drink is not said")
        #expect(draft.preparationMinutes == "3")
        #expect(draft.category == "Spirit-forward")
        #expect(draft.tags == "spirit-forward, gin, bitter, aperitivo, campari, classic")
        #expect(draft.glass == "rocks")
        #expect(draft.garnish == "Half an orange slice")
        #expect(draft.kind == .alcoholic)
        #expect(draft.imageURL == "https://bar.example/images/30.jpg", "resolved against the page")
        #expect(draft.translations.isEmpty, "nothing is guessed into the translations")
        #expect(draft.problems().isEmpty, "\(draft.problems())")
        let saved = try #require(draft.cocktail(id: "my-1", author: nil, dateModified: Date(timeIntervalSince1970: 0)))
        #expect(saved.ingredients == negroni.ingredients)
        #expect(saved.instructions == negroni.instructions)
    }

    @Test("in Italian: the Italian steps and lines come back exactly as written")
    func italianNegroni() throws {
        let negroni = try BundledDrinks.named("Negroni")
        let draft = try Self.draft(of: negroni, language: .italian)
        let strings = UIStrings.of(.italian)
        #expect(draft.name == "Negroni")
        #expect(draft.steps == negroni.translations?["it"]?.instructions)
        #expect(
            draft.steps == [
                "Raffredda un tumbler basso e riempilo di ghiaccio.", "Versa il gin, il Campari e il vermouth rosso.",
                "Mescola delicatamente finché non è ben freddo.", "Decora con mezza fetta d'arancia.",
            ])
        #expect(draft.rows.map(RecipeDraft.line) == RecipeLines.localized(negroni.recipe, strings: strings))
        #expect(draft.shortDescription.hasPrefix("Amaro, deciso e rosso rubino: gin, Campari e vermouth rosso"))
        #expect(draft.translations.isEmpty)
    }

    /// A line's amount, unit, ingredient and note, whichever way it was written (`1 1/2 oz` or
    /// `1 ½ oz`, `2-3` or `2–3`).
    static func parts(_ line: String) -> RecipeLine {
        var parsed = IngredientParser.parse(line)
        parsed.text = ""
        return parsed
    }

    @Test(
        "every bundled drink: its name, lines (amount, unit, ingredient, note) and steps survive the way out and back in"
    )
    func everyBundledDrink() throws {
        let drinks = try BundledDrinks.all()
        #expect(drinks.count > 100)
        var differences: [String] = []
        for drink in drinks {
            let draft = try Self.draft(of: drink)
            if draft.name != drink.name { differences.append("\(drink.name): name \(draft.name)") }
            let lines = draft.rows.map(RecipeDraft.line)
            if lines.map(Self.parts) != drink.ingredients.map(Self.parts) {
                differences.append("\(drink.name): \(lines) ≠ \(drink.ingredients)")
            }
            if draft.steps != (drink.instructions ?? [""]) {
                differences.append("\(drink.name): \(draft.steps) ≠ \(drink.instructions ?? [])")
            }
        }
        #expect(differences == [])
    }
}
