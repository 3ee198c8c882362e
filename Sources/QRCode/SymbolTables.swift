/// The facts of ISO/IEC 18004:2015 that cannot be computed: how each version and error-correction
/// level divides its codewords into blocks, and where the alignment patterns go.
enum SymbolTables {
    /// One cell of the standard's Table 9 ("Error correction characteristics for QR Code"): the
    /// number of error-correction blocks and the error-correction codewords in each.
    struct Blocks: Equatable {
        var count: Int
        var errorCorrectionPerBlock: Int
    }

    /// Table 9, one row per version 1–40, with the columns L, M, Q, H: (blocks, error-correction
    /// codewords per block). The table also gives each block's data codewords, but those follow
    /// from the version's total codewords (counted from the module layout, see `Layout`): the
    /// data codewords are shared out as evenly as possible, the shorter blocks first.
    private static let table: [[(Int, Int)]] = [
        [(1, 7), (1, 10), (1, 13), (1, 17)], // 1
        [(1, 10), (1, 16), (1, 22), (1, 28)], // 2
        [(1, 15), (1, 26), (2, 18), (2, 22)], // 3
        [(1, 20), (2, 18), (2, 26), (4, 16)], // 4
        [(1, 26), (2, 24), (4, 18), (4, 22)], // 5
        [(2, 18), (4, 16), (4, 24), (4, 28)], // 6
        [(2, 20), (4, 18), (6, 18), (5, 26)], // 7
        [(2, 24), (4, 22), (6, 22), (6, 26)], // 8
        [(2, 30), (5, 22), (8, 20), (8, 24)], // 9
        [(4, 18), (5, 26), (8, 24), (8, 28)], // 10
        [(4, 20), (5, 30), (8, 28), (11, 24)], // 11
        [(4, 24), (8, 22), (10, 26), (11, 28)], // 12
        [(4, 26), (9, 22), (12, 24), (16, 22)], // 13
        [(4, 30), (9, 24), (16, 20), (16, 24)], // 14
        [(6, 22), (10, 24), (12, 30), (18, 24)], // 15
        [(6, 24), (10, 28), (17, 24), (16, 30)], // 16
        [(6, 28), (11, 28), (16, 28), (19, 28)], // 17
        [(6, 30), (13, 26), (18, 28), (21, 28)], // 18
        [(7, 28), (14, 26), (21, 26), (25, 26)], // 19
        [(8, 28), (16, 26), (20, 30), (25, 28)], // 20
        [(8, 28), (17, 26), (23, 28), (25, 30)], // 21
        [(9, 28), (17, 28), (23, 30), (34, 24)], // 22
        [(9, 30), (18, 28), (25, 30), (30, 30)], // 23
        [(10, 30), (20, 28), (27, 30), (32, 30)], // 24
        [(12, 26), (21, 28), (29, 30), (35, 30)], // 25
        [(12, 28), (23, 28), (34, 28), (37, 30)], // 26
        [(12, 30), (25, 28), (34, 30), (40, 30)], // 27
        [(13, 30), (26, 28), (35, 30), (42, 30)], // 28
        [(14, 30), (28, 28), (38, 30), (45, 30)], // 29
        [(15, 30), (29, 28), (40, 30), (48, 30)], // 30
        [(16, 30), (31, 28), (43, 30), (51, 30)], // 31
        [(17, 30), (33, 28), (45, 30), (54, 30)], // 32
        [(18, 30), (35, 28), (48, 30), (57, 30)], // 33
        [(19, 30), (37, 28), (51, 30), (60, 30)], // 34
        [(19, 30), (38, 28), (53, 30), (63, 30)], // 35
        [(20, 30), (40, 28), (56, 30), (66, 30)], // 36
        [(21, 30), (43, 28), (59, 30), (70, 30)], // 37
        [(22, 30), (45, 28), (62, 30), (74, 30)], // 38
        [(24, 30), (47, 28), (65, 30), (77, 30)], // 39
        [(25, 30), (49, 28), (68, 30), (81, 30)], // 40
    ]

    static func blocks(version: Int, correction: QRCode.Correction) -> Blocks {
        let (count, perBlock) = table[version - 1][correction.tableColumn]
        return Blocks(count: count, errorCorrectionPerBlock: perBlock)
    }

    /// Annex E, Table E.1: the row and column coordinates of the alignment patterns' centres for
    /// versions 2–40 (version 1 has none). A pattern is placed at every pair of these, except the
    /// three pairs that fall on a finder pattern.
    private static let alignmentTable: [[Int]] = [
        [], // 1
        [6, 18], [6, 22], [6, 26], [6, 30], [6, 34], // 2–6
        [6, 22, 38], [6, 24, 42], [6, 26, 46], [6, 28, 50], [6, 30, 54], [6, 32, 58], [6, 34, 62], // 7–13
        [6, 26, 46, 66], [6, 26, 48, 70], [6, 26, 50, 74], [6, 30, 54, 78], // 14–17
        [6, 30, 56, 82], [6, 30, 58, 86], [6, 34, 62, 90], // 18–20
        [6, 28, 50, 72, 94], [6, 26, 50, 74, 98], [6, 30, 54, 78, 102], [6, 28, 54, 80, 106], // 21–24
        [6, 32, 58, 84, 110], [6, 30, 58, 86, 114], [6, 34, 62, 90, 118], // 25–27
        [6, 26, 50, 74, 98, 122], [6, 30, 54, 78, 102, 126], [6, 26, 52, 78, 104, 130], // 28–30
        [6, 30, 56, 82, 108, 134], [6, 34, 60, 86, 112, 138], [6, 30, 58, 86, 114, 142], // 31–33
        [6, 34, 62, 90, 118, 146], // 34
        [6, 30, 54, 78, 102, 126, 150], [6, 24, 50, 76, 102, 128, 154], [6, 28, 54, 80, 106, 132, 158], // 35–37
        [6, 32, 58, 84, 110, 136, 162], [6, 26, 54, 82, 110, 138, 166], [6, 30, 58, 86, 114, 142, 170], // 38–40
    ]

    static func alignmentCentres(version: Int) -> [Int] { alignmentTable[version - 1] }
}

extension QRCode.Correction {
    /// The column of this level in the standard's tables, which list L, M, Q, H in that order.
    var tableColumn: Int {
        switch self {
        case .low: 0
        case .medium: 1
        case .quartile: 2
        case .high: 3
        }
    }

    /// The two bits that stand for the level in the format information (7.9.1): not in the order
    /// of the levels' strength.
    var formatBits: Int {
        switch self {
        case .low: 0b01
        case .medium: 0b00
        case .quartile: 0b11
        case .high: 0b10
        }
    }
}
