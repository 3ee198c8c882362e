/// A plan said as a shopping list: what to buy of each thing, merged per thing a person buys
/// (the limes for lime juice and for the wedges are one line), each with why:
/// `2 × 700 ml London dry gin for 24 Negronis and 12 Gimlets`.
extension PartyPlan {
    /// The lines to buy, in the plan's order, in `strings`' language. `index` names them as the
    /// shelf and the shopping list do (`lime` for fresh lime juice).
    public func shoppingNeeds(index: BarIndex, strings: UIStrings) -> [ShoppingNeed] {
        var order: [String] = []
        var groups: [String: [Total]] = [:]
        for total in toBuy {
            let value =
                total.fruit.flatMap { index.value(for: $0) } ?? index.value(for: total.ingredient)
                ?? total.ingredient
            if groups[value] == nil { order.append(value) }
            groups[value, default: []].append(total)
        }
        return order.map { value in
            let totals = groups[value] ?? []
            let uses = Self.uses(of: totals)
            let drinks = Self.drinksText(uses, strings: strings)
            let reason: String
            if let fruit = totals.first?.fruit, totals.allSatisfy({ $0.fruit == fruit && $0.fruitCount != nil }) {
                let count =
                    fruitTotals.first { $0.fruit == fruit }?.count ?? totals.reduce(0) { $0 + ($1.fruitCount ?? 0) }
                reason = strings(
                    "party_reason_fruit",
                    ["buy": Self.fruitText(fruit, count: count, strings: strings), "drinks": drinks])
            } else {
                var names: [String] = []
                for total in totals where !names.contains(strings.ingredient(total.ingredient)) {
                    names.append(strings.ingredient(total.ingredient))
                }
                reason = strings(
                    "party_reason",
                    [
                        "buy": totals.map { Self.buyText($0, strings: strings) }.joined(separator: " + "),
                        "ingredient": names.joined(separator: ", "), "drinks": drinks,
                    ])
            }
            return ShoppingNeed(value: value, reason: reason, cocktailIds: uses.map(\.cocktailId))
        }
    }

    /// The drinks several totals are for, each once (with its largest count), in order.
    static func uses(of totals: [Total]) -> [Total.Use] {
        var uses: [Total.Use] = []
        for use in totals.flatMap(\.uses) {
            if let at = uses.firstIndex(where: { $0.cocktailId == use.cocktailId }) {
                uses[at].servings = max(uses[at].servings, use.servings)
            } else {
                uses.append(use)
            }
        }
        return uses
    }

    /// What to buy of `total` before its name, once the shelf is counted: `2 × 700 ml`,
    /// `16 limes`, `20 ×`, `400 ml`.
    public static func buyText(_ total: Total, strings: UIStrings) -> String {
        if let fruit = total.fruit, let count = total.fruitCount {
            return fruitText(fruit, count: count, strings: strings)
        }
        if let bottles = total.bottlesToBuy, let size = total.bottleMl {
            return strings("party_bottles", ["count": String(bottles), "size": String(size)])
        }
        if let pieces = total.pieces { return strings("party_pieces_buy", ["count": String(pieces)]) }
        if let grams = total.grams { return gramsText(grams, strings: strings) }
        if let ml = total.ml { return strings("party_ml", ["ml": String(Int((ml - 1e-9).rounded(.up)))]) }
        return ""
    }

    /// The "to buy" column of the plan's table: what ``buyText(_:strings:)`` says, but a count of
    /// pieces says what it counts ("14 pieces"; "14 ×" reads only before the ingredient's name),
    /// and "nothing to buy" once the shelf covers it.
    public static func buyColumn(_ total: Total, strings: UIStrings) -> String {
        guard total.isToBuy else { return strings["party_nothing"] }
        if total.fruit == nil, let pieces = total.pieces { return strings("party_pieces", ["count": String(pieces)]) }
        return buyText(total, strings: strings)
    }

    /// Grams, whole and rounded up (`111 g`): sugar is weighed in every unit system.
    public static func gramsText(_ grams: Double, strings: UIStrings) -> String {
        strings("party_grams", ["g": String(Int((grams - 1e-9).rounded(.up)))])
    }

    /// `16 limes`, `1 lime`; `16 lime`, `3 limoni` in Italian.
    public static func fruitText(_ fruit: String, count: Int, strings: UIStrings) -> String {
        let name = count == 1 ? strings.ingredient(fruit) : strings.toBuy(fruit, byThePiece: true)
        return strings("party_fruit_count", ["count": String(count), "fruit": name])
    }

    /// `24 Negronis and 12 Gimlets`; `24 Negroni e 12 Gimlet` (Italian keeps a drink's name as
    /// it is).
    public static func drinksText(_ uses: [Total.Use], strings: UIStrings) -> String {
        let parts = uses.map { use in
            // "Spritzes", "Daiquiris"; a name that ends in s stays ("3 Tom Collins").
            let plural =
                strings.language == .english && use.servings != 1 && !use.name.hasSuffix("s")
                ? PartyPlanner.plural(use.name) : use.name
            return "\(use.servings) \(plural)"
        }
        guard parts.count > 1 else { return parts.first ?? "" }
        return parts.dropLast().joined(separator: ", ") + " " + strings["party_and"] + " " + (parts.last ?? "")
    }
}
