/// A set of catalog positions as a bitmap: unions and intersections over a whole catalog cost a
/// few thousand word operations even at 100,000 cocktails.
struct DocumentSet: Equatable {
    private(set) var words: [UInt64]

    init(count: Int, full: Bool = false) {
        words = [UInt64](repeating: full ? ~0 : 0, count: (count + 63) / 64)
        if full, count % 64 != 0 { words[words.count - 1] = (1 << UInt64(count % 64)) - 1 }
    }

    mutating func insert(_ position: Int32) {
        words[Int(position) >> 6] |= 1 << UInt64(position & 63)
    }

    mutating func insert(contentsOf positions: [Int32]) {
        for position in positions { insert(position) }
    }

    func contains(_ position: Int) -> Bool {
        words[position >> 6] & (1 << UInt64(position & 63)) != 0
    }

    mutating func formUnion(_ other: DocumentSet) {
        for index in words.indices { words[index] |= other.words[index] }
    }

    /// Adds the positions of a bitmap of the same catalog, given as its words.
    mutating func formUnion(words other: ArraySlice<UInt64>) {
        precondition(other.count == words.count, "a bitmap of the same catalog")
        for (index, word) in zip(words.indices, other) { words[index] |= word }
    }

    mutating func formIntersection(_ other: DocumentSet) {
        for index in words.indices { words[index] &= other.words[index] }
    }

    mutating func subtract(_ other: DocumentSet) {
        for index in words.indices { words[index] &= ~other.words[index] }
    }

    var isEmpty: Bool { words.allSatisfy { $0 == 0 } }

    /// The positions, ascending.
    var positions: [Int] {
        var result: [Int] = []
        for (index, word) in words.enumerated() where word != 0 {
            var bits = word
            while bits != 0 {
                result.append(index << 6 + bits.trailingZeroBitCount)
                bits &= bits - 1
            }
        }
        return result
    }
}
