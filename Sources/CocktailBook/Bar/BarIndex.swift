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
    /// Each family's members, all the way down, by the family's value (gin: London dry gin,
    /// Old Tom gin): what a bottle of it also counts for. Made once, with the index.
    public let families: [String: [String]]
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
    /// Lines that insist on their ingredient (`50 ml Plymouth gin, exactly`): a one-member group
    /// each, by member, which a bottle of its family only stands in for.
    let exactOf: [Int32: Int32]

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
        /// The line says "exactly": a bottle of the ingredient's family does not make it.
        var isExact = false

        init(name: String, isNiceToHave: Bool, alternatives: [String] = [], isExact: Bool = false) {
            self.name = name
            self.isNiceToHave = isNiceToHave
            self.alternatives = alternatives
            self.isExact = isExact
        }

        /// The line `line` of a recipe, or nil when it names no ingredient at all.
        init?(_ line: RecipeLine, table: IngredientTable) {
            let written = BarIndex.unmeasuredName(line)
            guard
                let name = table.ingredient(for: line)?.name ?? written.flatMap({ table.ingredient(named: $0)?.name })
                    ?? written
            else { return nil }
            let isExact = BarIndex.isExact(line)
            self.init(
                name: name, isNiceToHave: BarIndex.isNiceToHave(line),
                alternatives: isExact ? [] : BarIndex.alternatives(in: line, table: table).filter { $0 != name },
                isExact: isExact)
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
        var exactOf: [Int32: Int32] = [:]
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
                let node =
                    line.isExact
                    ? exactly(line.name)
                    : line.alternatives.isEmpty ? node(for: line.name) : group(of: [line.name] + line.alternatives)
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

        /// The node of a line that insists on `name`: a group of that one member, shared by every
        /// recipe that insists on it.
        private mutating func exactly(_ name: String) -> Int32 {
            let member = node(for: name)
            if let known = exactOf[member] { return known }
            let group = Int32(names.count)
            names.append(name + " (exactly)")
            parent.append(-1)
            groups[group] = [member]
            exactOf[member] = group
            return group
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
        families = Self.families(names: builder.names, parent: builder.parent)
        extraNodes = builder.extraNodes
        tableNodes = builder.tableNodes
        required = builder.required
        optional = builder.optional
        groups = builder.groups
        exactOf = builder.exactOf
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

    /// A line that says "exactly" (`50 ml Plymouth gin, exactly`) wants that bottle, not any of
    /// its family.
    static func isExact(_ line: RecipeLine) -> Bool {
        ((line.note ?? "") + " " + line.text).lowercased().split { !$0.isLetter }.contains("exactly")
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

    /// The members of `value`'s family, all the way down (gin: London dry gin, Old Tom gin), in
    /// the table's order: what a bottle of it also counts for.
    public func members(of value: String) -> [String] {
        guard let top = node(named: value) else { return [] }
        return families[names[Int(top)]] ?? []
    }

    /// Every family's members, all the way down, by the family's value: one walk up from each
    /// ingredient.
    static func families(names: [String], parent: [Int32]) -> [String: [String]] {
        var members: [String: [String]] = [:]
        for index in names.indices {
            var up = parent[index]
            var steps = 0
            while up >= 0, steps < names.count {
                members[names[Int(up)], default: []].append(names[index])
                up = parent[Int(up)]
                steps += 1
            }
        }
        return members
    }

    /// How many drinks of the catalog name `value` (itself, not its family).
    public func drinksNaming(_ value: String) -> Int {
        node(named: value).map { Int(drinksNeeding[Int($0)]) } ?? 0
    }
}
