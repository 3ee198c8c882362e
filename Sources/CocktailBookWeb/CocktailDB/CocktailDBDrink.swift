import CocktailBook
import CocktailBookApp
import CocktailsAPI
import Foundation

/// Drinks written the way TheCocktailDB writes them: the full record of `lookup.php`,
/// `search.php` and `random.php`, and the short one of `filter.php`.
enum CocktailDBDrink {
    /// TheCocktailDB's fixed number of ingredient and measure slots; recipe lines past the
    /// fifteenth have nowhere to go and are left out.
    static let slots = 15

    /// The full record of a cocktail whose picture lives under `images`.
    static func full(_ details: CocktailDetails, images: CocktailDBImageBase) -> CocktailDBRecord {
        let cocktail = details.cocktail
        let lines = details.lines.prefix(slots).map { (ingredient: ingredientName($0), measure: measure($0.parsed)) }
        let instructions = cocktail.instructions.map { $0.joined(separator: " ") }.flatMap { $0.isEmpty ? nil : $0 }
        var fields: [(String, String?)] = [
            ("idDrink", cocktail.id),
            ("strDrink", cocktail.name),
            ("strDrinkAlternate", nil),
            ("strTags", CocktailDBVocabulary.tags(cocktail.tags)),
            ("strVideo", cocktail.video),
            ("strCategory", CocktailDBVocabulary.category(of: cocktail)),
            ("strIBA", CocktailDBVocabulary.iba(cocktail.iba)),
            ("strAlcoholic", CocktailDBVocabulary.alcoholic(cocktail.kind)),
            ("strGlass", cocktail.glass?.entry.cocktailDB),
            ("strInstructions", instructions),
        ]
        // Each language's instructions from the drink's translation in that language (the key's
        // suffix is the language code), as TheCocktailDB serves its own; null where there is none.
        fields += ["ES", "DE", "FR", "IT", "ZH-HANS", "ZH-HANT"].map { suffix in
            let steps = cocktail.translations?[suffix.lowercased()]?.instructions.map { $0.joined(separator: " ") }
            return ("strInstructions\(suffix)", steps.flatMap { $0.isEmpty ? nil : $0 })
        }
        fields.append(("strDrinkThumb", images.url(for: cocktail)))
        fields += (1...slots).map { ("strIngredient\($0)", $0 <= lines.count ? lines[$0 - 1].ingredient : nil) }
        fields += (1...slots).map { ("strMeasure\($0)", $0 <= lines.count ? lines[$0 - 1].measure : nil) }
        fields += [
            ("strImageSource", cocktail.imageSource),
            ("strImageAttribution", cocktail.imageAttribution),
            ("strCreativeCommonsConfirmed", "No"),
            ("dateModified", cocktail.dateModified.flatMap(dateModified)),
        ]
        return CocktailDBRecord(fields)
    }

    /// The short record of `filter.php`.
    static func summary(_ cocktail: Cocktail, images: CocktailDBImageBase) -> CocktailDBRecord {
        CocktailDBRecord([
            ("strDrink", cocktail.name), ("strDrinkThumb", images.url(for: cocktail)), ("idDrink", cocktail.id),
        ])
    }

    /// The line's ingredient under its canonical name when the table knows it, so that
    /// `filter.php?i=` and the records agree; otherwise the name as the recipe writes it.
    static func ingredientName(_ line: CocktailDetails.Line) -> String {
        CocktailDBIngredientNames.name(for: line.ingredient?.name ?? line.parsed.ingredient ?? line.parsed.text)
    }

    /// The amount and unit as TheCocktailDB writes them: ASCII fractions and a trailing space
    /// (`1 1/2 oz `, `2-3 dashes `), `nil` when the line has neither.
    static func measure(_ line: RecipeLine) -> String? {
        if line.unit == .top { return "Top up " }
        var parts: [String] = []
        if let amount = line.amount {
            parts.append(amount.upperValue.map { "\(number(amount.value))-\(number($0))" } ?? number(amount.value))
        }
        if let unit = line.unit {
            let many = (line.amount?.upperValue ?? line.amount?.value ?? 1) > 1
            let name = many ? plural(unit) : unit.rawValue
            parts.append(line.amount == nil ? name.capitalized : name)
        }
        return parts.isEmpty ? nil : parts.joined(separator: " ") + " "
    }

    private static let fractions: [(Double, String)] = [
        (0.125, "1/8"), (0.25, "1/4"), (1.0 / 3, "1/3"), (0.375, "3/8"), (0.5, "1/2"), (0.625, "5/8"), (2.0 / 3, "2/3"),
        (0.75, "3/4"), (0.875, "7/8"),
    ]

    /// `2`, `1 1/2`, `3/4`, `0.6`.
    static func number(_ value: Double) -> String {
        let whole = value.rounded(.down)
        let part = value - whole
        if part < 0.001 { return String(Int(whole)) }
        guard let fraction = fractions.first(where: { abs($0.0 - part) < 0.01 })?.1 else {
            return String(format: "%g", value)
        }
        return whole == 0 ? fraction : "\(Int(whole)) \(fraction)"
    }

    private static func plural(_ unit: MeasureUnit) -> String {
        unit.entry.english.other
    }

    /// `2024-02-17 15:40:00` for `2024-02-17T15:40:00Z`: TheCocktailDB's format, in UTC.
    static func dateModified(_ iso: String) -> String? {
        LastModifiedLabel.date(from: iso).map {
            $0.formatted(
                Date.ISO8601FormatStyle(dateTimeSeparator: .space, timeZone: .gmt).year().month().day().time(
                    includingFractionalSeconds: false))
        }
    }
}
