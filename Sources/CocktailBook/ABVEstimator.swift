/// Estimates a cocktail's strength from its recipe.
///
/// The model: every line with a volume (`oz`, `ml`, `dash`…; a top-up counts as 90 ml, solids and
/// garnishes as nothing, ice added to a blender as nothing because the method's dilution covers
/// it) contributes `volume × ABV` of alcohol. The drink's final volume is the poured volume plus the
/// water the method adds by melting ice: stirred 20 %, shaken 25 %, built 10 %, blended 25 %,
/// swizzled 20 %, thrown 15 %, muddled 10 %, layered 0 %. ABV = alcohol ÷ final volume.
public enum ABVEstimator {
    /// Water added by each method, as a share of the poured volume.
    public static func dilution(for method: String?) -> Double {
        switch method?.lowercased() {
        case "stirred", "swizzled": 0.20
        case "shaken", "blended": 0.25
        case "thrown": 0.15
        case "built", "muddled": 0.10
        case "layered": 0
        default: 0.15
        }
    }

    /// The estimated ABV in percent, or `nil` when no line has a known volume and ingredient.
    ///
    /// Lines whose ingredient is not in the table count as volume without alcohol.
    public static func estimate(_ lines: [RecipeLine], method: String?, table: IngredientTable) -> Double? {
        var volume = 0.0
        var alcohol = 0.0
        for line in lines {
            guard let millilitres = millilitres(of: line, table: table) else { continue }
            volume += millilitres
            alcohol += millilitres * (table.ingredient(for: line)?.abv ?? 0) / 100
        }
        guard volume > 0 else { return nil }
        return alcohol / (volume * (1 + dilution(for: method))) * 100
    }

    /// Grams of alcohol in one serving (ethanol weighs 0.789 g per ml), or `nil` when no line
    /// has a known volume. Dilution changes the strength, not the alcohol.
    public static func alcoholGrams(_ lines: [RecipeLine], table: IngredientTable) -> Double? {
        var counted = false
        var alcohol = 0.0
        for line in lines {
            guard let millilitres = millilitres(of: line, table: table) else { continue }
            counted = true
            alcohol += millilitres * (table.ingredient(for: line)?.abv ?? 0) / 100
        }
        return counted ? alcohol * 0.789 : nil
    }

    /// The volume a line pours, in millilitres.
    static func millilitres(of line: RecipeLine, table: IngredientTable) -> Double? {
        let ingredient = table.ingredient(for: line)
        if ingredient?.name.lowercased().contains("ice") == true, ingredient?.kind == .other { return nil }
        if let unit = line.unit {
            guard let perUnit = unit.millilitres else { return nil }
            return (line.amount?.typical ?? 1) * perUnit
        }
        // Countables without a unit: an egg white is about 30 ml, a yolk 15 ml; others are solids.
        guard let amount = line.amount?.typical, let ingredient else { return nil }
        switch ingredient.kind {
        case .egg: return amount * (ingredient.name.lowercased().contains("yolk") ? 15 : 30)
        default: return nil
        }
    }
}
