import Foundation

/// The plan's "what to buy" table, one definition for the page and the command line: a row per
/// ingredient, except that the ingredients cut or squeezed from one fruit share a row, so the
/// limes for the juice and for the wheels are counted once (their fractions added before
/// rounding up: 11.2 + 1.75 limes are 13, not 12 + 2).
extension PartyPlan {
    /// One fruit bought for several ingredients.
    public struct FruitTotal: Sendable, Equatable {
        /// The fruit (`lime`).
        public var fruit: String
        /// Whole fruit to buy for all of them.
        public var count: Int
        /// The ingredients it is bought for, in the plan's order.
        public var ingredients: [String]

        public init(fruit: String, count: Int, ingredients: [String]) {
            self.fruit = fruit
            self.count = count
            self.ingredients = ingredients
        }
    }

    /// Every fruit the plan buys, in the order the plan first needs it.
    public var fruitTotals: [FruitTotal] {
        var order: [String] = []
        var needs: [String: (need: Double, ingredients: [String])] = [:]
        for total in totals {
            guard let fruit = total.fruit, let need = total.fruitNeed else { continue }
            if needs[fruit] == nil { order.append(fruit) }
            needs[fruit, default: (0, [])].need += need
            needs[fruit, default: (0, [])].ingredients.append(total.ingredient)
        }
        return order.compactMap { fruit in
            needs[fruit].map {
                FruitTotal(fruit: fruit, count: PartyPlanner.wholeFruit($0.need), ingredients: $0.ingredients)
            }
        }
    }

    /// One row of the table, in the viewer's words.
    public struct BuyRow: Sendable, Equatable {
        /// What the row is about: the ingredient, or the fruit several ingredients come from.
        public var name: String
        /// How much is poured or cut: `280 ml`, or `280 ml fresh lime juice, 14 × lime wheel`.
        public var pour: String
        /// What to buy: `2 × 700 ml`, `13 limes`, `nothing to buy`.
        public var buy: String
        /// The drinks it is for: `for 14 Daiquiris and 6 Mojitos`.
        public var why: String
        public var onShelf: Bool
        public var isToBuy: Bool
    }

    /// The table's rows in the plan's order; a fruit's row stands where its first ingredient
    /// does. `amount` writes millilitres in the viewer's units.
    public func buyRows(strings: UIStrings, amount: (Double) -> String) -> [BuyRow] {
        let shared = Dictionary(
            uniqueKeysWithValues: fruitTotals.filter { $0.ingredients.count > 1 }.map { ($0.fruit, $0) })
        func pour(_ total: Total) -> String {
            total.grams.map { Self.gramsText($0, strings: strings) } ?? total.ml.map(amount)
                ?? total.pieces.map { strings("party_pieces", ["count": String($0)]) } ?? ""
        }
        var rows: [BuyRow] = []
        var done: Set<String> = []
        for total in totals {
            guard let fruit = total.fruit, let together = shared[fruit] else {
                rows.append(
                    BuyRow(
                        name: strings.ingredient(total.ingredient), pour: pour(total),
                        buy: Self.buyColumn(total, strings: strings),
                        why: strings("party_why", ["drinks": Self.drinksText(total.uses, strings: strings)]),
                        onShelf: total.onShelf, isToBuy: total.isToBuy))
                continue
            }
            guard done.insert(fruit).inserted else { continue }
            let parts = totals.filter { $0.fruit == fruit }
            let pours = parts.map { part in
                let measured = part.pieces != nil && part.ml == nil
                let amount = measured ? strings("party_pieces_buy", ["count": String(part.pieces ?? 0)]) : pour(part)
                return amount + " " + strings.ingredient(part.ingredient)
            }
            rows.append(
                BuyRow(
                    name: strings.toBuy(fruit, byThePiece: true), pour: pours.joined(separator: ", "),
                    buy: Self.fruitText(fruit, count: together.count, strings: strings),
                    why: strings("party_why", ["drinks": Self.drinksText(Self.uses(of: parts), strings: strings)]),
                    onShelf: false, isToBuy: true))
        }
        return rows
    }
}

extension PartyPlanner {
    /// The garnishes a drink's picture shows, by name (`lime wheel`), each a piece per serve;
    /// not a rim made of a line of the recipe ("Kosher salt, for the rim"), already counted.
    static func garnishes(of cocktail: Cocktail) -> [String] {
        (cocktail.illustration?.garnishes ?? []).map { $0.replacingOccurrences(of: "-", with: " ") }.filter { name in
            guard name.hasSuffix(" rim"), let made = name.split(separator: " ").first else { return true }
            return !cocktail.recipe.contains { line in
                (line.ingredient ?? line.text).lowercased().split(separator: " ").contains(made)
            }
        }
    }
}
