import CocktailsAPI

/// A drink's cost per serving from the shelf's bottles, or what keeps it from being known.
public struct DrinkCost: Sendable, Equatable {
    /// The cost of one serving in minor units (cents), when every poured bottle has a price in
    /// one currency.
    public var minor: Int?
    public var currency: String?
    /// The bottles poured that have no price (or another currency than the rest).
    public var lackingPrices: [String]

    public init(minor: Int?, currency: String?, lackingPrices: [String]) {
        self.minor = minor
        self.currency = currency
        self.lackingPrices = lackingPrices
    }
}

extension BarIndex {
    /// Millilitres in one `unit` as a pour is measured: the bartender's 30 ml ounce, spoons,
    /// dashes; nil for solids, parts and top-ups (no amount to take from a bottle).
    static func pourMillilitres(per unit: MeasureUnit) -> Double? {
        if let exact = MeasureConversion.millilitres(per: unit) { return exact }
        switch unit {
        case .tsp, .tbsp, .barspoon, .dash, .drop, .splash, .cup: return unit.entry.millilitres
        default: return nil
        }
    }

    /// What making `servings` of `cocktail` pours from each bottle of `shelf`, by the bottle's
    /// value: the bottle itself, the one of a family (`London dry gin` for gin), a rule's or a
    /// stand-in's. Forms (lime juice from limes) and house-made preparations are not poured
    /// from a bottle; garnishes and optional lines are left out. In the order of the recipe.
    public func pours(of cocktail: Cocktail, servings: Int, on shelf: Shelf) -> [StockUse] {
        let (have, how) = coverage(shelf)
        let poured: Set<UInt8> = [
            BarEvaluation.How.own.code, BarEvaluation.How.family.code, BarEvaluation.How.builtInRule.code,
            BarEvaluation.How.yourRule.code, BarEvaluation.How.standIn.code,
        ]
        var uses: [StockUse] = []
        for text in cocktail.ingredients {
            let parsed = IngredientParser.parse(text)
            guard let line = Line(parsed, table: table), !line.isNiceToHave, let amount = parsed.amount,
                let unit = parsed.unit, let perUnit = Self.pourMillilitres(per: unit),
                let node = node(named: line.name),
                poured.contains(how[Int(node)])
            else { continue }
            let bottle = names[Int(have[Int(node)])]
            let ml = amount.typical * perUnit * Double(max(servings, 0))
            if let index = uses.firstIndex(where: { $0.value == bottle }) {
                uses[index].ml += ml
            } else {
                uses.append(StockUse(value: bottle, ml: ml))
            }
        }
        return uses
    }

    /// One serving of `cocktail` priced from `stock`'s bottles on `shelf`. Every required line
    /// must come from a priced bottle (a form or a house-made preparation has no bottle price),
    /// or the cost is not given and the answer names what lacks a price.
    public func cost(of cocktail: Cocktail, on shelf: Shelf, stock: [String: BottleStock]) -> DrinkCost {
        let (have, how) = coverage(shelf)
        var total = 0.0
        var currency: String?
        var lacking: [String] = []
        func lack(_ value: String) { if !lacking.contains(value) { lacking.append(value) } }
        for text in cocktail.ingredients {
            let parsed = IngredientParser.parse(text)
            guard let line = Line(parsed, table: table), !line.isNiceToHave, let node = node(named: line.name),
                !BuiltInBar.alwaysAvailable.contains(names[Int(node)])
            else { continue }
            let code = how[Int(node)]
            let bottle = code == 0 ? names[Int(node)] : names[Int(have[Int(node)])]
            guard code != 0, code != BarEvaluation.How.form.code, code != BarEvaluation.How.houseMade.code,
                let amount = parsed.amount, let unit = parsed.unit, let perUnit = Self.pourMillilitres(per: unit),
                let price = stock[bottle]?.price,
                let cost = stock[bottle]?.cost(ofMl: amount.typical * perUnit),
                currency == nil || currency == price.currency
            else {
                lack(bottle)
                continue
            }
            currency = price.currency
            total += cost
        }
        guard lacking.isEmpty, let currency else { return DrinkCost(minor: nil, currency: nil, lackingPrices: lacking) }
        return DrinkCost(minor: Int(total.rounded()), currency: currency, lackingPrices: [])
    }
}
