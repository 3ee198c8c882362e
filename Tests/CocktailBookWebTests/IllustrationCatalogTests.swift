import CocktailBook
import CocktailsAPI
import Foundation
import Testing

@testable import CocktailBookApp
@testable import CocktailBookWeb
@testable import CocktailDrawings

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Every bundled cocktail gets a real picture: its own glass and garnishes drawn, not a fallback.
@Suite("Illustrations of the bundled catalog")
struct IllustrationCatalogTests {
    let cocktails: [Cocktail]

    init() throws {
        cocktails = try CatalogDecoder.decode(BundledCatalog.data).cocktails
    }

    @Test("every cocktail's glass and garnishes are drawn, and its picture is well-formed SVG")
    func everyCocktailRenders() throws {
        for cocktail in cocktails {
            let name = "\(cocktail.name) (id \(cocktail.id))"
            let glass = try #require(cocktail.glass, "\(name): no glass")
            #expect(CocktailIllustration.knowsGlass(glass), "\(name): no drawing for glass \(glass)")
            for garnish in cocktail.illustration?.garnishes ?? [] {
                #expect(CocktailIllustration.knowsGarnish(garnish), "\(name): no drawing for garnish \(garnish)")
            }
            let svg = CocktailIllustration.svg(for: cocktail)
            #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""), "\(name)")
            #expect(svg.hasSuffix("</svg>"), "\(name)")
            let parser = XMLParser(data: Data(svg.utf8))
            #expect(
                parser.parse(),
                "\(name): the SVG is not well-formed XML: \(parser.parserError.map(String.init(describing:)) ?? "")")
            #expect(svg.utf8.count < 12_000, "\(name): picture of \(svg.utf8.count) bytes")
        }
    }

    @Test("pictures are distinct: no two cocktails share one")
    func picturesAreDistinct() {
        let versions = Dictionary(grouping: cocktails, by: { CocktailIllustration.version(for: $0) })
        let shared = versions.values.filter { $0.count > 1 }.map { $0.map(\.name) }
        #expect(shared.isEmpty, "identical pictures: \(shared)")
    }

    @Test("a layered drink is drawn in one band per layer; a plain one is not")
    func layers() throws {
        func liquidStops(_ cocktail: Cocktail) throws -> Int {
            let svg = CocktailIllustration.svg(for: cocktail)
            let gradient = try #require(svg.firstMatch(of: #/<linearGradient id="[^"]*l"[^>]*>(.*?)</linearGradient>/#))
            return gradient.1.matches(of: #/<stop /#).count
        }
        let sunrise = try #require(cocktails.first { $0.name == "Tequila Sunrise" })
        let layers = sunrise.illustration?.layers.count ?? 0
        #expect(layers >= 2)
        // Each band is a pair of stops so that it keeps its colour, with a short blend between.
        #expect(try liquidStops(sunrise) == 2 * layers)
        let screwdriver = try #require(cocktails.first { $0.name == "Screwdriver" })
        #expect(try liquidStops(screwdriver) < 2 * layers)
    }
}
