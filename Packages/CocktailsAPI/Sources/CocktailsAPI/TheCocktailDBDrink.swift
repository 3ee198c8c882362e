import Foundation

/// A drink as a TheCocktailDB-compatible server writes it in `search.php` and `lookup.php`:
/// string-or-null values under TheCocktailDB's keys (`idDrink`, `strIngredient1`…).
struct TheCocktailDBDrink: Sendable, Equatable {
    /// The record's non-empty string values, by key.
    var fields: [String: String]

    /// TheCocktailDB's fixed number of ingredient and measure slots.
    static let slots = 15

    subscript(_ key: String) -> String? {
        guard let value = fields[key]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else {
            return nil
        }
        return value
    }

    /// The drinks of one answer (`{"drinks": [...]}`); empty when `drinks` is `null` or not an
    /// array, as TheCocktailDB answers a search that matched nothing.
    ///
    /// - Throws: when the body is not a JSON object at all.
    static func drinks(in data: Data) throws -> [TheCocktailDBDrink] {
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw CocktailsAPIError.unavailable
        }
        guard let records = object["drinks"] as? [[String: Any]] else { return [] }
        return records.map { record in
            TheCocktailDBDrink(fields: record.compactMapValues { $0 as? String })
        }
    }

    /// The recipe lines: each measure and ingredient joined (`1 1/2 oz Light rum`).
    var ingredientLines: [String] {
        (1...Self.slots).compactMap { slot in
            guard let ingredient = self["strIngredient\(slot)"] else { return nil }
            guard let measure = self["strMeasure\(slot)"] else { return ingredient }
            return "\(measure) \(ingredient)"
        }
    }

    /// The ingredient names alone, in recipe order.
    var ingredientNames: [String] {
        (1...Self.slots).compactMap { self["strIngredient\($0)"] }
    }

    /// The drink as an entry of our catalog, or `nil` when it lacks an id or a name.
    func catalogEntry() -> CatalogEntry? {
        guard let id = self["idDrink"], let name = self["strDrink"] else { return nil }
        let lines = ingredientLines
        let glass = self["strGlass"].flatMap(Glass.init(named:))
        let alcoholic = TheCocktailDBVocabulary.isAlcoholic(self["strAlcoholic"])
        let category = DrinkCategory(cocktailDB: self["strCategory"], glass: glass, ingredients: ingredientNames)
        let steps = self["strInstructions"].map(Self.sentences) ?? []
        let tags = self["strTags"].map { raw in
            raw.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter {
                !$0.isEmpty
            }
        }
        return CatalogEntry(
            id: id, name: name, type: alcoholic ? "alcoholic" : "non-alcoholic",
            shortDescription: Self.shortDescription(
                category: category, alcoholic: alcoholic, ingredients: ingredientNames),
            longDescription: self["strInstructions"] ?? "\(name) is made with \(lines.count) ingredients.",
            preparationMinutes: estimatedPreparationMinutes, preparationEstimated: true,
            imageName: Self.slug(name), ingredients: lines,
            glass: glass?.rawValue, category: category?.rawValue, instructions: steps.isEmpty ? nil : steps,
            tags: tags.flatMap { $0.isEmpty ? nil : $0 }, iba: TheCocktailDBVocabulary.iba(self["strIBA"]),
            dateModified: self["dateModified"].flatMap(Self.isoDate), imageURL: self["strDrinkThumb"],
            video: videoURL, imageAttribution: self["strImageAttribution"], imageSource: self["strImageSource"]
        )
    }

    /// A one-line description from the category and the first two ingredients, at most 90
    /// characters: "A sour built on gin and Campari."
    static func shortDescription(category: DrinkCategory?, alcoholic: Bool, ingredients: [String]) -> String {
        let noun: String
        switch category {
        case .sour: noun = "A sour"
        case .highball: noun = "A highball"
        case .spiritForward: noun = "A spirit-forward cocktail"
        case .tiki: noun = "A tropical drink"
        case .punch: noun = "A punch"
        case .shot: noun = "A shot"
        case .hot: noun = "A hot drink"
        case .creamy: noun = "A creamy drink"
        default: noun = alcoholic ? "A cocktail" : "A non-alcoholic drink"
        }
        let names = ingredients.prefix(2).map { $0.lowercased() }
        let candidates = [
            names.isEmpty ? nil : "\(noun) built on \(names.joined(separator: " and ")).",
            names.first.map { "\(noun) built on \($0)." },
            "\(noun).",
        ]
        let fitting = candidates.compactMap { $0 }.first { $0.count <= 90 } ?? "\(noun)."
        return fitting
    }

    /// `strInstructions` cut into sentences at `.`, `!` or `?` followed by a space or the end.
    static func sentences(_ text: String) -> [String] {
        var result: [String] = []
        var current = ""
        let characters = Array(text)
        for (index, character) in characters.enumerated() {
            current.append(character)
            let atEnd = index + 1 == characters.count
            if ".!?".contains(character), atEnd || characters[index + 1].isWhitespace {
                result.append(current)
                current = ""
            }
        }
        result.append(current)
        return result.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
    }

    /// `pina-colada` for `Piña Colada`.
    static func slug(_ name: String) -> String {
        let folded = name.folding(
            options: [.diacriticInsensitive, .caseInsensitive], locale: Locale(identifier: "en_US_POSIX"))
        var slug = ""
        for scalar in folded.lowercased().unicodeScalars {
            if CharacterSet.alphanumerics.contains(scalar), scalar.isASCII {
                slug.unicodeScalars.append(scalar)
            } else if !slug.isEmpty, !slug.hasSuffix("-") {
                slug.append("-")
            }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        return slug.isEmpty ? "cocktail" : slug
    }

    /// `2024-02-17T15:40:00Z` for TheCocktailDB's `2024-02-17 15:40:00` (taken as UTC); nil for
    /// anything else, impossible dates (`2023-02-29`) included.
    static func isoDate(_ value: String) -> String? {
        // Read and written back: only text that is exactly a real timestamp survives the trip.
        guard let date = try? timestamp.parse(value), timestamp.format(date) == value else { return nil }
        return date.formatted(.iso8601)
    }

    private static let timestamp = Date.ISO8601FormatStyle(dateTimeSeparator: .space, timeZone: .gmt).year().month()
        .day().time(includingFractionalSeconds: false)
}

/// One cocktail in our catalog's JSON format; `nil` optional keys are left out.
struct CatalogEntry: Encodable, Sendable, Equatable {
    var id: String
    var name: String
    var type: String
    var shortDescription: String
    var longDescription: String
    var preparationMinutes: Int
    /// `true` when `preparationMinutes` is our estimate rather than the source's figure.
    var preparationEstimated: Bool?
    var imageName: String
    var ingredients: [String]
    var glass: String?
    var category: String?
    var instructions: [String]?
    var tags: [String]?
    var iba: String?
    var dateModified: String?
    var imageURL: String?
    /// An http(s) URL of a video of the drink being made.
    var video: String?
    /// Who took the picture, or its licence, in the source's words.
    var imageAttribution: String?
    /// Where the picture comes from.
    var imageSource: String?
}
