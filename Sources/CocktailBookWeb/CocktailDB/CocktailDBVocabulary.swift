import CocktailBook
import Foundation

/// Our catalog's words translated into TheCocktailDB's, because real clients decode
/// `strAlcoholic`, `strCategory` and `strGlass` into fixed enums and break on anything else.
enum CocktailDBVocabulary {
    /// TheCocktailDB's `strAlcoholic` values we produce. `Optional alcohol` never appears: our
    /// recipes are either alcoholic or not.
    static func alcoholic(_ kind: CocktailKind) -> String {
        kind == .alcoholic ? "Alcoholic" : "Non alcoholic"
    }

    /// Every `strCategory` TheCocktailDB knows, in its own order.
    static let categories = [
        "Ordinary Drink", "Cocktail", "Shake", "Other / Unknown", "Cocoa", "Shot", "Coffee / Tea",
        "Homemade Liqueur", "Punch / Party Drink", "Beer", "Soft Drink",
    ]

    /// Our category → TheCocktailDB's, for alcoholic drinks:
    ///
    /// | ours                                          | TheCocktailDB         |
    /// |-----------------------------------------------|-----------------------|
    /// | Highball, Fizz & Collins                      | `Ordinary Drink`      |
    /// | Sour, Spirit-forward, Tiki & Tropical,        | `Cocktail`            |
    /// | Julep & Smash, Sparkling, Frozen, Creamy      |                       |
    /// | Punch                                         | `Punch / Party Drink` |
    /// | Hot                                           | `Coffee / Tea`        |
    /// | Shot                                          | `Shot`                |
    /// | none or anything else                         | `Other / Unknown`     |
    ///
    /// Non-alcoholic drinks are `Soft Drink`, or `Coffee / Tea` when hot, as TheCocktailDB files
    /// them. Creamy drinks stay `Cocktail`: TheCocktailDB keeps `Shake` for milkshakes.
    private static let categoryByOurs: [String: String] = [
        "highball": "Ordinary Drink", "fizz & collins": "Ordinary Drink",
        "sour": "Cocktail", "spirit-forward": "Cocktail", "tiki & tropical": "Cocktail", "julep & smash": "Cocktail",
        "sparkling": "Cocktail", "frozen": "Cocktail", "creamy": "Cocktail",
        "punch": "Punch / Party Drink", "hot": "Coffee / Tea", "shot": "Shot",
    ]

    /// The cocktail's `strCategory`; always one of ``categories``.
    static func category(of cocktail: Cocktail) -> String {
        let ours = cocktail.category?.lowercased()
        if cocktail.kind == .nonAlcoholic { return ours == "hot" ? "Coffee / Tea" : "Soft Drink" }
        return ours.flatMap { categoryByOurs[$0] } ?? "Other / Unknown"
    }

    /// Every `strGlass` TheCocktailDB knows, in its own order.
    static let glasses = [
        "Highball glass", "Cocktail glass", "Old-fashioned glass", "Whiskey Glass", "Collins glass",
        "Pousse cafe glass", "Champagne flute", "Whiskey sour glass", "Cordial glass", "Brandy snifter",
        "White wine glass", "Nick and Nora Glass", "Hurricane glass", "Coffee mug", "Shot glass", "Jar",
        "Irish coffee cup", "Punch bowl", "Pitcher", "Pint glass", "Copper Mug", "Wine Glass", "Beer mug",
        "Margarita/Coupette glass", "Beer pilsner", "Beer Glass", "Parfait glass", "Mason jar", "Margarita glass",
        "Martini Glass", "Balloon Glass", "Coupe Glass",
    ]

    /// Our glass identifier → TheCocktailDB's glass. Where TheCocktailDB has no such vessel, the
    /// one it files the classic drinks of that vessel under: a martini is a `Cocktail glass`
    /// there, a Mint Julep and a Zombie a `Highball glass`. A double rocks glass is the big
    /// tumbler TheCocktailDB calls `Whiskey Glass`. Our Nick and Nora drinks (Manhattan,
    /// Martinez, Gimlet, Bijou, Brandy Crusta, Red Hook) are `Cocktail glass` there, as
    /// TheCocktailDB files the classic stirred drinks; its rare `Nick and Nora Glass` is a name
    /// that existing clients cannot even read.
    ///
    /// `coupe` → `Coupe Glass`, `martini` → `Cocktail glass`, `nick-and-nora` → `Cocktail glass`,
    /// `rocks` → `Old-fashioned glass`, `double-rocks` → `Whiskey Glass`, `highball` → `Highball glass`,
    /// `collins` → `Collins glass`, `hurricane` → `Hurricane glass`, `copper-mug` → `Copper Mug`,
    /// `tiki-mug` → `Highball glass`, `flute` → `Champagne flute`, `wine` → `Wine Glass`,
    /// `margarita` → `Margarita glass`, `julep-cup` → `Highball glass`, `shot` → `Shot glass`,
    /// `copa` → `Balloon Glass`, `mug` → `Coffee mug`.
    private static let glassByOurs: [String: String] = [
        "coupe": "Coupe Glass", "martini": "Cocktail glass", "nick-and-nora": "Cocktail glass",
        "rocks": "Old-fashioned glass", "double-rocks": "Whiskey Glass", "highball": "Highball glass",
        "collins": "Collins glass", "hurricane": "Hurricane glass", "copper-mug": "Copper Mug",
        "tiki-mug": "Highball glass", "flute": "Champagne flute", "wine": "Wine Glass", "margarita": "Margarita glass",
        "julep-cup": "Highball glass", "shot": "Shot glass", "copa": "Balloon Glass", "mug": "Coffee mug",
    ]

    /// The `strGlass` of one of our glass identifiers; `nil` when we do not know the glass, since
    /// naming a wrong one would mislead more than naming none.
    static func glass(_ ours: String?) -> String? {
        ours.flatMap { glassByOurs[$0.lowercased()] }
    }

    /// The title of an IBA list as TheCocktailDB writes `strIBA`.
    static func iba(_ ours: String?) -> String? {
        switch ours?.lowercased() {
        case "unforgettables": "Unforgettables"
        case "contemporary-classics": "Contemporary Classics"
        case "new-era": "New Era Drinks"
        default: nil
        }
    }

    /// `strTags`: TheCocktailDB's comma-joined CamelCase words (`Classic,ModernClassic`).
    static func tags(_ ours: [String]?) -> String? {
        var seen = Set<String>()
        let tags = (ours ?? []).map { tag in
            tag.split(whereSeparator: { $0 == " " || $0 == "-" || $0 == "_" }).map { capitalizedFirst(String($0)) }
                .joined()
        }.filter { !$0.isEmpty && seen.insert($0).inserted }
        return tags.isEmpty ? nil : tags.joined(separator: ",")
    }

    // Particles TheCocktailDB leaves in lower case inside names (`Creme de Cassis`).
    private static let particles: Set<String> = ["de", "e", "of", "and", "la", "du", "di", "della"]

    /// A name capitalised as TheCocktailDB writes ingredients: `London dry gin` → `London Dry Gin`,
    /// `crème de cassis` → `Crème de Cassis`; letters after the first of a word are kept, so
    /// `Peychaud's` and `Fernet-Branca` survive.
    static func titleCased(_ name: String) -> String {
        name.split(separator: " ").enumerated().map { index, word in
            let word = String(word)
            return index > 0 && particles.contains(word.lowercased()) ? word.lowercased() : capitalizedFirst(word)
        }.joined(separator: " ")
    }

    private static func capitalizedFirst(_ word: String) -> String {
        word.prefix(1).uppercased() + word.dropFirst()
    }

    /// How filter values are compared: clients write spaces as `_` (`Non_Alcoholic`,
    /// `Cocktail_glass`), in any case, with or without accents and hyphens.
    static func normalized(_ value: String) -> String {
        SearchText.fold(value.replacingOccurrences(of: "_", with: " ").replacingOccurrences(of: "-", with: " "))
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
