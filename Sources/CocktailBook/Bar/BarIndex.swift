import CocktailsAPI

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
    let required: FlatLists
    let optional: FlatLists
    /// Per node, how many drinks need it: for "Campari → 7 more drinks" style counts.
    let drinksNeeding: [Int32]
    /// The table's forms and stand-ins, by node.
    let forms: BarForms
    /// The house recipes the bar knows, by node, each after those it uses.
    let house: [HouseNode]
    /// Per node, its index in ``house``, or -1.
    let houseOf: [Int32]
    /// The recipes themselves, for what a page shows of them.
    public let houseRecipes: HouseRecipes
    /// Lines that name their own alternative (`45 ml bourbon, or rye whiskey`): a node of their
    /// own, with its members, the recipe's first choice first. Covered as its best-covered member
    /// is; never a value of the shelf, never shown (pages name the member).
    let groups: [Int32: [Int32]]

    /// A house-made ingredient as the evaluation reads it.
    struct HouseNode: Sendable {
        /// The ingredient it makes.
        var node: Int32
        /// What goes in, as nodes; -1 for a name the bar does not know (never at hand).
        var lines: [Int32]
        var minutes: Int
        /// The recipe itself, for what making a batch takes and what it costs.
        var recipe: HouseRecipe
    }

    /// A recipe line as the bar reads it: the ingredient's name (canonical when the table
    /// knows it, else as written) and whether the drink can do without it.
    public struct Line: Sendable, Equatable {
        var name: String
        var isNiceToHave: Bool
        /// What the line itself says will do as well (`, or rye whiskey`): the drink as written.
        var alternatives: [String] = []

        init(name: String, isNiceToHave: Bool, alternatives: [String] = []) {
            self.name = name
            self.isNiceToHave = isNiceToHave
            self.alternatives = alternatives
        }

        /// The line `line` of a recipe, or nil when it names no ingredient at all.
        init?(_ line: RecipeLine, table: IngredientTable) {
            let written = BarIndex.unmeasuredName(line)
            guard
                let name = table.ingredient(for: line)?.name ?? written.flatMap({ table.ingredient(named: $0)?.name })
                    ?? written
            else { return nil }
            self.init(
                name: name, isNiceToHave: BarIndex.isNiceToHave(line),
                alternatives: BarIndex.alternatives(in: line, table: table).filter { $0 != name })
        }
    }

    /// The ingredients a measured line names as its own alternatives after a comma (`45 ml
    /// bourbon, or rye whiskey`; `60 ml Cuban aguardiente, or a young white rum`): the table's
    /// name where it knows one, else as written. `such as Shiraz or Malbec` names none.
    static func alternatives(in line: RecipeLine, table: IngredientTable) -> [String] {
        guard line.ingredient != nil, let note = line.note, note.lowercased().hasPrefix("or ") else { return [] }
        // What follows the alternative (`, to taste`) is not part of it.
        var rest = (note.dropFirst(3).split(separator: ",", maxSplits: 1).first ?? "")
            .trimmingCharacters(in: .whitespaces)
        for article in ["a ", "an ", "the "] where rest.lowercased().hasPrefix(article) {
            rest = String(rest.dropFirst(article.count))
            break
        }
        guard !rest.isEmpty else { return [] }
        // A word before a name the table knows describes it (`young white rum` is white rum).
        var words = rest.split(separator: " ")
        while !words.isEmpty {
            if let known = table.ingredient(named: words.joined(separator: " ")) { return [known.name] }
            words.removeFirst()
        }
        return [rest]
    }

    /// Reads every recipe of `cocktails` (in catalog order) through `table`, with the house
    /// recipes of `houseRecipes` (the bundled ones unless told).
    public init(cocktails: [Cocktail], table: IngredientTable, houseRecipes: HouseRecipes = .bundled) {
        var builder = Builder(table: table, capacity: cocktails.count)
        var cache: [String: Line?] = [:]
        for cocktail in cocktails {
            builder.add(
                cocktail.ingredients.compactMap { text -> Line? in
                    if let known = cache[text] { return known }
                    let read = Line(IngredientParser.parse(text), table: table)
                    cache[text] = read
                    return read
                })
        }
        self.init(builder, houseRecipes: houseRecipes)
    }

    /// Collects recipes one at a time, straight into the flat lists.
    struct Builder {
        let table: IngredientTable
        var names: [String]
        var parent: [Int32]
        var tableNodes: [String: Int32] = [:]
        var extraNodes: [String: Int32] = [:]
        var nodeOfName: [String: Int32]
        var required: FlatLists
        var optional: FlatLists
        var groups: [Int32: [Int32]] = [:]
        private var groupOfMembers: [[Int32]: Int32] = [:]
        private var needs: [Int32] = []
        private var nice: [Int32] = []

        init(table: IngredientTable, capacity: Int) {
            self.table = table
            names = table.ingredients.map(\.name)
            for (index, ingredient) in table.ingredients.enumerated() { tableNodes[ingredient.name] = Int32(index) }
            let nodes = tableNodes
            parent = table.ingredients.map { ingredient in
                ingredient.parent.flatMap { table.ingredient(named: $0) }.flatMap { nodes[$0.name] } ?? -1
            }
            nodeOfName = tableNodes
            required = FlatLists(capacity: capacity)
            optional = FlatLists(capacity: capacity)
        }

        /// Gives `name` a node of its own when the table and the recipes so far do not know it.
        mutating func addName(_ name: String) {
            if let entry = table.ingredient(named: name), tableNodes[entry.name] != nil { return }
            let key = IngredientTable.key(name)
            guard extraNodes[key] == nil, !key.isEmpty else { return }
            extraNodes[key] = Int32(names.count)
            nodeOfName[name] = Int32(names.count)
            names.append(name)
            parent.append(-1)
        }

        /// Adds the next cocktail's recipe.
        mutating func add(_ recipe: some Sequence<Line>) {
            needs.removeAll(keepingCapacity: true)
            nice.removeAll(keepingCapacity: true)
            for line in recipe {
                let node = line.alternatives.isEmpty ? node(for: line.name) : group(of: [line.name] + line.alternatives)
                if line.isNiceToHave {
                    if !nice.contains(node) { nice.append(node) }
                } else if !needs.contains(node) {
                    needs.append(node)
                }
            }
            let required = needs
            nice.removeAll { required.contains($0) }
            self.required.append(needs)
            optional.append(nice)
        }

        /// The node of an ingredient a recipe names: the table's, or one of its own for a name
        /// the table does not know, kept as the recipe wrote it.
        private mutating func node(for name: String) -> Int32 {
            if let known = nodeOfName[name] { return known }
            let key = IngredientTable.key(name)
            let node: Int32
            if let existing = extraNodes[key] {
                node = existing
            } else {
                node = Int32(names.count)
                names.append(name)
                parent.append(-1)
                extraNodes[key] = node
            }
            nodeOfName[name] = node
            return node
        }

        /// The node of a line naming alternatives: one per set of members, shared by every
        /// recipe that names the same ones in the same order.
        private mutating func group(of names: [String]) -> Int32 {
            var members: [Int32] = []
            for name in names {
                let member = node(for: name)
                if !members.contains(member) { members.append(member) }
            }
            guard members.count > 1 else { return members[0] }
            if let known = groupOfMembers[members] { return known }
            let group = Int32(self.names.count)
            self.names.append(names.joined(separator: " | "))
            parent.append(-1)
            groupOfMembers[members] = group
            groups[group] = members
            return group
        }
    }

    /// The index of what `builder` collected, with `houseRecipes`.
    init(_ builder: Builder, houseRecipes: HouseRecipes = .bundled) {
        var builder = builder
        // What a house recipe makes or uses is an ingredient the bar knows, even when neither
        // the table nor any drink names it (a new rosemary syrup, the rosemary it is made of).
        for recipe in houseRecipes.recipes {
            for name in [recipe.ingredient] + recipe.lines.map(\.ingredient) {
                builder.addName(name)
            }
        }
        table = builder.table
        names = builder.names
        parent = builder.parent
        extraNodes = builder.extraNodes
        tableNodes = builder.tableNodes
        required = builder.required
        optional = builder.optional
        groups = builder.groups
        var needing = [Int32](repeating: 0, count: builder.names.count)
        for node in builder.required.nodes {
            needing[Int(node)] += 1
            for member in builder.groups[node] ?? [] { needing[Int(member)] += 1 }
        }
        drinksNeeding = needing
        forms = BarForms(table: builder.table, nodes: builder.tableNodes, count: builder.names.count)
        self.houseRecipes = houseRecipes
        let nodeOf = { (name: String) -> Int32? in
            if let entry = builder.table.ingredient(named: name), let node = builder.tableNodes[entry.name] {
                return node
            }
            return builder.extraNodes[IngredientTable.key(name)]
        }
        var house: [HouseNode] = []
        var houseOf = [Int32](repeating: -1, count: builder.names.count)
        for recipe in houseRecipes.inMakingOrder {
            guard let node = nodeOf(recipe.ingredient), houseOf[Int(node)] < 0 else { continue }
            houseOf[Int(node)] = Int32(house.count)
            house.append(
                HouseNode(
                    node: node, lines: recipe.lines.map { nodeOf($0.ingredient) ?? -1 }, minutes: recipe.minutes,
                    recipe: recipe))
        }
        self.house = house
        self.houseOf = houseOf
    }

    /// A line written without a measure (`Prosecco, to top`): the part before the comma.
    static func unmeasuredName(_ line: RecipeLine) -> String? {
        guard line.ingredient == nil else { return line.ingredient }
        let name =
            line.text.split(separator: ",", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
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
        names.indices.filter { groups[Int32($0)] == nil }.map { names[$0] }
            .sorted { $0.localizedCaseInsensitiveCompare($1) == .orderedAscending }
    }

    /// How many drinks of the catalog name `value` (itself, not its family).
    public func drinksNaming(_ value: String) -> Int {
        node(named: value).map { Int(drinksNeeding[Int($0)]) } ?? 0
    }

    // MARK: Evaluating a shelf

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
            how[Int(group)] = how[Int(member)]
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
        let members = [first] + line.alternatives.compactMap { node(named: $0) }
        return members.count > 1 ? bestCovered(members, how: how) ?? first : first
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
        /// Another form of the same thing (a sugar cube from sugar, lime juice from limes).
        case form
        /// A reviewed stand-in that changes the drink (bourbon for rye whiskey): such drinks are
        /// makeable with a stand-in, not now.
        case standIn = "stand-in"
        /// A house-made ingredient whose recipe the shelf covers: honey syrup from your honey.
        case houseMade = "house-made"

        var code: UInt8 {
            switch self {
            case .own: 1
            case .family: 2
            case .builtInRule: 3
            case .yourRule: 4
            case .form: 5
            case .standIn: 6
            case .houseMade: 7
            }
        }

        init?(code: UInt8) {
            switch code {
            case 1: self = .own
            case 2: self = .family
            case 3: self = .builtInRule
            case 4: self = .yourRule
            case 5: self = .form
            case 6: self = .standIn
            case 7: self = .houseMade
            default: return nil
            }
        }
    }

    /// `needed ← have`, and how.
    public struct Match: Sendable, Equatable {
        public var needed: String
        public var have: String
        public var how: How
        /// For a house-made ingredient, about how long a batch takes to make.
        public var minutes: Int?

        public init(needed: String, have: String, how: How, minutes: Int? = nil) {
            self.needed = needed
            self.have = have
            self.how = how
            self.minutes = minutes
        }
    }

    /// One drink with what it lacks and how the rest is covered.
    public struct Entry: Sendable, Equatable {
        /// The drink's position in the catalog.
        public var position: Int
        /// The one ingredient it lacks, if any (its value).
        public var missing: [String]
        /// Every ingredient covered by something other than itself, stand-ins included.
        public var matchedBy: [Match]
        /// The stand-ins among them (`rye whiskey ← bourbon`): empty for a drink makeable now.
        public var standIns: [Match] { matchedBy.filter { $0.how == .standIn } }
        /// Garnishes and optional lines not on the shelf.
        public var niceToHave: [String]
    }

    let index: BarIndex
    let have: [Int32]
    let how: [UInt8]
    /// The positions of the drinks the shelf makes now, in catalog order: every line covered
    /// by its own bottle, a family's, a form of it or a rule, never a stand-in.
    public let canMakePositions: [Int]
    /// The positions of the drinks the shelf makes only with a stand-in, in catalog order.
    public let standInPositions: [Int]
    /// The positions of the drinks one ingredient away, in catalog order…
    public let oneAwayPositions: [Int]
    /// …and, for each, the node it lacks.
    let oneAwayMissing: [Int32]

    /// The drinks makeable now, with their explanations.
    public var canMake: [Entry] { canMakePositions.compactMap(entry(at:)) }
    /// The drinks makeable with a stand-in, with their explanations.
    public var withStandIn: [Entry] { standInPositions.compactMap(entry(at:)) }
    /// The drinks one ingredient away, with their explanations.
    public var oneAway: [Entry] { oneAwayPositions.compactMap(entry(at:)) }

    /// The explanation of the drink at `position`: what it lacks and how the rest is covered.
    public func entry(at position: Int) -> Entry? {
        guard index.required.indices.contains(position) else { return nil }
        // Arrays are only made when there is something to put in them: most drinks of a
        // "now" list have nothing missing and every line on the shelf as written.
        let names = index.names
        var missing: [String] = []
        var matchedBy: [Match] = []
        var niceToHave: [String] = []
        func read(_ listed: Int32, required: Bool) {
            // A line naming alternatives speaks of the one that covers it, or of its first.
            let node = index.groups[listed].map { index.bestCovered($0, how: how) ?? $0[0] } ?? listed
            let code = how[Int(node)]
            if code == 0 {
                if required { missing.append(names[Int(node)]) } else { niceToHave.append(names[Int(node)]) }
            } else if code != How.own.code, let kind = How(code: code) {
                let recipe = kind == .houseMade ? index.houseOf[Int(node)] : -1
                matchedBy.append(
                    Match(
                        needed: names[Int(node)], have: names[Int(have[Int(node)])], how: kind,
                        minutes: recipe >= 0 ? index.house[Int(recipe)].minutes : nil))
            }
        }
        for node in index.required[position] {
            read(node, required: true)
            if missing.count > 1 { return nil }
        }
        for node in index.optional[position] { read(node, required: false) }
        return Entry(position: position, missing: missing, matchedBy: matchedBy, niceToHave: niceToHave)
    }

    /// A bottle to buy: the value and the positions of the drinks it would complete.
    public struct Suggestion: Sendable, Equatable {
        public var value: String
        public var positions: [Int]
        public var unlocks: Int { positions.count }
        /// The house-made ingredients it makes those drinks through (`honey syrup` for honey).
        public var through: [String] = []
    }

    /// What to buy next: what a person buys for each missing ingredient of the one-away drinks
    /// (lemons for fresh lemon juice), with the drinks it completes (each drink once), most
    /// drinks first, then by name.
    public func suggestions() -> [Suggestion] {
        var byNode: [Int32: [Int]] = [:]
        var through: [Int32: [Int32]] = [:]
        for (position, node) in zip(oneAwayPositions, oneAwayMissing) {
            // A house-made ingredient whose recipe lacks one thing: buying that thing is enough.
            let buy = index.toBuy(for: node, how: how)
            let bought = buy.count == 1 ? buy[0] : index.forms.purchase[Int(node)]
            byNode[bought, default: []].append(position)
            if index.houseOf[Int(node)] >= 0, bought != node, !(through[bought] ?? []).contains(node) {
                through[bought, default: []].append(node)
            }
        }
        return byNode.map {
            Suggestion(
                value: index.names[Int($0.key)], positions: $0.value,
                through: (through[$0.key] ?? []).map { index.names[Int($0)] }.sorted())
        }.sorted {
            $0.unlocks != $1.unlocks
                ? $0.unlocks > $1.unlocks : $0.value.localizedCaseInsensitiveCompare($1.value) == .orderedAscending
        }
    }

    /// Per bottle, how many of the drinks it makes use it: those makeable now and with a
    /// stand-in ("Angostura bitters — in 7 drinks you can make").
    public func drinksEnabled() -> [String: Int] {
        var counts: [Int32: Int] = [:]
        for position in canMakePositions + standInPositions {
            var seen = Set<Int32>()
            for node in index.required[position] where seen.insert(have[Int(node)]).inserted {
                counts[have[Int(node)], default: 0] += 1
            }
        }
        return Dictionary(uniqueKeysWithValues: counts.map { (index.names[Int($0.key)], $0.value) })
    }
}

/// Many short lists of nodes in two flat arrays: one list per cocktail without an array (and an
/// allocation) each, which keeps 100,000 recipes small and the evaluation's reads together.
struct FlatLists: Sendable {
    /// Every list's nodes, one after another.
    private(set) var nodes: [Int32] = []
    /// Where each list starts in `nodes`, plus the end: `count + 1` entries.
    private(set) var starts: [Int32] = [0]

    init(capacity: Int) {
        starts.reserveCapacity(capacity + 1)
        nodes.reserveCapacity(capacity * 4)
    }

    mutating func append(_ list: some Collection<Int32>) {
        nodes.append(contentsOf: list)
        starts.append(Int32(nodes.count))
    }

    var count: Int { starts.count - 1 }
    var indices: Range<Int> { 0..<count }

    subscript(position: Int) -> ArraySlice<Int32> {
        nodes[Int(starts[position])..<Int(starts[position + 1])]
    }
}
