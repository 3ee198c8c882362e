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
            ("0", "Piña Colada", "alcoholic", 7), ("1", "Mojito", "alcoholic", 10),
            ("2", "Daiquiri", "alcoholic", 5), ("3", "Manhattan", "alcoholic", 5),
            ("4", "Virgin Mixed Berry Caipirinha", "non-alcoholic", 8),
            ("5", "Basil Lemonade Punch", "non-alcoholic", 6), ("6", "Gin and Tonic", "alcoholic", 3),
            ("7", "Margarita", "alcoholic", 5), ("8", "Bloody Mary", "alcoholic", 5),
            ("9", "Screwdriver", "alcoholic", 1), ("10", "Old Fashioned", "alcoholic", 5),
            ("11", "Margarita Mocktail", "non-alcoholic", 5),
            ("12", "Non-Alcoholic Juicy Julep", "non-alcoholic", 6),
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
            #expect(entry.imageName.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }, "\(entry.name)")
        }
    }
}
