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
    ABVEstimator.estimate(
        lines.map(IngredientParser.parse), method: method.flatMap(MixingMethod.init(named:)), table: table)
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
        let abv = estimate(
            base + ["6 leaves mint", "2 wedges lime", "6 mint leaves", "1 sprig mint", "1 slice lime"], "shaken")
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

    @Test(
        "Water added by each method",
        arguments: [
            ("stirred", 0.20), ("swizzled", 0.20), ("shaken", 0.25), ("blended", 0.25), ("thrown", 0.15),
            ("built", 0.10), ("muddled", 0.10), ("layered", 0.0), ("Shaken", 0.25), ("STIRRED", 0.20), ("rolled", 0.15),
        ])
    func dilution(method: String, expected: Double) {
        #expect(ABVEstimator.dilution(for: MixingMethod(named: method)) == expected)
    }

    @Test("No method dilutes by 15 %")
    func dilutionWithoutMethod() {
        #expect(ABVEstimator.dilution(for: nil) == 0.15)
    }

    @Test("Real ingredient table: a built Negroni lands between 24 and 28 %")
    func realTableNegroni() throws {
        let table = try IngredientTable(json: BundledCatalog.ingredientsData)
        let abv = try #require(
            estimate(["1 oz London dry gin", "1 oz Campari", "1 oz sweet vermouth"], "built", table: table))
        #expect((24.0...28.0).contains(abv), "got \(abv)")
        #expect(near(abv, 24.242))
    }

    @Test("Real ingredient table: ice adds no volume")
    func realTableIce() throws {
        let table = try IngredientTable(json: BundledCatalog.ingredientsData)
        let neat = estimate(["2 oz gin"], "blended", table: table)
        #expect(estimate(["2 oz gin", "1 cup crushed ice", "2 cups of ice"], "blended", table: table) == neat)
        #expect(near(neat, 32)) // 40 % / 1.25
    }
}

@Suite("ABV and measure text")
struct ABVTextTests {
    private func details(_ kind: CocktailKind, _ recipe: [String], method: String? = "built") throws -> CocktailDetails
    {
        let cocktail = Cocktail(
            id: "t1", name: "Test", kind: kind, shortDescription: "s", longDescription: "l",
            preparationMinutes: 3, imageName: "img", ingredients: recipe,
            method: method.flatMap(MixingMethod.init(named:))
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
        #expect(
            try details(.alcoholic, ["2 oz fresh lime juice", "Soda water, to top"]).standardDrinksText(.english) == nil
        )
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

    @Test(
        "Numbers print with vulgar fractions",
        arguments: [
            (1.5, "1 ½"), (0.75, "¾"), (2.0, "2"), (0.6, "0.6"), (0.5, "½"), (2.25, "2 ¼"), (1.0 / 3, "⅓"),
            (0.125, "⅛"), (12.0, "12"),
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

/// The method as the steps describe it: what is discarded or served apart, what dissolves, what
/// a muddled fruit gives, how much a top-up pours and how the steps change the dilution. Each
/// figure is worked out on paper with the hand table (1 oz = 29.57 ml).
@Suite("ABV estimator: the method as the steps describe it")
struct ABVStepsTests {
    static let table = IngredientTable([
        Ingredient(name: "gin", kind: .spirit, abv: 40),
        Ingredient(name: "absinthe", kind: .spirit, abv: 60),
        Ingredient(name: "sparkling wine", kind: .wine, abv: 12),
        Ingredient(name: "cola", kind: .mixer, abv: 0),
        Ingredient(name: "lemon juice", kind: .juice, abv: 0),
        Ingredient(name: "white cane sugar", kind: .other, abv: 0),
        Ingredient(name: "lime", kind: .fruit, abv: 0),
    ])

    func estimate(_ lines: [String], _ method: String, _ steps: [String]) -> Double? {
        ABVEstimator.estimate(
            lines.map(IngredientParser.parse), method: MixingMethod(named: method), steps: steps, table: Self.table)
    }

    @Test("a discarded rinse counts for nothing (Sazerac): 2 oz gin stirred is 40 / 1.2")
    func rinse() {
        let rinsed = estimate(
            ["1/3 oz absinthe, to rinse", "2 oz gin"], "stirred", ["Rinse the glass with absinthe and discard it."])
        #expect(near(rinsed, 33.333), "got \(String(describing: rinsed))")
        #expect(
            near(
                ABVEstimator.alcoholGrams(
                    ["1/3 oz absinthe, to rinse", "2 oz gin"].map(IngredientParser.parse), table: Self.table),
                59.14 * 0.4 * 0.789, tolerance: 0.01))
    }

    @Test("a serving on the side counts for nothing (Porn Star Martini's sparkling wine)")
    func onTheSide() {
        let drink = estimate(["2 oz gin", "2 oz sparkling wine, served on the side"], "shaken", ["Shake and strain."])
        #expect(near(drink, 32), "got \(String(describing: drink))")
    }

    @Test("a top-up the step calls a splash pours 15 ml, otherwise 90 ml; over a shaken drink it is not diluted")
    func splashTop() {
        // Shaken: 59.14 ml gin × 1.25 = 73.925 ml, + 15 ml cola = 88.925; alcohol 23.656 ml → 26.602 %.
        let splash = estimate(
            ["2 oz gin", "Cola, to top"], "shaken", ["Shake and strain.", "Top with a splash of cola."])
        #expect(near(splash, 26.602), "got \(String(describing: splash))")
        // A full top: 73.925 + 90 = 163.925 → 14.431 %.
        let full = estimate(["2 oz gin", "Cola, to top"], "shaken", ["Shake and strain.", "Top with cola."])
        #expect(near(full, 14.431), "got \(String(describing: full))")
        // Built: the top sits with the ice too: (59.14 + 90) × 1.1 = 164.054 → 14.420 %.
        let built = estimate(["2 oz gin", "Cola, to top"], "built", ["Fill with ice, add the gin and top with cola."])
        #expect(near(built, 14.420), "got \(String(describing: built))")
    }

    @Test("granulated sugar dissolves to half its spoon volume; a muddled lime gives 25 ml of juice")
    func sugarAndFruit() {
        // 1/2 lime → 12.5 ml; 4 tsp sugar = 20 ml → 10 ml; 60 ml gin; crushed ice 30 %:
        // alcohol 24 ml / (82.5 × 1.3 = 107.25) = 22.378 %.
        let caipirinha = estimate(
            ["1/2 lime, cut into 4 wedges", "4 tsp white cane sugar", "60 ml gin"], "muddled",
            ["Muddle the lime with the sugar.", "Fill with crushed ice and add the gin."])
        #expect(near(caipirinha, 22.378), "got \(String(describing: caipirinha))")
        // The same lime as a garnish of a drink nobody muddles gives nothing.
        let garnished = estimate(["1/2 lime", "60 ml gin"], "built", ["Pour the gin over ice."])
        #expect(near(garnished, 40 / 1.1), "got \(String(describing: garnished))")
    }

    @Test("a built drink stirred down over ice dilutes as stirred; a muddled one that is shaken, as shaken")
    func stepsChangeTheDilution() {
        let stirredDown = estimate(
            ["2 oz gin"], "built",
            ["Add a large ice cube and the gin.", "Stir for about 20 seconds to chill and dilute."])
        #expect(near(stirredDown, 40 / 1.2), "got \(String(describing: stirredDown))")
        let poured = estimate(["2 oz gin"], "built", ["Pour the gin over ice."])
        #expect(near(poured, 40 / 1.1), "got \(String(describing: poured))")
        let smash = estimate(
            ["2 oz gin", "1 oz lemon juice"], "muddled",
            ["Muddle the lemon.", "Add the gin, shake hard with ice and strain."])
        #expect(near(smash, 23.656 / (88.71 * 1.25) * 100), "got \(String(describing: smash))")
    }
}

/// The estimator against published figures for 22 well-known drinks of the bundled catalog.
@Suite("ABV estimator: 22 drinks against published estimates")
struct ABVReferenceTests {
    struct References: Decodable {
        struct Drink: Decodable {
            var name: String
            var abv: Double
        }
        var drinks: [Drink]
    }

    @Test("each of the 22 is within 2 percentage points of its published estimate")
    func pinned() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/abv-references.json").path
        let references = try JSONDecoder().decode(
            References.self, from: try #require(FileManager.default.contents(atPath: path))
        ).drinks
        #expect(references.count == 22)
        let table = try IngredientTable(json: BundledCatalog.ingredientsData)
        let cocktails = Dictionary(
            try CatalogDecoder.decode(BundledCatalog.data).cocktails.map { ($0.name, $0) },
            uniquingKeysWith: { a, _ in a })
        for reference in references {
            let cocktail = try #require(cocktails[reference.name], "\(reference.name) is not in the catalog")
            let abv = try #require(CocktailDetails(.init(cocktail: cocktail, isFavorite: false), table: table).abv)
            #expect(
                abs(abv - reference.abv) <= 2,
                "\(reference.name): estimated \(String(format: "%.1f", abv)) %, published ≈ \(reference.abv) %")
        }
    }
}
