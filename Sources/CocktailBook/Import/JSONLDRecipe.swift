import Foundation

/// What a page says about its recipe, in schema.org's terms, before it becomes a draft: read
/// from JSON-LD (``JSONLDRecipe``) or microdata (``MicrodataRecipe``). Texts are plain (no
/// markup, references decoded); times are as written (`PT1H30M`).
struct PageRecipe: Equatable {
    var name = ""
    var description = ""
    /// Picture addresses in the page's order, as written (maybe relative).
    var images: [String] = []
    var ingredients: [String] = []
    var steps: [String] = []
    var yield = ""
    var totalTime = ""
    var prepTime = ""
    var cookTime = ""
    var categories: [String] = []
    var keywords: [String] = []
    /// Who wrote the recipe, as the page names them.
    var author = ""

    /// Whether there is enough to open a draft with.
    var isUsable: Bool { !ingredients.isEmpty || (!name.isEmpty && !steps.isEmpty) }
}

/// Finds a schema.org `Recipe` in a page's JSON-LD blocks: at the top, in an array, in a
/// `@graph` (Yoast's), under `mainEntity` or anywhere deeper, with `@id` references within the
/// document followed (a graph's recipe names its picture by reference).
enum JSONLDRecipe {
    /// The first recipe in `blocks` (the contents of the page's `application/ld+json` scripts);
    /// a block that is not JSON, even after the usual repairs, is passed over.
    static func recipe(in blocks: [String]) -> PageRecipe? {
        for block in blocks {
            guard let document = parse(block) else { continue }
            var index: [String: [String: Any]] = [:]
            collectIDs(document, into: &index, depth: 0)
            if let node = find(in: document, depth: 0) {
                let recipe = read(node, index: index)
                if recipe.isUsable { return recipe }
            }
        }
        return nil
    }

    // MARK: Reading the JSON

    /// The JSON of a block, tolerating what pages get wrong: an HTML comment or CDATA wrapper
    /// and raw line breaks or tabs inside strings. A block nested deeper than
    /// ``maximumNesting`` is not parsed at all, whatever the JSON parser would make of it.
    static func parse(_ block: String) -> Any? {
        var text = block.trimmingCharacters(in: .whitespacesAndNewlines)
        for (opening, closing) in [("<!--", "-->"), ("//<![CDATA[", "//]]>"), ("<![CDATA[", "]]>")]
        where text.hasPrefix(opening) && text.hasSuffix(closing) {
            text = String(text.dropFirst(opening.count).dropLast(closing.count))
        }
        guard nesting(of: text) <= maximumNesting else { return nil }
        if let object = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]) {
            return object
        }
        return try? JSONSerialization.jsonObject(with: Data(escapingControls(text).utf8), options: [.fragmentsAllowed])
    }

    /// The most arrays and objects open at once in the JSON `text` (brackets in strings do not
    /// count). Recipe plugins write five or six; a hundred is a page meant to hurt.
    static let maximumNesting = 100

    static func nesting(of text: String) -> Int {
        var depth = 0
        var deepest = 0
        var inString = false
        var escaped = false
        for byte in text.utf8 {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                deepest = max(deepest, depth)
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return deepest
    }

    /// `text` with control characters inside JSON strings escaped.
    private static func escapingControls(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var inString = false
        var escaped = false
        for scalar in text.unicodeScalars {
            if inString, scalar.value < 0x20 {
                result.append(contentsOf: String(format: "\\u%04x", scalar.value).unicodeScalars)
                continue
            }
            result.append(scalar)
            if escaped {
                escaped = false
            } else if scalar == "\\" {
                escaped = inString
            } else if scalar == "\"" {
                inString.toggle()
            }
        }
        return String(result)
    }

    static let maximumDepth = 24

    /// The keys a recipe is usually found under, looked at before the others.
    private static let likelyKeys = ["@graph", "mainEntity", "mainEntityOfPage", "itemListElement", "item", "hasPart"]

    private static func find(in value: Any, depth: Int) -> [String: Any]? {
        guard depth < maximumDepth else { return nil }
        if let array = value as? [Any] {
            for element in array {
                if let found = find(in: element, depth: depth + 1) { return found }
            }
        } else if let object = value as? [String: Any] {
            if types(of: object).contains("recipe") { return object }
            let rest = object.keys.filter { !likelyKeys.contains($0) }.sorted()
            for key in likelyKeys + rest {
                if let child = object[key], let found = find(in: child, depth: depth + 1) { return found }
            }
        }
        return nil
    }

    /// The node's types, lower-cased and without a vocabulary's prefix (`schema:Recipe`,
    /// `http://schema.org/Recipe` and `Recipe` are all `recipe`).
    static func types(of object: [String: Any]) -> [String] {
        let raw: [Any] = (object["@type"] as? [Any]) ?? [object["@type"] as Any]
        return raw.compactMap { $0 as? String }.map { type in
            String(type.split(whereSeparator: { $0 == "/" || $0 == ":" || $0 == "#" }).last ?? "").lowercased()
        }
    }

    private static func collectIDs(_ value: Any, into index: inout [String: [String: Any]], depth: Int) {
        guard depth < maximumDepth else { return }
        if let array = value as? [Any] {
            for element in array { collectIDs(element, into: &index, depth: depth + 1) }
        } else if let object = value as? [String: Any] {
            if let id = object["@id"] as? String, object.count > 1, index[id] == nil { index[id] = object }
            for child in object.values { collectIDs(child, into: &index, depth: depth + 1) }
        }
    }

    // MARK: The recipe's fields

    private static func read(_ node: [String: Any], index: [String: [String: Any]]) -> PageRecipe {
        func resolved(_ value: Any?) -> Any? {
            guard let object = value as? [String: Any], let id = object["@id"] as? String,
                object.keys.allSatisfy({ $0 == "@id" || $0 == "@type" })
            else { return value }
            return index[id] ?? value
        }
        var recipe = PageRecipe()
        recipe.name = text(node["name"]) ?? text(node["headline"]) ?? ""
        recipe.description = text(node["description"]) ?? ""
        recipe.images = images(node["image"], resolve: resolved, depth: 0)
        recipe.ingredients = list(node["recipeIngredient"] ?? node["ingredients"]).flatMap { HTMLText.lines(in: $0) }
        recipe.steps = steps(resolved(node["recipeInstructions"]), resolve: resolved, depth: 0)
        // `["2", "2 drinks"]`: the one with words says more.
        let yields = list(node["recipeYield"] ?? node["yield"]).map(HTMLText.plain).filter { !$0.isEmpty }
        recipe.yield = yields.first { $0.contains(where: \.isLetter) } ?? yields.first ?? ""
        recipe.totalTime = text(node["totalTime"]) ?? ""
        recipe.prepTime = text(node["prepTime"]) ?? ""
        recipe.cookTime = text(node["cookTime"]) ?? ""
        recipe.categories = list(node["recipeCategory"]).flatMap(commaSeparated)
        recipe.keywords = list(node["keywords"]).flatMap(commaSeparated)
        recipe.author = text(resolved(node["author"]) ?? node["creator"]) ?? ""
        return recipe
    }

    /// The plain text of a value: a string, a number, the first of a list, or an object's
    /// `@value`, `name` or `text`; `true`, `false` and `null` are none.
    static func text(_ value: Any?) -> String? {
        switch value {
        case let string as String:
            let plain = HTMLText.plain(string)
            return plain.isEmpty ? nil : plain
        // JSON's `true` and `false` come as numbers of C's `char` type.
        case let flag as NSNumber where String(cString: flag.objCType) == "c": return nil
        case let number as NSNumber: return number.stringValue
        case let number as Int: return String(number)
        case let number as Double: return String(number)
        case let array as [Any]: return array.lazy.compactMap { text($0) }.first
        case let object as [String: Any]: return text(object["@value"] ?? object["name"] ?? object["text"])
        default: return nil
        }
    }

    /// Each value of what may be one value or a list, as raw strings.
    private static func list(_ value: Any?) -> [String] {
        switch value {
        case let string as String: [string]
        case let array as [Any]: array.compactMap { ($0 as? String) ?? text($0) }
        case .some(let other): text(other).map { [$0] } ?? []
        case nil: []
        }
    }

    private static func commaSeparated(_ text: String) -> [String] {
        HTMLText.plain(text).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
            !$0.isEmpty
        }
    }

    private static func images(_ value: Any?, resolve: (Any?) -> Any?, depth: Int) -> [String] {
        guard depth < 4 else { return [] }
        switch resolve(value) {
        case let string as String: return [string.trimmingCharacters(in: .whitespacesAndNewlines)]
        case let array as [Any]: return array.flatMap { images($0, resolve: resolve, depth: depth + 1) }
        case let object as [String: Any]:
            return [object["url"], object["contentUrl"], object["@id"]].compactMap { $0 as? String }.map {
                $0.trimmingCharacters(in: .whitespacesAndNewlines)
            }
        default: return []
        }
    }

    /// The steps of `recipeInstructions`: text split into its lines, a list of strings or
    /// `HowToStep`s, and `HowToSection`s (or `ItemList`s) flattened in order.
    private static func steps(_ value: Any?, resolve: (Any?) -> Any?, depth: Int) -> [String] {
        guard depth < 8 else { return [] }
        switch resolve(value) {
        case let string as String: return RecipeSteps.split(HTMLText.lines(in: string))
        case let array as [Any]: return array.flatMap { steps($0, resolve: resolve, depth: depth + 1) }
        case let object as [String: Any]:
            let kinds = types(of: object)
            if let items = object["itemListElement"],
                kinds.contains("howtosection") || kinds.contains("itemlist")
                    || object["text"] == nil
            {
                return steps(items, resolve: resolve, depth: depth + 1)
            }
            // WP Recipe Maker repeats a step's text as its name: the text is the step.
            if let body = text(object["text"]) ?? text(object["description"]) { return [RecipeSteps.cleaned(body)] }
            return text(object["name"]).map { [RecipeSteps.cleaned($0)] } ?? []
        default: return []
        }
    }
}
