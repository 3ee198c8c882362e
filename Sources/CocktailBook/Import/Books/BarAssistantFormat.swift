import Foundation

/// Bar Assistant's exports: a cocktail in its recipe schema (`{"recipe": {…}, "ingredients":
/// […]}`, or the recipe object alone), a list of them, a folder or zip of such files, and its
/// datapack (`cocktails/<slug>/data.json` with the cocktail's pictures beside it, and
/// `ingredients/<slug>/data.json` naming the ingredients the cocktails refer to by `_id`).
enum BarAssistantFormat {
    /// Whether `path` is a datapack's cocktail file.
    static func isCocktailFile(_ path: String) -> Bool {
        let parts = path.split(separator: "/")
        return parts.count >= 3 && parts[parts.count - 1] == "data.json" && parts[parts.count - 3] == "cocktails"
    }

    static func read(_ files: [BookFile]) throws -> ForeignBook {
        var names: [String: String] = [:]
        // The datapack's ingredients, by their ids.
        for file in files where file.path.hasSuffix("/data.json") && file.path.contains("ingredients/") {
            if let object = BookJSON.object(file.data), let id = object["_id"] as? String {
                names[id] = BookJSON.text(object["name"])
            }
        }
        var recipes: [ForeignRecipe] = []
        var skipped: [String] = []
        let cocktailFiles = files.filter { isCocktailFile($0.path) }
        let sources = cocktailFiles.isEmpty ? files.filter { $0.path.lowercased().hasSuffix(".json") } : cocktailFiles
        for file in sources {
            let value: Any
            do { value = try BookJSON.value(file.data) } catch {
                if sources.count == 1 { throw ImportError.malformed("\(file.path) is not JSON") }
                skipped.append("\(file.path): not JSON")
                continue
            }
            let folder = (file.path as NSString).deletingLastPathComponent
            for (index, item) in ((value as? [Any]) ?? [value]).enumerated() {
                guard var object = item as? [String: Any] else {
                    throw ImportError.malformed("\(file.path) is not a Bar Assistant cocktail")
                }
                var known = names
                if let recipe = object["recipe"] as? [String: Any] {
                    for ingredient in (object["ingredients"] as? [[String: Any]]) ?? [] {
                        if let id = ingredient["_id"] as? String { known[id] = BookJSON.text(ingredient["name"]) }
                    }
                    object = recipe
                }
                guard object["ingredients"] is [Any] || object["instructions"] != nil else {
                    throw ImportError.malformed("\(file.path) is not a Bar Assistant cocktail (no ingredients)")
                }
                let recipe = cocktail(object, names: known, folder: folder, files: files)
                if recipe.name.isEmpty {
                    skipped.append("\(file.path) entry \(index): no name")
                } else {
                    recipes.append(recipe)
                }
            }
        }
        return ForeignBook(format: .barAssistant, recipes: recipes, skipped: skipped)
    }

    private static func cocktail(_ object: [String: Any], names: [String: String], folder: String, files: [BookFile])
        -> ForeignRecipe
    {
        var recipe = ForeignRecipe(name: BookJSON.text(object["name"]))
        recipe.description = BookJSON.text(object["description"])
        recipe.steps = BookJSON.steps(BookJSON.text(object["instructions"]))
        recipe.garnish = BookJSON.text(object["garnish"])
        recipe.glass = BookJSON.text(object["glass"])
        recipe.method = BookJSON.text(object["method"])
        recipe.tags = BookJSON.texts(object["tags"])
        recipe.source = BookJSON.text(object["source"])
        let lines = ((object["ingredients"] as? [[String: Any]]) ?? []).sorted {
            (BookJSON.number($0["sort"]) ?? 0) < (BookJSON.number($1["sort"]) ?? 0)
        }
        recipe.ingredients = lines.map { line in
            let id = BookJSON.text(line["_id"] ?? line["ingredient_id"])
            let name =
                BookJSON.text(line["name"]).isEmpty ? (names[id] ?? title(ofSlug: id)) : BookJSON.text(line["name"])
            var amount = BookJSON.number(line["amount"]).map(BookJSON.amount) ?? ""
            if let most = BookJSON.number(line["amount_max"]).map(BookJSON.amount), !amount.isEmpty, most != amount {
                amount += "-" + most
            }
            let units = BookJSON.text(line["units"])
            return BookJSON.line(
                amount: amount == "0" ? "" : amount, unit: units, ingredient: name, note: BookJSON.text(line["note"]),
                optional: BookJSON.bool(line["optional"]))
        }
        // Pictures by their `uri`, relative to the cocktail's folder; an address is downloaded.
        let images = ((object["images"] as? [[String: Any]]) ?? []).sorted {
            (BookJSON.number($0["sort"]) ?? 0) < (BookJSON.number($1["sort"]) ?? 0)
        }
        for image in images {
            let uri = BookJSON.text(image["uri"] ?? image["file_path"] ?? image["url"])
            if let address = SafeLink.web(uri) {
                recipe.photoAddress = address
                break
            }
            let name = uri.replacingOccurrences(of: "file:///", with: "")
            let path = folder.isEmpty ? name : folder + "/" + name
            if let file = files.file(at: path) ?? files.file(at: name) {
                recipe.photo = file.data
                break
            }
        }
        return recipe
    }

    /// `london-dry-gin` → `London dry gin`.
    static func title(ofSlug slug: String) -> String {
        let words = slug.split(separator: "-").joined(separator: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }
}

/// Mealie's exports: the data export (`recipes/<slug>/<slug>.json`, with
/// `recipes/<slug>/images/original.webp`) in snake case, and one recipe from its API in camel case.
enum MealieFormat {
    /// The slug of a data export's recipe file (`recipes/<slug>/<slug>.json`).
    static func slug(ofRecipeFile path: String) -> String? {
        let parts = path.split(separator: "/")
        guard parts.count >= 3, parts[parts.count - 3] == "recipes",
            parts[parts.count - 1] == parts[parts.count - 2] + ".json"
        else { return nil }
        return String(parts[parts.count - 2])
    }

    static func read(_ files: [BookFile]) throws -> ForeignBook {
        let exported = files.filter { slug(ofRecipeFile: $0.path) != nil }
        let sources = exported.isEmpty ? files : exported
        return try BookJSON.book(.mealie, sources) { object, file in
            var recipe = self.recipe(object)
            let folder = (file.path as NSString).deletingLastPathComponent
            recipe.photo = files.picture(in: folder + "/images", named: ["original"])
            return recipe
        }
    }

    private static func recipe(_ object: [String: Any]) -> ForeignRecipe {
        func field(_ snake: String, _ camel: String) -> Any? { object[snake] ?? object[camel] }
        var recipe = ForeignRecipe(name: BookJSON.text(object["name"]))
        recipe.description = BookJSON.text(object["description"])
        recipe.ingredients = ((field("recipe_ingredient", "recipeIngredient") as? [Any]) ?? []).map(line)
            .filter { !$0.isEmpty }
        recipe.steps = ((field("recipe_instructions", "recipeInstructions") as? [Any]) ?? []).flatMap { step in
            BookJSON.steps(BookJSON.text((step as? [String: Any])?["text"] ?? step))
        }
        recipe.tags = BookJSON.texts(object["tags"])
        recipe.categories = BookJSON.texts(field("recipe_category", "recipeCategory"))
        recipe.yield = BookJSON.text(field("recipe_yield", "recipeYield"))
        recipe.source = BookJSON.text(field("org_url", "orgURL"))
        // Mealie has no garnish field: a note titled Garnish (as this book exports it) is one.
        for note in (object["notes"] as? [[String: Any]]) ?? []
        where BookJSON.text(note["title"]).lowercased() == "garnish" {
            recipe.garnish = BookJSON.text(note["text"])
        }
        return recipe
    }

    /// A line from what Mealie kept: the text as typed when it has it, else its parts.
    private static func line(_ value: Any) -> String {
        guard let item = value as? [String: Any] else { return BookJSON.text(value) }
        for key in ["original_text", "originalText"] where !BookJSON.text(item[key]).isEmpty {
            return BookJSON.text(item[key])
        }
        let food = BookJSON.text(item["food"])
        let note = BookJSON.text(item["note"])
        // Without a food, Mealie keeps the whole line in its note.
        if food.isEmpty { return BookJSON.text(item["display"]).isEmpty ? note : BookJSON.text(item["display"]) }
        let quantity = BookJSON.number(item["quantity"]).flatMap { $0 > 0 ? BookJSON.amount($0) : nil } ?? ""
        let unit =
            (item["unit"] as? [String: Any]).map { unit in
                BookJSON.text(unit["abbreviation"]).isEmpty
                    ? BookJSON.text(unit["name"]) : BookJSON.text(unit["abbreviation"])
            } ?? BookJSON.text(item["unit"])
        return BookJSON.line(amount: quantity, unit: unit, ingredient: food, note: note)
    }
}
