import CocktailsAPI
import Foundation

/// Reads the schema.org `Recipe` of a recipe page into a draft for the editor, where a person
/// reviews it before anything is saved.
///
/// JSON-LD comes first (as WP Recipe Maker, Tasty Recipes and Yoast's graph write it: at the top,
/// in an array, in an `@graph`, under `mainEntity`); microdata is read when no JSON-LD block
/// holds a recipe. Markup and character references in the page's texts are removed; every text
/// is cut to what the editor accepts, so a draft from any page can be shown.
///
/// ```swift
/// let draft = try RecipePageReader.read(html: page, baseURL: URL(string: "https://example.org/negroni/")!)
/// ```
public enum RecipePageReader {
    /// The largest page read: 2 MB.
    public static let maximumBytes = 2 * 1_048_576

    /// The draft of the recipe on the page at `baseURL` (which relative picture addresses are
    /// resolved against).
    ///
    /// - Throws: ``RecipePageError`` saying in one line why there is no draft.
    public static func read(html: String, baseURL: URL) throws -> RecipeDraft {
        let size = html.utf8.count
        guard size <= maximumBytes else { throw RecipePageError.tooLarge(bytes: size) }
        return try readPage(html, baseURL: baseURL)
    }

    /// The draft of the recipe in `data`, a page's bytes: UTF-8, or Windows-1252 when they are
    /// not UTF-8 (what older pages that name no charset are written in). The limit is on the
    /// bytes as they came, not on the text they make.
    ///
    /// - Throws: ``RecipePageError``.
    public static func read(data: Data, baseURL: URL) throws -> RecipeDraft {
        guard data.count <= maximumBytes else { throw RecipePageError.tooLarge(bytes: data.count) }
        let html = String(data: data, encoding: .utf8) ?? String(decoding: data, as: UTF8.self)
        let readable = html.contains("\u{FFFD}") ? (String(data: data, encoding: .windowsCP1252) ?? html) : html
        return try readPage(readable, baseURL: baseURL)
    }

    private static func readPage(_ html: String, baseURL: URL) throws -> RecipeDraft {
        guard looksLikeHTML(html) else { throw RecipePageError.notHTML }
        let root = HTMLDocument.parse(html)
        let elements = root.descendants
        let scripts = elements.filter { element in
            element.name == "script" && (element["type"] ?? "").lowercased().contains("ld+json")
        }.map { script in
            script.children.map { child -> String in
                if case .text(let text) = child { return text }
                return ""
            }.joined()
        }
        guard let recipe = JSONLDRecipe.recipe(in: scripts) ?? MicrodataRecipe.recipe(in: root) else {
            throw RecipePageError.noRecipe
        }
        let base = elements.first { $0.name == "base" }?["href"].flatMap { URL(string: $0, relativeTo: baseURL) }
        return draft(from: recipe, baseURL: base?.absoluteURL ?? baseURL)
    }

    /// Whether `text` is a web page rather than JSON, plain text or the bytes of a file: it starts
    /// with markup, or has an `<html>`, `<head>` or `<body>` early on.
    static func looksLikeHTML(_ text: String) -> Bool {
        let head = text.utf8.prefix(65_536)
        if head.contains(0) { return false }
        let start = String(decoding: head, as: UTF8.self).drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        guard let first = start.first else { return false }
        if first == "<" {
            let lowered = start.prefix(256).lowercased()
            // An XML document of another kind (a feed, an SVG) is not a page.
            return !(lowered.hasPrefix("<?xml") && !lowered.contains("<!doctype html") && !lowered.contains("<html"))
        }
        let lowered = start.lowercased()
        return ["<html", "<head", "<body"].contains { lowered.contains($0) }
    }

    // MARK: From a page's recipe to a draft

    static func draft(from recipe: PageRecipe, baseURL: URL) -> RecipeDraft {
        var rows = recipe.ingredients.filter { !RecipeGuesses.isServiceLine($0) }.prefix(RecipeDraft.maximumRows).map(
            row)
        if rows.isEmpty { rows = [RecipeDraft.Row()] }
        let steps = recipe.steps.prefix(RecipeDraft.maximumSteps).map {
            RecipeText.clipped($0, to: RecipeDraft.maximumLineLength)
        }
        let (short, long) = descriptions(recipe.description, yield: recipe.yield)
        let instructions = steps.joined(separator: " ")
        // The total, or the preparation and cooking times added up.
        let parts = [recipe.prepTime, recipe.cookTime].compactMap(ISODuration.minutes)
        let minutes = ISODuration.minutes(recipe.totalTime) ?? (parts.isEmpty ? nil : parts.reduce(0, +))
        let image = recipe.images.lazy.compactMap { pictureAddress($0, baseURL: baseURL) }.first
        let wordsOfTheRecipe = ([recipe.name] + recipe.categories + recipe.keywords).joined(separator: " ")
        return RecipeDraft(
            name: RecipeText.clipped(recipe.name, to: RecipeDraft.maximumNameLength),
            kind: RecipeGuesses.kind(rows: rows, words: wordsOfTheRecipe),
            category: (recipe.categories + recipe.keywords).lazy.compactMap(DrinkCategory.init(named:)).first?
                .rawValue ?? "",
            glass: RecipeGuesses.glass(in: instructions)?.rawValue ?? "",
            method: RecipeGuesses.method(in: instructions + " " + recipe.name)?.rawValue ?? "",
            preparationMinutes: minutes.flatMap { (1...240).contains($0) ? String($0) : nil } ?? "",
            shortDescription: short, longDescription: long,
            garnish: RecipeGuesses.garnish(in: steps).map { RecipeText.clipped($0, to: RecipeDraft.maximumShortLength) }
                ?? "",
            tags: tags(recipe.categories + recipe.keywords).joined(separator: ", "),
            rows: rows, steps: steps.isEmpty ? [""] : steps,
            imageURL: image, imageSource: image == nil ? nil : SafeLink.web(baseURL.absoluteString),
            recipeSource: SafeLink.web(baseURL.absoluteString),
            recipeAuthor: recipe.author.isEmpty
                ? nil : RecipeText.clipped(recipe.author, to: RecipeDraft.maximumNameLength)
        )
    }

    /// A row of the editor from an ingredient line, cut to the editor's limits: a trailing
    /// `(…)` after the ingredient is taken as its note (`gin (London dry)`).
    static func row(_ line: String) -> RecipeDraft.Row {
        var row = RecipeDraft.row(RecipeText.clipped(line, to: RecipeDraft.maximumLineLength))
        var ingredient = row.ingredient.trimmingCharacters(in: .whitespaces)
        if ingredient.hasSuffix(")"), let open = ingredient.range(of: " (", options: .backwards) {
            let aside = String(ingredient[open.upperBound...].dropLast()).trimmingCharacters(in: .whitespaces)
            ingredient = String(ingredient[..<open.lowerBound])
            row.note = [aside, row.note].filter { !$0.isEmpty }.joined(separator: ", ")
        }
        row.ingredient = RecipeText.clipped(
            ingredient.replacingOccurrences(of: ",", with: ""), to: RecipeDraft.maximumNameLength)
        row.note = RecipeText.clipped(row.note, to: RecipeDraft.maximumShortLength)
        return row
    }

    /// The one-line summary and the longer description: a description that fits the summary is
    /// the summary alone; a longer one is the description, with its first sentence (or its start)
    /// as the summary. A yield of more than one drink is said at the end.
    static func descriptions(_ description: String, yield: String) -> (short: String, long: String) {
        var makes = ""
        if !yield.isEmpty, RecipeGuesses.servings(in: yield).map({ $0 > 1 }) ?? true {
            makes = yield.allSatisfy(\.isNumber) ? "Makes \(yield) drinks." : "Makes \(yield)."
        }
        let limit = RecipeDraft.maximumShortLength
        if description.count <= limit {
            guard !makes.isEmpty else { return (description, "") }
            return (description, description.isEmpty ? makes : description + "\n\n" + makes)
        }
        let first = RecipeSteps.sentences(in: description).first ?? description
        let long = makes.isEmpty ? description : description + "\n\n" + makes
        return (RecipeText.clipped(first, to: limit), RecipeText.clipped(long, to: RecipeDraft.maximumLongLength))
    }

    /// The picture's absolute http(s) address, resolved against the page's.
    static func pictureAddress(_ text: String, baseURL: URL) -> String? {
        let escaped = text.trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: " ", with: "%20")
        guard !escaped.isEmpty, !escaped.lowercased().hasPrefix("data:"),
            let url = URL(string: escaped, relativeTo: baseURL)?.absoluteURL
        else { return nil }
        return SafeLink.web(url.absoluteString)
    }

    /// The page's categories and keywords as the editor's tags: lower-cased, each once, none
    /// longer than 40 characters, at most ``RecipeDraft/maximumTags``.
    static func tags(_ words: [String]) -> [String] {
        // A site's "Drinks" or "Cocktail" says what every drink is: no tag.
        var seen = RecipeGuesses.drinkWords
        return words.map { $0.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() }
            .filter { !$0.isEmpty && $0.count <= 40 && seen.insert($0).inserted }
            .prefix(RecipeDraft.maximumTags).map { $0 }
    }
}

/// Why a page gave no draft: one line for the person who pasted its address.
public enum RecipePageError: Error, Equatable, Sendable {
    /// The page is larger than ``RecipePageReader/maximumBytes``.
    case tooLarge(bytes: Int)
    /// The answer is not a web page (JSON, an image, plain text…).
    case notHTML
    /// The page has no schema.org recipe, in JSON-LD or microdata.
    case noRecipe
}

extension RecipePageError: LocalizedError {
    /// The one line shown to the person who pasted the address.
    public var errorDescription: String? {
        switch self {
        case .tooLarge(let bytes):
            "The page is \(String(format: "%.1f", Double(bytes) / 1_048_576)) MB; pages over \(RecipePageReader.maximumBytes / 1_048_576) MB are not read."
        case .notHTML: "The address does not lead to a web page."
        case .noRecipe: "The page has no recipe that other apps can read (no schema.org Recipe)."
        }
    }
}
