import CocktailsAPI
import Testing

@testable import CocktailBook

/// Terms are kept as position lists or, when common, as bitmaps; either way a term finds
/// exactly its documents, alone and mixed with the other kind under one prefix.
@Suite("Term index: lists and bitmaps")
struct TermIndexTests {
    /// 200 documents: `common` in every third, `comet` in two, `coma` in one, `commons` in one,
    /// `zebra` in all but the last; `last` in the last only.
    static let documents: [[String]] = (0..<200).map { position in
        var terms: [String] = []
        if position % 3 == 0 { terms.append("common") }
        if position == 7 || position == 150 { terms.append("comet") }
        if position == 199 { terms += ["coma", "last"] }
        if position == 43 { terms.append("commons") }
        if position < 199 { terms.append("zebra") }
        return terms
    }

    static func expected(_ keep: (Int) -> Bool) -> [Int] { (0..<200).filter(keep) }

    @Test("prefixes and typos find the documents of common and rare terms alike")
    func listsAndBitmaps() {
        let index = TermIndex(documents: Self.documents)
        #expect(index.prefixMatches("common").positions == Self.expected { $0 % 3 == 0 || $0 == 43 })
        #expect(index.prefixMatches("comet").positions == [7, 150])
        #expect(
            index.prefixMatches("com").positions == Self.expected { $0 % 3 == 0 || [7, 43, 150, 199].contains($0) })
        #expect(index.prefixMatches("zebra").positions == Self.expected { $0 < 199 })
        #expect(index.prefixMatches("last").positions == [199])
        #expect(index.prefixMatches("x").positions.isEmpty)
        // One edit from `common` (a bitmap), two from `commons` (a list): the first only.
        #expect(index.fuzzyMatches("commen").positions == Self.expected { $0 % 3 == 0 })
        #expect(index.fuzzyMatches("commona").positions == Self.expected { $0 % 3 == 0 || $0 == 43 })
        #expect(index.fuzzyMatches("zebru").positions == Self.expected { $0 < 199 })
        #expect(index.fuzzyMatches("cimet").positions == [7, 150])
    }
}
