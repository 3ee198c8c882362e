import CSV
import CocktailBook
import CocktailBookStore
import CocktailsAPI
import Foundation
import ZIPFoundation

/// Drinks written the way another app imports them: Bar Assistant's datapack, Mealie's data
/// export, a CSV of recipes. Each is read back by this book's import of the same format, which
/// the round-trip tests check.
public enum BookExport {
    /// The formats `cocktailbook export` writes.
    public enum Format: String, Sendable, CaseIterable {
        case json, md
        case barAssistant = "bar-assistant"
        case mealie, csv
        case schemaOrg = "schema.org"

        /// Whether the format is a zip (with the photos), never written to a terminal.
        public var isArchive: Bool { self == .barAssistant || self == .mealie }

        /// The media type of the file.
        public var contentType: String {
            switch self {
            case .json: "application/json"
            case .md: "text/markdown; charset=utf-8"
            case .barAssistant, .mealie: "application/zip"
            case .csv: "text/csv; charset=utf-8"
            case .schemaOrg: "application/ld+json"
            }
        }

        /// The file name an export of the book gets.
        public var fileName: String {
            switch self {
            case .json: "cocktail-book.json"
            case .md: "cocktail-book.md"
            case .barAssistant: "cocktail-book-bar-assistant.zip"
            case .mealie: "cocktail-book-mealie.zip"
            case .csv: "cocktail-book.csv"
            case .schemaOrg: "cocktail-book.schema.json"
            }
        }
    }

    /// A drink to export, with its photo's bytes when it has one.
    public struct Drink: Sendable {
        public var cocktail: Cocktail
        public var photo: Data?

        /// A drink and its photo.
        public init(cocktail: Cocktail, photo: Data?) {
            self.cocktail = cocktail
            self.photo = photo
        }
    }

    /// The bundled ingredients, for their strengths.
    private static let table = (try? IngredientTable(json: BundledCatalog.ingredientsData)) ?? IngredientTable([])

    // MARK: Bar Assistant

    /// Bar Assistant's datapack: `cocktails/<slug>/data.json` with the photo beside it, and
    /// `ingredients/<slug>/data.json` for every ingredient the drinks name, with its strength.
    public static func barAssistant(_ drinks: [Drink]) throws -> Data {
        var files: [(String, Data)] = []
        var ingredients: [String: [String: Any]] = [:]
        for (slug, drink) in slugged(drinks) {
            let cocktail = drink.cocktail
            var lines: [[String: Any]] = []
            for (index, text) in cocktail.ingredients.enumerated() {
                let line = IngredientParser.parse(text)
                let name = line.ingredient ?? text
                let id = ForeignBook.slug(name)
                if ingredients[id] == nil {
                    let known = table.ingredient(named: name)
                    ingredients[id] = ["_id": id, "name": name, "strength": known?.abv ?? 0]
                }
                var notes = (line.note ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                let optional = notes.contains("optional")
                notes.removeAll { $0 == "optional" }
                // "Soda water, to top" reads its note as "to top" already: said once.
                if line.unit == .top, !notes.contains(where: { $0.lowercased() == "to top" }) {
                    notes.insert("to top", at: 0)
                }
                var entry: [String: Any] = [
                    "_id": id, "name": name, "sort": index + 1, "optional": optional,
                    "units": line.unit == .top ? "" : (line.unit?.rawValue ?? ""),
                ]
                entry["amount"] = line.amount?.value ?? 0
                if let most = line.amount?.upperValue { entry["amount_max"] = most }
                if !notes.isEmpty { entry["note"] = notes.joined(separator: ", ") }
                lines.append(entry)
            }
            var recipe: [String: Any] = [
                "_id": slug, "name": cocktail.name, "description": cocktail.longDescription,
                "instructions": (cocktail.instructions ?? []).enumerated().map { "\($0.offset + 1). \($0.element)" }
                    .joined(separator: "\n"),
                "garnish": cocktail.garnish ?? "", "tags": cocktail.tags ?? [], "ingredients": lines,
                "glass": cocktail.glass.map { $0.entry.english } ?? "",
                "method": cocktail.method.map(methodName) ?? "", "source": cocktail.recipeSource ?? "",
            ]
            if let photo = drink.photo, let ext = PictureName.kind(of: photo)?.ext {
                recipe["images"] = [["uri": "\(slug).\(ext)", "sort": 1, "copyright": cocktail.imageAttribution ?? ""]]
                files.append(("cocktails/\(slug)/\(slug).\(ext)", photo))
            }
            files.append(("cocktails/\(slug)/data.json", try json(recipe)))
        }
        for (id, ingredient) in ingredients.sorted(by: { $0.key < $1.key }) {
            files.append(("ingredients/\(id)/data.json", try json(ingredient)))
        }
        return try zip(files)
    }

    /// Bar Assistant's names of the methods.
    private static func methodName(_ method: MixingMethod) -> String {
        switch method {
        case .shaken: "Shake"
        case .stirred: "Stir"
        case .built: "Build"
        case .blended: "Blend"
        case .muddled: "Muddle"
        case .layered: "Layer"
        case .thrown: "Throw"
        case .swizzled: "Swizzle"
        }
    }

    // MARK: Mealie

    /// Mealie's data export: `recipes/<slug>/<slug>.json` with `images/original.<ext>`. Lines are
    /// kept as typed (`note` and `original_text`), as Mealie keeps a line it has not parsed.
    public static func mealie(_ drinks: [Drink]) throws -> Data {
        var files: [(String, Data)] = []
        for (slug, drink) in slugged(drinks) {
            let cocktail = drink.cocktail
            var recipe: [String: Any] = [
                "name": cocktail.name, "slug": slug, "description": cocktail.longDescription,
                "recipe_yield": "1 drink", "org_url": cocktail.recipeSource ?? "",
                "recipe_ingredient": cocktail.ingredients.map { line in
                    [
                        "quantity": 0, "unit": NSNull(), "food": NSNull(), "note": line, "display": line,
                        "original_text": line, "disable_amount": true,
                    ] as [String: Any]
                },
                "recipe_instructions": (cocktail.instructions ?? []).map { ["title": "", "text": $0] },
                "tags": (cocktail.tags ?? []).map { ["name": $0, "slug": ForeignBook.slug($0)] },
                "recipe_category": [["name": "Cocktails", "slug": "cocktails"]],
            ]
            if let garnish = cocktail.garnish, !garnish.isEmpty {
                recipe["notes"] = [["title": "Garnish", "text": garnish]]
            }
            if let photo = drink.photo, let ext = PictureName.kind(of: photo)?.ext {
                recipe["image"] = "original.\(ext)"
                files.append(("recipes/\(slug)/images/original.\(ext)", photo))
            }
            files.append(("recipes/\(slug)/\(slug).json", try json(recipe)))
        }
        return try zip(files)
    }

    // MARK: CSV

    /// One recipe per row, with the columns the CSV import reads (``CSVRecipes/columns``).
    public static func csv(_ drinks: [Cocktail]) throws -> Data {
        let stream = OutputStream(toMemory: ())
        let writer = try CSVWriter(stream: stream)
        try writer.write(row: CSVRecipes.columns)
        for drink in drinks {
            try writer.write(row: [
                drink.name, drink.ingredients.joined(separator: "\n"),
                (drink.instructions ?? []).joined(separator: "\n"),
                drink.longDescription, drink.glass.map { $0.entry.english } ?? "",
                drink.method.map(methodName) ?? "", drink.garnish ?? "", (drink.tags ?? []).joined(separator: ", "),
                drink.category?.rawValue ?? "", drink.recipeSource ?? "", drink.recipeAuthor ?? drink.author ?? "",
            ])
        }
        writer.stream.close()
        return stream.property(forKey: .dataWrittenToMemoryStreamKey) as? Data ?? Data()
    }

    // MARK: Support

    /// The drinks with unique slugs of their names.
    private static func slugged(_ drinks: [Drink]) -> [(String, Drink)] {
        var used: Set<String> = []
        return drinks.map { drink in
            let base = ForeignBook.slug(drink.cocktail.name)
            var slug = base
            var number = 2
            while !used.insert(slug).inserted {
                slug = "\(base)-\(number)"
                number += 1
            }
            return (slug, drink)
        }
    }

    private static func json(_ object: Any) throws -> Data {
        try JSONSerialization.data(
            withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    }

    /// A zip of `files`, compressed.
    private static func zip(_ files: [(String, Data)]) throws -> Data {
        let archive = try Archive(data: Data(), accessMode: .create)
        for (path, data) in files {
            try archive.addEntry(
                with: path, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate
            ) { position, size in data.subdata(in: Int(position)..<Int(position) + size) }
        }
        return archive.data ?? Data()
    }
}
