/// The catalog read for the bar: per cocktail, the ingredients it cannot do without and the
/// ones that are nice to have (garnishes, rims, optional lines), as nodes of the ingredient
/// tree. Built once per catalog version; evaluating a shelf against it is one pass over small
/// integer arrays.
public struct BarIndex: Sendable {
    /// Node → name: the table's entries first (same positions), then names recipes use that
    /// the table does not know, as written.
    let names: [String]
    /// Node → its family's node, or -1.
    let parent: [Int32]
    /// Folded name → node, for names outside the table.
    private let extraNodes: [String: Int32]
    private let tableNodes: [String: Int32]
    let table: IngredientTable
    /// Per catalog position, the nodes the drink needs (each once) and the nice-to-have ones.
    let required: [[Int32]]
    let optional: [[Int32]]
    /// Per node, how many drinks need it: for "Campari → 7 more drinks" style counts.
    let drinksNeeding: [Int32]

    /// Reads every recipe of `cocktails` (in catalog order) through `table`.
    public init(cocktails: [Cocktail], table: IngredientTable) {
        self.table = table
        var names = table.ingredients.map(\.name)
        var tableNodes: [String: Int32] = [:]
        for (index, ingredient) in table.ingredients.enumerated() { tableNodes[ingredient.name] = Int32(index) }
        var parent = table.ingredients.map { ingredient in
            ingredient.parent.flatMap { table.ingredient(named: $0) }.flatMap { tableNodes[$0.name] } ?? -1
        }
        var extraNodes: [String: Int32] = [:]
        var required: [[Int32]] = []
        var optional: [[Int32]] = []
        required.reserveCapacity(cocktails.count)
        optional.reserveCapacity(cocktails.count)
        for cocktail in cocktails {
            var needs: [Int32] = []
            var nice: [Int32] = []
            for line in cocktail.recipe {
                let node: Int32
                if let known = table.ingredient(for: line) ?? Self.unmeasuredName(line).flatMap(table.ingredient(named:)), let index = tableNodes[known.name] {
                    node = index
                } else if let name = line.ingredient ?? Self.unmeasuredName(line) {
                    let key = IngredientTable.key(name)
                    if let existing = extraNodes[key] {
                        node = existing
                    } else {
                        node = Int32(names.count)
                        names.append(name)
                        parent.append(-1)
                        extraNodes[key] = node
                    }
                } else {
                    continue
                }
                if Self.isNiceToHave(line) {
                    if !nice.contains(node) { nice.append(node) }
                } else if !needs.contains(node) {
                    needs.append(node)
                }
            }
            nice.removeAll { needs.contains($0) }
            required.append(needs)
            optional.append(nice)
        }
        var needing = [Int32](repeating: 0, count: names.count)
        for needs in required { for node in needs { needing[Int(node)] += 1 } }
        self.names = names
        self.parent = parent
        self.extraNodes = extraNodes
        self.tableNodes = tableNodes
        self.required = required
        self.optional = optional
        drinksNeeding = needing
    }

    /// A line written without a measure (`Prosecco, to top`): the part before the comma.
    static func unmeasuredName(_ line: RecipeLine) -> String? {
        guard line.ingredient == nil else { return line.ingredient }
        let name = line.text.split(separator: ",", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        return name.isEmpty ? nil : name
    }

    /// Garnishes, rims and optional lines never keep a drink from being made.
    static func isNiceToHave(_ line: RecipeLine) -> Bool {
        let words = ((line.note ?? "") + " " + line.text).lowercased()
        return ["optional", "for the rim", "garnish", "served on the side"].contains { words.contains($0) }
    }

    /// The node of an ingredient name: the table's (aliases too) or one a recipe wrote.
    func node(named name: String) -> Int32? {
        if let entry = table.ingredient(named: name), let node = tableNodes[entry.name] { return node }
        return extraNodes[IngredientTable.key(name)]
    }

    /// The canonical value for `name` (`Gin` → `gin`), if the bar knows it: a table entry or
    /// an ingredient some recipe names.
    public func value(for name: String) -> String? {
        node(named: name).map { names[Int($0)] }
    }

    /// Every value a shelf may hold, alphabetically: the table and what recipes name.
    public var allValues: [String] {
        names.sorted { $0.localizedCaseInsensitiveCompare($1) == .orderedAscending }
    }

    /// How many drinks of the catalog name `value` (itself, not its family).
    public func drinksNaming(_ value: String) -> Int {
        node(named: value).map { Int(drinksNeeding[Int($0)]) } ?? 0
    }

    // MARK: Evaluating a shelf

    /// Works out what `shelf` can make. Positions are catalog positions.
    public func evaluate(_ shelf: Shelf) -> BarEvaluation {
        let (have, how) = coverage(shelf)
        var canMake: [BarEvaluation.Entry] = []
        var oneAway: [BarEvaluation.Entry] = []
        for position in required.indices {
            var missing: Int32 = -1
            var missingCount = 0
            for node in required[position] where how[Int(node)] == nil {
                missingCount += 1
                missing = node
                if missingCount > 1 { break }
            }
            guard missingCount <= 1 else { continue }
            let entry = BarEvaluation.Entry(
                position: position,
                missing: missingCount == 1 ? [names[Int(missing)]] : [],
                matchedBy: (required[position] + optional[position]).compactMap { node in
                    guard let kind = how[Int(node)], kind != .own else { return nil }
                    return BarEvaluation.Match(needed: names[Int(node)], have: names[Int(have[Int(node)])], how: kind)
                },
                niceToHave: optional[position].filter { how[Int($0)] == nil }.map { names[Int($0)] },
                uses: required[position].compactMap { node in how[Int(node)] == nil ? nil : names[Int(have[Int(node)])] }
            )
            if missingCount == 0 { canMake.append(entry) } else { oneAway.append(entry) }
        }
        return BarEvaluation(canMake: canMake, oneAway: oneAway)
    }

    /// Everything the drink at `position` lacks on `shelf`, however much that is.
    public func missing(at position: Int, on shelf: Shelf) -> [String] {
        guard required.indices.contains(position) else { return [] }
        let (_, how) = coverage(shelf)
        return required[position].filter { how[Int($0)] == nil }.map { names[Int($0)] }
    }

    /// Per node, the shelf's item that covers it and how, or nil.
    private func coverage(_ shelf: Shelf) -> (have: [Int32], how: [BarEvaluation.How?]) {
        let count = names.count
        var have = [Int32](repeating: -1, count: count)
        var how = [BarEvaluation.How?](repeating: nil, count: count)

        func stock(_ name: String) {
            guard let node = node(named: name) else { return }
            have[Int(node)] = node
            how[Int(node)] = .own
            var up = parent[Int(node)]
            var steps = 0
            while up >= 0, steps < count {
                if how[Int(up)] == nil {
                    have[Int(up)] = node
                    how[Int(up)] = .family
                }
                up = parent[Int(up)]
                steps += 1
            }
        }
        for name in shelf.bottles { stock(name) }
        for name in shelf.alwaysAvailable.union(BuiltInBar.alwaysAvailable) { stock(name) }

        // Rules apply to what the shelf itself provides: a rule never feeds another rule.
        let stocked = how
        func apply(use: String, insteadOf: String, as kind: BarEvaluation.How) {
            guard let from = node(named: use), stocked[Int(from)] != nil, let target = node(named: insteadOf) else { return }
            let bottle = have[Int(from)]
            var node = target
            var steps = 0
            while node >= 0, steps < count {
                if how[Int(node)] == nil {
                    have[Int(node)] = bottle
                    how[Int(node)] = kind
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

        return (have, how)
    }
}

/// What a shelf can make: the drinks it makes now and those one ingredient away, each with
/// the reasons.
public struct BarEvaluation: Sendable {
    /// How a needed ingredient is covered.
    public enum How: String, Sendable, Equatable {
        /// The very bottle is on the shelf.
        case own
        /// A bottle of its family is (London dry gin for gin).
        case family
        /// A built-in substitution.
        case builtInRule = "built-in"
        /// A substitution the person added.
        case yourRule = "yours"
    }

    /// `needed ← have`, and how.
    public struct Match: Sendable, Equatable {
        public var needed: String
        public var have: String
        public var how: How

        public init(needed: String, have: String, how: How) {
            self.needed = needed
            self.have = have
            self.how = how
        }
    }

    /// One drink with what it lacks and how the rest is covered.
    public struct Entry: Sendable, Equatable {
        /// The drink's position in the catalog.
        public var position: Int
        /// The one ingredient it lacks, if any (its value).
        public var missing: [String]
        /// Every ingredient covered by something other than itself.
        public var matchedBy: [Match]
        /// Garnishes and optional lines not on the shelf.
        public var niceToHave: [String]
        /// The shelf's items the drink uses, once each per line.
        public var uses: [String]
    }

    public let canMake: [Entry]
    public let oneAway: [Entry]

    /// The entry of the drink at `position`, if it is makeable now or one away.
    public func entry(at position: Int) -> Entry? {
        canMake.first { $0.position == position } ?? oneAway.first { $0.position == position }
    }

    /// A bottle to buy: the value and the positions of the drinks it would complete.
    public struct Suggestion: Sendable, Equatable {
        public var value: String
        public var positions: [Int]
        public var unlocks: Int { positions.count }
    }

    /// What to buy next: each missing ingredient of the one-away drinks with the drinks it
    /// completes (each drink once), most drinks first, then by name.
    public func suggestions() -> [Suggestion] {
        var byValue: [String: [Int]] = [:]
        for entry in oneAway { if let value = entry.missing.first { byValue[value, default: []].append(entry.position) } }
        return byValue.map { Suggestion(value: $0.key, positions: $0.value) }.sorted {
            $0.unlocks != $1.unlocks ? $0.unlocks > $1.unlocks : $0.value.localizedCaseInsensitiveCompare($1.value) == .orderedAscending
        }
    }

    /// Per bottle, how many of the drinks makeable now use it.
    public func drinksEnabled() -> [String: Int] {
        var counts: [String: Int] = [:]
        for entry in canMake { for value in Set(entry.uses) { counts[value, default: 0] += 1 } }
        return counts
    }
}
