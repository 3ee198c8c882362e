import CocktailBook
import CocktailsAPI
import Foundation
import Testing

/// A small hand-made table, so that every expectation below can be worked out on paper.
private let handTable = IngredientTable([
    Ingredient(name: "gin", kind: .spirit, abv: 40),
    Ingredient(name: "Campari", kind: .liqueur, abv: 24),
    Ingredient(name: "sweet vermouth", kind: .fortifiedWine, abv: 16),
    Ingredient(name: "white rum", kind: .spirit, abv: 40),
    Ingredient(name: "lime juice", kind: .juice, abv: 0),
    Ingredient(name: "simple syrup", kind: .syrup, abv: 0),
    Ingredient(name: "soda water", kind: .mixer, abv: 0),
    Ingredient(name: "Angostura bitters", kind: .bitters, abv: 44.7, aliases: ["Angostura"]),
    Ingredient(name: "egg white", kind: .egg, abv: 0),
])

private func estimate(_ lines: [String], _ method: String?, table: IngredientTable = handTable) -> Double? {
    ABVEstimator.estimate(lines.map(IngredientParser.parse), method: method, table: table)
}

/// `actual` is within `tolerance` percentage points of `expected`.
private func near(_ actual: Double?, _ expected: Double, tolerance: Double = 0.05) -> Bool {
    guard let actual else { return false }
    return abs(actual - expected) <= tolerance
}

private let negroni = ["1 oz gin", "1 oz Campari", "1 oz sweet vermouth"]

@Suite("ABV estimator")
struct ABVEstimatorTests {
    @Test("Negroni, 1 oz each, built: 24.24 %")
    func negroniBuilt() {
        // Each line is 1 oz = 29.57 ml, so the poured volume is 3 × 29.57 = 88.71 ml.
        // Alcohol: 29.57 × 0.40 + 29.57 × 0.24 + 29.57 × 0.16 = 11.828 + 7.0968 + 4.7312 = 23.656 ml.
        // Built adds 10 % water: final volume 88.71 × 1.10 = 97.581 ml.
        // ABV = 23.656 / 97.581 = 24.242 %.
        let abv = estimate(negroni, "built")
        #expect(near(abv, 24.242), "got \(String(describing: abv))")
        #expect(near(abv, 24.242, tolerance: 0.3))
    }

    @Test("Negroni, 1 oz each, stirred: 22.22 %")
    func negroniStirred() {
        // Same 23.656 ml of alcohol in 88.71 ml; stirred adds 20 %: 88.71 × 1.20 = 106.452 ml.
        // ABV = 23.656 / 106.452 = 22.222 %.
        let abv = estimate(negroni, "stirred")
        #expect(near(abv, 22.222), "got \(String(describing: abv))")
    }

    @Test("Daiquiri, 2 oz rum, 1 oz lime, ¾ oz syrup, shaken: 17.07 %")
    func daiquiriShaken() {
        // Rum 2 × 29.57 = 59.14 ml × 0.40 = 23.656 ml alcohol; lime 29.57 ml; syrup 0.75 × 29.57 = 22.1775 ml.
        // Poured 110.8875 ml; shaken adds 25 %: 138.609 ml. ABV = 23.656 / 138.609 = 17.067 %.
        let abv = estimate(["2 oz white rum", "1 oz lime juice", "3/4 oz simple syrup"], "shaken")
        #expect(near(abv, 17.067), "got \(String(describing: abv))")
    }

    @Test("Highball topped with soda: the top-up counts as 90 ml")
    func highballTopUp() {
        // Gin 59.14 ml (23.656 ml alcohol) + soda 90 ml = 149.14 ml; built × 1.10 = 164.054 ml.
        // ABV = 23.656 / 164.054 = 14.420 %.
        let abv = estimate(["2 oz gin", "Soda water, to top"], "built")
        #expect(near(abv, 14.420), "got \(String(describing: abv))")
        // Both top-up wordings give the same figure.
        #expect(estimate(["2 oz gin", "Top up with soda water"], "built") == abv)
    }

    @Test("Dashes count 0.9 ml each")
    func dashes() {
        // Gin 59.14 ml (23.656 ml alcohol) + 2 × 0.9 = 1.8 ml bitters (1.8 × 0.447 = 0.8046 ml alcohol).
        // Poured 60.94 ml; stirred × 1.20 = 73.128 ml. ABV = 24.4606 / 73.128 = 33.449 %.
        let abv = estimate(["2 oz gin", "2 dashes Angostura bitters"], "stirred")
        #expect(near(abv, 33.449), "got \(String(describing: abv))")
        // A range reckons with its middle: 2–3 dashes = 2.5 × 0.9 = 2.25 ml (1.00575 ml alcohol).
        // (23.656 + 1.00575) / ((59.14 + 2.25) × 1.20) = 24.66175 / 73.668 = 33.477 %.
        #expect(near(estimate(["2 oz gin", "2-3 dashes Angostura"], "stirred"), 33.477))
    }

    @Test("An egg white counts 30 ml of volume and no alcohol")
    func eggWhite() {
        // Daiquiri-sized sour: 110.8875 ml poured + 30 ml egg white = 140.8875 ml; shaken × 1.25 = 176.109 ml.
        // ABV = 23.656 / 176.109 = 13.433 %.
        let abv = estimate(["2 oz gin", "1 oz lime juice", "3/4 oz simple syrup", "1 egg white"], "shaken")
        #expect(near(abv, 13.433), "got \(String(describing: abv))")
    }

    @Test("A line whose ingredient is unknown counts volume but no alcohol")
    func unknownIngredient() {
        // Gin 59.14 ml (23.656 ml alcohol) + 59.14 ml unknown cordial = 118.28 ml; stirred × 1.20 = 141.936 ml.
        // ABV = 23.656 / 141.936 = 16.667 %.
        let abv = estimate(["2 oz gin", "2 oz mystery cordial"], "stirred")
        #expect(near(abv, 16.667), "got \(String(describing: abv))")
    }

    @Test("Solids and garnishes count nothing")
    func solids() {
        // Rum 59.14 ml (23.656 ml alcohol) + lime 29.57 ml = 88.71 ml; shaken × 1.25 = 110.8875 ml → 21.333 %.
        let base = ["2 oz white rum", "1 oz lime juice"]
        let abv = estimate(base + ["6 leaves mint", "2 wedges lime", "6 mint leaves", "1 sprig mint", "1 slice lime"], "shaken")
        #expect(near(abv, 21.333), "got \(String(describing: abv))")
        #expect(abv == estimate(base, "shaken"))
    }

    @Test("A single spirit, layered (no dilution), is the spirit's own ABV")
    func layeredSpirit() {
        #expect(near(estimate(["2 oz gin"], "layered"), 40))
    }

    @Test("No line with a volume gives no estimate")
    func noVolume() {
        #expect(estimate(["6 leaves mint", "Ice", "2 wedges lime", "1 egg"], "built") == nil)
        #expect(estimate([], "stirred") == nil)
        #expect(estimate(["Juice of 1/2 Lime"], nil) == nil)
    }

    @Test("Water added by each method", arguments: [
        ("stirred", 0.20), ("swizzled", 0.20), ("shaken", 0.25), ("blended", 0.25), ("thrown", 0.15),
        ("built", 0.10), ("muddled", 0.10), ("layered", 0.0), ("Shaken", 0.25), ("STIRRED", 0.20), ("rolled", 0.15),
    ])
    func dilution(method: String, expected: Double) {
        #expect(ABVEstimator.dilution(for: method) == expected)
    }

    @Test("No method dilutes by 15 %")
    func dilutionWithoutMethod() {
        #expect(ABVEstimator.dilution(for: nil) == 0.15)
    }

    @Test("Real ingredient table: a built Negroni lands between 24 and 28 %")
    func realTableNegroni() throws {
        let table = try IngredientTable(json: BundledCatalog.ingredientsData)
        let abv = try #require(estimate(["1 oz London dry gin", "1 oz Campari", "1 oz sweet vermouth"], "built", table: table))
        #expect((24.0...28.0).contains(abv), "got \(abv)")
        #expect(near(abv, 24.242))
    }

    @Test("Real ingredient table: ice adds no volume")
    func realTableIce() throws {
        let table = try IngredientTable(json: BundledCatalog.ingredientsData)
        let neat = estimate(["2 oz gin"], "blended", table: table)
        #expect(estimate(["2 oz gin", "1 cup crushed ice", "2 cups of ice"], "blended", table: table) == neat)
        #expect(near(neat, 32))  // 40 % / 1.25
    }
}

@Suite("ABV and measure text")
struct ABVTextTests {
    private func details(_ kind: CocktailKind, _ recipe: [String], method: String? = "built") throws -> CocktailDetails {
        let cocktail = Cocktail(
            id: "t1", name: "Test", kind: kind, shortDescription: "s", longDescription: "l",
            preparationMinutes: 3, imageName: "img", ingredients: recipe, method: method
        )
        let list = CocktailList(catalog: AlphabeticalCatalog([cocktail]), favorites: [], filter: .all)
        let item = try #require(list.items.first)
        return CocktailDetails(item, table: try IngredientTable(json: BundledCatalog.ingredientsData))
    }

    private let realNegroni = ["1 oz London dry gin", "1 oz Campari", "1 oz sweet vermouth"]

    @Test("An alcoholic drink shows ≈ N% ABV, rounded to a whole percent")
    func alcoholicText() throws {
        let negroni = try details(.alcoholic, realNegroni)
        #expect(negroni.roundedABV == 24)
        #expect(negroni.abvText == "≈ 24% ABV")
    }

    @Test("Standard drinks: grams of alcohol over the language's standard (10 g; 12 g in Italian)")
    func standardDrinks() throws {
        // 1 oz (29.57 ml) each of gin 40 %, Campari 24 %, vermouth 16 %: 23.7 ml of alcohol, 18.7 g.
        let negroni = try details(.alcoholic, realNegroni)
        #expect(abs((negroni.alcoholGrams ?? 0) - 18.665) < 0.01)
        #expect(negroni.standardDrinksText(.english) == "1.9 standard drinks")
        #expect(negroni.standardDrinksText(.of(.italian)) == "1,6 unità alcoliche")
        // Dilution changes the strength, not the alcohol.
        #expect(try details(.alcoholic, realNegroni, method: "shaken").alcoholGrams == negroni.alcoholGrams)
        #expect(try details(.alcoholic, ["32 ml London dry gin"]).standardDrinksText(.english) == "1 standard drink")
        #expect(try details(.nonAlcoholic, realNegroni).standardDrinksText(.english) == nil)
        #expect(try details(.alcoholic, ["2 oz fresh lime juice", "Soda water, to top"]).standardDrinksText(.english) == nil)
        #expect(try details(.alcoholic, ["6 leaves mint"]).standardDrinksText(.english) == nil)
    }

    @Test("A non-alcoholic drink is Alcohol-free whatever its lines")
    func nonAlcoholicText() throws {
        #expect(try details(.nonAlcoholic, realNegroni).abvText == "Alcohol-free")
        #expect(try details(.nonAlcoholic, ["2 oz fresh lime juice"]).abvText == "Alcohol-free")
    }

    @Test("An alcoholic-kind drink that rounds to 0 % is Alcohol-free; one with no volumes has no text")
    func edgeTexts() throws {
        #expect(try details(.alcoholic, ["2 oz fresh lime juice", "Soda water, to top"]).abvText == "Alcohol-free")
        #expect(try details(.alcoholic, ["6 leaves mint"]).abvText == nil)
    }

    @Test("Numbers print with vulgar fractions", arguments: [
        (1.5, "1 ½"), (0.75, "¾"), (2.0, "2"), (0.6, "0.6"), (0.5, "½"), (2.25, "2 ¼"), (1.0 / 3, "⅓"), (0.125, "⅛"), (12.0, "12"),
    ])
    func number(value: Double, expected: String) {
        #expect(MeasureText.number(value) == expected)
    }

    @Test("Measures print as a person reads them")
    func measureText() {
        #expect(MeasureText.text(amount: .init(2, upTo: 3), unit: .dash) == "2–3 dashes")
        #expect(MeasureText.text(amount: nil, unit: .top) == "Top up")
        #expect(MeasureText.text(amount: .init(1), unit: .oz) == "1 oz")
        #expect(MeasureText.text(amount: .init(2), unit: .leaf) == "2 leaves")
        #expect(MeasureText.text(amount: .init(1.5), unit: .oz) == "1 ½ oz")
        #expect(MeasureText.text(amount: .init(1), unit: .leaf) == "1 leaf")
        #expect(MeasureText.text(amount: .init(6), unit: nil) == "6")
        #expect(MeasureText.text(amount: nil, unit: .dash) == "Dash")
        #expect(MeasureText.text(amount: nil, unit: nil) == nil)
    }
}
