import CocktailBook
import CocktailsAPI
import Testing

@Suite("Units and servings")
struct MeasureConversionTests {
    static func line(_ text: String) -> RecipeLine { IngredientParser.parse(text) }

    static func shown(_ text: String, _ units: Settings.Units, _ servings: Int = 1) -> String? {
        let converted = MeasureConversion.convert(line(text), to: units, servings: servings)
        return MeasureText.text(amount: converted.amount, unit: converted.unit)
    }

    @Test(
        "ounces become millilitres and centilitres the bartender's way",
        arguments: [
            ("1 oz gin", Settings.Units.ml, 1, "30 ml"), ("1 oz gin", .ml, 2, "60 ml"),
            ("3/4 oz lime juice", .ml, 1, "22.5 ml"),
            ("1 1/2 oz gin", .ml, 1, "45 ml"), ("1/2 oz syrup", .ml, 1, "15 ml"), ("1/4 oz syrup", .ml, 1, "7.5 ml"),
            ("2 oz rum", .cl, 1, "6 cl"), ("3/4 oz lime juice", .cl, 1, "2 cl"),
            ("1 3/4 oz gin", .cl, 1, "5 cl"), ("1/4 oz syrup", .cl, 1, "0.75 cl"), ("1/2 oz syrup", .cl, 3, "4.5 cl"),
            ("3/4 cup crushed ice", .ml, 1, "180 ml"), ("3/4 cup crushed ice", .oz, 1, "¾ cup"),
            ("1 oz gin", .oz, 3, "3 oz"),
            ("50 ml tequila", .oz, 1, "1 ¾ oz"), ("20 ml Cointreau", .oz, 1, "¾ oz"),
            ("15 ml lime juice", .oz, 2, "1 oz"),
            ("22.5 ml lime juice", .ml, 1, "22.5 ml"), ("4 cl gin", .ml, 1, "40 ml"),
            ("2 dashes Angostura bitters", .ml, 2, "4 dashes"),
            ("1 barspoon sugar syrup", .ml, 3, "3 barspoons"), ("2-3 dashes bitters", .cl, 2, "4–6 dashes"),
        ])
    func conversions(_ text: String, _ units: Settings.Units, _ servings: Int, _ expected: String) {
        #expect(Self.shown(text, units, servings) == expected, "\(text) → \(units) × \(servings)")
    }

    @Test("a top-up stays a top-up, and the total counts only measured liquids")
    func topUpAndTotal() {
        #expect(Self.shown("soda water, to top", .ml, 4) == Self.shown("soda water, to top", .oz, 1))
        let negroni = ["1 oz gin", "1 oz Campari", "1 oz sweet vermouth", "1 orange slice"].map(Self.line)
        #expect(MeasureConversion.totalVolume(of: negroni, in: .ml) == 90)
        #expect(MeasureConversion.totalVolume(of: negroni, in: .oz) == 3)
        #expect(MeasureConversion.totalVolume(of: [Self.line("1 orange slice")], in: .ml) == nil)
    }

    @Test("settings read back from their cookie, and bad values fall back to the defaults")
    func settingsCookie() {
        let settings = Settings(theme: .dark, language: .italian, units: .ml, servings: 4)
        #expect(Settings(cookieValue: settings.cookieValue) == settings)
        #expect(Settings(cookieValue: "theme=neon&units=gallons&servings=99&lang=pt") == Settings())
        #expect(Settings().applying { ["servings": "0", "units": "cl"][$0] } == Settings(units: .cl))
    }
}
