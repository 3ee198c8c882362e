import Foundation

/// Reads a schema.org `Recipe` written as microdata: an element with `itemscope` and an
/// `itemtype` of `…schema.org/Recipe`, and the `itemprop`s inside it (those of a nested item
/// belong to that item: a `HowToStep`'s text, an `ImageObject`'s address).
enum MicrodataRecipe {
    /// The first recipe item of the page.
    static func recipe(in root: HTMLElement) -> PageRecipe? {
        guard
            let item = root.descendants.first(where: { element in
                element["itemscope"] != nil
                    && (element["itemtype"] ?? "").split(whereSeparator: \.isWhitespace).contains {
                        $0.lowercased().hasSuffix("schema.org/recipe")
                    }
            })
        else { return nil }
        let properties = self.properties(of: item)
        func elements(_ names: String...) -> [HTMLElement] {
            properties.filter { names.contains($0.name) }.map(\.element)
        }
        func texts(_ names: String...) -> [String] {
            properties.filter { names.contains($0.name) }.compactMap { _, property in
                let text = value(of: property).trimmingCharacters(in: .whitespacesAndNewlines)
                return text.isEmpty ? nil : text
            }
        }
        var recipe = PageRecipe()
        recipe.name = texts("name").first.map(oneLine) ?? ""
        recipe.description = texts("description").first.map(oneLine) ?? ""
        recipe.images = elements("image").compactMap(imageAddress)
        recipe.ingredients = elements("recipeIngredient", "ingredients").flatMap { HTMLText.collapse(value(of: $0)) }
        recipe.steps = elements("recipeInstructions").flatMap(steps)
        recipe.yield = texts("recipeYield").first ?? ""
        recipe.totalTime = texts("totalTime").first ?? ""
        recipe.prepTime = texts("prepTime").first ?? ""
        recipe.cookTime = texts("cookTime").first ?? ""
        let split = { (text: String) in
            text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        recipe.categories = texts("recipeCategory").flatMap(split)
        recipe.keywords = texts("keywords").flatMap(split)
        // A Person item names them in its own `name`; a plain element is the name.
        recipe.author =
            elements("author").first.map { element in
                let named =
                    element["itemscope"] == nil
                    ? element : Self.properties(of: element).first { $0.name == "name" }?.element
                return named.map { oneLine(value(of: $0)) } ?? ""
            } ?? ""
        return recipe.isUsable ? recipe : nil
    }

    /// The lines of a value (already free of markup) joined into one.
    private static func oneLine(_ text: String) -> String { HTMLText.collapse(text).joined(separator: " ") }

    /// The properties of `item` with the elements carrying them, in document order, not
    /// descending into nested items.
    static func properties(of item: HTMLElement) -> [(name: String, element: HTMLElement)] {
        var found: [(name: String, element: HTMLElement)] = []
        var stack: [HTMLElement] = children(of: item).reversed()
        while let element = stack.popLast() {
            for name in (element["itemprop"] ?? "").split(whereSeparator: \.isWhitespace) {
                found.append((String(name), element))
            }
            if element["itemscope"] == nil { stack.append(contentsOf: children(of: element).reversed()) }
        }
        return found
    }

    private static func children(of element: HTMLElement) -> [HTMLElement] {
        element.children.compactMap { child in
            if case .element(let inner) = child { return inner }
            return nil
        }
    }

    /// A property's value as microdata defines it: an attribute for the elements that carry one
    /// (`content`, `src`, `href`, `datetime`, `value`), the element's text otherwise.
    static func value(of element: HTMLElement) -> String {
        if let content = element["content"] { return content }
        switch element.name {
        case "meta": return ""
        case "img", "audio", "video", "source", "embed", "iframe", "track": return element["src"] ?? ""
        case "a", "area", "link": return element["href"] ?? ""
        case "object": return element["data"] ?? ""
        case "time": return element["datetime"] ?? element.text
        case "data", "meter": return element["value"] ?? element.text
        default: return element.text
        }
    }

    /// A picture's address: the element's own, a lazy-loading attribute's when the element's own
    /// is a placeholder, or a nested `ImageObject`'s `url` or `contentUrl`.
    private static func imageAddress(_ element: HTMLElement) -> String? {
        if element["itemscope"] != nil {
            return properties(of: element).first { $0.name == "url" || $0.name == "contentUrl" }.map {
                value(of: $0.element)
            }
        }
        let own = value(of: element)
        if element.name == "img", !own.lowercased().hasPrefix("http") {
            return element["data-src"] ?? element["data-lazy-src"] ?? own
        }
        return own.isEmpty ? nil : own
    }

    /// The steps in one `recipeInstructions` element: a nested `HowToStep`'s text, each list item
    /// or paragraph of a list, or the element's lines.
    private static func steps(_ element: HTMLElement) -> [String] {
        if element["itemscope"] != nil {
            let nested = properties(of: element)
            let inner = nested.filter { $0.name == "itemListElement" }.map(\.element)
            if !inner.isEmpty { return inner.flatMap(steps) }
            if let text = nested.first(where: { $0.name == "text" }) ?? nested.first(where: { $0.name == "name" }) {
                return [RecipeSteps.cleaned(oneLine(value(of: text.element)))]
            }
        }
        if element["content"] != nil { return RecipeSteps.split(HTMLText.collapse(value(of: element))) }
        let items = element.descendants.filter { $0.name == "li" }
        if !items.isEmpty {
            return items.map { RecipeSteps.cleaned($0.text.replacingOccurrences(of: "\n", with: " ")) }.filter {
                !$0.isEmpty
            }
        }
        return RecipeSteps.split(HTMLText.lines(of: element))
    }
}
