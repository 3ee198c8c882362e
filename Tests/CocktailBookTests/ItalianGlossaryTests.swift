import CocktailBook
import CocktailsAPI
import Foundation
import Testing

/// The Italian the review found wrong, by name, and the glossary kept everywhere.
@Suite("Italian: glossary, templates and the review's defects")
struct ItalianGlossaryTests {
    let cocktails: [Cocktail]

    init() throws { cocktails = try CatalogDecoder.decode(BundledCatalog.data).cocktails }

    /// One term per concept (decorare, mixing glass, scorza, rondella, il tuo bar) and the
    /// review's calques and meaning errors, none of which may come back.
    static let banned = [
        "guarni", "bicchiere da miscelazione", "twist", "rotella", "rotelle", "mensola", "come la specifica",
        "crema al cioccolato", "fresco come un cetriolo", "spina dorsale",
    ]

    func italianTexts(_ cocktail: Cocktail) -> [String] {
        guard let italian = cocktail.translations?["it"] else { return [] }
        return [italian.shortDescription, italian.longDescription, italian.garnish ?? ""] + (italian.instructions ?? [])
            + (italian.variants ?? []).flatMap { [$0.name, $0.description ?? ""] }
    }

    @Test("no Italian text of the catalog or the interface breaks the glossary")
    func glossary() {
        for cocktail in cocktails {
            for text in italianTexts(cocktail) {
                for word in Self.banned where text.lowercased().contains(word) {
                    Issue.record("\(cocktail.name): \"\(word)\" in \(text)")
                }
            }
        }
        for (key, text) in UIStrings.of(.italian).table {
            for word in Self.banned where text.lowercased().contains(word) {
                Issue.record("it.json \(key): \"\(word)\" in \(text)")
            }
        }
    }

    @Test("no Italian template puts a fixed article or possessive before a name: Foto del cocktail {name}")
    func noFixedGender() {
        let pattern =
            #"(?i)(^|[\s'(])(un|una|uno|un'|il|lo|la|l'|i|gli|le|del|dello|della|dei|degli|delle|al|alla|tuo|tua|tuoi|tue)\s*\{(name|names|have|needed|glass)\}"#
        for (key, text) in UIStrings.of(.italian).table {
            #expect(text.range(of: pattern, options: .regularExpression) == nil, "\(key): \(text)")
        }
        let strings = UIStrings.of(.italian)
        #expect(strings("alt_photo", ["name": "Piña Colada"]) == "Foto del cocktail Piña Colada")
        #expect(strings("bar_reason_family", ["needed": "vodka", "have": "vodka"]) == "vodka ← vodka, dal tuo bar")
        #expect(strings["details_iba_spec"] == "Secondo la ricetta ufficiale IBA")
        #expect(strings["details_garnish"] == "Decorazione")
        #expect(!strings["bar_empty"].contains("mensola") && strings["bar_empty"].hasPrefix("Il tuo bar"))
    }

    @Test("the review's meaning errors: Alexander's cacao, Aviation tart not dry, Whiskey Sour not warm")
    func meaningErrors() throws {
        func italian(_ name: String) throws -> String {
            let cocktail = try #require(cocktails.first { $0.name == name })
            return italianTexts(cocktail).joined(separator: " ").lowercased()
        }
        let alexander = try italian("Alexander")
        #expect(alexander.contains("cacao") && !alexander.contains("cioccolato"))
        let aviation = try italian("Aviation")
        #expect(aviation.contains("acidul") && !aviation.contains("asciutt"))
        let sour = try italian("Whiskey Sour")
        #expect(!sour.contains("caldo"))
    }
}
