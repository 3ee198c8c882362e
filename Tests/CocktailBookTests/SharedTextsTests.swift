import CocktailBook
import CocktailsAPI
import Foundation
import Testing

/// Decoded catalogs keep one copy of each text their drinks repeat, and the drinks are exactly
/// what they would be without the sharing.
@Suite("Shared texts")
struct SharedTextsTests {
    /// Where a string's bytes are; two strings with the same address share one copy.
    static func storage(_ text: String) -> UnsafeRawPointer? {
        var text = text
        return text.withUTF8 { UnsafeRawPointer($0.baseAddress) }
    }

    static func drink(_ id: String, lines: [String], tags: [String], date: String) -> Cocktail {
        Cocktail(
            id: id, name: "Drink \(id)", kind: .alcoholic, shortDescription: "Short words for drink \(id).",
            longDescription: "Longer words about drink \(id), none of them shared with another drink.",
            preparationMinutes: 3, imageName: "drink", ingredients: lines, glass: "coupe",
            category: "Sours and the like",
            instructions: ["Shake everything hard with plenty of ice.", "Strain into a chilled coupe \(id)."],
            garnish: "A long twist of lemon peel", tags: tags, iba: "contemporary-classics", dateModified: date
        )
    }

    static let drinks = [
        drink(
            "1", lines: ["60 ml London dry gin", "30 ml fresh lemon juice", "1 dash"], tags: ["citrus", "gin"],
            date: "2024-02-17T15:40:00Z"),
        drink(
            "2", lines: ["45 ml aged rum", "30 ml fresh lemon juice"], tags: ["citrus", "gin"],
            date: "2024-02-17T15:40:00Z"),
        drink(
            "3", lines: ["60 ml London dry gin", "20 ml sugar syrup, rich"], tags: ["rum"], date: "2025-06-01T09:00:00Z"
        ),
    ]

    @Test(
        "a decoded catalog shares repeated recipe lines, dates, garnishes, instructions and tag lists, and equals the plain decoding"
    )
    func decodedCatalogShares() throws {
        let data = try JSONEncoder().encode(Self.drinks)
        let decoded = try CatalogDecoder.decode(data).cocktails
        #expect(decoded == Self.drinks)
        #expect(decoded == (try JSONDecoder().decode([Cocktail].self, from: data)))

        let (one, two, three) = (decoded[0], decoded[1], decoded[2])
        #expect(Self.storage(one.ingredients[1]) == Self.storage(two.ingredients[1]))
        #expect(Self.storage(one.ingredients[0]) == Self.storage(three.ingredients[0]))
        #expect(Self.storage(one.dateModified!) == Self.storage(two.dateModified!))
        #expect(Self.storage(one.garnish!) == Self.storage(three.garnish!))
        #expect(Self.storage(one.category!) == Self.storage(two.category!))
        #expect(Self.storage(one.instructions![0]) == Self.storage(three.instructions![0]))
        #expect(
            one.tags!.withUnsafeBufferPointer { $0.baseAddress } == two.tags!.withUnsafeBufferPointer { $0.baseAddress }
        )
        // Different texts stay different, and a drink's own lines are its own.
        #expect(Self.storage(one.instructions![1]) != Self.storage(two.instructions![1]))
        #expect(one.tags != three.tags)
        #expect(Self.storage(one.longDescription) != Self.storage(two.longDescription))
    }

    @Test("the bundled catalog decodes to the same drinks with and without sharing")
    func bundledUnchanged() throws {
        let data = BundledCatalog.data
        let plain = try JSONDecoder().decode([Cocktail].self, from: data)
        #expect(try CatalogDecoder.decode(data).cocktails == plain)
        var shared = plain
        let texts = SharedTexts()
        for index in shared.indices { texts.share(&shared[index]) }
        #expect(shared == plain)
    }
}
