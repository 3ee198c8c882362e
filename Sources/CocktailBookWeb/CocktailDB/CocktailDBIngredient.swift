import CocktailBook
import Foundation

/// The canonical ingredient table seen as TheCocktailDB's ingredients. An ingredient's id is
/// its 1-based position in the table, which is stable as long as the bundled table is.
enum CocktailDBIngredient {
    /// The record of `table.ingredients[position]`; `usage` is how many cocktails use each
    /// canonical name, for the description.
    static func record(at position: Int, in table: IngredientTable, usage: [String: Int]) -> CocktailDBRecord {
        let ingredient = table.ingredients[position]
        let name = CocktailDBIngredientNames.name(for: ingredient.name)
        return CocktailDBRecord([
            ("idIngredient", String(position + 1)),
            ("strIngredient", name),
            ("strDescription", description(ingredient, named: name, usedIn: usage[ingredient.name] ?? 0)),
            ("strType", CocktailDBVocabulary.titleCased(ingredient.kind.rawValue)),
            ("strAlcohol", ingredient.abv > 0 ? "Yes" : "No"),
            ("strABV", ingredient.abv > 0 ? String(format: "%g", ingredient.abv) : nil),
        ])
    }

    /// Positions of the table entries `query` names: the entry it is the name or an alias of
    /// (`gin` → London dry gin), else every entry whose name holds its words (`rum` → all rums).
    static func positions(matching query: String, in table: IngredientTable) -> [Int] {
        let spaced = query.replacingOccurrences(of: "_", with: " ")
        let wanted = SearchText.terms(spaced)
        guard !wanted.isEmpty else { return [] }
        if let exact = table.ingredient(named: spaced) ?? table.ingredient(named: wanted.joined(separator: " ")),
            let position = table.ingredients.firstIndex(of: exact)
        {
            return [position]
        }
        return table.ingredients.indices.filter { containsWords(SearchText.terms(table.ingredients[$0].name), wanted) }
    }

    /// Whether `words` holds `wanted` together and in order.
    static func containsWords(_ words: [String], _ wanted: [String]) -> Bool {
        guard !wanted.isEmpty, wanted.count <= words.count else { return false }
        return (0...(words.count - wanted.count)).contains { Array(words[$0..<($0 + wanted.count)]) == wanted }
    }

    private static let nouns: [Ingredient.Kind: String] = [
        .dairy: "dairy ingredient", .egg: "egg ingredient", .other: "ingredient",
    ]

    /// One sentence from what the table knows: `London Dry Gin is a spirit of about 40% ABV,
    /// used in 35 of our cocktails.`
    static func description(_ ingredient: Ingredient, named name: String, usedIn count: Int) -> String {
        let noun = nouns[ingredient.kind] ?? ingredient.kind.rawValue
        let what =
            ingredient.abv > 0
            ? "\(article(for: noun)) \(noun) of about \(String(format: "%g", ingredient.abv))% ABV"
            : "a non-alcoholic \(noun)"
        let usage =
            switch count {
            case 0: "not yet used in any of our cocktails"
            case 1: "used in one of our cocktails"
            default: "used in \(count) of our cocktails"
            }
        return "\(name) is \(what), \(usage)."
    }

    private static func article(for noun: String) -> String {
        "aeiou".contains(noun.prefix(1).lowercased()) ? "an" : "a"
    }
}
