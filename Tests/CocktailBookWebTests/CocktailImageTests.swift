import CocktailBook
import CocktailsAPI
import Foundation
import NIOCore
import Testing

@testable import CocktailBookApp
@testable import CocktailBookWeb
@testable import CocktailDrawings

/// Pictures' versions are kept for every drink a list names; their drawings only for the most
/// recent ones, and a drawing dropped is drawn again with the same bytes and version.
@Suite("Cocktail pictures: versions kept, drawings bounded")
struct CocktailImageTests {
    static func drink(_ number: Int, glass: Glass = .coupe) -> Cocktail {
        Cocktail(
            id: "picture-test-\(number)", name: "Test Drink \(number)", kind: .alcoholic, shortDescription: "",
            longDescription: "",
            preparationMinutes: 3, imageName: "", ingredients: ["1 oz gin", "\(number % 7 + 1) dashes bitters"],
            glass: glass,
            illustration: .init(color: number.isMultiple(of: 2) ? "#AA3300" : "#3355CC", ice: "cubes")
        )
    }

    @Test("drawing many drinks keeps at most the bound, and every version and drawing stays the same")
    func bounded() {
        let first = (0..<CocktailImage.keptDrawings + 50).map { Self.drink($0) }
        let urls = first.map(CocktailImage.url(for:))
        let bodies = first.map { CocktailImage.rendered(for: $0) }
        for number in 1_000..<(1_000 + CocktailImage.keptDrawings * 2) {
            _ = CocktailImage.url(for: Self.drink(number))
        }
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
        let after = CocktailImage.url(for: Self.drink(5_000, glass: .highball))
        #expect(before != after)
        #expect(after.hasPrefix("/images/cocktails/picture-test-5000.svg?v="))
        #expect(CocktailImage.url(for: Self.drink(5_000, glass: .highball)) == after)
        #expect(String(buffer: CocktailImage.rendered(for: Self.drink(5_000, glass: .highball)).body).contains("<svg"))
    }

    @Test(
        "a list naming a picture keeps its version, not its drawing; serving keeps the drawing, and a new version drops the old one"
    )
    func namingKeepsNoDrawing() {
        let drink = Self.drink(7_000)
        let url = CocktailImage.url(for: drink)
        #expect(!CocktailImage.keepsDrawing(of: drink.id))
        let served = CocktailImage.rendered(for: drink)
        #expect(url.hasSuffix("?v=\(served.version)"))
        #expect(CocktailImage.keepsDrawing(of: drink.id))

        let changed = Self.drink(7_000, glass: .highball)
        let newURL = CocktailImage.url(for: changed)
        #expect(newURL != url)
        #expect(!CocktailImage.keepsDrawing(of: drink.id))
        let again = CocktailImage.rendered(for: changed)
        #expect(newURL.hasSuffix("?v=\(again.version)"))
        #expect(again.version == CocktailIllustration.version(for: changed))
        #expect(again.body == ByteBuffer(string: CocktailIllustration.svg(for: changed)))
        #expect(again.body != served.body)
    }

    @Test("every field the drawing reads changes the fingerprint, and the drawing with it; the others change neither")
    func fingerprintFollowsTheDrawing() {
        var base = Self.drink(6_000)
        base.method = .built // the steps say how a built drink is finished: its dilution
        base.instructions = ["Build over ice in the glass."]
        var changes: [(String, Cocktail)] = []
        func changed(_ label: String, _ change: (inout Cocktail) -> Void) {
            var cocktail = base
            change(&cocktail)
            changes.append((label, cocktail))
        }
        changed("name") { $0.name = "Another Name" }
        changed("glass") { $0.glass = .highball }
        changed("method") { $0.method = .blended }
        changed("recipe") { $0.ingredients = ["2 oz gin", "1 oz cream", "1 egg white"] }
        changed("instructions") { $0.instructions = ["Shake hard with ice, then strain into the glass."] }
        changed("colour") { $0.illustration?.color = "#118844" }
        changed("ice") { $0.illustration?.ice = "crushed" }
        changed("layers") { $0.illustration?.layers = [.init(color: "#FFFFFF", fraction: 0.4)] }
        let drawing = CocktailIllustration.svg(for: base)
        for (label, cocktail) in changes {
            #expect(CocktailImage.fingerprint(of: cocktail) != CocktailImage.fingerprint(of: base), "\(label)")
            #expect(CocktailIllustration.svg(for: cocktail) != drawing, "\(label) should show in the drawing")
        }
        var words = base
        words.shortDescription = "Other words"
        words.longDescription = "Other longer words"
        words.tags = ["new"]
        #expect(CocktailImage.fingerprint(of: words) == CocktailImage.fingerprint(of: base))
        #expect(CocktailIllustration.svg(for: words) == drawing)
    }
}
