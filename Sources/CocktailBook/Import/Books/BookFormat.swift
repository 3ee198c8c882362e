import Foundation

/// The formats an import reads. The book's own catalog JSON and TheCocktailDB's dumps and servers
/// go through ``CatalogImport``; the others are other apps' exports, read into
/// ``ForeignRecipe``s.
public enum BookFormat: String, Sendable, CaseIterable, Codable {
    case cocktailbook
    case thecocktaildb
    case barAssistant = "bar-assistant"
    case mealie, tandoor, paprika, nextcloud, csv

    /// The app's name as people know it.
    public var title: String {
        switch self {
        case .cocktailbook: "Cocktail Book"
        case .thecocktaildb: "TheCocktailDB"
        case .barAssistant: "Bar Assistant"
        case .mealie: "Mealie"
        case .tandoor: "Tandoor"
        case .paprika: "Paprika"
        case .nextcloud: "Nextcloud Cookbook"
        case .csv: "CSV"
        }
    }

    /// Whether the app keeps every kind of recipe, so that only drinks are offered from it.
    public var holdsDinnersToo: Bool { [.mealie, .tandoor, .paprika, .nextcloud].contains(self) }

    /// The most recipes one import takes.
    public static let maximumRecipes = 5_000

    /// The format of an export's files (one file, or an archive's or folder's files), told by
    /// their names and keys; `nil` for what ``CatalogImport`` reads (our JSON, TheCocktailDB's).
    public static func detect(_ files: [BookFile]) -> BookFormat? {
        let paths = files.map(\.path)
        if paths.contains(where: { $0.lowercased().hasSuffix(".paprikarecipe") }) { return .paprika }
        if paths.contains(where: BarAssistantFormat.isCocktailFile) { return .barAssistant }
        if paths.contains(where: { MealieFormat.slug(ofRecipeFile: $0) != nil }) { return .mealie }
        if let recipe = files.first(where: { ($0.path as NSString).lastPathComponent == "recipe.json" }) {
            let object = BookJSON.object(recipe.data)
            return object?["steps"] is [Any] ? .tandoor : .nextcloud
        }
        guard files.count == 1, let file = files.first else { return nil }
        if file.path.lowercased().hasSuffix(".csv") { return .csv }
        guard let value = try? JSONSerialization.jsonObject(with: file.data, options: [.fragmentsAllowed]) else {
            return CSVText.looksLikeCSV(file.data) ? .csv : nil
        }
        let first = (value as? [Any])?.first ?? value
        guard let object = first as? [String: Any] else { return nil }
        if object["recipe"] is [String: Any] || object["_id"] != nil { return .barAssistant }
        if object["@context"] != nil || (object["@type"] as? String)?.lowercased() == "recipe" { return .nextcloud }
        if object["recipe_ingredient"] != nil || object["recipeIngredient"] != nil { return .mealie }
        if object["steps"] is [Any], object["keywords"] != nil { return .tandoor }
        if object["directions"] != nil, object["ingredients"] is String { return .paprika }
        return nil
    }

    /// Reads `files` as this format.
    ///
    /// - Throws: ``ImportError`` when they are not this format, or hold more than
    ///   ``maximumRecipes``.
    public func read(_ files: [BookFile], csvRows: [[String: String]] = []) throws -> ForeignBook {
        let book: ForeignBook
        switch self {
        case .barAssistant: book = try BarAssistantFormat.read(files)
        case .mealie: book = try MealieFormat.read(files)
        case .tandoor: book = try TandoorFormat.read(files)
        case .paprika: book = try PaprikaFormat.read(files)
        case .nextcloud: book = try NextcloudFormat.read(files)
        case .csv: book = try CSVRecipes.read(csvRows)
        case .cocktailbook, .thecocktaildb:
            throw ImportError.malformed("\(title) files are read by the catalog import")
        }
        guard book.recipes.count <= Self.maximumRecipes else {
            throw ImportError.malformed(
                "\(book.recipes.count) recipes; one import takes at most \(Self.maximumRecipes)")
        }
        guard !book.recipes.isEmpty else {
            throw ImportError.nothingToImport(book.skipped.first ?? "no \(title) recipe in the file")
        }
        return book
    }
}

/// One file of an export: its path inside the archive or folder (`/`-separated, never leaving
/// it) and its bytes, already decompressed.
public struct BookFile: Sendable, Equatable {
    /// The path inside the export.
    public var path: String
    /// The bytes.
    public var data: Data

    /// A file at `path`.
    public init(path: String, data: Data) {
        self.path = path
        self.data = data
    }
}

extension [BookFile] {
    /// The file at `path`, if any.
    func file(at path: String) -> BookFile? { first { $0.path == path } }

    /// The first file in `folder` (directly in it) whose name starts with one of `names`: the
    /// recipe's photo (checked when it is stored, and reported when it is not a picture).
    func picture(in folder: String, named names: [String]) -> Data? {
        let prefix = folder.isEmpty ? "" : folder + "/"
        let candidates = filter { file in
            guard file.path.hasPrefix(prefix) else { return false }
            let rest = file.path.dropFirst(prefix.count)
            return !rest.contains("/") && names.contains { rest.lowercased().hasPrefix($0) }
        }
        return names.lazy.compactMap { name in
            candidates.first { $0.path.dropFirst(prefix.count).lowercased().hasPrefix(name) }
        }
        .first?.data
    }
}

/// Tolerant reading of other apps' JSON: strings, numbers and `{name}` objects where a name is
/// wanted, lists or single values where a list is.
enum BookJSON {
    static func object(_ data: Data) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) as? [String: Any]
    }

    /// The recipes of `sources`, each file's object read by `read`. A file that is not such an
    /// object (or that `accept` refuses) refuses a lone file, and is passed over among several.
    static func book(
        _ format: BookFormat, _ sources: [BookFile], accept: ([String: Any]) -> Bool = { $0["name"] != nil },
        read: (_ object: [String: Any], _ file: BookFile) -> ForeignRecipe
    ) throws -> ForeignBook {
        var recipes: [ForeignRecipe] = []
        var skipped: [String] = []
        for file in sources {
            guard let object = object(file.data), accept(object) else {
                if sources.count == 1 { throw ImportError.malformed("\(file.path) is not a \(format.title) recipe") }
                skipped.append("\(file.path): not a \(format.title) recipe")
                continue
            }
            recipes.append(read(object, file))
        }
        return ForeignBook(format: format, recipes: recipes, skipped: skipped)
    }

    static func value(_ data: Data) throws -> Any {
        do {
            return try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw ImportError.malformed("not valid JSON")
        }
    }

    /// A text: a string, a number written plainly, or an object's `name`.
    static func text(_ value: Any?) -> String {
        switch value {
        case let string as String: return string.trimmingCharacters(in: .whitespacesAndNewlines)
        case let number as NSNumber:
            return amount(number.doubleValue)
        case let object as [String: Any]: return text(object["name"] ?? object["text"])
        default: return ""
        }
    }

    /// The texts of a list (or of one value), empty ones left out.
    static func texts(_ value: Any?) -> [String] {
        let items: [Any] = (value as? [Any]) ?? (value.map { [$0] } ?? [])
        return items.map(text).filter { !$0.isEmpty }
    }

    /// A comma-separated text's parts, or a list's texts.
    static func words(_ value: Any?) -> [String] {
        if let string = value as? String {
            return string.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        return texts(value)
    }

    /// `45`, `0.75`, `1.5`: an amount as a person writes it.
    static func amount(_ value: Double) -> String {
        guard value.isFinite else { return "" }
        if value == value.rounded() { return String(Int(value)) }
        return String(format: "%.3f", value).replacingOccurrences(of: "0+$", with: "", options: .regularExpression)
    }

    /// A number written as a number or a string (`"2.000"`).
    static func number(_ value: Any?) -> Double? {
        switch value {
        case let number as NSNumber:
            return number.doubleValue
        case let string as String: return Double(string.trimmingCharacters(in: .whitespaces))
        default: return nil
        }
    }

    static func bool(_ value: Any?) -> Bool {
        (value as? Bool) ?? ((value as? String).map { ["true", "1", "yes"].contains($0.lowercased()) } ?? false)
    }

    /// Steps from a text: one per line, list marks (`1.`, `-`, `*`) removed.
    static func steps(_ text: String) -> [String] {
        text.components(separatedBy: .newlines).map { line in
            line.trimmingCharacters(in: .whitespaces)
                .replacingOccurrences(of: #"^(\d+[.)]|[-*•])\s+"#, with: "", options: .regularExpression)
        }.filter { !$0.isEmpty }
    }

    /// A line from its parts: `45 ml gin, note, optional`.
    static func line(amount: String, unit: String, ingredient: String, note: String = "", optional: Bool = false)
        -> String
    {
        let measure = [amount, unit].filter { !$0.isEmpty }.joined(separator: " ")
        var parts = [[measure, ingredient].filter { !$0.isEmpty }.joined(separator: " ")]
        if !note.isEmpty { parts.append(note) }
        if optional { parts.append("optional") }
        return parts.joined(separator: ", ")
    }
}
