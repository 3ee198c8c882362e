/// A square of modules being drawn: each is dark or light, and the function modules (everything
/// that is not data) are marked so that data placement and masking pass them by.
struct Grid {
    let size: Int
    var dark: [Bool]
    var function: [Bool]

    init(size: Int) {
        self.size = size
        dark = [Bool](repeating: false, count: size * size)
        function = [Bool](repeating: false, count: size * size)
    }

    subscript(x: Int, y: Int) -> Bool { dark[y * size + x] }

    func isFunction(_ x: Int, _ y: Int) -> Bool { function[y * size + x] }

    mutating func setFunction(_ x: Int, _ y: Int, dark isDark: Bool) {
        dark[y * size + x] = isDark
        function[y * size + x] = true
    }
}

/// Where everything that is not data goes (ISO/IEC 18004:2015, 6.3), and how many codewords the
/// rest of the symbol holds.
enum Layout {
    static func size(version: Int) -> Int { 17 + 4 * version }

    /// The version's function patterns, with the format and version information reserved (light
    /// for now: `Symbol` writes them once the mask is known).
    static func functionPatterns(version: Int) -> Grid {
        var grid = Grid(size: size(version: version))
        let last = grid.size - 1
        // Timing patterns along row 6 and column 6, dark on even coordinates; the finders'
        // corners overwrite their ends below.
        for index in 0...last {
            grid.setFunction(index, 6, dark: index % 2 == 0)
            grid.setFunction(6, index, dark: index % 2 == 0)
        }
        // Finder patterns at three corners, each with its light separator: by the distance
        // from the centre (the larger of |dx| and |dy|), 0–1 dark, 2 light, 3 dark, 4 light.
        for (centreX, centreY) in [(3, 3), (last - 3, 3), (3, last - 3)] {
            for dy in -4...4 {
                for dx in -4...4 {
                    let x = centreX + dx
                    let y = centreY + dy
                    guard (0...last).contains(x), (0...last).contains(y) else { continue }
                    let distance = max(abs(dx), abs(dy))
                    grid.setFunction(x, y, dark: distance != 2 && distance != 4)
                }
            }
        }
        // Alignment patterns at every pair of the table's centres, except on the finders:
        // by the distance from the centre, 0 dark, 1 light, 2 dark.
        let centres = SymbolTables.alignmentCentres(version: version)
        let onFinder: Set<[Int]> = [[6, 6], [6, last - 6], [last - 6, 6]]
        for centreY in centres {
            for centreX in centres {
                if onFinder.contains([centreX, centreY]) { continue }
                for dy in -2...2 {
                    for dx in -2...2 {
                        grid.setFunction(centreX + dx, centreY + dy, dark: max(abs(dx), abs(dy)) != 1)
                    }
                }
            }
        }
        grid.drawFormat(bits: 0)
        if version >= 7 { grid.drawVersion(bits: 0) }
        return grid
    }

    /// The codewords (data and error correction) of each version: the modules left for them,
    /// divided by 8. The 0, 3, 4 or 7 modules left over are the remainder bits, left light (and
    /// masked).
    private static let totalCodewordsTable: [Int] = QRCode.versions.map { version in
        functionPatterns(version: version).function.lazy.filter { !$0 }.count / 8
    }

    static func totalCodewords(version: Int) -> Int { totalCodewordsTable[version - 1] }

    static func dataCodewords(version: Int, correction: QRCode.Correction) -> Int {
        let blocks = SymbolTables.blocks(version: version, correction: correction)
        return totalCodewords(version: version) - blocks.count * blocks.errorCorrectionPerBlock
    }
}

extension Grid {
    /// Writes the 15 format information bits (bit 0 the least significant) twice: around the
    /// top-left finder, and split between the other two finders (7.9.1, Figure 25). Also sets the
    /// dark module beside the bottom-left finder, which belongs to neither copy.
    mutating func drawFormat(bits: Int) {
        func bit(_ index: Int) -> Bool { (bits >> index) & 1 == 1 }
        let last = size - 1
        for index in 0...5 { setFunction(8, index, dark: bit(index)) } // up column 8, skipping timing row 6
        setFunction(8, 7, dark: bit(6))
        setFunction(8, 8, dark: bit(7))
        setFunction(7, 8, dark: bit(8))
        for index in 9...14 { setFunction(14 - index, 8, dark: bit(index)) } // along row 8 to the left edge
        for index in 0...7 { setFunction(last - index, 8, dark: bit(index)) } // row 8, from the right edge
        for index in 8...14 { setFunction(8, last - 14 + index, dark: bit(index)) } // column 8, down to the bottom
        setFunction(8, last - 7, dark: true)
    }

    /// Writes the 18 version information bits twice (versions 7 and up, 7.10): a 6 × 3 block
    /// above the bottom-left finder and its transpose left of the top-right finder, bit 0 (the
    /// least significant) in the corner nearest the symbol's top-left corner.
    mutating func drawVersion(bits: Int) {
        for index in 0..<18 {
            let isDark = (bits >> index) & 1 == 1
            let across = index / 3
            let along = size - 11 + index % 3
            setFunction(along, across, dark: isDark)
            setFunction(across, along, dark: isDark)
        }
    }
}
