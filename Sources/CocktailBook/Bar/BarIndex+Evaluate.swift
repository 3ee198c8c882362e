import CocktailsAPI

/// Evaluating a shelf against the index: what it makes, what one bottle more would make, and
/// how each needed ingredient is covered.
extension BarIndex {
    /// Works out what `shelf` can make. Positions are catalog positions. Only positions and
    /// the missing ingredient are worked out for every drink; the explanations are read when a
    /// drink is shown (``BarEvaluation/entry(at:)``).
    public func evaluate(_ shelf: Shelf) -> BarEvaluation {
        let coverage = coverage(shelf)
        let how = coverage.how
        var canMake: [Int] = []
        var withStandIn: [Int] = []
        var oneAway: [Int] = []
        var oneAwayMissing: [Int32] = []
        let standIn = BarEvaluation.How.standIn.code
        required.nodes.withUnsafeBufferPointer { nodes in
            required.starts.withUnsafeBufferPointer { starts in
                how.withUnsafeBufferPointer { how in
                    for position in 0..<(starts.count - 1) {
                        var missing: Int32 = -1
                        var missingCount = 0
                        var standsIn = false
                        for offset in Int(starts[position])..<Int(starts[position + 1]) {
                            let node = nodes[offset]
                            let code = how[Int(node)]
                            guard code == 0 else {
                                standsIn = standsIn || code == standIn
                                continue
                            }
                            missingCount += 1
                            missing = node
                            if missingCount > 1 { break }
                        }
                        if missingCount == 0 {
                            if standsIn { withStandIn.append(position) } else { canMake.append(position) }
                        } else if missingCount == 1 {
                            oneAway.append(position)
                            oneAwayMissing.append(firstChoice(missing))
                        }
                    }
                }
            }
        }
        return BarEvaluation(
            index: self, have: coverage.have, how: how, canMakePositions: canMake, standInPositions: withStandIn,
            oneAwayPositions: oneAway, oneAwayMissing: oneAwayMissing)
    }

    /// What to buy for the drink at `position` on `shelf`, however much that is: the things a
    /// person buys (lemons for fresh lemon juice), each once.
    public func missing(at position: Int, on shelf: Shelf) -> [String] {
        guard required.indices.contains(position) else { return [] }
        let how = coverage(shelf).how
        var seen = Set<Int32>()
        return required[position].filter { how[Int($0)] == 0 }.flatMap { toBuy(for: $0, how: how) }
            .filter { seen.insert($0).inserted }.map { names[Int($0)] }
    }

    /// What a person buys to have `node` where `how` is a shelf's coverage: for a house-made
    /// ingredient, what its recipe lacks (honey for honey syrup); else what it is a form of.
    func toBuy(for node: Int32, how: [UInt8]) -> [Int32] {
        let node = firstChoice(node)
        let recipe = houseOf[Int(node)]
        guard recipe >= 0 else { return [forms.purchase[Int(node)]] }
        let lacking = house[Int(recipe)].lines.filter { $0 >= 0 && how[Int($0)] == 0 }
        guard !lacking.isEmpty, !house[Int(recipe)].lines.contains(-1) else { return [forms.purchase[Int(node)]] }
        return lacking.flatMap { toBuy(for: $0, how: how) }
    }

    /// Whether `value` is fruit a person buys by the piece to cut, squeeze or peel (lemons).
    public func isBoughtByThePiece(_ value: String) -> Bool {
        guard let node = node(named: value), Int(node) < table.ingredients.count else { return false }
        return table.ingredients[Int(node)].kind == .fruit && !forms.forms(madeFrom: node).isEmpty
    }

    /// What a person buys to have `value` (`lemon` for `fresh lemon juice`); `value` itself when
    /// it is not a form of anything.
    public func purchase(for value: String) -> String {
        node(named: value).map { names[Int(forms.purchase[Int($0)])] } ?? value
    }

    /// Per node, the shelf's item that covers it, and how (0 when nothing does; else a
    /// ``BarEvaluation/How`` code).
    func coverage(_ shelf: Shelf) -> (have: [Int32], how: [UInt8]) {
        let count = names.count
        var have = [Int32](repeating: -1, count: count)
        var how = [UInt8](repeating: 0, count: count)

        var stockedNodes: [Int32] = []
        func stock(_ name: String) {
            guard let node = node(named: name) else { return }
            stockedNodes.append(node)
            have[Int(node)] = node
            how[Int(node)] = BarEvaluation.How.own.code
            var up = parent[Int(node)]
            var steps = 0
            while up >= 0, steps < count {
                if how[Int(up)] == 0 {
                    have[Int(up)] = node
                    how[Int(up)] = BarEvaluation.How.family.code
                }
                up = parent[Int(up)]
                steps += 1
            }
        }
        for name in shelf.bottles { stock(name) }
        for name in shelf.freshBatches { stock(name) }
        for name in shelf.alwaysAvailable.union(BuiltInBar.alwaysAvailable) { stock(name) }

        // Forms, rules and stand-ins apply to what the shelf itself provides: none feeds another.
        let stocked = how
        // A bottle also covers the members of its family that nothing on the shelf is itself:
        // London dry gin ← your gin, Cointreau ← your orange liqueur. (A sibling, bourbon for rye,
        // stays a stand-in below.) Each line takes the nearest bottle up its family tree.
        for node in 0..<count where how[node] == 0 {
            var up = parent[node]
            var steps = 0
            while up >= 0, steps < count {
                if stocked[Int(up)] == BarEvaluation.How.own.code {
                    have[node] = up
                    how[node] = BarEvaluation.How.family.code
                    break
                }
                up = parent[Int(up)]
                steps += 1
            }
        }
        func cover(_ target: Int32, with bottle: Int32, as kind: UInt8) {
            var node = target
            var steps = 0
            while node >= 0, steps < count {
                if how[Int(node)] == 0 {
                    have[Int(node)] = bottle
                    how[Int(node)] = kind
                }
                node = parent[Int(node)]
                steps += 1
            }
        }
        // Forms first: sugar cube ← your sugar is as good as the cube itself.
        let form = BarEvaluation.How.form.code
        for item in stockedNodes {
            for target in forms.forms(madeFrom: item) { cover(target, with: item, as: form) }
            let base = forms.base[Int(item)]
            if base >= 0, forms.bothWays[Int(item)] {
                cover(base, with: item, as: form)
                for target in forms.forms(madeFrom: base) where forms.bothWays[Int(target)] {
                    cover(target, with: item, as: form)
                }
            }
        }
        func apply(use: String, insteadOf: String, as kind: BarEvaluation.How) {
            guard let from = node(named: use), stocked[Int(from)] != 0, let target = node(named: insteadOf) else {
                return
            }
            let bottle = have[Int(from)]
            var node = target
            var steps = 0
            while node >= 0, steps < count {
                if how[Int(node)] == 0 {
                    have[Int(node)] = bottle
                    how[Int(node)] = kind.code
                }
                node = parent[Int(node)]
                steps += 1
            }
        }
        for (rules, kind) in [(BuiltInBar.rules, BarEvaluation.How.builtInRule), (shelf.rules, .yourRule)] {
            for rule in rules {
                apply(use: rule.use, insteadOf: rule.insteadOf, as: kind)
                if rule.bothWays { apply(use: rule.insteadOf, insteadOf: rule.use, as: kind) }
            }
        }
        // House-made next, each after what it uses: honey syrup ← make it from your honey. A
        // recipe says more than "another form of it", so it replaces a form's reason.
        let standIn = BarEvaluation.How.standIn.code
        let houseMade = BarEvaluation.How.houseMade.code
        // What goes in must be at hand as itself: a form counts only when made from the thing
        // (lemon peel from lemons), not one form standing for another (sugar from a syrup).
        func isAtHand(_ line: Int32) -> Bool {
            guard line >= 0 else { return false }
            let code = how[Int(line)]
            if code == form { return forms.base[Int(have[Int(line)])] < 0 }
            return code != 0 && code != standIn
        }
        for recipe in house {
            let current = how[Int(recipe.node)]
            guard current == 0 || current == form, recipe.lines.allSatisfy(isAtHand) else { continue }
            have[Int(recipe.node)] = have[Int(recipe.lines[0])]
            how[Int(recipe.node)] = houseMade
            let up = parent[Int(recipe.node)]
            if up >= 0 { cover(up, with: have[Int(recipe.node)], as: houseMade) }
        }
        // Stand-ins last: they change the drink, so only what nothing else covers.
        for item in stockedNodes {
            for target in forms.standIns(for: item) { cover(target, with: item, as: standIn) }
        }
        // A line naming its own alternative is covered as the better covered of them: either
        // way it is the drink as written.
        for (group, members) in groups {
            guard let member = bestCovered(members, how: how) else { continue }
            have[Int(group)] = have[Int(member)]
            // A line that insists on its bottle takes one of its family as a stand-in only.
            let isFamily = how[Int(member)] == BarEvaluation.How.family.code
            how[Int(group)] = isFamily && exactOf[member] == group ? standIn : how[Int(member)]
        }
        return (have, how)
    }

    /// The member of `members` covered best by a shelf's coverage `how` (its own bottle first, a
    /// stand-in last), or nil when none is covered.
    func bestCovered(_ members: [Int32], how: [UInt8]) -> Int32? {
        // Codes in order of preference, but a stand-in (6) after a house-made one (7).
        func rank(_ code: UInt8) -> UInt8 { code == BarEvaluation.How.standIn.code ? .max : code }
        var best: Int32?
        for member in members where how[Int(member)] != 0 {
            if let current = best, rank(how[Int(current)]) <= rank(how[Int(member)]) { continue }
            best = member
        }
        return best
    }

    /// The ingredient a line names first: itself for a line without alternatives.
    func firstChoice(_ node: Int32) -> Int32 {
        groups[node]?.first ?? node
    }

    /// The node a recipe line stands for on a shelf read as `how`: its ingredient, or, for a line
    /// naming alternatives, the one the shelf covers best (the first when it covers none).
    func node(for line: Line, how: [UInt8]) -> Int32? {
        guard let first = node(named: line.name) else { return nil }
        if line.isExact, let group = exactOf[first] { return group }
        let members = [first] + line.alternatives.compactMap { node(named: $0) }
        return members.count > 1 ? bestCovered(members, how: how) ?? first : first
    }
}
