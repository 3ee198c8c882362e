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
