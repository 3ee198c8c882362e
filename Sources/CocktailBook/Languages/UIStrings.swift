import CocktailsAPI
import Foundation

/// The words of the interface in one language, read from one catalog file per language
/// (`Strings/en.json`, `Strings/it.json`), plus the tables that name categories, glasses,
/// methods and ingredients (`Strings/names-it.json`; English names are the catalog's own).
///
/// Keys are flat words joined by underscores (`details_ingredients`), so templates can name them as `{{t.details_ingredients}}`; a value may hold `{name}` placeholders, and a count
/// has two forms, `key_one` and `key_other`, with `{n}` for the number.
public struct UIStrings: Sendable {
    public let language: Language
    /// The language's catalog, key → text.
    public let table: [String: String]
    /// The names of catalog things and their grammar; `nil` in English, whose names are the catalog's own.
    public let names: NameTable?
    /// Grams of alcohol in the standard drink the page counts in (the viewer's setting, else the
    /// region's; ``StandardDrink``).
    public private(set) var standardDrinkGrams: Int

    /// These strings counting standard drinks of `grams`.
    public func countingStandardDrinks(of grams: Int) -> UIStrings {
        var strings = self
        strings.standardDrinkGrams = grams
        return strings
    }

    public static let english = UIStrings(language: .english)

    /// Every language's strings, read once.
    private static let all: [Language: UIStrings] = Dictionary(
        uniqueKeysWithValues: Language.allCases.map { language in
            (language, language == .english ? english : UIStrings(language: language))
        })

    /// The strings of `language`.
    public static func of(_ language: Language) -> UIStrings {
        all[language] ?? english
    }

    private init(language: Language) {
        self.language = language
        let table = Self.load("\(language.rawValue)") ?? [:]
        self.table = table
        names = language == .english ? nil : Self.loadNames("names-\(language.rawValue)")
        standardDrinkGrams = Int(table["language_standard_drink_grams"] ?? "") ?? 10
    }

    /// The text of `key`; a key missing here falls back to English, then to the key itself
    /// (the catalog test makes sure neither happens).
    public subscript(_ key: String) -> String {
        table[key] ?? (language == .english ? key : UIStrings.english[key])
    }

    /// The text of `key` with each `{name}` replaced by its value.
    public func callAsFunction(_ key: String, _ values: [String: String] = [:]) -> String {
        values.reduce(self[key]) { text, pair in text.replacingOccurrences(of: "{\(pair.key)}", with: pair.value) }
    }

    /// `key_one` for 1, `key_other` otherwise (both English and Italian need no more forms),
    /// with `{n}` the count.
    public func count(_ key: String, _ n: Int, _ values: [String: String] = [:]) -> String {
        var all = values
        all["n"] = number(n)
        return self(n == 1 ? key + "_one" : key + "_other", all)
    }

    /// A whole number as this language writes a count: `1,667` in English; `1667` and `12.345`
    /// in Italian, which groups only from five digits.
    public func number(_ n: Int) -> String {
        n.formatted(.number.locale(locale))
    }

    /// An amount in a stock's unit: `232 g`, `450 ml`, or a bare count of pieces (`3`).
    public func stockAmount(_ amount: Double, unit: StockUnit) -> String {
        let number = decimal(amount, fractionDigits: 0)
        switch unit {
        case .ml: return number + " ml"
        case .g: return number + " g"
        case .pieces: return number
        }
    }

    /// `value` with at most `fractionDigits` decimals, written with this language's decimal
    /// separator: `22.5` in English, `22,5` in Italian.
    public func decimal(_ value: Double, fractionDigits: Int = 1) -> String {
        var text = String(format: "%.\(fractionDigits)f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return localizingNumbers(in: text)
    }

    /// `text` with every decimal point between two digits written as this language writes it
    /// (`22.5 ml` → `22,5 ml` in Italian).
    public func localizingNumbers(in text: String) -> String {
        let separator = locale.decimalSeparator ?? "."
        guard separator != ".", text.contains(".") else { return text }
        let characters = Array(text)
        var result = ""
        result.reserveCapacity(characters.count)
        for (index, character) in characters.enumerated() {
            if character == ".", index > 0, index + 1 < characters.count, characters[index - 1].isNumber,
                characters[index + 1].isNumber
            {
                result.append(contentsOf: separator)
            } else {
                result.append(character)
            }
        }
        return result
    }

    // MARK: Names of catalog things

    /// A family of drinks in this language (`Secchi e intensi`).
    public func category(_ category: DrinkCategory) -> String {
        names?.categories[category.rawValue] ?? category.entry.english
    }

    /// A glass in this language, capitalised for a label (`Coppetta Nick & Nora`).
    public func glass(_ glass: Glass) -> String {
        let name = names?.glasses[glass.rawValue] ?? glass.entry.english
        return name.prefix(1).uppercased() + name.dropFirst()
    }

    /// A method in this language, capitalised for a label.
    public func method(_ method: MixingMethod) -> String {
        let name = names?.methods[method.rawValue] ?? method.entry.english
        return name.prefix(1).uppercased() + name.dropFirst()
    }

    /// An ingredient's name (`white rum`) in this language; names the table does not know
    /// (an imported recipe's) stay as written.
    public func ingredient(_ name: String) -> String {
        names?.noun(name)?.name ?? name
    }

    /// Every name a reader of this language may type for an ingredient: the one the book writes
    /// and the table's aliases (`menta fresca`, `hierbabuena`).
    public func ingredientNames(_ name: String) -> [String] {
        [ingredient(name)] + (names?.noun(name)?.aliases ?? [])
    }

    /// What a person buys to have `name`, as a shopping list says it: fruit bought by the piece
    /// in the plural (`lemons`, `limoni`), anything else by its name.
    public func toBuy(_ name: String, byThePiece: Bool) -> String {
        toBuy(name, byThePiece: byThePiece, byTheBottle: false)
    }

    /// What a person buys to have `name`, as a suggestion says it: fruit in the plural, a
    /// bottle of a spirit (`a bottle of rye whiskey`, `una bottiglia di rye whiskey`).
    public func toBuy(_ name: String, byThePiece: Bool, byTheBottle: Bool) -> String {
        if byTheBottle, !byThePiece {
            let written = ingredient(name)
            // The bottle links to its contents as a recipe line links a measure: `una bottiglia
            // d'amaretto`, `une bouteille de gin`, `eine Flasche Gin` (English's `of` is in its text).
            let link = (names?.grammar ?? .none).link(before: written, noun: names?.noun(name))
            return self("buy_bottle", ["name": link + written])
        }
        guard byThePiece else { return ingredient(name) }
        if language == .english { return name.hasSuffix("s") ? name : name + "s" }
        return names?.noun(name).map { $0.plural ?? $0.name } ?? name
    }

    /// A recipe line's note (`to top`, `chilled`) in this language, in the form that agrees with
    /// `noun` (the masculine singular without one).
    public func note(_ note: String, agreeingWith noun: NameTable.Noun? = nil) -> String {
        guard let translated = names?.notes[note] else { return note }
        return translated.form(noun?.gender ?? .masculine, noun?.number ?? .singular)
    }

    /// A drink's tag as this language writes it; a tag the names table lacks (one a person wrote)
    /// stays as written.
    public func tag(_ tag: String) -> String {
        names?.tags[tag.lowercased()] ?? tag
    }

    /// Whether the names table translates `name` as an ingredient.
    public func knowsIngredient(_ name: String) -> Bool {
        language == .english || names?.noun(name) != nil
    }

    // MARK: Loading

    /// The file `name.json` of the first strings folder that has it (the bundled one first).
    private static func url(_ name: String) -> URL? {
        Language.stringsFolders.lazy.map { $0.appendingPathComponent(name + ".json") }.first {
            FileManager.default.fileExists(atPath: $0.path)
        }
    }

    private static func load(_ name: String) -> [String: String]? {
        guard let url = url(name), let data = try? Data(contentsOf: url) else { return nil }
        return try? JSONDecoder().decode([String: String].self, from: data)
    }

    private static func loadNames(_ name: String) -> NameTable? {
        guard let url = url(name), let data = try? Data(contentsOf: url) else { return nil }
        return try? JSONDecoder().decode(NameTable.self, from: data)
    }
}

extension UIStrings {
    /// The locale dates are written in (see `DateText`), and numbers.
    /// The locale numbers, dates and lists are written in: the strings' `language_locale` (`it_IT`).
    public var locale: Locale { Locale(identifier: table["language_locale"] ?? "en_US") }
}
