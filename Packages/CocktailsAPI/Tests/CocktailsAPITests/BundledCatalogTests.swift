import CocktailsAPI
import Foundation
import Testing

@Suite("Bundled catalog")
struct BundledCatalogTests {
    struct Entry: Decodable {
        let id: String
        let name: String
        let type: String
        let shortDescription: String
        let longDescription: String
        let preparationMinutes: Int
        let imageName: String
        let ingredients: [String]
    }

    let entries: [Entry]

    init() throws {
        entries = try JSONDecoder().decode([Entry].self, from: BundledCatalog.data)
    }

    @Test("the thirteen seed cocktails, with their ids, types and minutes")
    func seedCocktails() {
        let expected: [(String, String, String, Int)] = [
            ("0", "Piña Colada", "alcoholic", 4), ("1", "Mojito", "alcoholic", 4),
            ("2", "Daiquiri", "alcoholic", 5), ("3", "Manhattan", "alcoholic", 5),
            ("4", "Virgin Mixed Berry Caipirinha", "non-alcoholic", 5),
            ("5", "Basil Lemonade Punch", "non-alcoholic", 4), ("6", "Gin and Tonic", "alcoholic", 3),
            ("7", "Margarita", "alcoholic", 5), ("8", "Bloody Mary", "alcoholic", 5),
            ("9", "Screwdriver", "alcoholic", 1), ("10", "Old Fashioned", "alcoholic", 5),
            ("11", "Margarita Mocktail", "non-alcoholic", 5),
            ("12", "Non-Alcoholic Juicy Julep", "non-alcoholic", 5),
        ]
        for (id, name, type, minutes) in expected {
            let entry = entries.first { $0.id == id }
            #expect(entry?.name == name)
            #expect(entry?.type == type, "\(name)")
            #expect(entry?.preparationMinutes == minutes, "\(name)")
        }
    }

    @Test("every entry is complete and readable")
    func entriesAreComplete() {
        #expect(entries.count >= 13)
        #expect(Set(entries.map(\.id)).count == entries.count)
        #expect(Set(entries.map(\.shortDescription)).count == entries.count)
        for entry in entries {
            #expect(!entry.shortDescription.isEmpty && entry.shortDescription.count <= 90, "\(entry.name)")
            #expect(entry.longDescription.count > entry.shortDescription.count, "\(entry.name)")
            #expect(entry.ingredients.count >= 2, "\(entry.name)")
            #expect(
                entry.imageName.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }, "\(entry.name)")
        }
    }
}

/// Every bundled cocktail is written in Italian too, next to the English, in full.
@Suite("Bundled catalog in Italian")
struct BundledCatalogItalianTests {
    struct Texts: Decodable {
        let shortDescription: String?
        let longDescription: String?
        let instructions: [String]?
        let garnish: String?
    }

    struct Entry: Decodable {
        let id: String
        let name: String
        let shortDescription: String
        let longDescription: String
        let instructions: [String]?
        let garnish: String?
        let translations: [String: Texts]?
    }

    @Test("each cocktail has an Italian short and long description, as many steps as in English, and its garnish")
    func complete() throws {
        let entries = try JSONDecoder().decode([Entry].self, from: BundledCatalog.data)
        #expect(entries.count >= 170)
        for entry in entries {
            guard let italian = entry.translations?["it"] else {
                Issue.record("\(entry.id) \(entry.name) has no Italian texts")
                continue
            }
            #expect((italian.shortDescription ?? "").count >= 10, "\(entry.name): short description")
            #expect((italian.longDescription ?? "").count >= 40, "\(entry.name): long description")
            #expect(
                italian.shortDescription != entry.shortDescription && italian.longDescription != entry.longDescription,
                "\(entry.name) is still English")
            #expect((italian.instructions ?? []).count == (entry.instructions ?? []).count, "\(entry.name): steps")
            #expect(
                zip(italian.instructions ?? [], entry.instructions ?? []).allSatisfy { $0 != $1 && !$0.isEmpty },
                "\(entry.name): a step is untranslated")
            #expect((italian.garnish?.isEmpty ?? true) == (entry.garnish?.isEmpty ?? true), "\(entry.name): garnish")
            // Common English words of recipes never appear in the Italian (drink names aside; "the" is left
            // out of the check because bars and books keep their names: Don the Beachcomber).
            let words =
                [italian.shortDescription, italian.longDescription, italian.garnish].compactMap { $0 }
                + (italian.instructions ?? [])
            for text in words {
                let lowered = " " + text.lowercased().replacingOccurrences(of: entry.name.lowercased(), with: " ") + " "
                for english in [" with ", " shake ", " stir ", " strain ", " into ", " until "] {
                    #expect(
                        !lowered.contains(english),
                        "\(entry.name): \(english.trimmingCharacters(in: .whitespaces)) in \(text)")
                }
            }
        }
    }
}
