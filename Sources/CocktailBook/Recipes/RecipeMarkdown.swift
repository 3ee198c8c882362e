import CocktailsAPI
import Foundation

/// A drink as a Markdown document (`/cocktails/{id}.md`, `cocktailbook export --format md`):
/// its name as the title, the summary, a list of facts, the description, the ingredients, the
/// numbered steps, the garnish and the tags. Every text that came from a person or a catalog is
/// escaped, so that it reads as written whatever characters it holds and never becomes a link,
/// a heading, a list or markup.
///
/// ```swift
/// let file = RecipeMarkdown.markdown(for: negroni, language: .italian, abv: "≈ 24% vol.")
/// ```
public enum RecipeMarkdown {
    /// The document of `cocktail` in `language`.
    ///
    /// - Parameters:
    ///   - lines: the ingredient lines to write; `nil` writes the recipe's own in `language`.
    ///   - abv: the strength as the details page shows it (`≈ 24% ABV`), when it is known.
    ///   - basedOnName: the name of the drink this one adapts; its id is written without one.
    public static func markdown(
        for cocktail: Cocktail, language: Language, lines: [String]? = nil, abv: String? = nil,
        basedOnName: String? = nil
    ) -> String {
        let strings = UIStrings.of(language)
        let texts = cocktail.texts(in: language)
        var blocks: [String] = ["# " + inline(cocktail.name)]
        let summary = texts.shortDescription.trimmingCharacters(in: .whitespacesAndNewlines)
        if !summary.isEmpty { blocks.append(paragraphs(summary)) }

        let facts: [(String, String?)] = [
            (strings["details_glass"], cocktail.glass.map(strings.glass)),
            (strings["details_method"], cocktail.method.map(strings.method)),
            (strings["markdown_time"], cocktail.preparationTimeText(strings)),
            (strings["markdown_strength"], abv),
            (strings["details_style"], cocktail.category.map(strings.category)),
            (strings["markdown_based_on"], cocktail.basedOn.map { basedOnName ?? $0 }),
            (strings["markdown_author"], cocktail.author),
            (strings["markdown_recipe_author"], cocktail.recipeAuthor),
            (strings["markdown_source"], cocktail.recipeSource),
        ]
        let factLines = facts.compactMap { label, value -> String? in
            guard let value, !value.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
            return "- **\(inline(label)):** \(inline(value))"
        }
        if !factLines.isEmpty { blocks.append(factLines.joined(separator: "\n")) }

        let long = texts.longDescription.trimmingCharacters(in: .whitespacesAndNewlines)
        if !long.isEmpty, long != summary { blocks.append(paragraphs(long)) }

        let ingredients = lines ?? RecipeLines.localized(cocktail.recipe, strings: strings)
        if !ingredients.isEmpty {
            blocks.append("## " + inline(strings["details_ingredients"]))
            blocks.append(ingredients.map { "- " + inline($0) }.joined(separator: "\n"))
        }
        let steps = (texts.instructions ?? []).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty }
        if !steps.isEmpty {
            blocks.append("## " + inline(strings["details_instructions"]))
            blocks.append(steps.enumerated().map { "\($0.offset + 1). " + inline($0.element) }.joined(separator: "\n"))
        }
        if let garnish = texts.garnish?.trimmingCharacters(in: .whitespacesAndNewlines), !garnish.isEmpty {
            blocks.append("## " + inline(strings["details_garnish"]))
            blocks.append(paragraphs(garnish))
        }
        let tags = (cocktail.tags ?? []).filter { !$0.isEmpty }
        if !tags.isEmpty {
            blocks.append("**\(inline(strings["details_tags"])):** " + tags.map(inline).joined(separator: ", "))
        }
        return blocks.joined(separator: "\n\n") + "\n"
    }

    // MARK: Escaping

    /// Characters that mean something wherever they stand: emphasis, code, links, HTML,
    /// references, tables, strikethrough and the escape itself.
    private static let inlineSpecials: Set<Character> = ["\\", "`", "*", "_", "[", "]", "<", ">", "&", "|", "~"]

    /// `text` on one line, every special character escaped, and nothing at its start that could
    /// begin a heading, a quote, a list or a rule.
    static func inline(_ text: String) -> String {
        let flat = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .joined(separator: " ")
        var escaped = ""
        for character in flat {
            if inlineSpecials.contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return escapingLineStart(escaped)
    }

    /// `text`'s paragraphs (blank-line separated), each escaped as ``inline(_:)``.
    static func paragraphs(_ text: String) -> String {
        text.components(separatedBy: "\n\n").map(inline).filter { !$0.isEmpty }.joined(separator: "\n\n")
    }

    /// A line that starts like a block (`#`, `+`, `-`, `=`, `1. `, `2) `) with that start escaped;
    /// `1.5 oz` starts no list and stays as written.
    private static func escapingLineStart(_ line: String) -> String {
        guard let first = line.first else { return line }
        if ["#", "+", "-", "=", "!"].contains(first) { return "\\" + line }
        let digits = line.prefix { $0.isASCII && $0.isNumber }
        if !digits.isEmpty, digits.count <= 9 {
            let rest = line.dropFirst(digits.count)
            if let mark = rest.first, mark == "." || mark == ")", rest.dropFirst().first?.isWhitespace ?? true {
                return digits + "\\" + rest
            }
        }
        return line
    }
}
