import Testing

@testable import QRCode

/// The block table and the module layout checked against figures the standard states elsewhere:
/// the two must agree for every version the tests name.
@Suite("Versions, capacities and blocks")
struct TableTests {
    @Test("Total codewords per version, counted from the layout, match Table 1")
    func totalCodewords() {
        let table1 = [1: 26, 2: 44, 3: 70, 4: 100, 5: 134, 6: 172, 7: 196, 8: 242, 9: 292, 10: 346, 40: 3706]
        for (version, total) in table1 {
            #expect(Layout.totalCodewords(version: version) == total, "version \(version)")
        }
    }

    @Test("Remainder bits per version match Table 1: 0, 7, 0, 3, 4, 3, 0")
    func remainderBits() {
        let expected = [1: 0, 2: 7, 6: 7, 7: 0, 13: 0, 14: 3, 20: 3, 21: 4, 27: 4, 28: 3, 34: 3, 35: 0, 40: 0]
        for (version, bits) in expected {
            let free = Layout.functionPatterns(version: version).function.filter { !$0 }.count
            #expect(free % 8 == bits, "version \(version)")
        }
    }

    @Test("Byte-mode capacities match Table 7", arguments: QRCode.Correction.allCases)
    func byteCapacities(correction: QRCode.Correction) {
        let table7: [QRCode.Correction: [Int]] = [
            .low: [17, 32, 53, 78, 106, 134, 154, 192, 230, 271],
            .medium: [14, 26, 42, 62, 84, 106, 122, 152, 180, 213],
            .quartile: [11, 20, 32, 46, 60, 74, 86, 108, 130, 151],
            .high: [7, 14, 24, 34, 44, 58, 64, 84, 98, 119],
        ]
        let version40: [QRCode.Correction: Int] = [.low: 2953, .medium: 2331, .quartile: 1663, .high: 1273]
        let capacities = (1...10).map { QRCode.byteCapacity(version: $0, correction: correction) }
        #expect(capacities == table7[correction])
        #expect(QRCode.byteCapacity(version: 40, correction: correction) == version40[correction])
        let all = QRCode.versions.map { QRCode.byteCapacity(version: $0, correction: correction) }
        #expect(zip(all, all.dropFirst()).allSatisfy { $0 < $1 }, "capacity grows with the version")
    }

    @Test("More correction never holds more", arguments: QRCode.versions)
    func levelsOrdered(version: Int) {
        let capacities = QRCode.Correction.allCases.map { QRCode.byteCapacity(version: version, correction: $0) }
        #expect(capacities == capacities.sorted(by: >))
    }

    @Test("Blocks as Table 9 lists them: the short ones first")
    func blockLengths() {
        func lengths(_ version: Int, _ correction: QRCode.Correction) -> [Int] {
            let data = [UInt8](repeating: 0, count: Layout.dataCodewords(version: version, correction: correction))
            return Codewords.blocks(of: data, version: version, correction: correction).map(\.count)
        }
        #expect(lengths(1, .medium) == [16])
        #expect(lengths(5, .quartile) == [15, 15, 16, 16])
        #expect(lengths(6, .medium) == [27, 27, 27, 27])
        #expect(lengths(7, .high) == [13, 13, 13, 13, 14])
        let version40High = lengths(40, .high)
        #expect(version40High.count == 81)
        #expect(version40High.prefix(20).allSatisfy { $0 == 15 } && version40High.dropFirst(20).allSatisfy { $0 == 16 })
    }

    @Test("Interleaving takes one codeword from each block in turn, the short blocks dropping out")
    func interleaving() {
        let blocks: [[UInt8]] = [[1, 2], [3, 4], [5, 6, 7], [8, 9, 10]]
        #expect(Codewords.interleave(blocks) == [1, 3, 5, 8, 2, 4, 6, 9, 7, 10])
    }

    @Test("Alignment centres: the first is 6, the last 7 from the far edge, evenly spaced after the second")
    func alignmentCentres() {
        #expect(SymbolTables.alignmentCentres(version: 1).isEmpty)
        for version in 2...40 {
            let centres = SymbolTables.alignmentCentres(version: version)
            #expect(centres.count == version / 7 + 2, "version \(version)")
            #expect(centres.first == 6 && centres.last == Layout.size(version: version) - 7, "version \(version)")
            let steps = Set(zip(centres.dropFirst(), centres.dropFirst(2)).map { $1 - $0 })
            #expect(steps.count <= 1, "version \(version)")
            #expect(steps.allSatisfy { $0 % 2 == 0 }, "version \(version): centres on even coordinates")
        }
    }
}
