import Foundation

/// Tandoor's export: a zip holding one zip per recipe, each with `recipe.json` (steps that carry
/// their own ingredients) and `image.*`. The outer zip's inner zips arrive here opened, as
/// folders named after them.
enum TandoorFormat {
    static func read(_ files: [BookFile]) throws -> ForeignBook {
        let sources = files.filter { ($0.path as NSString).lastPathComponent == "recipe.json" || files.count == 1 }
        let isRecipe: ([String: Any]) -> Bool = { $0["name"] != nil && $0["steps"] is [Any] }
        return try BookJSON.book(.tandoor, sources, accept: isRecipe) { object, file in
            var recipe = ForeignRecipe(name: BookJSON.text(object["name"]))
            recipe.description = BookJSON.text(object["description"])
            recipe.tags = BookJSON.texts(object["keywords"])
            recipe.source = BookJSON.text(object["source_url"])
            recipe.yield = BookJSON.text(object["servings"])
            for step in (object["steps"] as? [[String: Any]]) ?? [] {
                for item in (step["ingredients"] as? [[String: Any]]) ?? [] where !BookJSON.bool(item["is_header"]) {
                    let original = BookJSON.text(item["original_text"])
                    if !original.isEmpty {
                        recipe.ingredients.append(original)
                        continue
                    }
                    let amount = BookJSON.bool(item["no_amount"]) ? nil : BookJSON.number(item["amount"])
                    recipe.ingredients.append(
                        BookJSON.line(
                            amount: amount.flatMap { $0 > 0 ? BookJSON.amount($0) : nil } ?? "",
                            unit: BookJSON.text(item["unit"]), ingredient: BookJSON.text(item["food"]),
                            note: BookJSON.text(item["note"])))
                }
                recipe.steps += BookJSON.steps(BookJSON.text(step["instruction"]))
            }
            recipe.photo = files.picture(in: (file.path as NSString).deletingLastPathComponent, named: ["image"])
            return recipe
        }
    }
}

/// Paprika's `.paprikarecipes`: a zip of `.paprikarecipe` entries, each a gzip-compressed JSON
/// recipe (opened before they arrive here) with its photo in base64.
enum PaprikaFormat {
    static func read(_ files: [BookFile]) throws -> ForeignBook {
        let entries = files.filter { $0.path.lowercased().hasSuffix(".paprikarecipe") || files.count == 1 }
        return try BookJSON.book(.paprika, entries) { object, _ in
            var recipe = ForeignRecipe(name: BookJSON.text(object["name"]))
            recipe.description = BookJSON.text(object["description"])
            recipe.ingredients = BookJSON.text(object["ingredients"]).components(separatedBy: .newlines)
            recipe.steps = BookJSON.steps(BookJSON.text(object["directions"]))
            recipe.categories = BookJSON.texts(object["categories"])
            recipe.yield = BookJSON.text(object["servings"])
            recipe.source = BookJSON.text(object["source_url"])
            if let text = object["photo_data"] as? String,
                let bytes = Data(base64Encoded: text, options: .ignoreUnknownCharacters), !bytes.isEmpty
            {
                recipe.photo = bytes
            } else if let address = SafeLink.web(BookJSON.text(object["image_url"])) {
                recipe.photoAddress = address
            }
            return recipe
        }
    }
}

/// Nextcloud Cookbook: one folder per recipe, with a schema.org `recipe.json` and its photo as
/// `full.jpg`; or one such `recipe.json` alone.
enum NextcloudFormat {
    static func read(_ files: [BookFile]) throws -> ForeignBook {
        let sources = files.filter { ($0.path as NSString).lastPathComponent == "recipe.json" || files.count == 1 }
        var recipes: [ForeignRecipe] = []
        var skipped: [String] = []
        for file in sources {
            // One recipe, or an array of them (this book's schema.org export).
            let objects =
                ((try? JSONSerialization.jsonObject(with: file.data)) as? [[String: Any]])?.compactMap {
                    try? JSONSerialization.data(withJSONObject: $0)
                } ?? [file.data]
            for data in objects {
                guard
                    let recipe = try recipe(
                        in: data, file: file, alone: sources.count == 1 && objects.count == 1, files: files)
                else {
                    skipped.append("\(file.path): not a schema.org recipe")
                    continue
                }
                recipes.append(recipe)
            }
        }
        return ForeignBook(format: .nextcloud, recipes: recipes, skipped: skipped)
    }

    /// The recipe in `data`, its photo from the folder of `file`; `nil` (or, when the file is
    /// all there is, a refusal) when it is no recipe.
    private static func recipe(in data: Data, file: BookFile, alone: Bool, files: [BookFile]) throws -> ForeignRecipe? {
        let text = String(decoding: data, as: UTF8.self)
        guard let page = JSONLDRecipe.recipe(in: [text]) ?? plainRecipe(data), !page.name.isEmpty else {
            if alone { throw ImportError.malformed("\(file.path) is not a schema.org recipe") }
            return nil
        }
        let object = BookJSON.object(data) ?? [:]
        var recipe = ForeignRecipe(name: page.name)
        recipe.description = page.description
        recipe.ingredients = page.ingredients
        recipe.steps = page.steps
        recipe.categories = page.categories
        recipe.tags = page.keywords
        recipe.yield = page.yield
        recipe.source = SafeLink.web(BookJSON.text(object["url"])) ?? ""
        // A person is an author; an organisation (a site, a book) is not.
        let author = object["author"] as? [String: Any]
        if (author?["@type"] as? String) != "Organization" { recipe.author = BookJSON.text(object["author"]) }
        recipe.photo = files.picture(in: (file.path as NSString).deletingLastPathComponent, named: ["full"])
        if recipe.photo == nil { recipe.photoAddress = page.images.lazy.compactMap(SafeLink.web).first }
        return recipe
    }

    /// A recipe file without `@type` (older Nextcloud versions wrote none): read as if it had one.
    private static func plainRecipe(_ data: Data) -> PageRecipe? {
        guard var object = BookJSON.object(data), object["recipeIngredient"] != nil else { return nil }
        object["@type"] = "Recipe"
        guard let typed = try? JSONSerialization.data(withJSONObject: object) else { return nil }
        return JSONLDRecipe.recipe(in: [String(decoding: typed, as: UTF8.self)])
    }
}

/// A spreadsheet of recipes, one per row, its columns named in the first row: `name`,
/// `ingredients` (one per line, or separated by `;`), `instructions`, and optionally
/// `description`, `glass`, `method`, `garnish`, `tags` (comma-separated), `category`, `source`
/// and `author`. The rows arrive already split (the application layer reads the CSV).
public enum CSVRecipes {
    /// The columns read; `name` and `ingredients` must be there.
    public static let columns = [
        "name", "ingredients", "instructions", "description", "glass", "method", "garnish", "tags", "category",
        "source", "author",
    ]

    static func read(_ rows: [[String: String]]) throws -> ForeignBook {
        guard let first = rows.first, first.keys.contains("name"), first.keys.contains("ingredients") else {
            throw ImportError.malformed("a recipe CSV needs the columns name and ingredients in its first row")
        }
        var recipes: [ForeignRecipe] = []
        var skipped: [String] = []
        for (index, row) in rows.enumerated() {
            func cell(_ name: String) -> String { (row[name] ?? "").trimmingCharacters(in: .whitespacesAndNewlines) }
            guard !cell("name").isEmpty else {
                if !row.values.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
                    skipped.append("row \(index + 2): no name")
                }
                continue
            }
            var recipe = ForeignRecipe(name: cell("name"))
            let ingredients = cell("ingredients")
            recipe.ingredients = ingredients.components(separatedBy: ingredients.contains("\n") ? "\n" : ";")
            recipe.steps = BookJSON.steps(cell("instructions"))
            recipe.description = cell("description")
            recipe.glass = cell("glass")
            recipe.method = cell("method")
            recipe.garnish = cell("garnish")
            recipe.tags = BookJSON.words(cell("tags"))
            recipe.categories = BookJSON.words(cell("category"))
            recipe.source = cell("source")
            recipe.author = cell("author")
            recipes.append(recipe)
        }
        return ForeignBook(format: .csv, recipes: recipes, skipped: skipped)
    }
}

/// What tells a CSV file from other text without reading it whole.
enum CSVText {
    /// Whether the first line is a header with a `name` and an `ingredients` column.
    static func looksLikeCSV(_ data: Data) -> Bool {
        let head = String(decoding: data.prefix(4_096), as: UTF8.self)
        let first = head.split(whereSeparator: \.isNewline).first.map { $0.lowercased() } ?? ""
        return first.contains("name") && first.contains("ingredients") && (first.contains(",") || first.contains(";"))
    }
}
