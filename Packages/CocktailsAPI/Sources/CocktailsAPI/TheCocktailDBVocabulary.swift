import Foundation

/// TheCocktailDB's words for a drink's strength and IBA list, read back into our catalog's
/// (glasses and categories are read by ``Glass`` and ``DrinkCategory``).
enum TheCocktailDBVocabulary {
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
}
