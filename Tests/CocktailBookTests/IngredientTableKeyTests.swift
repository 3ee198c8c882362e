import CocktailsAPI
import Testing

@testable import CocktailBook

/// Recipe lines are looked up by a key; plain-ASCII names take a byte-by-byte path that must
/// give exactly what the general rule (lower-case, whitespace runs made one space) gives.
@Suite("Ingredient table keys")
struct IngredientTableKeyTests {
    static func general(_ name: String) -> String {
        name.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test(
        "the ASCII path agrees with the general rule",
        arguments: [
            "", " ", "Gin", "  London  Dry\tGIN ", "\tLime\r\nJuice\n", "Crème de cassis", "MARASCHINO liqueur",
            "a\u{0B}b\u{0C}c", "Orange-flower water!", "7UP", "Z", "x  ", "  y", "Old Tom   gin\r",
        ])
    func agrees(_ name: String) {
        #expect(IngredientTable.asciiKey(name) == Self.general(name), "\(name.debugDescription)")
    }

    @Test("names differing only in case and spacing find the same entry")
    func lookup() {
        let table = IngredientTable([Ingredient(name: "London dry gin", kind: .spirit, abv: 40)])
        #expect(table.ingredient(named: "  LONDON\tDry  gin ")?.name == "London dry gin")
        #expect(table.ingredient(named: "London dry gins")?.name == "London dry gin")
        #expect(table.ingredient(named: "London gin") == nil)
    }

    @Test("a non-breaking space in a recipe line reads as a space")
    func nonBreakingSpace() {
        let line = IngredientParser.parse("2\u{00A0}oz London\u{00A0}dry gin")
        #expect(line.amount != nil)
        #expect(line.unit == .oz)
        #expect(line.ingredient == "London dry gin")
    }
}
