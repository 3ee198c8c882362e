/// Putting the codewords into the symbol: placement, masking and the information that tells a
/// reader how to undo both (ISO/IEC 18004:2015, 7.7–7.10).
enum Symbol {
    /// The finished symbol for `codewords` (already interleaved), with the given mask or, when
    /// `mask` is nil, the one of the eight with the lowest penalty (the first of equals).
    static func build(version: Int, correction: QRCode.Correction, codewords: [UInt8], mask: Int?) -> QRCode {
        var grid = Layout.functionPatterns(version: version)
        place(codewords, in: &grid)
        if version >= 7 { grid.drawVersion(bits: versionBits(version: version)) }
        let candidates = mask.map { [$0] } ?? Array(0..<8)
        let masked = candidates.map { candidate in
            var masked = grid
            apply(mask: candidate, to: &masked)
            masked.drawFormat(bits: formatBits(correction: correction, mask: candidate))
            return masked
        }
        let penalties = mask == nil ? masked.map(Penalty.score) : [0]
        let chosen = penalties.indices.min { penalties[$0] < penalties[$1] } ?? 0
        return QRCode(version: version, correction: correction, mask: candidates[chosen], modules: masked[chosen].dark)
    }

    /// Places the codewords' bits, most significant first, in the modules that are not function
    /// modules (7.7.3): in two-module-wide columns from the right edge leftwards, going up the
    /// first column pair, down the next, and so on, the right module of a pair before the left
    /// one. Column 6 (the vertical timing pattern) is stepped over entirely. Modules left at the
    /// end (the remainder bits) stay light.
    static func place(_ codewords: [UInt8], in grid: inout Grid) {
        let totalBits = codewords.count * 8
        var bitIndex = 0
        var right = grid.size - 1
        var upward = true
        while right > 0 {
            if right == 6 { right = 5 }
            for step in 0..<grid.size {
                let y = upward ? grid.size - 1 - step : step
                for x in stride(from: right, through: right - 1, by: -1) where !grid.isFunction(x, y) {
                    if bitIndex < totalBits {
                        grid.dark[y * grid.size + x] = (codewords[bitIndex / 8] >> (7 - bitIndex % 8)) & 1 == 1
                    }
                    bitIndex += 1
                }
            }
            upward.toggle()
            right -= 2
        }
    }

    /// Whether mask `mask` flips the module in row `i`, column `j` (Table 10; the standard
    /// writes i for the row and j for the column).
    static func flips(mask: Int, i: Int, j: Int) -> Bool {
        switch mask {
        case 0: (i + j) % 2 == 0
        case 1: i % 2 == 0
        case 2: j % 3 == 0
        case 3: (i + j) % 3 == 0
        case 4: (i / 2 + j / 3) % 2 == 0
        case 5: (i * j) % 2 + (i * j) % 3 == 0
        case 6: ((i * j) % 2 + (i * j) % 3) % 2 == 0
        default: ((i + j) % 2 + (i * j) % 3) % 2 == 0
        }
    }

    /// Flips the data modules (all but the function modules) where the mask says so.
    static func apply(mask: Int, to grid: inout Grid) {
        for y in 0..<grid.size {
            for x in 0..<grid.size {
                let index = y * grid.size + x
                if !grid.function[index] && flips(mask: mask, i: y, j: x) { grid.dark[index].toggle() }
            }
        }
    }

    /// The 15 format information bits (7.9.1): the level's two bits and the mask's three, then
    /// the 10 check bits of the (15, 5) BCH code with generator x¹⁰ + x⁸ + x⁵ + x⁴ + x² + x + 1
    /// (0x537), all XORed with 101010000010010 (0x5412) so that no combination is all light.
    static func formatBits(correction: QRCode.Correction, mask: Int) -> Int {
        let data = correction.formatBits << 3 | mask
        return (data << 10 | bchRemainder(data, generator: 0x537)) ^ 0x5412
    }

    /// The 18 version information bits (7.10): the version's six bits and the 12 check bits of the
    /// (18, 6) BCH code with generator x¹² + x¹¹ + x¹⁰ + x⁹ + x⁸ + x⁵ + x² + 1 (0x1F25). No mask.
    static func versionBits(version: Int) -> Int {
        version << 12 | bchRemainder(version, generator: 0x1F25)
    }

    /// The remainder of data(x)·x^n divided by the generator, a polynomial of degree n over GF(2)
    /// (bit k the coefficient of xᵏ).
    static func bchRemainder(_ data: Int, generator: Int) -> Int {
        func degree(_ polynomial: Int) -> Int { polynomial.bitWidth - polynomial.leadingZeroBitCount - 1 }
        let n = degree(generator)
        var remainder = data << n
        while degree(remainder) >= n { remainder ^= generator << (degree(remainder) - n) }
        return remainder
    }
}
