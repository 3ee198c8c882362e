import CocktailsAPI
import Foundation

/// A draft to and from a drink.
extension RecipeDraft {
    /// The drink the draft describes, under `id`; `nil` while it has problems.
    public func cocktail(id: String, author: String?, dateModified: Date) -> Cocktail? {
        guard problems().isEmpty else { return nil }
        let lines = rows.filter { !$0.isBlank }.map(Self.line)
        let writtenSteps = steps.map(\.trimmed).filter { !$0.isEmpty }
        let garnishText = garnish.trimmed
        let glass = Glass(named: glass)
        let method = MixingMethod(named: method)
        let category = DrinkCategory(named: category)
        var texts: [String: CocktailTexts] = [:]
        for (code, words) in translations where !words.isEmpty {
            let translatedSteps = words.steps.map(\.trimmed).filter { !$0.isEmpty }
            // What was typed, nothing more: a field left empty is read in English (or, for the
            // description, in the language's own summary) when the drink is shown, so later
            // English changes reach it and no English is kept as if it were the translation.
            texts[code] = CocktailTexts(
                shortDescription: words.shortDescription.trimmed, longDescription: words.longDescription.trimmed,
                // The steps stand in for the English ones only when there are as many.
                instructions: translatedSteps.count == writtenSteps.count && !translatedSteps.isEmpty
                    ? translatedSteps : nil,
                garnish: words.garnish.trimmed.isEmpty ? nil : words.garnish.trimmed
            )
        }
        let translated = texts.isEmpty ? nil : texts
        var short = shortDescription.trimmed
        let long = longDescription.trimmed
        if short.isEmpty, long.isEmpty {
            // A list row needs a line: the recipe's first ingredients say what the drink is.
            let names = rows.filter { !$0.isBlank && !$0.garnish }.map(\.ingredient.trimmed).prefix(4)
            short = names.joined(separator: ", ")
            short = short.prefix(1).uppercased() + short.dropFirst()
        }
        return Cocktail(
            id: id, name: name.trimmed, kind: kind,
            shortDescription: short.isEmpty ? String(long.prefix(Self.maximumShortLength)) : short,
            longDescription: long.isEmpty ? short : long,
            preparationMinutes: minutes ?? Self.estimatedMinutes(lines: lines.count, method: method),
            imageName: id, ingredients: lines, glass: glass,
            illustration: imageURL == nil
                ? DrawingHints.illustration(for: lines, glass: glass, garnish: garnishText) : nil,
            category: category, method: method, instructions: writtenSteps.isEmpty ? nil : writtenSteps,
            garnish: garnishText.isEmpty ? nil : garnishText, tags: tagList.isEmpty ? nil : tagList,
            dateModified: dateModified.formatted(.iso8601), imageURL: imageURL,
            preparationEstimated: minutes == nil ? true : nil, video: video.trimmed.isEmpty ? nil : video.trimmed,
            imageSource: imageSource, translations: translated, basedOn: basedOn, author: author,
            recipeSource: SafeLink.web(recipeSource?.trimmed),
            recipeAuthor: recipeAuthor.map(\.trimmed).flatMap { $0.isEmpty ? nil : $0 }
        )
    }

    /// A person's guess of the time, when they gave none: a minute per two lines, more to shake.
    static func estimatedMinutes(lines: Int, method: MixingMethod?) -> Int {
        max(2, min(15, 1 + (lines + 1) / 2 + (method == .shaken || method == .blended ? 1 : 0)))
    }

    /// The recipe line of a row: `1 ½ oz London dry gin, chilled, optional`, `Soda water, to top`.
    public static func line(_ row: Row) -> String {
        let ingredient = row.ingredient.trimmed
        var notes = [row.note.trimmed].filter { !$0.isEmpty }
        if row.exactly { notes.append("exactly") }
        if row.optional { notes.append("optional") }
        if row.garnish { notes.append("to garnish") }
        let unit = MeasureUnit(rawValue: row.unit)
        if unit == .top { return ([ingredient, "to top"] + notes).joined(separator: ", ") }
        let measure = MeasureText.text(amount: amount(row.amount), unit: unit).map { $0 + " " } ?? ""
        return ([measure + ingredient] + notes).joined(separator: ", ")
    }

    /// The draft of an existing drink, to edit it or to adapt it. A description that only
    /// repeats the summary was never typed (saving fills it in), so the form leaves it empty and
    /// it keeps following the summary; so are a translation's texts that repeat the English ones
    /// (which earlier saves copied in).
    public init(_ cocktail: Cocktail) {
        let english = (short: cocktail.shortDescription, long: cocktail.longDescription)
        self.init(
            name: cocktail.name, kind: cocktail.kind, category: cocktail.category?.rawValue ?? "",
            glass: cocktail.glass?.rawValue ?? "", method: cocktail.method?.rawValue ?? "",
            preparationMinutes: cocktail.preparationEstimated == true ? "" : String(cocktail.preparationMinutes),
            shortDescription: english.short, longDescription: english.long == english.short ? "" : english.long,
            garnish: cocktail.garnish ?? "", tags: (cocktail.tags ?? []).joined(separator: ", "),
            video: cocktail.video ?? "", rows: cocktail.ingredients.map(Self.row), steps: cocktail.instructions ?? [],
            translations: (cocktail.translations ?? [:]).mapValues { texts in
                let short = texts.shortDescription == english.short ? "" : texts.shortDescription
                let copied = [english.long, english.short, short]
                return Translation(
                    shortDescription: short,
                    longDescription: copied.contains(texts.longDescription) ? "" : texts.longDescription,
                    garnish: texts.garnish ?? "", steps: texts.instructions ?? [])
            },
            basedOn: cocktail.basedOn, imageURL: cocktail.imageURL, imageSource: cocktail.imageSource,
            recipeSource: cocktail.recipeSource, recipeAuthor: cocktail.recipeAuthor
        )
        if rows.isEmpty { rows = [Row()] }
        if steps.isEmpty { steps = [""] }
    }

    /// A recipe line read back into a row.
    public static func row(_ text: String) -> Row {
        let line = IngredientParser.parse(text)
        var notes = (line.note ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        var row = Row(ingredient: line.ingredient ?? "")
        if let index = notes.firstIndex(where: { $0.lowercased() == "optional" }) {
            row.optional = true
            notes.remove(at: index)
        }
        if let index = notes.firstIndex(where: { $0.lowercased() == "exactly" }) {
            row.exactly = true
            notes.remove(at: index)
        }
        if let index = notes.firstIndex(where: { ["to garnish", "garnish", "for garnish"].contains($0.lowercased()) }) {
            row.garnish = true
            notes.remove(at: index)
        }
        if line.unit == .top {
            notes.removeAll { ["to top", "top", "top up", "to top up", "to fill", "fill"].contains($0.lowercased()) }
        }
        row.note = notes.joined(separator: ", ")
        row.unit = line.unit?.rawValue ?? ""
        if let amount = line.amount {
            let format = { (value: Double) in
                line.unit == .ml || line.unit == .cl ? MeasureText.decimal(value) : Self.fraction(value)
            }
            row.amount = amount.upperValue.map { "\(format(amount.value))-\(format($0))" } ?? format(amount.value)
        }
        if line.ingredient == nil, line.amount == nil, line.unit == nil { row.ingredient = text }
        return row
    }

    /// `1 1/2`, `3/4`, `2`, `0.6`: what a person types, plain ASCII.
    public static func fraction(_ value: Double) -> String {
        // Past a million nothing is a fraction, and Int would trap on what Double can hold.
        guard value.isFinite, abs(value) < 1_000_000 else { return value.isFinite ? MeasureText.decimal(value) : "" }
        let whole = Int(value.rounded(.down))
        let part = value - Double(whole)
        if part < 0.001 { return String(whole) }
        for (fraction, text) in [(0.25, "1/4"), (1.0 / 3, "1/3"), (0.5, "1/2"), (2.0 / 3, "2/3"), (0.75, "3/4")]
        where abs(part - fraction) < 0.01 {
            return whole == 0 ? text : "\(whole) \(text)"
        }
        return MeasureText.decimal(value)
    }
}
