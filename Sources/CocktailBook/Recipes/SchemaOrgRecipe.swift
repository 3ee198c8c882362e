import CocktailsAPI
import Foundation

/// A drink as a schema.org `Recipe` in JSON-LD, for the `<script type="application/ld+json">` of
/// its page: what recipe apps, search engines and parsers (`recipe-scrapers`, `extruct`) read.
///
/// schema.org has no property for a drink's strength, on `Recipe` or on `NutritionInformation`,
/// so the estimated ABV (or `Alcohol-free`) ends the `description`, in the page's words
/// (`≈ 24% ABV`), where a person and every parser read it alike. `recipeCuisine` is left out:
/// nothing the book knows about a drink is a cuisine.
///
/// ```swift
/// let script = SchemaOrgRecipe.jsonLD(
///     for: details, language: .english, pageURL: "https://bar.example/cocktails/11000",
///     imageURL: "https://bar.example/images/11000.jpg", author: nil, rating: ratings["11000"])
/// ```
public enum SchemaOrgRecipe {
    /// The JSON-LD of the drink of `details`, in `language`, safe to put between
    /// `<script type="application/ld+json">` and `</script>` as it is: `<`, `>` and `&` are
    /// written as `\u003c`, `\u003e` and `\u0026`, so no text can end the script.
    ///
    /// - Parameters:
    ///   - pageURL: the page's absolute address.
    ///   - imageURL: the picture's (or drawing's) absolute address; `nil` writes no `image`.
    ///   - author: who wrote the drink; `nil` credits the book (`bookName`) as an organisation.
    ///   - rating: the members' ratings of the drink; an `aggregateRating` is written only when
    ///     there is at least one (schema.org's validators refuse a rating of nobody).
    ///   - lines: the ingredient lines as the page shows them; `nil` writes the recipe's own
    ///     lines in `language`.
    ///   - basedOnURL: the page of the drink this one adapts.
    public static func jsonLD(
        for details: CocktailDetails, language: Language, pageURL: String, imageURL: String?, author: String?,
        rating: RatingSummary? = nil, lines: [String]? = nil, basedOnURL: String? = nil,
        bookName: String = "Cocktail Book"
    ) -> String {
        let strings = UIStrings.of(language)
        let cocktail = details.cocktail
        let texts = cocktail.texts(in: language)
        let abv = details.abvText(strings).map(strings.localizingNumbers)
        let summary = texts.shortDescription.trimmingCharacters(in: .whitespacesAndNewlines)
        let sentence = { (text: String) in text.isEmpty || text.hasSuffix(".") ? text : text + "." }
        let description = [sentence(summary), abv.map(sentence)].compactMap { $0 }.filter { !$0.isEmpty }
            .joined(separator: " ")
        let time = ISODuration.text(minutes: max(1, cocktail.preparationMinutes))
        let steps = (texts.instructions ?? []).filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        let tags = (cocktail.tags ?? []).filter { !$0.isEmpty }
        // A recipe taken from a page or another app credits whoever wrote it there, and links it.
        let authorName = (cocktail.recipeAuthor ?? author)?.trimmingCharacters(in: .whitespaces)
        let document = Document(
            name: cocktail.name, image: imageURL, description: description,
            recipeIngredient: lines ?? RecipeLines.localized(details.lines.map(\.parsed), strings: strings),
            recipeInstructions: steps.isEmpty
                ? nil : steps.enumerated().map { Document.Step(position: $0.offset + 1, text: $0.element) },
            recipeCategory: cocktail.category.map(strings.category),
            recipeYield: strings["schema_recipe_yield"],
            prepTime: time, totalTime: time,
            keywords: tags.isEmpty ? nil : tags.map(strings.tag).joined(separator: ", "),
            author: authorName.flatMap { $0.isEmpty ? nil : Document.Agent(type: "Person", name: $0) }
                ?? Document.Agent(type: "Organization", name: bookName),
            dateModified: cocktail.dateModified, inLanguage: language.rawValue, url: pageURL,
            isBasedOn: basedOnURL ?? cocktail.recipeSource,
            aggregateRating: rating.flatMap { $0.count > 0 && $0.average.isFinite ? Document.Rating($0) : nil }
        )
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Every value is a string, number or list of them: encoding cannot fail.
        let json = (try? encoder.encode(document)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return scriptSafe(json)
    }

    /// `json` with every character that could end or confuse a script element escaped. They
    /// only ever occur inside JSON strings, where `\u003c` means the same as `<`.
    static func scriptSafe(_ json: String) -> String {
        var result = ""
        result.reserveCapacity(json.utf8.count)
        for scalar in json.unicodeScalars {
            switch scalar {
            case "<": result += "\\u003c"
            case ">": result += "\\u003e"
            case "&": result += "\\u0026"
            case "\u{2028}": result += "\\u2028"
            case "\u{2029}": result += "\\u2029"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The document's shape; optional fields left `nil` are not written.
    struct Document: Encodable {
        var context = "https://schema.org"
        var type = "Recipe"
        var name: String
        var image: String?
        var description: String
        var recipeIngredient: [String]
        var recipeInstructions: [Step]?
        var recipeCategory: String?
        var recipeYield: String
        var prepTime: String
        var totalTime: String
        var keywords: String?
        var author: Agent
        var dateModified: String?
        var inLanguage: String
        var url: String
        var isBasedOn: String?
        var aggregateRating: Rating?

        /// The average on schema.org's default scale of 1 to 5, said outright for parsers that
        /// assume another.
        struct Rating: Encodable {
            var type = "AggregateRating"
            var ratingValue: Double
            var ratingCount: Int
            var bestRating = 5
            var worstRating = 1

            init(_ summary: RatingSummary) {
                ratingValue = (summary.average * 10).rounded() / 10
                ratingCount = summary.count
            }

            enum CodingKeys: String, CodingKey {
                case type = "@type"
                case ratingValue, ratingCount, bestRating, worstRating
            }
        }

        struct Step: Encodable {
            var type = "HowToStep"
            var position: Int
            var text: String

            enum CodingKeys: String, CodingKey {
                case type = "@type"
                case position, text
            }
        }

        struct Agent: Encodable {
            var type: String
            var name: String

            enum CodingKeys: String, CodingKey {
                case type = "@type"
                case name
            }
        }

        enum CodingKeys: String, CodingKey {
            case context = "@context"
            case type = "@type"
            case name, image, description, recipeIngredient, recipeInstructions, recipeCategory, recipeYield
            case prepTime, totalTime, keywords, author, dateModified, inLanguage, url, isBasedOn, aggregateRating
        }
    }
}

/// Recipe lines in a language's words, as the details page writes them without a conversion:
/// the measure with the language's unit names and decimal separator, the ingredient and note
/// through the names table; a line the parser could not split stays as written (its name and
/// note translated when the table knows them).
public enum RecipeLines {
    /// The lines of `recipe` in the language of `strings`, in order.
    public static func localized(_ recipe: [RecipeLine], strings: UIStrings) -> [String] {
        recipe.map { line in
            // `Soda water, to top` says it better than `Top up Soda water, to top`.
            let measured = line.ingredient != nil && (line.unit != .top || line.amount != nil)
            let measure = measured ? MeasureText.text(amount: line.amount, unit: line.unit, strings: strings) : nil
            return strings.line(line, measure: measure)
        }
    }
}
