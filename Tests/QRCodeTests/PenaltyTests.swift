import Testing

@testable import QRCode

private func line(_ pattern: String) -> [Bool] { pattern.map { $0 == "#" } }

extension Penalty {
    fileprivate static func runs(_ line: [Bool]) -> Int { line.withUnsafeBufferPointer { runs($0) } }
    fileprivate static func finderLike(_ line: [Bool]) -> Int { line.withUnsafeBufferPointer { finderLike($0) } }
    fileprivate static func blocks(_ grid: Grid) -> Int {
        grid.dark.withUnsafeBufferPointer { blocks($0, size: grid.size) }
    }
    fileprivate static func balance(_ grid: Grid) -> Int { grid.dark.withUnsafeBufferPointer { balance($0) } }
}

@Suite("Mask penalty rules")
struct PenaltyTests {
    @Test("Rule 1: runs of five or more score 3 plus one per extra module")
    func runs() {
        #expect(Penalty.runs(line("####.####.")) == 0)
        #expect(Penalty.runs(line("#####.#.#.")) == 3)
        #expect(Penalty.runs(line("#.#.#......")) == 4) // a light run of six at the end
        #expect(Penalty.runs(line("##########")) == 8)
        #expect(Penalty.runs(line(".....#####")) == 6)
    }

    @Test("Rule 2: every 2 × 2 square of one colour scores 3, overlapping ones too")
    func blocks() {
        var grid = Grid(size: 4)
        // A checkerboard has no square at all.
        grid.dark = (0..<16).map { ($0 % 4 + $0 / 4) % 2 == 0 }
        #expect(Penalty.blocks(grid) == 0)
        // All one colour: 3 × 3 overlapping squares.
        grid.dark = [Bool](repeating: true, count: 16)
        #expect(Penalty.blocks(grid) == 27)
    }

    @Test("Rule 3: 1:1:3:1:1 with four light modules on one side scores 40; the edge counts as light")
    func finderLike() {
        #expect(Penalty.finderLike(line("....#.###.#.#")) == 40)
        #expect(Penalty.finderLike(line("#.#.###.#....#")) == 40)
        #expect(Penalty.finderLike(line("#.###.#")) == 40) // the quiet zone on both sides, counted once
        #expect(Penalty.finderLike(line("#...#.###.#...#")) == 0)
        #expect(Penalty.finderLike(line("....#.##.#....")) == 0)
    }

    @Test("Rule 4: 10 for each full 5 % away from an even share of dark modules")
    func balance() {
        var grid = Grid(size: 10)
        func darken(_ count: Int) { grid.dark = (0..<100).map { $0 < count } }
        darken(50)
        #expect(Penalty.balance(grid) == 0)
        darken(54)
        #expect(Penalty.balance(grid) == 0)
        darken(55)
        #expect(Penalty.balance(grid) == 10)
        darken(39)
        #expect(Penalty.balance(grid) == 20)
        darken(100)
        #expect(Penalty.balance(grid) == 100)
    }
}
