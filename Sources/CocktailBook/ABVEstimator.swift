import CocktailsAPI

/// Estimates a cocktail's strength from its recipe and its steps.
///
/// The model: every line that ends up in the glass contributes its volume and `volume × ABV` of
/// alcohol. What does not end up in the glass counts for nothing: a rinse that is discarded, a
/// serving on the side, ice added to a blender (the method's dilution covers it). Solids count as
/// nothing except what they give the drink: granulated sugar dissolves to about half its spoon
/// volume, and a muddled lime, lemon or orange gives its juice (a lime about 25 ml, a lemon 35,
/// an orange 60; a wedge an eighth of that). A top-up fills a glass, taken as 90 ml, unless the
/// step that tops it says a splash (15 ml); poured over a drink shaken or stirred apart, it is not
/// diluted with it.
///
/// The drink's final volume is the poured volume plus the water its handling melts from the ice:
/// stirred 20 %, shaken 25 %, built 10 %, blended 25 %, swizzled 20 %, thrown 15 %, muddled 10 %,
/// layered 0 %. The steps refine the method, because a muddled drink may then be shaken and a
/// built one stirred down: a built or muddled drink that the steps shake is diluted as shaken,
/// one packed with crushed ice 30 %, one stirred over ice to chill (`for 20 seconds`, `to
/// dilute`) as stirred. ABV = alcohol ÷ final volume.
public enum ABVEstimator {
    /// Water added by each method, as a share of the poured volume.
    public static func dilution(for method: MixingMethod?) -> Double {
        switch method {
        case .stirred, .swizzled: 0.20
        case .shaken, .blended: 0.25
        case .thrown: 0.15
        case .built, .muddled: 0.10
        case .layered: 0
        case nil: 0.15
        }
    }

    /// Water added to a drink made by `method` as its `steps` describe it.
    public static func dilution(for method: MixingMethod?, steps: [String]) -> Double {
        let base = dilution(for: method)
        guard method == .built || method == .muddled else { return base }
        let text = steps.joined(separator: " ").lowercased()
        if text.contains("shake") { return dilution(for: .shaken) }
        if text.contains("crushed ice") { return 0.30 }
        if text.contains("stir"), text.contains("second") || text.contains("dilute") { return dilution(for: .stirred) }
        return base
    }

    /// The estimated ABV in percent, or `nil` when no line has a known volume and ingredient.
    ///
    /// Lines whose ingredient is not in the table count as volume without alcohol.
    public static func estimate(
        _ lines: [RecipeLine], method: MixingMethod?, steps: [String] = [], table: IngredientTable
    )
        -> Double?
    {
        guard let pour = pour(lines, method: method, steps: steps, table: table), pour.volume > 0 else { return nil }
        // A top-up poured over a drink shaken or stirred apart is not part of what the ice diluted.
        let mixedApart =
            method == .shaken || method == .stirred
            || steps.contains { $0.lowercased().contains("shake") }
        let diluted = mixedApart ? pour.volume - pour.topped : pour.volume
        return pour.alcohol / (pour.volume + diluted * dilution(for: method, steps: steps)) * 100
    }

    /// Grams of alcohol in one serving (ethanol weighs 0.789 g per ml), or `nil` when no line
    /// has a known volume. Dilution changes the strength, not the alcohol.
    public static func alcoholGrams(
        _ lines: [RecipeLine], method: MixingMethod? = nil, steps: [String] = [], table: IngredientTable
    ) -> Double? {
        pour(lines, method: method, steps: steps, table: table).map { $0.alcohol * 0.789 }
    }

    /// What goes into the glass: total volume, the part of it added by top-ups (which goes in
    /// after the ice has done its work), and millilitres of alcohol.
    struct Pour {
        var volume = 0.0
        var topped = 0.0
        var alcohol = 0.0
    }

    static func pour(_ lines: [RecipeLine], method: MixingMethod?, steps: [String], table: IngredientTable) -> Pour? {
        let text = steps.map { $0.lowercased() }
        let muddled = method == .muddled || text.contains { $0.contains("muddle") }
        let splashTop = text.contains { $0.contains("top") && $0.contains("splash") }
        var pour = Pour()
        var counted = false
        for line in lines {
            let words = line.text.lowercased()
            if words.contains("rinse") || words.contains("on the side") { continue }
            guard let millilitres = millilitres(of: line, table: table, muddled: muddled, splashTop: splashTop) else {
                continue
            }
            counted = true
            pour.volume += millilitres
            if line.unit == .top { pour.topped += millilitres }
            pour.alcohol += millilitres * (table.ingredient(for: line)?.abv ?? 0) / 100
        }
        return counted ? pour : nil
    }

    /// Juice in one muddled fruit, in millilitres.
    static let juicePerFruit: [String: Double] = ["lime": 25, "lemon": 35, "orange": 60]

    /// The volume a line adds to the drink, in millilitres.
    static func millilitres(of line: RecipeLine, table: IngredientTable, muddled: Bool = false, splashTop: Bool = false)
        -> Double?
    {
        let ingredient = table.ingredient(for: line)
        let name = ingredient?.name.lowercased() ?? ""
        if name.contains("ice"), ingredient?.kind == .other { return nil }
        if line.unit == .top, splashTop { return (line.amount?.typical ?? 1) * 15 }
        if muddled, ingredient?.kind == .fruit, let juice = juicePerFruit[name], line.unit == nil || line.unit == .wedge
        {
            return (line.amount?.typical ?? 1) * juice * (line.unit == .wedge ? 0.125 : 1)
        }
        if let unit = line.unit {
            guard let perUnit = unit.millilitres else { return nil }
            let volume = (line.amount?.typical ?? 1) * perUnit
            // Granulated sugar: a spoonful dissolves into about half its volume of syrup.
            return name.contains("sugar") && ingredient?.kind == .other ? volume * 0.5 : volume
        }
        // Countables without a unit: an egg white is about 30 ml, a yolk 15 ml; others are solids.
        guard let amount = line.amount?.typical, let ingredient else { return nil }
        switch ingredient.kind {
        case .egg: return amount * (ingredient.name.lowercased().contains("yolk") ? 15 : 30)
        default: return nil
        }
    }
}

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
        volume = poured + topped + diluted * ABVEstimator.dilution(for: method, steps: steps) + slush
        fizz = volume > 0 ? min(1, fizzy / volume) : 0
    }
}
