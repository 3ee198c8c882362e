import Foundation

extension PartyPlan.Batch {
    /// A recipe line poured into each glass rather than into the batch, with the table's name
    /// for its ingredient.
    public struct PerServe: Sendable, Equatable {
        public var line: RecipeLine
        public var canonical: String?
    }

    /// The lines added to each serve, as the recipe writes them (the API's English).
    public var addPerServe: [String] { perServe.map(\.line.text) }

    /// The lines added to each serve in `units` and `strings`' language, as the rest of the
    /// prep sheet is: `90 ml prosecco`, not the recipe's `3 oz`, beside `60 ml a serve`.
    public func addPerServe(in units: Settings.Units, strings: UIStrings) -> [String] {
        perServe.map { serve in
            guard serve.line.amount != nil, serve.line.ingredient != nil else {
                return strings.language == .english
                    ? serve.line.text : strings.line(serve.line, measure: nil, canonical: serve.canonical)
            }
            let shown = MeasureConversion.convert(serve.line, to: units, servings: 1)
            return strings.line(
                shown, measure: MeasureText.text(amount: shown.amount, unit: shown.unit, strings: strings),
                canonical: serve.canonical)
        }
    }

    /// The key of the sentence saying how the batch is kept and served.
    public var howKey: String {
        switch kind {
        case .stirred: servedUp ? "party_batch_up" : "party_batch_stirred"
        case .built: "party_batch_built"
        case .shaken: "party_batch_shaken"
        }
    }
}

extension PartyPlanner {
    /// Whether a line stays out of a batch: a top-up or anything sparkling (poured per glass);
    /// citrus juice, egg and dairy too when the batch is shaken.
    static func heldBack(_ line: RecipeLine, _ ingredient: Ingredient?, shaken: Bool, table: IngredientTable) -> Bool {
        let name = (ingredient?.name ?? line.ingredient ?? "").lowercased()
        if line.unit == .top || DrinkBody.fizzyWords.contains(where: name.contains) { return true }
        guard shaken else { return false }
        if ingredient?.kind == .egg || ingredient?.kind == .dairy { return true }
        return ingredient?.kind == .juice && citrusFruit(of: ingredient, table: table) != nil
    }

    /// The make-ahead batch of one drink, or `nil` for a drink made to order: stirred ones whole
    /// with their stirring water, built ones without water and without what tops them, shaken
    /// ones without what goes into each shake.
    public static func batch(for drink: PartyPlan.Drink, table: IngredientTable) -> PartyPlan.Batch? {
        let cocktail = drink.cocktail
        let steps = cocktail.instructions ?? []
        let kind: PartyPlan.Batch.Kind
        switch cocktail.method {
        case .stirred, .thrown: kind = .stirred
        case .shaken: kind = .shaken
        case .built:
            kind = ABVEstimator.dilution(for: .built, steps: steps) == .shaken ? .shaken : .built
        default: return nil
        }
        guard drink.servings > 0 else { return nil }
        let servings = Double(drink.servings)
        var lines: [(ingredient: String, ml: Double, grams: Double?)] = []
        var perServe: [PartyPlan.Batch.PerServe] = []
        var alcohol = 0.0
        for line in cocktail.recipe {
            let ingredient = table.ingredient(for: line)
            if isIce(line, ingredient) { continue }
            guard !heldBack(line, ingredient, shaken: kind == .shaken, table: table),
                let ml = batchMillilitres(of: line, ingredient)
            else {
                perServe.append(.init(line: line, canonical: ingredient?.name))
                continue
            }
            let name = ingredient?.name ?? line.ingredient?.lowercased() ?? line.text
            lines.append((name, ml * servings, grams(of: line, ingredient).map { $0 * servings }))
            alcohol += ml * servings * (ingredient?.abv ?? 0) / 100
        }
        let mix = lines.reduce(0) { $0 + $1.ml }
        guard mix > 0 else { return nil }
        let water = kind == .stirred ? mix * ABVEstimator.stirred(alcohol / mix) : 0
        var batch = PartyPlan.Batch(
            cocktailId: cocktail.id, name: cocktail.name, kind: kind, servings: drink.servings, lines: lines,
            mixMl: mix, waterMl: water, bottles: Int(((mix + water) / batchBottleMl - 1e-9).rounded(.up)),
            pourMl: (mix + water) / servings, perServe: perServe)
        batch.servedUp = kind == .stirred && (cocktail.illustration?.ice ?? "none") == "none"
        return batch
    }

    /// A line's millilitres in a batch: as poured, but granulated sugar dissolves to half its
    /// spoon volume (as the ABV estimator reckons it).
    static func batchMillilitres(of line: RecipeLine, _ ingredient: Ingredient?) -> Double? {
        guard let ml = millilitres(of: line) else { return nil }
        return isSugar(line, ingredient) ? ml * 0.5 : ml
    }

}
