import Foundation

/// The syrups a party makes at home, and from what. Stated rule (``PartyPlanner/rules``): 100 g
/// of sugar and 100 ml of water make about 160 ml of simple (or demerara) syrup; rich syrup is
/// 2:1, 200 g and 100 ml making about 225 ml; honey syrup is honey and warm water, 1:1 by
/// volume. Amounts are rounded up to 10 g or 10 ml. Bought syrups (grenadine, orgeat…) stay in
/// the totals as millilitres.
extension PartyPlan {
    /// One house-made syrup: how much the party pours and what makes it.
    public struct Syrup: Sendable, Equatable {
        public enum Recipe: String, Sendable, Equatable {
            case simple, demerara, rich, honey
        }

        public var ingredient: String
        public var recipe: Recipe
        /// The syrup the drinks pour, in millilitres.
        public var ml: Double
        /// Sugar (simple, demerara, rich) in grams, or honey (honey syrup) in millilitres.
        public var sweetener: Int
        /// Water, in millilitres.
        public var waterMl: Int
    }

    /// The house-made syrups the party needs, in the totals' order.
    public var syrups: [Syrup] {
        totals.compactMap { total in
            guard let ml = total.ml, ml > 0, let recipe = PartyPlanner.houseSyrups[total.ingredient.lowercased()]
            else { return nil }
            let (sweetener, water): (Double, Double)
            switch recipe {
            case .simple, .demerara: (sweetener, water) = (ml * 100 / 160, ml * 100 / 160)
            case .rich: (sweetener, water) = (ml * 200 / 225, ml * 100 / 225)
            case .honey: (sweetener, water) = (ml / 2, ml / 2)
            }
            return Syrup(
                ingredient: total.ingredient, recipe: recipe, ml: ml, sweetener: PartyPlanner.upToTen(sweetener),
                waterMl: PartyPlanner.upToTen(water))
        }
    }
}

extension PartyPlanner {
    /// The syrups the ingredient table names that a bar makes itself, by name.
    public static let houseSyrups: [String: PartyPlan.Syrup.Recipe] = [
        "simple syrup": .simple, "demerara syrup": .demerara, "rich simple syrup": .rich, "honey syrup": .honey,
    ]

    /// `value` rounded up to the next multiple of ten.
    static func upToTen(_ value: Double) -> Int {
        Int((value / 10 - 1e-9).rounded(.up)) * 10
    }
}
