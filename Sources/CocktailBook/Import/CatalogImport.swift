import CocktailsAPI
import Foundation

/// Reads an import payload — a TheCocktailDB dump (`{"drinks":[…]}` or an array of drinks) or
/// our own catalog format, told apart by their keys — into cocktails ready to store, strictly:
/// a wrong type or an oversized entry refuses the whole payload, while an entry that merely
/// lacks what a cocktail needs is skipped with a reason.
public enum CatalogImport {
    /// The largest file accepted: 50 MB.
    public static let maximumBytes = 50 * 1_048_576
    /// The most entries one payload may hold.
    public static let maximumEntries = 20_000
    /// The longest name, in characters.
    public static let maximumNameLength = 200
    /// The longest description or other text, in characters.
    public static let maximumTextLength = 10_000
    /// The most ingredient lines (and instruction steps) one cocktail may have.
    public static let maximumIngredientLines = 40
    /// The most variants one imported drink may carry.
    public static let maximumVariants = 8

    /// A payload read for import.
    public struct Parsed: Sendable, Equatable {
        /// The cocktails, ids namespaced by origin, in payload order.
        public var cocktails: [Cocktail]
        /// One reason per entry left out.
        public var skipped: [String]
    }

    /// Reads `data`, namespacing every id by `origin`.
    ///
    /// - Throws: ``ImportError`` when any part of the payload is refused.
    public static func parse(_ data: Data, origin: String) throws -> Parsed {
        guard data.count <= maximumBytes else { throw ImportError.fileTooLarge(bytes: data.count) }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw ImportError.malformed("not valid JSON")
        }
        var skipped: [String] = []
        let entries: [Any]
        if TheCocktailDBDump.isDump(object) {
            let records: [[String: Any]]
            do { records = try TheCocktailDBDump.records(in: object) } catch let refusal as TheCocktailDBDump.Refusal {
                throw refusal.description.hasSuffix("wrong type")
                    ? ImportError.wrongType(refusal.description) : ImportError.malformed(refusal.description)
            }
            try checkCount(records.count)
            entries = records.enumerated().compactMap { index, record in
                if let object = TheCocktailDBDump.catalogObject(from: record) { return object }
                skipped.append("entry \(index): no idDrink or strDrink")
                return nil
            }
        } else if let array = object as? [Any] {
            try checkCount(array.count)
            if let index = array.firstIndex(where: { !($0 is [String: Any]) }) {
                throw ImportError.wrongType("entry \(index) is not an object")
            }
            entries = array
        } else {
            throw ImportError.malformed("expected {\"drinks\": […]}, an array of drinks or a catalog array")
        }
        let outcome = try CatalogDecoder.decode(try JSONSerialization.data(withJSONObject: entries), strict: true)
        if let refused = outcome.refused { throw ImportError.wrongType(refused.description) }
        skipped += outcome.skipped.map(\.description)
        var cocktails: [Cocktail] = []
        for var cocktail in outcome.cocktails {
            try checkSizes(cocktail)
            let id = namespacedID(cocktail.id, origin: origin)
            guard CocktailID.isValid(id) else {
                skipped.append("id \(cocktail.id): too long")
                continue
            }
            cocktail.id = id
            cocktails.append(cocktail)
        }
        return Parsed(cocktails: cocktails, skipped: skipped)
    }

    /// `imp-<8 hex digits of the origin's hash>-<id>`: unique per origin, apart from the
    /// source's ids, and still a valid ``CocktailID`` when `id` has at most 51 characters.
    public static func namespacedID(_ id: String, origin: String) -> String {
        var hash: UInt32 = 0x811C_9DC5
        for byte in origin.utf8 {
            hash ^= UInt32(byte)
            hash &*= 0x0100_0193
        }
        let hex = String(hash, radix: 16)
        return "imp-\(String(repeating: "0", count: 8 - hex.count))\(hex)-\(id)"
    }

    private static func checkCount(_ count: Int) throws {
        guard count <= maximumEntries else { throw ImportError.tooManyEntries(count) }
    }

    private static func checkSizes(_ cocktail: Cocktail) throws {
        let label = "id \(cocktail.id)"
        if cocktail.name.count > maximumNameLength {
            throw ImportError.oversizedEntry("\(label): the name is longer than \(maximumNameLength) characters")
        }
        if cocktail.ingredients.count > maximumIngredientLines
            || (cocktail.instructions?.count ?? 0) > maximumIngredientLines
        {
            throw ImportError.oversizedEntry("\(label): more than \(maximumIngredientLines) ingredient lines or steps")
        }
        let variants = cocktail.variants ?? []
        if variants.count > maximumVariants
            || variants.contains(where: { $0.ingredients.count > maximumIngredientLines })
        {
            throw ImportError.oversizedEntry(
                "\(label): more than \(maximumVariants) variants or a variant of more than \(maximumIngredientLines) lines"
            )
        }
        let fields: [String?] = [
            cocktail.shortDescription, cocktail.longDescription, cocktail.imageName, cocktail.garnish, cocktail.iba,
            cocktail.dateModified, cocktail.imageURL, cocktail.video, cocktail.imageAttribution, cocktail.imageSource,
            cocktail.recipeSource, cocktail.recipeAuthor,
        ]
        let texts =
            fields.compactMap { $0 }
            + cocktail.ingredients + (cocktail.instructions ?? []) + (cocktail.tags ?? [])
            + variants.flatMap { [$0.name] + ($0.description.map { [$0] } ?? []) + $0.ingredients }
        if texts.contains(where: { $0.count > maximumTextLength }) {
            throw ImportError.oversizedEntry("\(label): a text is longer than \(maximumTextLength) characters")
        }
    }
}
