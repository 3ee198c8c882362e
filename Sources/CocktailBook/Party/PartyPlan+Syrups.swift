import Foundation

/// The house-made ingredients a party makes ahead, and from what: each one's house recipe (the
/// same recipe its page and My bar read) scaled to what the drinks pour. Stated rule
/// (``PartyPlanner/rules``): amounts are rounded up, to 5 g or 5 ml below 100 and to 10 above,
/// and pieces to a whole piece. What has no house recipe stays in the totals, to be bought.
extension PartyPlan {
    /// One house-made ingredient: how much the party pours and what its recipe takes for that.
    public struct Syrup: Sendable, Equatable {
        /// The ingredient, by the table's canonical name (`honey syrup`).
        public var ingredient: String
        /// What the drinks pour, in millilitres.
        public var ml: Double
        /// The recipe's lines scaled to `ml`, rounded up as the rule says.
        public var lines: [HouseRecipe.Line]
    }

    /// The house-made ingredients among the totals that ``houseRecipes`` make by volume, in the
    /// totals' order.
    public var syrups: [Syrup] {
        totals.compactMap { total in
            guard let ml = total.ml, ml > 0, let recipe = houseRecipes.recipe(for: total.ingredient),
                recipe.yield.unit == .ml
            else { return nil }
            let scale = ml / recipe.yield.amount
            let lines = recipe.lines.map { line in
                HouseRecipe.Line(
                    ingredient: line.ingredient, amount: PartyPlanner.prepAmount(line.amount * scale, line.unit),
                    unit: line.unit)
            }
            return Syrup(ingredient: total.ingredient, ml: ml, lines: lines)
        }
    }
}

extension PartyPlanner {
    /// `amount` rounded up for a prep sheet: whole pieces; 5 g or 5 ml below 100; 10 above.
    public static func prepAmount(_ amount: Double, _ unit: HouseRecipe.Unit) -> Double {
        let step: Double = unit == .pieces ? 1 : amount < 100 ? 5 : 10
        return ((amount / step) - 1e-9).rounded(.up) * step
    }
}

extension UIStrings {
    /// A house recipe's line as this language writes it: `155 g sugar`, `155 g di zucchero`,
    /// `3 × cinnamon stick`.
    public func houseLine(_ line: HouseRecipe.Line) -> String {
        let measure =
            line.unit == .pieces
            ? self("party_pieces_buy", ["count": String(Int(line.amount))])
            : decimal(line.amount) + " " + line.unit.rawValue
        // Grams and millilitres link to their ingredient as a unit does (`di`); a count does not.
        let reading = RecipeLine(
            text: line.ingredient, amount: .init(line.amount), unit: line.unit == .pieces ? nil : .ml,
            ingredient: line.ingredient)
        var words = words(for: reading, measure: measure, canonical: line.ingredient)
        if line.unit == .pieces { words.link = "" }
        return words.text
    }

    /// The sentence for one house-made ingredient of a party: `honey syrup: 300 ml — 270 g honey,
    /// 110 ml water`.
    public func partySyrup(_ syrup: PartyPlan.Syrup, ml: String) -> String {
        self(
            "party_syrup",
            [
                "syrup": ingredient(syrup.ingredient), "ml": ml,
                "lines": syrup.lines.map(houseLine).joined(separator: ", "),
            ])
    }
}
