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
        let glass = self["strGlass"].flatMap(TheCocktailDBVocabulary.glass)
        let alcoholic = TheCocktailDBVocabulary.isAlcoholic(self["strAlcoholic"])
        let category = TheCocktailDBVocabulary.category(
            self["strCategory"], glass: glass, ingredients: ingredientNames.map { $0.lowercased() }
        )
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
            glass: glass, category: category, instructions: steps.isEmpty ? nil : steps,
            tags: tags.flatMap { $0.isEmpty ? nil : $0 }, iba: TheCocktailDBVocabulary.iba(self["strIBA"]),
            dateModified: self["dateModified"].flatMap(Self.isoDate), imageURL: self["strDrinkThumb"],
            video: videoURL, imageAttribution: self["strImageAttribution"], imageSource: self["strImageSource"]
        )
    }

    /// A one-line description from the category and the first two ingredients, at most 90
    /// characters: "A sour built on gin and Campari."
    static func shortDescription(category: String?, alcoholic: Bool, ingredients: [String]) -> String {
        let noun: String
        switch category {
        case "Sour": noun = "A sour"
        case "Highball": noun = "A highball"
        case "Spirit-forward": noun = "A spirit-forward cocktail"
        case "Tiki & Tropical": noun = "A tropical drink"
        case "Punch": noun = "A punch"
        case "Shot": noun = "A shot"
        case "Hot": noun = "A hot drink"
        case "Creamy": noun = "A creamy drink"
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
    ///
    /// Read by hand rather than with a `DateFormatter`, whose first use maps megabytes of ICU's
    /// calendar and pattern data into the server, on every refresh from TheCocktailDB.
    static func isoDate(_ value: String) -> String? {
        let bytes = Array(value.utf8)
        // yyyy-MM-dd HH:mm:ss: digits everywhere but the separators.
        let separators: [Int: UInt8] = [
            4: UInt8(ascii: "-"), 7: UInt8(ascii: "-"), 10: UInt8(ascii: " "), 13: UInt8(ascii: ":"),
            16: UInt8(ascii: ":"),
        ]
        guard bytes.count == 19 else { return nil }
        for (index, byte) in bytes.enumerated() {
            if let separator = separators[index] {
                guard byte == separator else { return nil }
            } else {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            }
        }
        func number(_ range: Range<Int>) -> Int { bytes[range].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) } }
        let (year, month, day) = (number(0..<4), number(5..<7), number(8..<10))
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard (1...12).contains(month), (1...days[month - 1]).contains(day),
            number(11..<13) < 24, number(14..<16) < 60, number(17..<19) < 60
        else { return nil }
        return String(value.prefix(10)) + "T" + String(value.suffix(8)) + "Z"
    }
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
