import Foundation

/// TheCocktailDB's words translated back into our catalog's: the reverse of the server's
/// `CocktailDBVocabulary`.
enum TheCocktailDBVocabulary {
    /// `strGlass` (compared case-insensitively) → our glass identifier. Where several of our
    /// glasses share one TheCocktailDB name (`Highball glass` also holds tiki mugs and julep
    /// cups), the name maps to the plain glass.
    private static let glassByTheirs: [String: String] = [
        "coupe glass": "coupe", "cocktail glass": "martini", "martini glass": "martini",
        "nick and nora glass": "nick-and-nora", "old-fashioned glass": "rocks", "whiskey glass": "double-rocks",
        "highball glass": "highball", "collins glass": "collins", "hurricane glass": "hurricane",
        "copper mug": "copper-mug", "champagne flute": "flute", "wine glass": "wine", "white wine glass": "wine",
        "margarita glass": "margarita", "margarita/coupette glass": "margarita", "shot glass": "shot",
        "balloon glass": "copa", "coffee mug": "mug", "irish coffee cup": "mug",
    ]

    /// Our glass for a `strGlass`; `nil` for a glass we have no word for.
    static func glass(_ theirs: String) -> String? {
        glassByTheirs[theirs.trimmingCharacters(in: .whitespaces).lowercased()]
    }

    /// Whether `strAlcoholic` says the drink has alcohol: `Alcoholic` and `Optional alcohol` do,
    /// `Non alcoholic` does not; a missing or unknown value counts as alcoholic.
    static func isAlcoholic(_ theirs: String?) -> Bool {
        let folded = (theirs ?? "").lowercased().replacingOccurrences(of: "-", with: " ").replacingOccurrences(
            of: "_", with: " ")
        return !folded.hasPrefix("non alcoholic")
    }

    /// Our IBA list identifier for a `strIBA`.
    static func iba(_ theirs: String?) -> String? {
        switch theirs?.lowercased() {
        case "unforgettables": "unforgettables"
        case "contemporary classics": "contemporary-classics"
        case "new era drinks", "new era": "new-era"
        default: nil
        }
    }

    /// Our category for a `strCategory`, roughly: TheCocktailDB's categories are broader than
    /// ours, so `Cocktail`, `Ordinary Drink` and `Soft Drink` are placed by glass and ingredients.
    /// `nil` when nothing fits.
    static func category(_ theirs: String?, glass: String?, ingredients: [String]) -> String? {
        switch theirs?.lowercased() {
        case "punch / party drink": return "Punch"
        case "shot": return "Shot"
        case "coffee / tea", "cocoa": return "Hot"
        case "shake": return "Creamy"
        case "cocktail", "ordinary drink", "soft drink": return guessed(glass: glass, ingredients: ingredients)
        default: return nil
        }
    }

    private static func guessed(glass: String?, ingredients: [String]) -> String? {
        // Whole words only, so that `gin` does not match `ginger ale`.
        let padded = ingredients.map { " " + $0.map { $0.isLetter ? $0 : " " }.map(String.init).joined() + " " }
        func has(_ words: String...) -> Bool { padded.contains { name in words.contains { name.contains(" \($0) ") } } }
        if glass == "hurricane" || has("coconut", "pineapple", "orgeat", "falernum") { return "Tiki & Tropical" }
        if has("cream", "milk", "egg yolk") { return "Creamy" }
        if glass == "highball" || glass == "collins" || glass == "copper-mug" || glass == "copa" { return "Highball" }
        if has("lime", "lemon", "sour mix") { return "Sour" }
        if has("vermouth", "bitters", "whiskey", "whisky", "bourbon", "rye", "cognac", "gin", "rum") {
            return "Spirit-forward"
        }
        return nil
    }
}
