import CocktailBook
import Foundation
import NIOCore
import Testing

@testable import CocktailBookWeb

/// Pictures' versions are kept for every drink a list names; their drawings only for the most
/// recent ones, and a drawing dropped is drawn again with the same bytes and version.
@Suite("Cocktail pictures: versions kept, drawings bounded")
struct CocktailImageTests {
    static func drink(_ number: Int, glass: String = "coupe") -> Cocktail {
        Cocktail(
            id: "picture-test-\(number)", name: "Test Drink \(number)", kind: .alcoholic, shortDescription: "", longDescription: "",
            preparationMinutes: 3, imageName: "", ingredients: ["1 oz gin", "\(number % 7 + 1) dashes bitters"], glass: glass,
            illustration: .init(color: number.isMultiple(of: 2) ? "#AA3300" : "#3355CC", ice: "cubes")
        )
    }

    @Test("drawing many drinks keeps at most the bound, and every version and drawing stays the same")
    func bounded() {
        let first = (0..<CocktailImage.keptDrawings + 50).map { Self.drink($0) }
        let urls = first.map(CocktailImage.url(for:))
        let bodies = first.map { CocktailImage.rendered(for: $0) }
        for number in 1_000..<(1_000 + CocktailImage.keptDrawings * 2) { _ = CocktailImage.url(for: Self.drink(number)) }
        #expect(CocktailImage.keptDrawingCount <= CocktailImage.keptDrawings)

        #expect(first.map(CocktailImage.url(for:)) == urls)
        for (cocktail, earlier) in zip(first, bodies) {
            let again = CocktailImage.rendered(for: cocktail)
            #expect(again.body == earlier.body && again.version == earlier.version, "\(cocktail.id)")
            #expect(urls.contains("/images/cocktails/\(cocktail.id).svg?v=\(again.version)"))
        }
    }

    @Test("a drink drawn differently gets a new version under the same id")
    func changedDrink() {
        let before = CocktailImage.url(for: Self.drink(5_000))
        let after = CocktailImage.url(for: Self.drink(5_000, glass: "highball"))
        #expect(before != after)
        #expect(after.hasPrefix("/images/cocktails/picture-test-5000.svg?v="))
        #expect(CocktailImage.url(for: Self.drink(5_000, glass: "highball")) == after)
        #expect(String(buffer: CocktailImage.rendered(for: Self.drink(5_000, glass: "highball")).body).contains("<svg"))
    }
}
