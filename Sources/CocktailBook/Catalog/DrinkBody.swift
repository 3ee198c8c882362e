import CocktailsAPI

/// What a drawing of a drink can show of its recipe: how much is in the glass, how much of it
/// fizzes, and whether a foam of egg white or aquafaba sits on top.
public struct DrinkBody: Sendable, Equatable {
    /// Millilitres in the glass once made: what is poured, the water its handling melts, the
    /// top-up, and the slush of ice blended in.
    public var volume: Double
    /// The share of `volume` that is carbonated (soda, tonic, cola, ginger beer, sparkling wine).
    public var fizz: Double
    /// An egg white or aquafaba is shaken in: the drink wears a foam.
    public var foam: Bool
    /// Shaken with citrus juice (and no foam): a thin froth of fine bubbles rides on top.
    public var froth: Bool

    /// Words that mark a carbonated ingredient.
    static let fizzyWords = [
        "soda", "tonic", "cola", "ginger beer", "ginger ale", "sparkling", "prosecco", "champagne", "cava", "seltzer",
    ]

    /// The water a drawing adds to what is poured, by method: a picture's proportion, kept apart
    /// from the ABV estimate's measured dilution so that the drawings stay as they are drawn.
    static func meltShare(for method: MixingMethod?, steps: [String]) -> Double {
        let base: Double =
            switch method {
            case .stirred, .swizzled: 0.20
            case .shaken, .blended: 0.25
            case .thrown: 0.15
            case .built, .muddled: 0.10
            case .layered: 0
            case nil: 0.15
            }
        guard method == .built || method == .muddled else { return base }
        let text = steps.joined(separator: " ").lowercased()
        if text.contains("shake") { return 0.25 }
        if text.contains("crushed ice") { return 0.30 }
        if text.contains("stir"), text.contains("second") || text.contains("dilute") { return 0.20 }
        return base
    }

    /// The body of a drink made by `method` from `lines` as `steps` say.
    public init(_ lines: [RecipeLine], method: MixingMethod?, steps: [String] = [], table: IngredientTable) {
        let text = steps.map { $0.lowercased() }
        let muddled = method == .muddled || text.contains { $0.contains("muddle") }
        let splashTop = text.contains { $0.contains("top") && $0.contains("splash") }
        var poured = 0.0
        var topped = 0.0
        var fizzy = 0.0
        var slush = 0.0
        var citrus = false
        foam = false
        for line in lines {
            let words = line.text.lowercased()
            if words.contains("rinse") || words.contains("on the side") { continue }
            let ingredient = table.ingredient(for: line)
            let name = (ingredient?.name ?? line.ingredient ?? "").lowercased()
            if (ingredient?.kind == .egg && name.contains("white")) || name.contains("aquafaba") { foam = true }
            if ingredient?.kind == .juice, ["lime", "lemon", "grapefruit", "orange"].contains(where: name.contains) {
                citrus = true
            }
            // Ice blended into the drink stays in the glass as slush: about half its volume.
            if method == .blended, name.contains("ice"), ingredient?.kind == .other,
                let unit = line.unit, let perUnit = unit.millilitres
            {
                slush += (line.amount?.typical ?? 1) * perUnit * 0.5
                continue
            }
            guard
                let millilitres = ABVEstimator.millilitres(
                    of: line, table: table, muddled: muddled, splashTop: splashTop)
            else { continue }
            if line.unit == .top { topped += millilitres } else { poured += millilitres }
            if Self.fizzyWords.contains(where: name.contains) { fizzy += millilitres }
        }
        let mixedApart =
            method == .shaken || method == .stirred || text.contains { $0.contains("shake") }
        let shaken = method == .shaken || text.contains { $0.contains("shake") }
        froth = shaken && citrus && !foam
        let diluted = mixedApart ? poured : poured + topped
        volume = poured + topped + diluted * Self.meltShare(for: method, steps: steps) + slush
        fizz = volume > 0 ? min(1, fizzy / volume) : 0
    }
}
