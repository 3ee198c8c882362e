import CocktailBook
import CocktailsAPI
import Foundation
import Testing

/// Recipe lines as an Italian bartender writes them: `di` or `d'` between a unit and what it
/// measures, none after a bare count, notes that agree with the ingredient (or with the cut
/// piece they describe), and no English left in a note.
@Suite("Recipe lines in Italian")
struct RecipeLineWordsTests {
    let table: IngredientTable
    let strings = UIStrings.of(.italian)

    init() throws { table = try IngredientTable(json: BundledCatalog.ingredientsData) }

    /// `text` as the Italian details page writes it, its measure unconverted.
    func italian(_ text: String) -> String {
        let line = IngredientParser.parse(text)
        let measure =
            line.ingredient != nil
            ? MeasureText.text(amount: line.amount, unit: line.unit, strings: .of(.italian)) : nil
        return strings.line(line, measure: measure, canonical: table.ingredient(for: line)?.name)
    }

    @Test("a unit takes `di` before its ingredient: 6 rametti di menta fresca, 30 ml di gin")
    func di() {
        #expect(italian("6 sprigs fresh mint") == "6 rametti di menta fresca")
        #expect(italian("30 ml London dry gin") == "30 ml di London dry gin")
        #expect(italian("22.5 ml simple syrup") == "22,5 ml di sciroppo di zucchero")
    }

    @Test("`di` elides before a vowel (120 ml d'acqua tonica), not before a name (2 dash di Angostura)")
    func elision() {
        #expect(italian("120 ml tonic water") == "120 ml d'acqua tonica")
        #expect(italian("2 dashes Angostura bitters") == "2 dash di Angostura")
        #expect(italian("1 tbsp absinthe") == "1 cucchiaio d'assenzio")
    }

    @Test("a count without a unit takes no `di` and counts the noun: 1 albume, 2 albumi")
    func counts() {
        #expect(italian("1 egg white") == "1 albume")
        #expect(italian("2 egg whites") == "2 albumi")
        #expect(italian("1 sugar cube") == "1 zolletta di zucchero")
    }

    @Test("a note agrees with its ingredient: acqua tonica, fredda; soda, fredda; zenzero fresco, grattugiato")
    func agreement() {
        #expect(italian("120 ml tonic water, chilled") == "120 ml d'acqua tonica, fredda")
        #expect(italian("60 ml soda water, chilled") == "60 ml di soda, fredda")
        #expect(italian("150 ml sparkling mineral water, chilled") == "150 ml d'acqua minerale frizzante, fredda")
        #expect(italian("100 ml prosecco, chilled") == "100 ml di prosecco, freddo")
        #expect(italian("1 tsp fresh ginger, finely grated") == "1 cucchiaino di zenzero fresco, grattugiato finemente")
        #expect(
            italian("1/2 tsp lemon peel, finely grated") == "½ cucchiaino di scorza di limone, grattugiata finemente")
    }

    @Test("the Caipirinha's lime is cut in Italian: 1 lime, tagliato a piccoli spicchi; ½ lime, tagliato in 4 spicchi")
    func caipirinha() throws {
        let caipirinha = try #require(
            try CatalogDecoder.decode(BundledCatalog.data).cocktails.first { $0.name == "Caipirinha" })
        #expect(italian(caipirinha.ingredients[0]) == "1 lime, tagliato a piccoli spicchi")
        let house = try #require(caipirinha.variants?.first?.ingredients.first)
        #expect(house == "1/2 lime, cut into 4 wedges")
        #expect(italian(house) == "½ lime, tagliato in 4 spicchi")
    }

    @Test("a top-up or an unmeasured line is its name and its note: Soda, per colmare; Albume, qualche goccia")
    func unmeasured() {
        #expect(italian("Soda water, to top") == "Soda, per colmare")
        #expect(italian("Egg white, a few drops, optional") == "Albume, qualche goccia, facoltativo")
        #expect(italian("Celery salt, to taste") == "Sale al sedano, a piacere")
    }

    @Test("English keeps the line as written, without a link word")
    func english() {
        let line = IngredientParser.parse("6 sprigs fresh mint")
        let words = UIStrings.english.words(for: line, measure: "6 sprigs")
        #expect(words.text == "6 sprigs fresh mint")
        #expect(words.link.isEmpty)
    }
}

/// Every line of every bundled drink and variant, written in Italian.
@Suite("Bundled catalog: every recipe line in Italian")
struct BundledRecipeLinesItalianTests {
    let cocktails: [Cocktail]
    let table: IngredientTable
    let names: NameTable

    init() throws {
        cocktails = try CatalogDecoder.decode(BundledCatalog.data).cocktails
        table = try IngredientTable(json: BundledCatalog.ingredientsData)
        names = try #require(UIStrings.of(.italian).names)
    }

    /// Each drink's lines with the drink (or variant) they belong to.
    var lines: [(owner: String, line: RecipeLine)] {
        cocktails.flatMap { cocktail in
            cocktail.recipe.map { (cocktail.name, $0) }
                + (cocktail.variants ?? []).flatMap { variant in
                    variant.recipe.map { ("\(cocktail.name) / \(variant.name)", $0) }
                }
        }
    }

    /// The words of the English notes that no Italian note uses (so `Cointreau` or `Tabasco`,
    /// written alike in both, are not counted as English).
    var englishNoteWords: Set<String> {
        func words(_ text: String) -> [String] {
            text.lowercased().split { !$0.isLetter }.map(String.init).filter { $0.count >= 3 }
        }
        let italian = Set(
            names.notes.values.flatMap { note in
                [NameTable.Gender.masculine, .feminine].flatMap { gender in
                    [NameTable.Number.singular, .plural].flatMap { words(note.form(gender, $0)) }
                }
            })
        return Set(names.notes.keys.flatMap(words)).subtracting(italian)
    }

    @Test("every note of every bundled line has an Italian entry, and every ingredient an Italian name")
    func everyNoteTranslated() {
        for (owner, line) in lines {
            if let note = line.note {
                #expect(names.notes[note] != nil, "\(owner): \"\(note)\" has no Italian entry")
            }
            if let ingredient = table.ingredient(for: line) {
                #expect(names.noun(ingredient.name) != nil, "\(owner): \(ingredient.name) has no Italian name")
            }
        }
    }

    @Test("no Italian line of any bundled drink contains an English note word")
    func noEnglishNoteWord() {
        let english = englishNoteWords
        #expect(english.isSuperset(of: ["chilled", "wedges", "optional", "grated", "rinse"]), "\(english.sorted())")
        var checked = 0
        for (owner, line) in lines where line.note != nil {
            let measure =
                line.ingredient != nil
                ? MeasureText.text(amount: line.amount, unit: line.unit, strings: .of(.italian)) : nil
            let words = UIStrings.of(.italian).words(
                for: line, measure: measure, canonical: table.ingredient(for: line)?.name)
            let note = (words.note ?? "").lowercased().split { !$0.isLetter }.map(String.init)
            let left = note.filter(english.contains)
            #expect(left.isEmpty, "\(owner): \"\(words.text)\" keeps \(left)")
            checked += 1
        }
        #expect(checked >= 60)
    }

    @Test("no bundled line shows a gender mismatch: a feminine noun never takes a masculine adjective")
    func noGenderMismatch() {
        let known = ["acqua frizzante, freddo", "acqua tonica, freddo", "zenzero fresco, grattugiata", "soda, freddo"]
        let cutUnits: Set<MeasureUnit> = [.slice, .wedge, .piece]
        var feminine = 0
        for (owner, line) in lines where line.note != nil {
            let measure =
                line.ingredient != nil
                ? MeasureText.text(amount: line.amount, unit: line.unit, strings: .of(.italian)) : nil
            let canonical = table.ingredient(for: line)?.name
            let words = UIStrings.of(.italian).words(for: line, measure: measure, canonical: canonical)
            for mismatch in known {
                #expect(!words.text.lowercased().contains(mismatch), "\(owner): \(words.text)")
            }
            // A feminine singular noun with an agreeing note never shows the masculine form.
            guard let noun = canonical.flatMap(names.noun), noun.gender == .feminine, noun.number == .singular,
                line.unit.map({ !cutUnits.contains($0) }) ?? true, let english = line.note,
                let forms = names.notes[english], case .agreeing = forms
            else { continue }
            let masculine = forms.form(.masculine, .singular)
            if masculine != forms.form(.feminine, .singular) {
                feminine += 1
                #expect(words.note != masculine, "\(owner): \"\(words.text)\" (\(noun.name) is feminine)")
            }
        }
        #expect(feminine >= 5, "only \(feminine) feminine nouns with an agreeing note were checked")
    }

    @Test("the check itself finds an English note left in a line")
    func checkCanFail() {
        let untranslated = RecipeLineWords(measure: "1", link: "", name: "lime", note: "cut into 4 wedges")
        let note = (untranslated.note ?? "").split { !$0.isLetter }.map(String.init)
        #expect(note.contains(where: englishNoteWords.contains))
    }
}
