/// Where a house-made ingredient stands on a shelf, for its own page and the bar's list.
public enum HouseStatus: Sendable, Equatable {
    /// A fresh batch (or a bought bottle) is on the shelf.
    case onShelf
    /// Not on the shelf, but everything that goes in is: made from `from` (the recipe's first
    /// ingredient as the shelf has it).
    case makeable(from: String)
    /// These ingredients of the recipe are missing (what a person buys for them).
    case lacking([String])
}

extension BarIndex {
    /// Where `value`'s house recipe stands on `shelf`; nil when `value` has no house recipe.
    public func houseStatus(of value: String, on shelf: Shelf) -> HouseStatus? {
        guard let node = node(named: value), houseOf[Int(node)] >= 0 else { return nil }
        let (have, how) = coverage(shelf)
        let code = how[Int(node)]
        if code == BarEvaluation.How.own.code || code == BarEvaluation.How.family.code { return .onShelf }
        if code == BarEvaluation.How.houseMade.code { return .makeable(from: names[Int(have[Int(node)])]) }
        let recipe = house[Int(houseOf[Int(node)])]
        var seen = Set<Int32>()
        let lacking = recipe.lines.filter { $0 >= 0 && how[Int($0)] == 0 }.flatMap { toBuy(for: $0, how: how) }
            .filter { seen.insert($0).inserted }.map { names[Int($0)] }
        return .lacking(lacking)
    }

    /// The house-made ingredients the bar knows a recipe for, by canonical value.
    public var houseMadeValues: [String] { house.map { names[Int($0.node)] } }
}

extension BarIndex {
    /// The table's forms and stand-ins that apply to `shelf`, for ingredients some drink of the
    /// catalog needs: `sugar cube ← your sugar` (a form), `rye whiskey ← your bourbon` (a
    /// stand-in, which changes the drink). By what the shelf has, then by what it counts for.
    public func substitutions(on shelf: Shelf) -> [BarEvaluation.Match] {
        let (have, how) = coverage(shelf)
        var matches: [BarEvaluation.Match] = []
        for node in names.indices where drinksNeeding[node] > 0 && groups[Int32(node)] == nil {
            let code = how[node]
            guard code == BarEvaluation.How.form.code || code == BarEvaluation.How.standIn.code,
                let kind = BarEvaluation.How(code: code)
            else { continue }
            matches.append(BarEvaluation.Match(needed: names[node], have: names[Int(have[node])], how: kind))
        }
        return matches.sorted {
            $0.have != $1.have
                ? $0.have.localizedCaseInsensitiveCompare($1.have) == .orderedAscending
                : $0.needed.localizedCaseInsensitiveCompare($1.needed) == .orderedAscending
        }
    }

    /// Whether `value` is bought as a bottle (spirits, liqueurs, wines, mixers, bitters), which
    /// a suggestion to buy says: "a bottle of rye whiskey".
    public func isBoughtByTheBottle(_ value: String) -> Bool {
        guard let node = node(named: value), Int(node) < table.ingredients.count else { return false }
        return PartyPlanner.bottleMl(for: table.ingredients[Int(node)].kind) != nil
    }
}
