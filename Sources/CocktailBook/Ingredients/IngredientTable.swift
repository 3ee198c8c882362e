import CocktailsAPI
import Foundation

/// The canonical ingredient table: every ingredient a recipe may name, found by its name or an
/// alias regardless of case, accents and a plural `s`.
public struct IngredientTable: Sendable, Equatable {
    /// The entries, in the table's order.
    public let ingredients: [Ingredient]
    private let byKey: [String: Int]

    /// Builds the table; a later entry never replaces an earlier one with the same key.
    public init(_ ingredients: [Ingredient]) {
        self.ingredients = ingredients
        var byKey: [String: Int] = [:]
        for (index, ingredient) in ingredients.enumerated() {
            for name in [ingredient.name] + ingredient.aliases {
                let key = Self.key(name)
                if byKey[key] == nil { byKey[key] = index }
            }
        }
        self.byKey = byKey
    }

    /// Decodes the table from JSON: an array of `{"name","kind","abv","aliases"}`.
    public init(json: Data) throws {
        do {
            self.init(try JSONDecoder().decode([Ingredient].self, from: json))
        } catch {
            throw CatalogError.malformedPayload("the ingredient table is not readable")
        }
    }

    /// The entry a recipe line's ingredient name refers to, if any.
    public func ingredient(named name: String) -> Ingredient? {
        let key = Self.key(name)
        if let index = byKey[key] { return ingredients[index] }
        // "limes" for "lime", "dashes" handled by the parser; only a plain trailing s here.
        if key.hasSuffix("s"), let index = byKey[String(key.dropLast())] { return ingredients[index] }
        return nil
    }

    /// The families `ingredient` belongs to, nearest first (`Cointreau` → triple sec, orange
    /// liqueur). A parent missing from the table, or a loop, ends the chain.
    public func ancestors(of ingredient: Ingredient) -> [Ingredient] {
        var chain: [Ingredient] = []
        var seen: Set<String> = [ingredient.name]
        var current = ingredient
        while let parentName = current.parent, let parent = self.ingredient(named: parentName),
            seen.insert(parent.name).inserted
        {
            chain.append(parent)
            current = parent
        }
        return chain
    }

    /// The entry for a parsed line, if its ingredient is in the table.
    public func ingredient(for line: RecipeLine) -> Ingredient? {
        line.ingredient.flatMap { ingredient(named: $0) }
    }

    static func key(_ name: String) -> String {
        // Most names are plain ASCII: lower-casing them is what folding would do, at a fraction
        // of its cost (every recipe line of the catalog is looked up when a snapshot is built).
        if name.utf8.allSatisfy({ $0 < 0x80 }) { return asciiKey(name) }
        return name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: Locale(identifier: "en_US"))
            .replacingOccurrences(of: "’", with: "'")
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The key of a plain-ASCII name, byte by byte: lower-cased, runs of whitespace (tab to
    /// carriage return, space) made one space, none at either end.
    static func asciiKey(_ name: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(name.utf8.count)
        var pendingSpace = false
        for byte in name.utf8 {
            if byte == 0x20 || (0x09...0x0D).contains(byte) {
                pendingSpace = !bytes.isEmpty
                continue
            }
            if pendingSpace {
                bytes.append(0x20)
                pendingSpace = false
            }
            bytes.append((0x41...0x5A).contains(byte) ? byte + 0x20 : byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
