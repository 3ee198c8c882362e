/// Per catalog position, a short list of names (a drink's ingredients), kept as numbers into
/// one table of the distinct names: as 10,000 arrays of strings they took 1.1 MB, as numbers
/// 0.2 MB.
struct NameLists: Sendable {
    /// Every name some list has, each once, in the order first met.
    let distinct: [String]
    private let numbers: [Int32]
    private let ends: [Int32]

    /// Collects the lists position by position.
    struct Builder {
        private var distinct: [String] = []
        private var numberByName: [String: Int32] = [:]
        private var numbers: [Int32] = []
        private var ends: [Int32] = []

        init(capacity: Int) {
            ends.reserveCapacity(capacity)
        }

        /// Adds the list of the next position.
        mutating func append(_ names: [String]) {
            for name in names {
                if let number = numberByName[name] {
                    numbers.append(number)
                } else {
                    let number = Int32(distinct.count)
                    distinct.append(name)
                    numberByName[name] = number
                    numbers.append(number)
                }
            }
            ends.append(Int32(numbers.count))
        }

        func build() -> NameLists {
            // Copied to their exact size: grown by doubling, the numbers have up to twice the room.
            NameLists(distinct: distinct, numbers: numbers.withUnsafeBufferPointer(Array.init), ends: ends)
        }
    }

    private init(distinct: [String], numbers: [Int32], ends: [Int32]) {
        self.distinct = distinct
        self.numbers = numbers
        self.ends = ends
    }

    /// How many positions have a list.
    var count: Int { ends.count }

    var indices: Range<Int> { 0..<ends.count }

    /// The names of the list at `position`, in the order given.
    subscript(position: Int) -> LazyMapSequence<ArraySlice<Int32>, String> {
        let start = position == 0 ? 0 : Int(ends[position - 1])
        return numbers[start..<Int(ends[position])].lazy.map { distinct[Int($0)] }
    }
}
