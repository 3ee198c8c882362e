import CocktailsAPI
import Foundation
import Testing

@testable import CocktailBook

/// A save merges the changed drinks into the snapshot shown instead of building it again: the
/// merged snapshot must answer exactly as one built from scratch over the same drinks.
@Suite("Merging saved drinks into the snapshot")
struct SnapshotChangeTests {
    static let queries = [
        "", "negroni", "marg", "margarta", "gin", "gin lime", "orange liqueur", "smoky", "my version", "menta",
        "limone", "vermouth rosso", "mneta", "zzqx",
    ]

    /// Everything a reader can see of a snapshot: every query's hits in both languages, each
    /// position's drink and ingredient names, the facets and what a shelf makes.
    static func answers(_ snapshot: CatalogSnapshot) -> [String] {
        var lines = snapshot.catalog.cocktails.indices.map { position in
            "\(snapshot.catalog.cocktails[position].id): \(Array(snapshot.ingredientNames[position]))"
        }
        for language in Language.allCases {
            for query in queries {
                let hits = snapshot.index.search(query, in: language)
                lines.append(
                    "\(language) \(query): "
                        + hits.map { "\(snapshot.catalog.cocktails[$0.position].id)/\($0.rank)" }.joined(separator: ",")
                )
            }
        }
        lines.append("\(snapshot.facets())")
        let shelf = Shelf(bottles: ["London dry gin", "Campari", "sweet vermouth", "white rum", "limes", "sugar"])
        let evaluation = snapshot.bar.evaluate(shelf)
        lines.append("now \(evaluation.canMakePositions.map { snapshot.catalog.cocktails[$0].id })")
        lines.append("one away \(evaluation.oneAwayPositions.map { snapshot.catalog.cocktails[$0].id })")
        return lines
    }

    /// A drink of the book: a renamed copy of a bundled one, as an adaptation is.
    static func own(_ original: Cocktail, id: String, name: String) -> Cocktail {
        var drink = original
        drink.id = id
        drink.name = name
        drink.shortDescription = "A house take on the \(original.name), made with fresh mint."
        drink.ingredients.append("3 sprigs fresh mint")
        return drink
    }

    @Test("inserting, removing and changing drinks gives the snapshot a full build gives", arguments: [1, 2, 3, 4])
    func mergedEqualsBuilt(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let bundled = try BundledBook.cocktails()
        let table = try BundledBook.table()
        // The book before: the bundled drinks and a few of its own.
        let originals = (0..<6).map { _ in bundled[Int(random.next() % UInt64(bundled.count))] }
        let before = originals.enumerated().map { Self.own($1, id: "r\($0)", name: "\($1.name) (my version \($0))") }
        let snapshot = CatalogSnapshot(catalog: AlphabeticalCatalog(bundled + before), table: table)
        // One drink deleted, one edited (renamed, so it moves), two new; one bundled drink gone
        // from the catalog too (an import replaced).
        var edited = before[1]
        edited.name = "Zz Renamed \(seed)"
        edited.ingredients = ["2 oz mezcal", "1 oz fresh lime juice", "1/2 oz agave syrup"]
        let added = [
            Self.own(bundled[Int(random.next() % UInt64(bundled.count))], id: "r10", name: "Aardvark Sour \(seed)"),
            Self.own(bundled[Int(random.next() % UInt64(bundled.count))], id: "r11", name: "Negroni Nuovo"),
        ]
        let goneBundled = bundled[Int(random.next() % UInt64(bundled.count))].id
        let removed: Set<String> = [before[0].id, edited.id, goneBundled]
        let merged = snapshot.applying(removing: removed, inserting: [edited] + added, table: table)

        let after = bundled.filter { $0.id != goneBundled } + [edited] + Array(before[2...]) + added
        let built = CatalogSnapshot(catalog: AlphabeticalCatalog(after), table: table)
        #expect(merged.catalog.cocktails.map(\.id) == built.catalog.cocktails.map(\.id))
        #expect(merged.catalog.cocktail(id: edited.id)?.name == edited.name)
        #expect(merged.catalog.cocktail(id: before[0].id) == nil)
        let mergedAnswers = Self.answers(merged)
        let builtAnswers = Self.answers(built)
        #expect(mergedAnswers.count == builtAnswers.count)
        for (left, right) in zip(mergedAnswers, builtAnswers) where left != right {
            Issue.record("merged: \(left.prefix(300))\nbuilt:  \(right.prefix(300))")
        }
        // The new drinks are found at once by name and by the mint they were given.
        #expect(merged.index.search("aardvark").map { merged.catalog.cocktails[$0.position].id } == ["r10"])
        #expect(merged.index.search("nuovo").map { merged.catalog.cocktails[$0.position].id } == ["r11"])
    }

    @Test("the change between two versions of the book's drinks names only what differs")
    func changeBetweenVersions() throws {
        let bundled = try BundledBook.cocktails()
        let a = Self.own(bundled[0], id: "r1", name: "One")
        let b = Self.own(bundled[1], id: "r2", name: "Two")
        var b2 = b
        b2.shortDescription = "Changed"
        let c = Self.own(bundled[2], id: "r3", name: "Three")
        let change = CatalogService.change(from: [a, b], to: [a, b2, c])
        #expect(change.removed == ["r2"])
        #expect(change.inserted.map(\.id) == ["r2", "r3"])
        #expect(change.inserted.first?.shortDescription == "Changed")
        let none = CatalogService.change(from: [a, b], to: [b, a])
        #expect(none.removed.isEmpty && none.inserted.isEmpty)
    }
}

/// SplitMix64: the same drinks for the same seed on every run.
struct SeededRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
