import Testing

@testable import QRCode

/// The format information as the first copy holds it (bit 14 first: along row 8 from the left
/// edge, then up column 8), and as the second holds it (up column 8 from the bottom edge, then
/// along row 8 to the right edge).
private func formatCopies(_ code: QRCode) -> (Int, Int) {
    let last = code.size - 1
    let first: [(Int, Int)] =
        [(0, 8), (1, 8), (2, 8), (3, 8), (4, 8), (5, 8), (7, 8), (8, 8), (8, 7)] + (0...5).reversed().map { (8, $0) }
    let second: [(Int, Int)] = (0...6).map { (8, last - $0) } + (0...7).map { (last - 7 + $0, 8) }
    func read(_ positions: [(Int, Int)]) -> Int { positions.reduce(0) { $0 << 1 | (code[$1.0, $1.1] ? 1 : 0) } }
    return (read(first), read(second))
}

@Suite("Symbol structure and encoding")
struct SymbolTests {
    @Test("Format information: Annex C's table of all 32 level and mask combinations")
    func formatBits() {
        let annexC: [QRCode.Correction: [Int]] = [
            .low: [
                0b1110111_11000100, 0b1110010_11110011, 0b1111101_10101010, 0b1111000_10011101,
                0b1100110_00101111, 0b1100011_00011000, 0b1101100_01000001, 0b1101001_01110110,
            ],
            .medium: [
                0b1010100_00010010, 0b1010001_00100101, 0b1011110_01111100, 0b1011011_01001011,
                0b1000101_11111001, 0b1000000_11001110, 0b1001111_10010111, 0b1001010_10100000,
            ],
            .quartile: [
                0b0110101_01011111, 0b0110000_01101000, 0b0111111_00110001, 0b0111010_00000110,
                0b0100100_10110100, 0b0100001_10000011, 0b0101110_11011010, 0b0101011_11101101,
            ],
            .high: [
                0b0010110_10001001, 0b0010011_10111110, 0b0011100_11100111, 0b0011001_11010000,
                0b0000111_01100010, 0b0000010_01010101, 0b0001101_00001100, 0b0001000_00111011,
            ],
        ]
        for (correction, row) in annexC {
            #expect((0..<8).map { Symbol.formatBits(correction: correction, mask: $0) } == row, "\(correction)")
        }
        // M with mask 0 is all zeros before the XOR, so it is the XOR mask itself.
        #expect(Symbol.formatBits(correction: .medium, mask: 0) == 0x5412)
    }

    @Test("Version information: Annex D's values for versions 7, 8, 21 and 40")
    func versionBits() {
        #expect(Symbol.versionBits(version: 7) == 0x07C94)
        #expect(Symbol.versionBits(version: 8) == 0x085BC)
        #expect(Symbol.versionBits(version: 21) == 0x15683)
        #expect(Symbol.versionBits(version: 40) == 0x28C69)
    }

    @Test("The data bit stream of \"A\" at 1-M, worked out by hand")
    func dataCodewords() {
        // 0100 (byte mode) 00000001 (one byte) 01000001 ("A") 0000 (terminator), then the pads.
        let data = Codewords.data(Payload(text: "A"), version: 1, correction: .medium)
        #expect(
            data == [0b0100_0000, 0b0001_0100, 0b0001_0000] + [
                0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC,
            ])
    }

    @Test("Text beyond ASCII starts with the ECI for UTF-8: \"é\" at 1-M, by hand")
    func utf8Declared() {
        // 0111 (ECI) 00011010 (26, UTF-8) 0100 (byte mode) 00000010 (two bytes) 11000011 10101001
        // ("é") 0000 (terminator) 0000 (to the byte), then the pads.
        let payload = Payload(text: "é")
        #expect(payload.declaresUTF8)
        let data = Codewords.data(payload, version: 1, correction: .medium)
        #expect(
            data == [0b0111_0001, 0b1010_0100, 0b0000_0010, 0b1100_0011, 0b1010_1001, 0b0000_0000] + [
                0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11,
            ])
        #expect(!Payload(text: "https://bar.example/s/x").declaresUTF8)
        #expect(!Payload(bytes: [0xC3, 0xA9]).declaresUTF8, "bare bytes declare nothing")
    }

    @Test("From version 10 the byte count takes 16 bits")
    func longCount() {
        let bytes = [UInt8](repeating: 0x61, count: 250)
        let data = Codewords.data(Payload(bytes: bytes), version: 10, correction: .low)
        // 0100, then 250 as 0000000011111010, then 01100001 ("a")…
        #expect(Array(data.prefix(4)) == [0b0100_0000, 0b0000_1111, 0b1010_0110, 0b0001_0110])
    }

    @Test(
        "The smallest version that holds the payload is chosen",
        arguments: [
            (1, 1), (14, 1), (15, 2), (84, 5), (85, 6), (100, 6), (106, 6), (107, 7), (213, 10), (214, 11), (2331, 40),
        ])
    func versionByLength(length: Int, version: Int) throws {
        let code = try QRCode.encode(String(repeating: "x", count: length))
        #expect(code.version == version)
        #expect(code.size == 17 + 4 * version)
        #expect(code.correction == .medium)
    }

    @Test("A 100-character share link needs version 6 at M")
    func shareLink() throws {
        let link = "https://cocktails.example.org/s/" + String(repeating: "k", count: 68)
        #expect(link.utf8.count == 100)
        #expect(try QRCode.encode(link).version == 6)
        #expect(try QRCode.encode(link, correction: .low).version == 5)
        #expect(try QRCode.encode(link, correction: .high).version == 10)
    }

    @Test("Non-ASCII text is counted in UTF-8 bytes, one taken by the ECI")
    func utf8Length() throws {
        // "é" is two bytes and 1-M holds 14, 13 after the ECI: six fit version 1, seven do not.
        #expect(try QRCode.encode(String(repeating: "é", count: 6)).version == 1)
        #expect(try QRCode.encode(String(repeating: "é", count: 7)).version == 2)
        #expect(try QRCode.encode(bytes: Array(String(repeating: "é", count: 7).utf8)).version == 1)
    }

    @Test("Too long for version 40 (or the maximum asked for): a clear error")
    func tooLong() {
        #expect(
            throws: QRCode.EncodingError.tooLong(
                byteCount: 2332, capacity: 2331, correction: .medium, maximumVersion: 40)
        ) {
            try QRCode.encode(String(repeating: "x", count: 2332))
        }
        #expect(
            throws: QRCode.EncodingError.tooLong(byteCount: 107, capacity: 106, correction: .medium, maximumVersion: 6)
        ) {
            try QRCode.encode(String(repeating: "x", count: 107), maximumVersion: 6)
        }
        let error = QRCode.EncodingError.tooLong(
            byteCount: 2332, capacity: 2331, correction: .medium, maximumVersion: 40)
        #expect(
            error.description
                == "The payload is 2332 bytes long; a QR code of version 40 at error correction M holds at most 2331 bytes."
        )
        #expect(
            throws: QRCode.EncodingError.tooLong(
                byteCount: 2332, capacity: 2330, correction: .medium, maximumVersion: 40)
        ) {
            try QRCode.encode(String(repeating: "é", count: 1166))
        }
        #expect((try? QRCode.encode(String(repeating: "x", count: 2953), correction: .low)) != nil)
    }

    @Test("Finder patterns and separators at three corners, light at the fourth", arguments: [1, 6, 7, 40])
    func finders(version: Int) throws {
        let code = try QRCode.encode("finder", atVersion: version)
        let last = code.size - 1
        for (left, top) in [(0, 0), (last - 6, 0), (0, last - 6)] {
            for dy in -1...7 {
                for dx in -1...7 {
                    let ring = max(abs(dx - 3), abs(dy - 3))
                    let x = left + dx
                    let y = top + dy
                    guard (0...last).contains(x), (0...last).contains(y) else { continue }
                    #expect(code[x, y] == (ring <= 1 || ring == 3), "(\(x), \(y)) in version \(version)")
                }
            }
        }
    }

    @Test("Timing patterns alternate between the finders, dark on even coordinates", arguments: [1, 6, 10, 40])
    func timing(version: Int) throws {
        let code = try QRCode.encode("timing", atVersion: version)
        for index in 8...(code.size - 9) {
            #expect(code[index, 6] == (index % 2 == 0))
            #expect(code[6, index] == (index % 2 == 0))
        }
    }

    @Test("Alignment patterns: 5 × 5 rings at the table's centres, none where a finder is")
    func alignment() throws {
        let code = try QRCode.encode("alignment", atVersion: 7) // centres 6, 22, 38
        for (centreX, centreY) in [(22, 22), (38, 38), (6, 22), (22, 6), (38, 22), (22, 38)] {
            for dy in -2...2 {
                for dx in -2...2 {
                    #expect(
                        code[centreX + dx, centreY + dy] == (max(abs(dx), abs(dy)) != 1), "at (\(centreX), \(centreY))")
                }
            }
        }
    }

    @Test("The dark module beside the bottom-left finder", arguments: [1, 2, 7, 40])
    func darkModule(version: Int) throws {
        let code = try QRCode.encode("", atVersion: version)
        #expect(code[8, code.size - 8])
    }

    @Test(
        "Both copies of the format information name the level and the chosen mask",
        arguments: QRCode.Correction.allCases)
    func formatInSymbol(correction: QRCode.Correction) throws {
        for mask in 0..<8 {
            let code = try QRCode.encode(
                Payload(text: "mask \(mask)"), correction: correction, maximumVersion: 40, mask: mask)
            let (first, second) = formatCopies(code)
            #expect(code.mask == mask)
            #expect(first == Symbol.formatBits(correction: correction, mask: mask))
            #expect(second == first)
        }
    }

    @Test("Both copies of the version information, from version 7", arguments: [7, 12, 40])
    func versionInSymbol(version: Int) throws {
        let code = try QRCode.encode("version", atVersion: version)
        let start = code.size - 11
        var lowerLeft = 0
        var upperRight = 0
        for index in (0..<18).reversed() {
            lowerLeft = lowerLeft << 1 | (code[index / 3, start + index % 3] ? 1 : 0)
            upperRight = upperRight << 1 | (code[start + index % 3, index / 3] ? 1 : 0)
        }
        #expect(lowerLeft == Symbol.versionBits(version: version))
        #expect(upperRight == lowerLeft)
    }

    @Test("No version information below version 7: those modules carry data")
    func noVersionInformation() {
        let grid = Layout.functionPatterns(version: 6)
        #expect(!grid.isFunction(0, grid.size - 11) && !grid.isFunction(grid.size - 11, 0))
        #expect(Layout.functionPatterns(version: 7).isFunction(0, Layout.size(version: 7) - 11))
    }

    @Test("Placement starts at the bottom-right corner, right module first, going up")
    func placementOrder() {
        var grid = Layout.functionPatterns(version: 1)
        Symbol.place([0b1010_1000], in: &grid)
        // Bits 1, 0, 1, 0, 1 go to (20, 20), (19, 20), (20, 19), (19, 19), (20, 18).
        #expect(grid[20, 20] && !grid[19, 20] && grid[20, 19] && !grid[19, 19] && grid[20, 18])
        #expect(grid.dark.filter { $0 }.count == Layout.functionPatterns(version: 1).dark.filter { $0 }.count + 3)
    }

    @Test("Masks follow Table 10's conditions (i the row, j the column)")
    func masks() {
        #expect(Symbol.flips(mask: 0, i: 0, j: 0) && !Symbol.flips(mask: 0, i: 0, j: 1))
        #expect(Symbol.flips(mask: 1, i: 2, j: 1) && !Symbol.flips(mask: 1, i: 1, j: 2))
        #expect(Symbol.flips(mask: 2, i: 1, j: 3) && !Symbol.flips(mask: 2, i: 3, j: 1))
        #expect(Symbol.flips(mask: 3, i: 1, j: 2) && !Symbol.flips(mask: 3, i: 1, j: 1))
        #expect(Symbol.flips(mask: 4, i: 1, j: 2) && !Symbol.flips(mask: 4, i: 2, j: 0))
        #expect(Symbol.flips(mask: 5, i: 0, j: 5) && !Symbol.flips(mask: 5, i: 1, j: 1))
        #expect(Symbol.flips(mask: 6, i: 1, j: 1) && !Symbol.flips(mask: 6, i: 1, j: 4))
        #expect(Symbol.flips(mask: 7, i: 0, j: 0) && !Symbol.flips(mask: 7, i: 1, j: 1))
        // Function modules are never masked: mask 0 would flip (0, 0), a finder's dark corner.
        var grid = Layout.functionPatterns(version: 1)
        let before = grid.dark
        Symbol.apply(mask: 0, to: &grid)
        #expect(
            grid.dark[0] && zip(before, grid.dark).enumerated().allSatisfy { grid.function[$0] ? $1.0 == $1.1 : true })
    }

    @Test("The chosen mask has the lowest penalty of the eight")
    func maskChoice() throws {
        for text in ["https://cocktails.example.org/s/Qx7", "Negroni", String(repeating: "ab", count: 60)] {
            let chosen = try QRCode.encode(text)
            let scores = try (0..<8).map { mask in
                let code = try QRCode.encode(Payload(text: text), correction: .medium, maximumVersion: 40, mask: mask)
                var grid = Grid(size: code.size)
                grid.dark = code.modules
                return Penalty.score(grid)
            }
            #expect(scores[chosen.mask] == scores.min())
            #expect(scores.firstIndex(of: scores.min()!) == chosen.mask, "the first of equals")
        }
    }

    @Test("The same payload gives the same symbol")
    func deterministic() throws {
        #expect(try QRCode.encode("Sazerac") == QRCode.encode("Sazerac"))
        #expect(try QRCode.encode("Sazerac") != QRCode.encode("Sazerac", correction: .high))
    }
}

extension QRCode {
    /// A code of exactly `version` for `text` padded with spaces to that version's capacity at M.
    fileprivate static func encode(_ text: String, atVersion version: Int) throws -> QRCode {
        let padding = max(0, QRCode.byteCapacity(version: version, correction: .medium) - text.utf8.count)
        let code = try encode(text + String(repeating: " ", count: padding))
        precondition(code.version == version)
        return code
    }
}
