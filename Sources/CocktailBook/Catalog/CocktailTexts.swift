import Foundation

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
    /// The variants' names and descriptions, as many as the drink's variants and in their order.
    public var variants: [VariantTexts]?

    /// The words of one variant.
    public struct VariantTexts: Sendable, Equatable, Codable {
        public var name: String
        public var description: String?

        /// Creates a variant's words.
        public init(name: String, description: String? = nil) {
            self.name = name
            self.description = description
        }
    }

    /// Creates the texts of one language.
    public init(
        shortDescription: String, longDescription: String, instructions: [String]? = nil, garnish: String? = nil,
        variants: [VariantTexts]? = nil
    ) {
        self.shortDescription = shortDescription
        self.longDescription = longDescription
        self.instructions = instructions
        self.garnish = garnish
        self.variants = variants
    }
}

/// A language the book is written in: one whose interface strings it has, `Strings/<code>.json`
/// (`en`, `it`). A language is data: adding one is adding its files (see the README's
/// "Adding a language"); English is the one every missing text falls back to.
public struct Language: RawRepresentable, Hashable, Sendable, Codable, CaseIterable {
    /// The language's code (`it`).
    public let rawValue: String

    /// The language of `code`, if the book has its strings.
    public init?(rawValue code: String) {
        guard Self.codes.contains(code) else { return nil }
        rawValue = code
    }

    private init(known code: String) { rawValue = code }

    /// English, which every missing text falls back to.
    public static let english = Language(known: "en")
    /// Italian, whose grammar (articles, elision) still has rules in the code.
    public static let italian = Language(known: "it")

    /// Every language the book has strings for: English first, then by code.
    public static let allCases: [Language] = codes.map(Language.init(known:))

    /// The codes of the strings files the book has (`en.json`, `it.json`; `names-it.json` is not
    /// one): the bundled ones, and those of the folder `COCKTAILBOOK_LANGUAGES` names, where a
    /// household can add a language of its own without building the app.
    static let codes: [String] = {
        let found = stringsFolders.flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter {
                $0.hasSuffix(".json")
            }.map { String($0.dropLast(5)) }
        }.filter { name in (2...3).contains(name.count) && name.allSatisfy { $0.isASCII && $0.isLowercase } }
        return ["en"] + Set(found).subtracting(["en"]).sorted()
    }()

    /// Where strings files are read from, bundled first.
    static let stringsFolders: [URL] = {
        // The bundled folder, found through English's file, which every book has.
        let bundled = Bundle.module.url(forResource: "en", withExtension: "json", subdirectory: "Strings")?
            .deletingLastPathComponent()
        let added = ProcessInfo.processInfo.environment["COCKTAILBOOK_LANGUAGES"].flatMap {
            $0.isEmpty ? nil : URL(fileURLWithPath: $0, isDirectory: true)
        }
        return [bundled, added].compactMap { $0 }
    }()

    /// Grams of alcohol in one standard drink where the language is spoken, from its strings
    /// (`language_standard_drink_grams`): 10 g unless they say otherwise (Italy's *unità alcolica*: 12 g).
    public var standardDrinkGrams: Double {
        Double(UIStrings.of(self).table["language_standard_drink_grams"] ?? "") ?? 10
    }

    /// The language an `Accept-Language` header or a `lang` value asks for: the book's language
    /// the header ranks highest (`q` values, then the order written; a region tag such as
    /// `it-CH` asks for its language; `q=0` refuses it), English when it names none of them.
    public init(preferring header: String?) {
        self.init(preferring: AcceptLanguage.ranked(header))
    }

    /// The book's language first among `tags`, ranked as ``AcceptLanguage/ranked(_:)`` does.
    public init(preferring tags: [String]) {
        for tag in tags {
            let primary = tag.split(separator: "-").first.map(String.init) ?? tag
            if let language = Language(rawValue: primary) {
                self = language
                return
            }
        }
        self = .english
    }
}

/// An `Accept-Language` header read as its tags, lower-cased, best first: by `q` value, then in
/// the order written; a tag with `q=0` (or an unreadable `q`) is left out.
public enum AcceptLanguage {
    public static func ranked(_ header: String?) -> [String] {
        var ranked: [(tag: String, quality: Double, order: Int)] = []
        for (order, entry) in (header ?? "").split(separator: ",").prefix(32).enumerated() {
            let parts = entry.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = parts.first?.lowercased(), !tag.isEmpty else { continue }
            var quality = 1.0
            for parameter in parts.dropFirst() where parameter.lowercased().hasPrefix("q=") {
                quality = Double(parameter.dropFirst(2)).map { min(max($0, 0), 1) } ?? 0
            }
            if quality > 0 { ranked.append((tag, quality, order)) }
        }
        ranked.sort { $0.quality != $1.quality ? $0.quality > $1.quality : $0.order < $1.order }
        return ranked.map(\.tag)
    }
}

/// How many grams of alcohol one standard drink holds, which differs by country: a setting
/// whose default comes from the region the browser names for the page's language.
public enum StandardDrink {
    /// What a person may choose, in grams.
    public static let choices = [8, 10, 12, 14]
    /// Regions whose standard differs from their language's (`en` 10 g, `it` 12 g): the United
    /// States' 14 g (NIAAA) and the United Kingdom's unit of 8 g.
    static let byRegion: [String: Int] = ["en-us": 14, "en-gb": 8]

    /// The default for `language`: the region of the highest-ranked tag of that language in
    /// `acceptLanguage` (`en-US` → 14), else the language's own.
    public static func grams(for language: Language, acceptLanguage: String?) -> Int {
        grams(for: language, rankedTags: AcceptLanguage.ranked(acceptLanguage))
    }

    /// The same, from tags already ranked by ``AcceptLanguage/ranked(_:)``.
    public static func grams(for language: Language, rankedTags: [String]) -> Int {
        for tag in rankedTags where tag.hasPrefix(language.rawValue + "-") {
            if let grams = byRegion[tag] { return grams }
        }
        return Int(language.standardDrinkGrams)
    }
}

extension Cocktail {
    /// The cocktail's words in `language`, falling back to English where a translation is
    /// missing. A translation without a description reads its own summary there (as an English
    /// drink without one does), and one without a summary the English summary.
    public func texts(in language: Language) -> CocktailTexts {
        let englishVariants = variants.map {
            $0.map { CocktailTexts.VariantTexts(name: $0.name, description: $0.description) }
        }
        let english = CocktailTexts(
            shortDescription: shortDescription, longDescription: longDescription, instructions: instructions,
            garnish: garnish, variants: englishVariants)
        guard language != .english, let translated = translations?[language.rawValue] else { return english }
        // A translation with another number of variants than the drink's is not used for them.
        let translatedVariants = translated.variants.flatMap { $0.count == englishVariants?.count ? $0 : nil }
        let short = translated.shortDescription
        let long = translated.longDescription
        return CocktailTexts(
            shortDescription: short.isEmpty ? shortDescription : short,
            longDescription: !long.isEmpty ? long : !short.isEmpty ? short : longDescription,
            instructions: translated.instructions ?? instructions, garnish: translated.garnish ?? garnish,
            variants: translatedVariants ?? englishVariants
        )
    }
}
