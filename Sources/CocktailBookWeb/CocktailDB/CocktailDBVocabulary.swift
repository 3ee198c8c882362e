import CocktailBook
import CocktailBookApp
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

    /// The cocktail's `strCategory` (see ``DrinkCategory/cocktailDB(alcoholic:)``); always one of
    /// ``categories``, `Other / Unknown` for a drink without a family.
    static func category(of cocktail: Cocktail) -> String {
        cocktail.category?.cocktailDB(alcoholic: cocktail.kind == .alcoholic)
            ?? (cocktail.kind == .alcoholic ? "Other / Unknown" : "Soft Drink")
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
