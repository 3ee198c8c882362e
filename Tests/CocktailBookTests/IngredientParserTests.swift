import CocktailBook
import CocktailsAPI
import Testing

/// One line and the parts the parser should read from it.
struct IngredientLineCase: Sendable, CustomTestStringConvertible {
    var input: String
    var amount: Double?
    var upper: Double?
    var unit: MeasureUnit?
    var ingredient: String?
    var note: String?

    init(_ input: String, _ amount: Double?, _ unit: MeasureUnit?, _ ingredient: String?, _ note: String? = nil) {
        (self.input, self.amount, self.unit, self.ingredient, self.note) = (input, amount, unit, ingredient, note)
    }

    /// A range amount: `low` up to `upper`.
    init(
        _ input: String, _ low: Double, _ upper: Double, _ unit: MeasureUnit?, _ ingredient: String?,
        _ note: String? = nil
    ) {
        self.init(input, low, unit, ingredient, note)
        self.upper = upper
    }

    /// The whole line the parser should produce; `text` is the trimmed input.
    var expected: RecipeLine {
        RecipeLine(
            text: input.trimmingCharacters(in: .whitespacesAndNewlines),
            amount: amount.map { RecipeLine.Amount($0, upTo: upper) }, unit: unit, ingredient: ingredient, note: note
        )
    }

    var testDescription: String { input.debugDescription }
}

/// Every spelling the parser should accept for each unit (all units but `.top`, which has none).
private let unitSpellings: [(String, MeasureUnit)] = [
    ("ml", .ml), ("mls", .ml), ("millilitres", .ml), ("milliliters", .ml), ("millilitre", .ml), ("milliliter", .ml),
    ("cl", .cl), ("centilitres", .cl), ("centiliters", .cl),
    ("oz", .oz), ("oz.", .oz), ("fl oz", .oz), ("fl. oz.", .oz), ("fluid ounces", .oz), ("fluid ounce", .oz),
    ("ounce", .oz), ("ounces", .oz),
    ("tsp", .tsp), ("tsp.", .tsp), ("tsps", .tsp), ("teaspoon", .tsp), ("teaspoons", .tsp),
    ("tbsp", .tbsp), ("tbsp.", .tbsp), ("tbsps", .tbsp), ("tblsp", .tbsp), ("tablespoon", .tbsp),
    ("tablespoons", .tbsp),
    ("barspoon", .barspoon), ("barspoons", .barspoon), ("bar spoon", .barspoon), ("bar spoons", .barspoon),
    ("dash", .dash), ("dashes", .dash), ("drop", .drop), ("drops", .drop), ("splash", .splash), ("splashes", .splash),
    ("cup", .cup), ("cups", .cup), ("part", .part), ("parts", .part), ("slice", .slice), ("slices", .slice),
    ("wedge", .wedge), ("wedges", .wedge), ("sprig", .sprig), ("sprigs", .sprig), ("leaf", .leaf), ("leaves", .leaf),
    ("pinch", .pinch), ("pinches", .pinch), ("piece", .piece), ("pieces", .piece),
]

/// Amount texts and the (low, high) values they stand for.
private let amountForms: [(String, Double, Double?)] = [
    ("1", 1, nil), ("2", 2, nil), ("0.75", 0.75, nil), ("1/2", 0.5, nil), ("1 1/2", 1.5, nil), ("1½", 1.5, nil),
    ("1 ½", 1.5, nil), ("½", 0.5, nil), ("2-3", 2, 3), ("2–3", 2, 3), ("1 to 2", 1, 2),
]

@Suite("Ingredient parser")
struct IngredientParserTests {
    static let amountCases: [IngredientLineCase] = [
        IngredientLineCase("2 oz gin", 2, .oz, "gin"),
        IngredientLineCase("0.75 oz fresh lime juice", 0.75, .oz, "fresh lime juice"),
        IngredientLineCase("1/2 oz simple syrup", 0.5, .oz, "simple syrup"),
        IngredientLineCase("1 1/2 oz white rum", 1.5, .oz, "white rum"),
        IngredientLineCase("1½ oz white rum", 1.5, .oz, "white rum"),
        IngredientLineCase("1 ½ oz white rum", 1.5, .oz, "white rum"),
        IngredientLineCase("½ oz simple syrup", 0.5, .oz, "simple syrup"),
        IngredientLineCase("¾ oz lemon juice", 0.75, .oz, "lemon juice"),
        IngredientLineCase("1 ⅛ oz gin", 1.125, .oz, "gin"),
        IngredientLineCase("1⁄2 oz gin", 0.5, .oz, "gin"),
        IngredientLineCase("60 ml gin", 60, .ml, "gin"),
        IngredientLineCase("4.5 cl vodka", 4.5, .cl, "vodka"),
        IngredientLineCase("2oz gin", 2, .oz, "gin"),
        IngredientLineCase("1 1/2oz gin", 1.5, .oz, "gin"),
        IngredientLineCase("2-3 dashes Angostura bitters", 2, 3, .dash, "Angostura bitters"),
        IngredientLineCase("2–3 dashes Angostura bitters", 2, 3, .dash, "Angostura bitters"),
        IngredientLineCase("2 - 3 dashes Angostura bitters", 2, 3, .dash, "Angostura bitters"),
        IngredientLineCase("1 to 2 oz soda water", 1, 2, .oz, "soda water"),
        IngredientLineCase("1/2-1 oz simple syrup", 0.5, 1, .oz, "simple syrup"),
        IngredientLineCase("1½–2 oz gin", 1.5, 2, .oz, "gin"),
        IngredientLineCase("6 mint leaves", 6, nil, "mint leaves"),
        IngredientLineCase("2 🍋", 2, nil, "🍋"),
        IngredientLineCase("2 cups of ice", 2, .cup, "ice"),
        IngredientLineCase("1 pinch of salt", 1, .pinch, "salt"),
        IngredientLineCase("1 oz offbeat gin", 1, .oz, "offbeat gin"),
        IngredientLineCase("2 oz gin, chilled", 2, .oz, "gin", "chilled"),
        IngredientLineCase("1 oz gin, vodka, rum", 1, .oz, "gin", "vodka, rum"),
        IngredientLineCase("2 MILLILITRES gin", 2, .ml, "gin"),
    ]

    @Test("Amounts: whole, decimal, slash, mixed, vulgar-fraction and range forms", arguments: amountCases)
    func amounts(_ line: IngredientLineCase) {
        #expect(IngredientParser.parse(line.input) == line.expected)
    }

    static let noAmountCases: [IngredientLineCase] = [
        IngredientLineCase("Ice", nil, nil, "Ice"),
        IngredientLineCase("Soda water, to top", nil, .top, "Soda water", "to top"),
        // Without the comma, as a CSV may write it: the same line.
        IngredientLineCase("soda water to top", nil, .top, "soda water", "to top"),
        IngredientLineCase("Prosecco to top up", nil, .top, "Prosecco", "to top up"),
        IngredientLineCase("Ginger ale, top up", nil, .top, "Ginger ale", "top up"),
        IngredientLineCase("Top up with ginger ale", nil, .top, "ginger ale"),
        IngredientLineCase("Fill with soda water", nil, .top, "soda water"),
        IngredientLineCase("Top with prosecco", nil, .top, "prosecco"),
        IngredientLineCase("Dash of Angostura bitters", nil, .dash, "Angostura bitters"),
        IngredientLineCase("Splash of soda water", nil, .splash, "soda water"),
        IngredientLineCase("Mint sprig, to garnish", nil, nil, "Mint sprig", "to garnish"),
        IngredientLineCase("Topo Chico", nil, nil, "Topo Chico"),
        IngredientLineCase("Top", nil, nil, "Top"),
        IngredientLineCase("Club soda", nil, nil, "Club soda"),
        IngredientLineCase("  Ice, \n", nil, nil, "Ice"),
    ]

    @Test("Lines without an amount: plain names, top-ups, unit-only measures", arguments: noAmountCases)
    func withoutAmount(_ line: IngredientLineCase) {
        #expect(IngredientParser.parse(line.input) == line.expected)
    }

    @Test("Every unit spelling is read as its unit", arguments: unitSpellings.map { "\($0.0)|\($0.1.rawValue)" })
    func unitSpelling(_ pair: String) throws {
        let parts = pair.split(separator: "|").map(String.init)
        let unit = try #require(MeasureUnit(rawValue: parts[1]))
        #expect(
            IngredientParser.parse("2 \(parts[0]) gin")
                == RecipeLine(text: "2 \(parts[0]) gin", amount: .init(2), unit: unit, ingredient: "gin"))
        #expect(IngredientParser.parse("2 \(parts[0]) of gin").ingredient == "gin")
        #expect(IngredientParser.parse("1 \(parts[0].uppercased()) gin").unit == unit)
    }

    @Test("The spelling table covers every unit except top")
    func spellingsCoverUnits() {
        #expect(Set(unitSpellings.map(\.1)) == Set(MeasureUnit.allCases).subtracting([.top]))
    }

    @Test("Generated amount × unit × ingredient × note lines parse into their parts")
    func generatedLines() {
        let names = ["gin", "white rum", "Angostura bitters", "fresh lime juice", "Crème de cassis", "mint"]
        let notes: [String?] = [nil, "chilled", "freshly squeezed"]
        var checked = 0
        for (a, (amountText, low, high)) in amountForms.enumerated() {
            for (u, (spelling, unit)) in unitSpellings.enumerated() {
                let index = a * unitSpellings.count + u
                let name = names[index % names.count]
                let note = notes[index % notes.count]
                let of = index % 4 == 0 ? "of " : ""
                let written = index % 5 == 0 ? spelling.uppercased() : spelling
                let body = "\(amountText) \(written) \(of)\(name)" + (note.map { ", \($0)" } ?? "")
                let input = index % 3 == 0 ? "  \(body) \n" : body
                let expected = RecipeLine(
                    text: body, amount: .init(low, upTo: high), unit: unit, ingredient: name, note: note)
                #expect(IngredientParser.parse(input) == expected, "\(input.debugDescription)")
                checked += 1
            }
        }
        #expect(checked == amountForms.count * unitSpellings.count)
        #expect(checked >= 500)
    }

    @Test("TheCocktailDB measure + ingredient: trailing space in the measure")
    func cocktailDBMeasure() {
        let line = IngredientParser.parse(measure: "1 1/2 oz ", ingredient: "Light rum")
        #expect(line == RecipeLine(text: "1 1/2 oz Light rum", amount: .init(1.5), unit: .oz, ingredient: "Light rum"))
    }

    @Test("TheCocktailDB nil or blank measure: the ingredient alone")
    func cocktailDBNoMeasure() {
        #expect(IngredientParser.parse(measure: nil, ingredient: "Ice") == RecipeLine(text: "Ice", ingredient: "Ice"))
        #expect(
            IngredientParser.parse(measure: "  \n", ingredient: "Mint") == RecipeLine(text: "Mint", ingredient: "Mint"))
    }

    @Test("TheCocktailDB 'Juice of 1/2' + 'Lime' is kept as text")
    func cocktailDBJuiceOf() {
        let line = IngredientParser.parse(measure: "Juice of 1/2", ingredient: "Lime")
        #expect(line == RecipeLine(text: "Juice of 1/2 Lime", ingredient: "Juice of 1/2 Lime"))
    }

    @Test("Blank lines become an empty line with no parts", arguments: ["", "   ", "\t\n", "\u{00A0}"])
    func blank(_ input: String) {
        #expect(IngredientParser.parse(input) == RecipeLine(text: ""))
    }

    static let oddLines: [String] = [
        "7up", "½½", "oz", "1/0 oz gin", "-3 oz gin", "🍋🍸", "🧊 Ice", "2 🍋", ".75 oz gin", "1.2.3 oz gin",
        "3-2 oz gin", "1-1/2 oz gin", "to top", "1/", "/2 oz gin", "½ ½ ½",
        String(repeating: "a", count: 500), String(repeating: "1 1/2 ", count: 84),
        String(repeating: "½", count: 500), String(repeating: "🍸", count: 500),
        "2 oz " + String(repeating: "gin ", count: 125),
    ]

    @Test("Odd lines keep their text and an ingredient, and never crash", arguments: oddLines)
    func oddLineKept(_ input: String) {
        let line = IngredientParser.parse(input)
        #expect(line.text == input.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(line.ingredient != nil && line.ingredient?.isEmpty == false)
    }

    static let oddExact: [IngredientLineCase] = [
        IngredientLineCase("7up", nil, nil, "7up"),
        IngredientLineCase("-3 oz gin", nil, nil, "-3 oz gin"),
        IngredientLineCase("🍋🍸", nil, nil, "🍋🍸"),
        IngredientLineCase("🧊 Ice", nil, nil, "🧊 Ice"),
        IngredientLineCase(String(repeating: "a", count: 500), nil, nil, String(repeating: "a", count: 500)),
        // Known parser bugs (see report): these three fail until the parser is fixed.
        IngredientLineCase("½½", nil, nil, "½½"),
        IngredientLineCase("1/0 oz gin", nil, nil, "1/0 oz gin"),
        IngredientLineCase("oz", nil, nil, "oz"),
    ]

    @Test("Odd lines parse exactly: nothing unplaceable is read as an amount or unit", arguments: oddExact)
    func oddLineExact(_ line: IngredientLineCase) {
        #expect(IngredientParser.parse(line.input) == line.expected)
    }

    @Test(
        "A descending or dash-joined fraction after a number keeps the unit and ingredient",
        arguments: ["1-1/2 oz gin", "3-2 oz gin"])
    func descendingRangeKeepsUnit(_ input: String) {
        // Known parser bug (see report): the unit is lost and the ingredient becomes "-1/2 oz gin".
        let line = IngredientParser.parse(input)
        #expect(line.unit == .oz)
        #expect(line.ingredient == "gin")
    }

    @Test("Range amounts reckon with their midpoint")
    func typicalAmount() {
        #expect(RecipeLine.Amount(2, upTo: 3).typical == 2.5)
        #expect(RecipeLine.Amount(1.5).typical == 1.5)
        #expect(IngredientParser.parse("1 to 2 oz gin").amount?.typical == 1.5)
    }
}
