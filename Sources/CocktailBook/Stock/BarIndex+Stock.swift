import CocktailsAPI
import Foundation

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

    /// What making `servings` of `cocktail` takes from `shelf`, by the shelf item's value and in
    /// the unit it is stocked in: a bottle poured (the bottle itself, the one of a family —
    /// `London dry gin` for gin —, a rule's or a stand-in's), a form taken from what it is made
    /// of (22.5 ml of lime juice is 0.9 of a lime), and a house-made preparation without a batch
    /// made on the spot from its recipe's ingredients (honey syrup takes honey). Garnishes and
    /// optional lines are left out. In the order of the recipe.
    public func pours(of cocktail: Cocktail, servings: Int, on shelf: Shelf) -> [StockUse] {
        let (have, how) = coverage(shelf)
        let poured: Set<UInt8> = [
            BarEvaluation.How.own.code, BarEvaluation.How.family.code, BarEvaluation.How.builtInRule.code,
            BarEvaluation.How.yourRule.code, BarEvaluation.How.standIn.code,
        ]
        let count = Double(max(servings, 0))
        var uses: [StockUse] = []
        func add(_ value: String, _ amount: Double) {
            if let index = uses.firstIndex(where: { $0.value == value }) {
                uses[index].ml += amount
            } else {
                uses.append(StockUse(value: value, ml: amount))
            }
        }
        for text in cocktail.ingredients {
            let parsed = IngredientParser.parse(text)
            guard let line = Line(parsed, table: table), !line.isNiceToHave, let node = node(for: line, how: how),
                let quantity = Quantity(parsed)
            else { continue }
            let code = how[Int(node)]
            if poured.contains(code), quantity.unit == .ml {
                add(names[Int(have[Int(node)])], quantity.amount * count)
            } else if code == BarEvaluation.How.form.code {
                let source = have[Int(node)]
                guard let amount = amount(of: quantity, of: node, from: source) else { continue }
                add(names[Int(source)], amount * count)
            } else if code == BarEvaluation.How.houseMade.code, quantity.unit == .ml {
                // The coverage already read, not the shelf read again for each syrup.
                for use in self.uses(forMaking: quantity.amount * count, of: names[Int(node)], coverage: (have, how)) {
                    add(use.value, use.ml)
                }
            }
        }
        return uses
    }

    /// One serving of `cocktail` priced from `stock` on `shelf`. A bottle's line costs its share
    /// of the bottle's price; a form costs its share of what it is made from (lime juice at
    /// 25 ml a lime from a priced bag of limes, a spoon of sugar from a priced bag of sugar);
    /// a house-made preparation without a priced bottle of its own costs what its recipe's
    /// priced ingredients cost, divided by the yield (water and ice are free). When any of them
    /// lacks a price (or is priced in another currency than the rest) the cost is not given and
    /// the answer names what lacks one: what a person buys (`lime`, `raw honey`).
    public func cost(of cocktail: Cocktail, on shelf: Shelf, stock: [String: BottleStock]) -> DrinkCost {
        cost(of: cocktail, coverage: coverage(shelf), stock: stock)
    }

    /// ``cost(of:on:stock:)`` for each of `cocktails`, reading the shelf once (a page's rows).
    public func costs(of cocktails: [Cocktail], on shelf: Shelf, stock: [String: BottleStock]) -> [DrinkCost] {
        let coverage = coverage(shelf)
        return cocktails.map { cost(of: $0, coverage: coverage, stock: stock) }
    }

    private func cost(
        of cocktail: Cocktail, coverage: (have: [Int32], how: [UInt8]), stock: [String: BottleStock]
    ) -> DrinkCost {
        var costing = Costing(have: coverage.have, how: coverage.how, stock: stock)
        for text in cocktail.ingredients {
            let parsed = IngredientParser.parse(text)
            guard let line = Line(parsed, table: table), !line.isNiceToHave,
                let node = node(for: line, how: coverage.how)
            else { continue }
            guard let quantity = Quantity(parsed) else {
                if !BuiltInBar.alwaysAvailable.contains(names[Int(node)]) { costing.lack(names[Int(node)]) }
                continue
            }
            addCost(of: quantity, node: node, to: &costing, depth: 0)
        }
        guard costing.lacking.isEmpty, let currency = costing.currency else {
            return DrinkCost(minor: nil, currency: nil, lackingPrices: costing.lacking)
        }
        return DrinkCost(minor: Int(costing.total.rounded()), currency: currency, lackingPrices: [])
    }

    /// A cost being added up: the total in minor units, its currency and what lacks a price.
    struct Costing {
        let have: [Int32]
        let how: [UInt8]
        let stock: [String: BottleStock]
        var total = 0.0
        var currency: String?
        var lacking: [String] = []

        init(have: [Int32], how: [UInt8], stock: [String: BottleStock]) {
            self.have = have
            self.how = how
            self.stock = stock
        }

        mutating func lack(_ value: String) { if !lacking.contains(value) { lacking.append(value) } }
    }

    /// Adds what `quantity` of `node` costs, or says what lacks a price.
    private func addCost(of quantity: Quantity, node: Int32, to costing: inout Costing, depth: Int) {
        let name = names[Int(node)]
        if BuiltInBar.alwaysAvailable.contains(name) { return }
        let code = costing.how[Int(node)]
        let recipe = houseOf[Int(node)]
        // What is priced for it: the shelf's bottle of it (for a preparation, a bought bottle of
        // it itself), or what a person would buy for it.
        let source: Int32
        if recipe >= 0 {
            let bottled = code == BarEvaluation.How.own.code || code == BarEvaluation.How.family.code
            source = bottled ? costing.have[Int(node)] : node
        } else {
            source = code == 0 ? forms.purchase[Int(node)] : costing.have[Int(node)]
        }
        if let bought = costing.stock[names[Int(source)]], let price = bought.price, let bottle = bought.bottleMl,
            bottle > 0
        {
            // A measure the bottle's unit does not give (a sugar cube from grams) names the line.
            guard let amount = amount(of: quantity, of: node, from: source) else { return costing.lack(name) }
            guard costing.currency == nil || costing.currency == price.currency else {
                return costing.lack(names[Int(source)])
            }
            costing.currency = price.currency
            costing.total += Double(price.minor) * amount / bottle
            return
        }
        // A preparation without a priced bottle of its own: what its recipe puts in, per ml.
        guard recipe >= 0, depth < house.count, quantity.unit == .ml, house[Int(recipe)].recipe.yield.unit == .ml
        else { return costing.lack(names[Int(source)]) }
        let house = house[Int(recipe)]
        let share = quantity.amount / house.recipe.yield.amount
        for (line, node) in zip(house.recipe.lines, house.lines) {
            guard node >= 0 else {
                costing.lack(line.ingredient)
                continue
            }
            addCost(
                of: Quantity(amount: line.amount * share, unit: StockUnit(line.unit)), node: node, to: &costing,
                depth: depth + 1)
        }
    }

    /// What making `ml` of the house-made `value` takes from `shelf`, by its recipe scaled from
    /// the yield, in each bottle's unit: 300 ml of honey syrup takes 267.9 g of honey. Water
    /// and ice are never stocked; a form is taken from what it is made from (lemon peel from
    /// lemons, eight pieces a fruit); a house-made ingredient that goes into another is not
    /// taken (its batch is made on its own). What the shelf lacks is taken from what a person
    /// buys for it, in case its level is known.
    public func uses(forMaking ml: Double, of value: String, on shelf: Shelf) -> [StockUse] {
        uses(forMaking: ml, of: value, coverage: coverage(shelf))
    }

    /// ``uses(forMaking:of:on:)`` with the shelf's coverage already worked out.
    private func uses(forMaking ml: Double, of value: String, coverage: (have: [Int32], how: [UInt8])) -> [StockUse] {
        guard let node = node(named: value), houseOf[Int(node)] >= 0 else { return [] }
        let house = house[Int(houseOf[Int(node)])]
        guard house.recipe.yield.amount > 0, ml > 0 else { return [] }
        let (have, how) = coverage
        let share = ml / house.recipe.yield.amount
        var uses: [StockUse] = []
        for (line, node) in zip(house.recipe.lines, house.lines) where node >= 0 {
            let code = how[Int(node)]
            guard !BuiltInBar.alwaysAvailable.contains(names[Int(node)]), houseOf[Int(node)] < 0 else { continue }
            let source =
                code == 0 || code == BarEvaluation.How.standIn.code ? forms.purchase[Int(node)] : have[Int(node)]
            guard
                let amount = amount(
                    of: Quantity(amount: line.amount * share, unit: StockUnit(line.unit)), of: node, from: source)
            else { continue }
            let bottle = names[Int(source)]
            if let index = uses.firstIndex(where: { $0.value == bottle }) {
                uses[index].ml += amount
            } else {
                uses.append(StockUse(value: bottle, ml: amount))
            }
        }
        return uses
    }

    /// What making `servings` of `cocktail` takes: ``pours(of:servings:on:)``, where a
    /// house-made ingredient with fresh batches among `batches` at `now` is drawn from them,
    /// the oldest first. When one batch does not hold enough, the rest comes from the next
    /// oldest; what the fresh batches together do not hold is taken from the bottle of it, if
    /// its level is known (else from nothing the book tracks).
    public func draws(
        of cocktail: Cocktail, servings: Int, on shelf: Shelf, batches: [HouseBatch], at now: Date
    ) -> [StockUse] {
        let fresh = batches.filter {
            $0.ml > 0 && $0.isFresh(at: now, recipes: houseRecipes, calendar: HouseBatch.calendar)
        }
        .sorted { $0.madeAt != $1.madeAt ? $0.madeAt < $1.madeAt : $0.id < $1.id }
        var draws: [StockUse] = []
        for pour in pours(of: cocktail, servings: servings, on: shelf) {
            var left = pour.ml
            for batch in fresh where batch.value == pour.value && left > 0 {
                let taken = min(left, batch.ml)
                draws.append(StockUse(value: pour.value, ml: taken, batchId: batch.id))
                left -= taken
            }
            if left > 0 { draws.append(StockUse(value: pour.value, ml: left)) }
        }
        return draws
    }

    /// How `value` is stocked: by the piece for fruit bought by the piece, else in the unit
    /// house recipes measure it in (grams of sugar and honey, pieces of cinnamon stick), else
    /// in millilitres.
    public func stockUnit(of value: String) -> StockUnit {
        node(named: value).map(stockUnit(of:)) ?? .ml
    }

    func stockUnit(of node: Int32) -> StockUnit {
        if Int(node) < table.ingredients.count, table.ingredients[Int(node)].kind == .fruit,
            !forms.forms(madeFrom: node).isEmpty
        {
            return .pieces
        }
        for house in house {
            if let index = house.lines.firstIndex(of: node) { return StockUnit(house.recipe.lines[index].unit) }
        }
        return .ml
    }

    /// `quantity` of the line `node` in the unit `source` is stocked in; nil when one does not
    /// give the other (a sugar cube from grams of sugar).
    func amount(of quantity: Quantity, of node: Int32, from source: Int32) -> Double? {
        switch (stockUnit(of: source), quantity.unit) {
        case (.ml, .ml), (.g, .g), (.g, .ml): quantity.amount
        case (.pieces, .pieces):
            node == source ? quantity.amount : quantity.amount / Double(PartyPlanner.piecesPerFruit)
        case (.pieces, .ml): PartyPlanner.juicePerFruit[names[Int(source)]].map { quantity.amount / $0 }
        default: nil
        }
    }

    /// An amount of a line: millilitres poured, grams weighed or pieces counted.
    struct Quantity {
        var amount: Double
        var unit: StockUnit

        init(amount: Double, unit: StockUnit) {
            self.amount = amount
            self.unit = unit
        }

        /// A drink's line: what it pours, or how many pieces; nil for a pinch, a sprig, a top-up.
        init?(_ line: RecipeLine) {
            guard let amount = line.amount?.typical else { return nil }
            if let unit = line.unit, let perUnit = BarIndex.pourMillilitres(per: unit) {
                self.init(amount: amount * perUnit, unit: .ml)
            } else if line.unit == nil || [.piece, .slice, .wedge].contains(line.unit) {
                self.init(amount: amount, unit: .pieces)
            } else {
                return nil
            }
        }
    }
}

extension StockUnit {
    init(_ unit: HouseRecipe.Unit) {
        switch unit {
        case .ml: self = .ml
        case .g: self = .g
        case .pieces: self = .pieces
        }
    }
}
