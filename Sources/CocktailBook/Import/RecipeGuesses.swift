import CocktailsAPI
import Foundation

/// What a page's recipe implies without saying it in schema.org's terms: whether the drink has
/// alcohol, its method, glass and garnish, read from its ingredients and steps. Each guess is
/// made only when the words are plain; otherwise the field stays empty for the person to choose.
enum RecipeGuesses {
    static let table: IngredientTable = (try? IngredientTable(json: BundledCatalog.ingredientsData)) ?? .init([])

    /// Categories and tags that only say "this is a drink" ("Drinks", "Cocktail"): not kept as
    /// tags, but they make a recipe of a general recipe app count as a drink.
    static let drinkWords: Set<String> = [
        "cocktail", "cocktails", "drink", "drinks", "beverage", "beverages", "bar", "mixed drink", "mixed drinks",
        "mocktail", "mocktails", "long drink", "aperitif", "apéritif", "digestif", "spirits", "alcohol",
    ]

    /// Lines that say how to serve rather than what goes in (`Ice, for shaking`, `ice cubes`).
    static func isServiceLine(_ line: String) -> Bool {
        let lowered = line.trimmingCharacters(in: .whitespaces).lowercased()
        return ["ice", "ice cubes", "crushed ice", "cubed ice", "cracked ice"].contains(lowered)
            || lowered.hasPrefix("ice, for ") || lowered.hasPrefix("ice for ") || lowered.hasPrefix("ice, to ")
    }

    /// Words that mark a drink, or an ingredient, as without alcohol.
    private static let alcoholFree = [
        "mocktail", "non-alcoholic", "nonalcoholic", "alcohol-free", "alcohol free", "zero-proof", "zero proof",
        "no-alcohol", "spirit-free", "virgin",
    ]

    /// Alcoholic, unless no ingredient has alcohol and either the table knows every one as
    /// alcohol-free or the page calls the drink so (`mocktail`, `zero-proof`…). An ingredient the
    /// table does not know is taken to be alcoholic when nothing says otherwise.
    static func kind(rows: [RecipeDraft.Row], words: String, table: IngredientTable = table) -> CocktailKind {
        var unknown = false
        for row in rows where !row.isBlank {
            let name = row.ingredient.lowercased()
            if alcoholFree.contains(where: name.contains) { continue }
            guard let ingredient = table.ingredient(named: row.ingredient) else {
                unknown = true
                continue
            }
            if ingredient.abv > 0 { return .alcoholic }
        }
        let lowered = words.lowercased()
        if !unknown || alcoholFree.contains(where: lowered.contains) {
            return rows.contains(where: { !$0.isBlank }) ? .nonAlcoholic : .alcoholic
        }
        return .alcoholic
    }

    /// Methods by the words that name them, the most telling first: a muddled drink is often
    /// shaken or stirred as well, and a built one stirred in its glass, which does not make
    /// either a shaken or a stirred drink.
    private static let methods: [(MixingMethod, [String])] = [
        (.blended, ["blend"]), (.muddled, ["muddle"]), (.layered, ["layer", "float the", "float a"]),
        (.swizzled, ["swizzle"]), (.shaken, ["shake", "shaking"]), (.built, ["build"]), (.stirred, ["stir"]),
    ]

    /// The method the steps (or the name) name, by the first word of the list above found at the
    /// start of a word.
    static func method(in text: String) -> MixingMethod? {
        let lowered = " " + text.lowercased()
        return methods.first { _, words in words.contains { lowered.contains(" " + $0) } }?.0
    }

    /// Glasses by the words that name them; the most particular first (`copper mug` before
    /// `mug`), and never `glass` alone (`mixing glass`).
    private static let glasses: [(Glass, [String])] = [
        (.nickAndNora, ["nick & nora", "nick and nora", "nick&nora"]), (.coupe, ["coupe"]),
        (.margarita, ["margarita glass"]), (.martini, ["martini glass", "cocktail glass"]),
        (.doubleRocks, ["double rocks", "double old fashioned", "double old-fashioned"]),
        (.rocks, ["rocks glass", "old fashioned glass", "old-fashioned glass", "lowball", "tumbler"]),
        (.highball, ["highball"]), (.collins, ["collins glass"]), (.hurricane, ["hurricane glass"]),
        (.copperMug, ["copper mug"]), (.tikiMug, ["tiki mug"]), (.flute, ["flute", "champagne glass"]),
        (.wine, ["wine glass"]), (.julepCup, ["julep cup"]), (.shot, ["shot glass"]),
        (.copa, ["copa", "balloon glass"]), (.mug, ["mug"]),
    ]

    /// The glass the steps name first.
    static func glass(in text: String) -> Glass? {
        let lowered = text.lowercased()
        var best: (glass: Glass, at: String.Index)?
        for (glass, words) in glasses {
            for word in words {
                guard let range = lowered.range(of: word), best.map({ range.lowerBound < $0.at }) ?? true else {
                    continue
                }
                // A word inside another (`copa` in `copacabana`) is not the glass.
                let before =
                    range.lowerBound == lowered.startIndex ? " " : lowered[lowered.index(before: range.lowerBound)]
                if before.isLetter { continue }
                best = (glass, range.lowerBound)
            }
        }
        return best?.glass
    }

    /// The garnish a step names: what follows `garnish with`, up to the end of its sentence,
    /// without a leading article, capitalised (`Lemon twist`).
    static func garnish(in steps: [String]) -> String? {
        for step in steps {
            let lowered = step.lowercased()
            guard let range = lowered.range(of: "garnish with ") ?? lowered.range(of: "garnished with ") else {
                continue
            }
            var object = step[range.upperBound...].prefix { ![".", ";", "!", "\n"].contains($0) }
                .trimmingCharacters(in: .whitespaces)
            for article in ["a ", "an ", "the ", "some "] where object.lowercased().hasPrefix(article) {
                object = String(object.dropFirst(article.count))
            }
            guard !object.isEmpty else { continue }
            return object.prefix(1).uppercased() + object.dropFirst()
        }
        return nil
    }

    /// How many drinks a yield makes: `1`, `2 drinks`, `Serves 4`, `1 cocktail`; `nil` when it
    /// names no number.
    static func servings(in yield: String) -> Int? {
        yield.split(whereSeparator: { !$0.isNumber }).lazy.compactMap { Int($0) }.first
    }
}

/// Cutting texts to the editor's limits.
enum RecipeText {
    /// `text` in at most `limit` characters: whole when it fits, otherwise cut at a word (when one
    /// ends in the second half) and ended with `…`.
    static func clipped(_ text: String, to limit: Int) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.count > limit, limit > 1 else { return trimmed }
        let head = trimmed.prefix(limit - 1)
        if let space = head.lastIndex(where: \.isWhitespace),
            head.distance(from: head.startIndex, to: space) > limit / 2
        {
            return head[..<space].trimmingCharacters(in: .whitespaces) + "…"
        }
        return head + "…"
    }
}
