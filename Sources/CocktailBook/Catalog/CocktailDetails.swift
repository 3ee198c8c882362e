import CocktailsAPI
import Foundation

/// Everything the details screen and the detail API show about one cocktail, worked out once
/// from the recipe and the ingredient table so that both render the same facts.
public struct CocktailDetails: Sendable, Equatable {
    /// One recipe line with its ingredient looked up in the table.
    public struct Line: Sendable, Equatable {
        /// The line as parsed.
        public var parsed: RecipeLine
        /// The table's entry for the line's ingredient, when it has one.
        public var ingredient: Ingredient?

        /// The amount and unit as a person reads them: `1 ½ oz`, `2–3 dashes`, `Top up`.
        public var measure: String? { MeasureText.text(amount: parsed.amount, unit: parsed.unit) }
    }

    /// The cocktail.
    public var cocktail: Cocktail
    /// Whether it is a favorite.
    public var isFavorite: Bool
    /// Its recipe, line by line.
    public var lines: [Line]
    /// The estimated ABV in percent, if the recipe has volumes to reckon with.
    public var abv: Double?
    /// Grams of alcohol in one serving, if the recipe has volumes to reckon with.
    public var alcoholGrams: Double?
    /// Each variant's recipe, line by line, in the order of the cocktail's `variants`.
    public var variantLines: [[Line]]
    /// The ingredients of poured lines the table does not know (`Amaro Nonino Quintessentia`),
    /// in recipe order: their strength is unknown, so no ABV is guessed until they are known.
    public var unknownStrengths: [String]

    /// Works out the details of `item` with `table`.
    public init(_ item: CocktailList.Item, table: IngredientTable) {
        cocktail = item.cocktail
        isFavorite = item.isFavorite
        lines = item.cocktail.recipe.map { Line(parsed: $0, ingredient: table.ingredient(for: $0)) }
        variantLines = (item.cocktail.variants ?? []).map {
            $0.recipe.map { Line(parsed: $0, ingredient: table.ingredient(for: $0)) }
        }
        let steps = item.cocktail.instructions ?? []
        let ice = item.cocktail.illustration?.ice
        unknownStrengths = ABVEstimator.unknownStrengths(lines.map(\.parsed), table: table)
        guard unknownStrengths.isEmpty || item.cocktail.kind == .nonAlcoholic else {
            abv = nil
            alcoholGrams = nil
            return
        }
        abv = ABVEstimator.estimate(
            lines.map(\.parsed), method: item.cocktail.method, steps: steps, table: table, glass: item.cocktail.glass,
            ice: ice)
        alcoholGrams = ABVEstimator.alcoholGrams(
            lines.map(\.parsed), method: item.cocktail.method, steps: steps, table: table, glass: item.cocktail.glass,
            ice: ice)
    }

    /// `Today`, `This week`… for the recipe's `dateModified` seen at `now`; `nil` without a date.
    public func lastModifiedLabel(now: Date, calendar: Calendar, strings: UIStrings = .english) -> String? {
        cocktail.dateModified.flatMap(LastModifiedLabel.date(from:)).map {
            LastModifiedLabel.label(for: $0, now: now, calendar: calendar, strings: strings)
        }
    }

    /// The ABV rounded to a whole percent, as shown and as the API reports it.
    public var roundedABV: Int? { abv.map { Int($0.rounded()) } }

    /// `≈ 24% ABV`, or `Alcohol-free` for a drink without alcohol.
    public var abvText: String? { abvText(.english) }

    /// `≈ 24% ABV` (`≈ 24% vol.` in Italian), `Alcohol-free` for a drink without alcohol, or
    /// `ABV unknown: …` naming the lines whose strength the book does not know.
    public func abvText(_ strings: UIStrings) -> String? {
        if cocktail.kind == .nonAlcoholic { return strings["details_alcohol_free"] }
        if !unknownStrengths.isEmpty {
            return strings(
                "details_abv_unknown",
                ["names": unknownStrengths.formatted(.list(type: .and).locale(strings.locale))])
        }
        guard let rounded = roundedABV else { return nil }
        return rounded == 0 ? strings["details_alcohol_free"] : strings("details_abv", ["abv": String(rounded)])
    }
}

extension CocktailDetails {
    /// Standard drinks in one serving: grams of alcohol ÷ the page's standard drink
    /// (``UIStrings/standardDrinkGrams``); `nil` for a drink without alcohol.
    public func standardDrinks(_ strings: UIStrings) -> Double? {
        guard cocktail.kind != .nonAlcoholic, let grams = alcoholGrams, grams > 0 else { return nil }
        return grams / Double(strings.standardDrinkGrams)
    }

    /// `1.6 standard drinks (10 g)` (`1,9 unità alcoliche (12 g)` in Italian), to one decimal,
    /// naming the standard counted in.
    public func standardDrinksText(_ strings: UIStrings) -> String? {
        guard let drinks = standardDrinks(strings) else { return nil }
        let shown = strings.decimal((drinks * 10).rounded() / 10, fractionDigits: 1)
        return strings(
            abs(drinks - 1) < 0.05 ? "details_standard_drinks_one" : "details_standard_drinks_other",
            ["n": shown, "g": String(strings.standardDrinkGrams)])
    }
}

/// Writes amounts the way recipes print them.
public enum MeasureText {
    private static let fractions: [(Double, String)] = [
        (0.125, "⅛"), (0.25, "¼"), (1.0 / 3, "⅓"), (0.375, "⅜"), (0.5, "½"), (0.625, "⅝"), (2.0 / 3, "⅔"), (0.75, "¾"),
        (0.875, "⅞"),
    ]

    /// `1 ½`, `¾`, `2`, `0.6`.
    public static func number(_ value: Double) -> String {
        let whole = value.rounded(.down)
        let part = value - whole
        if part < 0.001 { return String(Int(whole)) }
        if let glyph = fractions.first(where: { abs($0.0 - part) < 0.01 })?.1 {
            return whole == 0 ? glyph : "\(Int(whole)) \(glyph)"
        }
        return String(format: "%g", value)
    }

    /// A metric amount as a decimal: `22.5`, `6`.
    public static func decimal(_ value: Double) -> String {
        String(format: "%g", (value * 100).rounded() / 100)
    }

    /// The measure of a line, or `nil` when it has neither amount nor unit. Millilitres and
    /// centilitres are written as decimals (`22.5 ml`), everything else with fractions.
    public static func text(amount: RecipeLine.Amount?, unit: MeasureUnit?, strings: UIStrings = .english) -> String? {
        if unit == .top {
            let name = MeasureUnit.top.name(in: strings.language)
            return name.prefix(1).uppercased() + name.dropFirst()
        }
        let isMetric = unit == .ml || unit == .cl
        let format = { (value: Double) -> String in isMetric ? decimal(value) : number(value) }
        var quantity: String? = nil
        if let amount {
            quantity = amount.upperValue.map { "\(format(amount.value))–\(format($0))" } ?? format(amount.value)
        }
        if let unit {
            let plural = (amount?.upperValue ?? amount?.value ?? 1) > 1
            let name = unit.name(in: strings.language, count: plural ? 2 : 1)
            quantity = quantity.map { "\($0) \(name)" } ?? name.capitalized
        }
        return quantity.map(strings.localizingNumbers)
    }
}
