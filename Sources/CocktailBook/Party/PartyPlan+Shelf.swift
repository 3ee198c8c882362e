/// What the host has and what is left to buy. The shelf records what is there, not how much:
/// an ingredient the shelf covers (itself, its family, a form of it or one of the host's
/// substitution rules, but not a stand-in, which changes the drink) counts as one bottle in
/// hand, or as enough when it is not bought by the bottle (sugar, bitters cubes, herbs). Fresh
/// fruit is bought for the party whatever the shelf says.
extension PartyPlan {
    /// The plan with `covers` (the shelf's answer for an ingredient) counted.
    public func countingShelf(_ covers: (String) -> Bool) -> PartyPlan {
        var plan = self
        plan.shelfCounted = true
        for index in plan.totals.indices where plan.totals[index].fruitCount == nil {
            plan.totals[index].onShelf = covers(plan.totals[index].ingredient)
        }
        return plan
    }

    /// The rules this plan was worked out by (``PartyPlanner/rules``), the shelf's only when it
    /// was counted.
    public var ruleKeys: [String] {
        PartyPlanner.rules.filter { $0 != "party_rule_shelf" || shelfCounted }
    }

    /// The totals with something left to buy, in the plan's order.
    public var toBuy: [Total] { totals.filter(\.isToBuy) }
}

extension PartyPlan.Total {
    /// Whole bottles left to buy once the shelf's bottle is counted.
    public var bottlesToBuy: Int? {
        bottles.map { onShelf ? max(0, $0 - 1) : $0 }
    }

    /// Whether anything of it is left to buy.
    public var isToBuy: Bool {
        if fruitCount != nil { return true }
        if let bottlesToBuy { return bottlesToBuy > 0 }
        return !onShelf
    }
}

extension BarIndex {
    /// Whether `shelf` provides an ingredient without changing the drink: the bottle itself,
    /// one of its family, a form of it, a built-in or personal rule; a stand-in does not count.
    /// The shelf is read once; the answer is asked per ingredient.
    public func covering(_ shelf: Shelf) -> @Sendable (String) -> Bool {
        let how = coverage(shelf).how
        let standIn = BarEvaluation.How.standIn.code
        return { [self] value in
            guard let node = node(named: value) else {
                return shelf.bottles.contains(value) || shelf.alwaysAvailable.contains(value)
            }
            return how[Int(node)] != 0 && how[Int(node)] != standIn
        }
    }
}
