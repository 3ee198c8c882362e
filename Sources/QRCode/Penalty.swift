/// The penalty of a masked symbol (ISO/IEC 18004:2015, 7.8.3, Table 11): the encoder tries all
/// eight masks and keeps the lowest score, so that the symbol has no large blotches, no stripes
/// that look like a finder pattern, and about as many dark modules as light ones. Any mask gives a
/// valid symbol; the penalty only makes it easier to read.
enum Penalty {
    /// The sum of the four rules' scores for the whole symbol, format information included.
    /// (Plain loops over unsafe buffers: the encoder scores eight candidates per symbol, and this
    /// stays quick even in a debug build, where every array access would retain the array.)
    static func score(_ grid: Grid) -> Int {
        let size = grid.size
        var column = [Bool](repeating: false, count: size)
        return grid.dark.withUnsafeBufferPointer { modules in
            var total = blocks(modules, size: size) + balance(modules)
            for index in 0..<size {
                let row = UnsafeBufferPointer(rebasing: modules[index * size..<(index + 1) * size])
                total += runs(row) + finderLike(row)
                for position in 0..<size { column[position] = modules[position * size + index] }
                total += column.withUnsafeBufferPointer { runs($0) + finderLike($0) }
            }
            return total
        }
    }

    /// Rule 1: each run of five or more modules of one colour in a row or column scores 3, plus 1
    /// for every module beyond the fifth.
    static func runs(_ line: UnsafeBufferPointer<Bool>) -> Int {
        var score = 0
        var length = 1
        for index in 1..<line.count {
            if line[index] == line[index - 1] {
                length += 1
            } else {
                if length >= 5 { score += length - 2 }
                length = 1
            }
        }
        if length >= 5 { score += length - 2 }
        return score
    }

    /// Rule 2: each 2 × 2 square of one colour scores 3; the squares may overlap, so a block of
    /// m × n modules scores 3 × (m − 1) × (n − 1).
    static func blocks(_ modules: UnsafeBufferPointer<Bool>, size: Int) -> Int {
        var score = 0
        for y in 0..<size - 1 {
            for x in 0..<size - 1 {
                let index = y * size + x
                let colour = modules[index]
                if modules[index + 1] == colour && modules[index + size] == colour
                    && modules[index + size + 1] == colour
                {
                    score += 3
                }
            }
        }
        return score
    }

    /// Rule 3: each dark–light–dark–light–dark stretch in the proportions 1:1:3:1:1 (a finder
    /// pattern's cross-section, one module wide here) with four light modules before it or after it
    /// scores 40, once even when both sides are light. Outside the symbol counts as light: it is
    /// the quiet zone.
    static func finderLike(_ line: UnsafeBufferPointer<Bool>) -> Int {
        let count = line.count
        var score = 0
        for start in 0..<count - 6 where line[start] {
            if line[start + 1] || !line[start + 2] || !line[start + 3] || !line[start + 4] || line[start + 5]
                || !line[start + 6]
            {
                continue
            }
            var lightBefore = true
            var lightAfter = true
            for offset in 1...4 {
                if start - offset >= 0 && line[start - offset] { lightBefore = false }
                if start + 6 + offset < count && line[start + 6 + offset] { lightAfter = false }
            }
            if lightBefore || lightAfter { score += 40 }
        }
        return score
    }

    /// Rule 4: the further the share of dark modules is from half, the higher the score: 10 for
    /// each full 5 % step away from 50 %.
    static func balance(_ modules: UnsafeBufferPointer<Bool>) -> Int {
        var dark = 0
        for module in modules where module { dark += 1 }
        // |dark / total − 1/2| in whole steps of 5 %: |20 × dark − 10 × total| / total, rounded down.
        return 10 * (abs(20 * dark - 10 * modules.count) / modules.count)
    }
}
