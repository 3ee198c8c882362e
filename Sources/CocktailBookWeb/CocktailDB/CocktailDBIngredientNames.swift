import CocktailBook

/// Ingredient names as TheCocktailDB spells them, where it spells them otherwise than our
/// table: clients (and people who know TheCocktailDB) ask `filter.php?i=Light rum`, not
/// `white rum`. Everything not listed is our canonical name in title case.
enum CocktailDBIngredientNames {
    /// Our canonical name → TheCocktailDB's.
    static let theirs: [String: String] = [
        "London dry gin": "Gin", "white rum": "Light rum", "dark rum": "Dark rum", "simple syrup": "Sugar syrup",
        "soda water": "Carbonated water", "fresh lime juice": "Lime juice", "fresh lemon juice": "Lemon juice",
        "fresh orange juice": "Orange juice", "blanco tequila": "Tequila", "egg white": "Egg white",
        "heavy cream": "Heavy cream",
        "cola": "Coca-Cola", "Angostura bitters": "Angostura bitters", "triple sec": "Triple sec",
        "ginger ale": "Ginger ale",
        "ginger beer": "Ginger beer", "tonic water": "Tonic water", "cranberry juice": "Cranberry juice",
        "pineapple juice": "Pineapple juice", "tomato juice": "Tomato juice", "brown sugar": "Brown sugar",
    ]

    /// TheCocktailDB's name (folded) → ours.
    private static let ours: [String: String] = Dictionary(
        theirs.map { (SearchText.fold($0.value), $0.key) }, uniquingKeysWith: { first, _ in first })

    /// The name our TheCocktailDB API writes for our canonical `name`.
    static func name(for name: String) -> String {
        theirs[name] ?? CocktailDBVocabulary.titleCased(name)
    }

    /// What to look for when a client sends `sent`: the name itself when it already names
    /// ingredients of ours (`Gin` finds every gin, `Lime juice` the fresh one), else our name
    /// for TheCocktailDB's spelling (`Light rum` → white rum, `Sugar_syrup` → simple syrup).
    static func canonical(_ sent: String, in table: IngredientTable) -> String {
        let spaced = sent.replacingOccurrences(of: "_", with: " ").trimmingCharacters(in: .whitespaces)
        let words = SearchText.terms(spaced)
        if table.ingredients.contains(where: { CocktailDBIngredient.containsWords(SearchText.terms($0.name), words) }) {
            return sent
        }
        // An alias of ours (`light rum`, `sugar syrup`, `carbonated water`) or TheCocktailDB's name.
        return table.ingredient(named: spaced)?.name ?? ours[SearchText.fold(spaced)] ?? sent
    }
}
