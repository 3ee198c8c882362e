/// The words of a cocktail in one language: what the list and details screens show besides
/// the name and the measures. The catalog keeps English at the top level of each entry and
/// every other language under `translations`, next to it (`"translations": {"it": {…}}`).
public struct CocktailTexts: Sendable, Equatable, Codable {
    /// The one-line summary for lists.
    public var shortDescription: String
    /// The few sentences for the details screen.
    public var longDescription: String
    /// The steps, as many as the English ones and in the same order.
    public var instructions: [String]?
    /// The garnish in words.
    public var garnish: String?

    /// Creates the texts of one language.
    public init(shortDescription: String, longDescription: String, instructions: [String]? = nil, garnish: String? = nil) {
        self.shortDescription = shortDescription
        self.longDescription = longDescription
        self.instructions = instructions
        self.garnish = garnish
    }
}

/// The languages the book is written in.
public enum Language: String, Sendable, CaseIterable, Codable {
    case english = "en"
    case italian = "it"

    /// Grams of alcohol in one standard drink where the language is spoken: 10 g (a common
    /// default, Australia's and the WHO's), and Italy's *unità alcolica* of 12 g.
    public var standardDrinkGrams: Double {
        switch self {
        case .english: 10
        case .italian: 12
        }
    }

    /// The language an `Accept-Language` header or a `lang` value asks for: Italian for any
    /// `it…` tag that comes before an English one, English otherwise.
    public init(preferring header: String?) {
        let tags = (header ?? "").split(separator: ",").map { $0.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased() ?? "" }
        for tag in tags {
            if tag == "it" || tag.hasPrefix("it-") { self = .italian; return }
            if tag == "en" || tag.hasPrefix("en-") { self = .english; return }
        }
        self = .english
    }
}

extension Cocktail {
    /// The cocktail's words in `language`, falling back to English where a translation is
    /// missing.
    public func texts(in language: Language) -> CocktailTexts {
        let english = CocktailTexts(shortDescription: shortDescription, longDescription: longDescription, instructions: instructions, garnish: garnish)
        guard language != .english, let translated = translations?[language.rawValue] else { return english }
        return CocktailTexts(
            shortDescription: translated.shortDescription, longDescription: translated.longDescription,
            instructions: translated.instructions ?? instructions, garnish: translated.garnish ?? garnish
        )
    }
}
