import CocktailBook
import CocktailsAPI
import Foundation
import Testing

@testable import CocktailBookApp
@testable import CocktailBookWeb
@testable import CocktailDrawings

/// No two bundled drinks in the same glass may be told apart by their tint alone: each drawing,
/// with its colours, title, ids and ice wobble taken out, must differ from every other one in
/// its glass.
@Suite("Illustrations: every drink looks like itself")
struct IllustrationDistinctnessTests {
    /// The drawing's shape: drawn with one ice seed, without its title, with ids made neutral
    /// and every colour (hex, rgb(), named) replaced by one placeholder.
    static func shape(of cocktail: Cocktail) -> String {
        var svg = CocktailIllustration.svg(for: cocktail, jitterSeed: "one seed for all")
        svg.replace(/<title>[^<]*<\/title>/, with: "")
        svg.replace(/\bi[0-9a-f]{6}/, with: "ID")
        svg.replace(/#[0-9A-Fa-f]{3,8}\b/, with: "C")
        svg.replace(/rgba?\([^)]*\)/, with: "C")
        svg.replace(/(fill|stroke|stop-color|color)(=|:)"?(white|black|none|transparent)"?/, with: "$1$2C")
        return svg
    }

    /// Groups of drinks in one glass whose shapes are identical.
    static func lookalikes(_ cocktails: [Cocktail]) -> [[String]] {
        Dictionary(grouping: cocktails, by: { "\($0.glass?.rawValue ?? "-")|" + shape(of: $0) })
            .values.filter { $0.count > 1 }.map { $0.map(\.name).sorted() }.sorted { $0[0] < $1[0] }
    }

    @Test("no two bundled drinks in the same glass differ only by colour")
    func noLookalikes() throws {
        let cocktails = try CatalogDecoder.decode(BundledCatalog.data).cocktails
        let groups = Self.lookalikes(cocktails)
        #expect(
            groups.isEmpty,
            "\(groups.count) groups look alike: \(groups.map { $0.joined(separator: " = ") }.joined(separator: "; "))")
    }

    @Test("the comparison can fail: a drink recoloured, or with its ice elsewhere, is a lookalike")
    func comparisonCanFail() throws {
        let cocktails = try CatalogDecoder.decode(BundledCatalog.data).cocktails
        var negroni = try #require(cocktails.first { $0.name == "Negroni" })
        var twin = negroni
        twin.id = "twin"
        twin.name = "Twin"
        twin.illustration?.color = "#123456"
        #expect(Self.lookalikes([negroni, twin]) == [["Negroni", "Twin"]])
        // A different garnish is a different drawing.
        twin.illustration?.garnishes = []
        #expect(Self.lookalikes([negroni, twin]).isEmpty)
        negroni.glass = .coupe
        #expect(Self.lookalikes([negroni, twin]).isEmpty)
    }
}
