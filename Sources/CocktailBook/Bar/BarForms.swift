/// The ingredient table's forms and stand-ins (`formOf`, `formBothWays`, `standsInFor`), read
/// once into the bar's nodes so that evaluating a shelf only walks short integer lists.
struct BarForms: Sendable {
    /// Per node, what it is a form of, or -1.
    let base: [Int32]
    /// Per node, whether that form also counts for its base and the base's other two-way forms.
    let bothWays: [Bool]
    /// Per node, what a person buys to have it: its base's base…, or itself.
    let purchase: [Int32]
    /// Per base node, its forms.
    private let formsOf: [Int32: [Int32]]
    /// Per node, what a bottle of it stands in for.
    private let standInsOf: [Int32: [Int32]]

    /// Reads `table`, whose entries are nodes `nodes[name]`; `count` nodes in all (names recipes
    /// use outside the table have no forms).
    init(table: IngredientTable, nodes: [String: Int32], count: Int) {
        let node = { (name: String) -> Int32? in table.ingredient(named: name).flatMap { nodes[$0.name] } }
        var base = [Int32](repeating: -1, count: count)
        var bothWays = [Bool](repeating: false, count: count)
        var formsOf: [Int32: [Int32]] = [:]
        var standInsOf: [Int32: [Int32]] = [:]
        for ingredient in table.ingredients {
            guard let this = nodes[ingredient.name] else { continue }
            if let of = ingredient.formOf.flatMap(node), of != this {
                base[Int(this)] = of
                bothWays[Int(this)] = ingredient.formBothWays
                formsOf[of, default: []].append(this)
            }
            let targets = ingredient.standsInFor.compactMap(node).filter { $0 != this }
            if !targets.isEmpty { standInsOf[this] = targets }
        }
        // A form of a form is bought as the first one's base; a loop in the table ends the walk.
        purchase = (0..<count).map { start in
            var current = Int32(start)
            var steps = 0
            while base[Int(current)] >= 0, steps < count {
                current = base[Int(current)]
                steps += 1
            }
            return current
        }
        self.base = base
        self.bothWays = bothWays
        self.formsOf = formsOf
        self.standInsOf = standInsOf
    }

    /// The forms made from `node` (`fresh lime juice`, `lime wedge`… from `lime`).
    func forms(madeFrom node: Int32) -> [Int32] { formsOf[node] ?? [] }

    /// What a bottle of `node` stands in for.
    func standIns(for node: Int32) -> [Int32] { standInsOf[node] ?? [] }
}
