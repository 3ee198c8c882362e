import CocktailBookTestSupport
import CocktailsAPI
import Foundation
import Testing

@testable import CocktailBook

/// The book in every language it has besides English: every recipe line and every text of the
/// 311 drinks and of the interface is in that language (no English word outside its glossary,
/// no word its glossary avoids), templates fix no article before a name, and recipe lines follow
/// each language's grammar.
@Suite("Every language: German, French, Spanish and Italian, whole")
struct EveryLanguageTests {
    static let languages = ["de", "fr", "es", "it"]

    @Test("the book ships these languages, each with strings, names and the drinks' texts")
    func shipped() {
        #expect(Language.allCases.map(\.rawValue) == ["en", "de", "es", "fr", "it"])
        for code in Self.languages {
            let language = Language(rawValue: code)!
            let strings = UIStrings.of(language)
            #expect(Set(strings.table.keys) == Set(UIStrings.english.table.keys), "\(code): the same keys as English")
            #expect(strings.names != nil, "\(code): a names table")
            let translated = LanguageGlossary.bundled.filter { $0.translations?[code] != nil }
            #expect(translated.count == 311, "\(code): \(translated.count) drinks translated")
        }
    }

    @Test("every recipe line of every drink and variant reads in the language", arguments: languages)
    func recipeLines(_ code: String) throws {
        let glossary = try LanguageGlossary(code)
        let strings = UIStrings.of(Language(rawValue: code)!)
        var problems: [String] = []
        var count = 0
        for drink in LanguageGlossary.bundled {
            let recipes = [drink.ingredients] + (drink.variants ?? []).map(\.ingredients)
            for recipe in recipes {
                for line in RecipeLines.localized(recipe.map(IngredientParser.parse), strings: strings) {
                    count += 1
                    for problem in glossary.problems(in: line) { problems.append("\(drink.name): \(line): \(problem)") }
                }
            }
        }
        #expect(count > 1_000)
        #expect(problems == [], "\(problems.count) lines")
    }

    @Test("every text of every drink reads in the language and keeps the glossary", arguments: languages)
    func drinkTexts(_ code: String) throws {
        let glossary = try LanguageGlossary(code)
        var problems: [String] = []
        for drink in LanguageGlossary.bundled {
            let texts = drink.texts(in: Language(rawValue: code)!)
            let all =
                [texts.shortDescription, texts.longDescription, texts.garnish ?? ""] + (texts.instructions ?? [])
                + (texts.variants ?? []).flatMap { [$0.name, $0.description ?? ""] }
            #expect(texts.shortDescription != drink.shortDescription, "\(code): \(drink.name) is translated")
            #expect((texts.instructions ?? []).count == (drink.instructions ?? []).count, "\(drink.name)")
            for text in all {
                for problem in glossary.problems(in: text) { problems.append("\(drink.name): \(problem): \(text)") }
            }
        }
        #expect(problems == [], "\(problems.count) problems")
    }

    @Test("every interface string and name reads in the language and keeps the glossary", arguments: languages)
    func interface(_ code: String) throws {
        let glossary = try LanguageGlossary(code)
        let strings = UIStrings.of(Language(rawValue: code)!)
        var problems: [String] = []
        for (key, text) in strings.table where !key.hasPrefix("language_") {
            for problem in glossary.problems(in: text) { problems.append("\(key): \(problem)") }
        }
        let names = try #require(strings.names)
        let named =
            names.ingredients.values.flatMap { [$0.name, $0.plural ?? ""] } + Array(names.tags.values)
            + Array(names.categories.values) + Array(names.glasses.values) + Array(names.methods.values)
            + names.units.values.flatMap { [$0.one, $0.other] }
            + names.notes.values.flatMap { note in
                [NameTable.Gender.masculine, .feminine].flatMap { [note.form($0, .singular), note.form($0, .plural)] }
            }
        for text in named {
            for problem in glossary.problems(in: text) { problems.append("names: \(text): \(problem)") }
        }
        #expect(problems == [], "\(problems.count) problems")
    }

    /// Articles, possessives and elidable prepositions that a template must not put right before
    /// a placeholder: what fills it decides them (gender, number, a vowel).
    static let fixedBefore: [String: String] = [
        "de":
            #"\b(der|die|das|den|dem|des|ein|eine|einen|einem|einer|eines|dein|deine|deinen|deinem|deiner|sein|seine)\s+\{(?!date\}|time\}|when\}|until\}|last\})"#,
        "fr":
            #"(\b(le|la|les|un|une|du|des|au|aux|ton|ta|tes|votre|vos|son|sa|ses|ce|cet|cette|de)\s+|\b[ldLD]['’])\{"#,
        "es":
            #"\b(el|la|los|las|un|una|unos|unas|del|al|tu|tus|su|sus|este|esta)\s+\{(?!date\}|time\}|when\}|until\}|last\})"#,
        "it":
            #"\b(il|lo|la|i|gli|le|un|uno|una|del|della|dello|dei|degli|delle|al|alla|dal|dalla|nel|nella|sul|sulla|tuo|tua|tuoi|tue)\s+\{"#,
    ]

    @Test(
        "no template puts a fixed article, possessive or elidable preposition before a placeholder",
        arguments: languages)
    func noFixedGender(_ code: String) throws {
        let pattern = try Regex(try #require(Self.fixedBefore[code])).ignoresCase()
        for (key, text) in UIStrings.of(Language(rawValue: code)!).table {
            #expect(text.firstMatch(of: pattern) == nil, "\(code) \(key): \(text)")
        }
        // The check can fail.
        #expect("Supprimer la recette de {name}".firstMatch(of: try Regex(Self.fixedBefore["fr"]!)) != nil)
        #expect("salvato il {date} alle {time}".firstMatch(of: try Regex(Self.fixedBefore["it"]!)) != nil, "il 8")
    }

    @Test("the check finds English and avoided words")
    func checkCanFail() throws {
        let german = try LanguageGlossary("de")
        #expect(german.problems(in: "Alle Zutaten kräftig shaken.") == [])
        #expect(german.problems(in: "Mit dem Garnish servieren.").contains("English \"garnish\""))
        #expect(german.problems(in: "Alles kräftig schütteln.").contains { $0.hasPrefix("\"schütteln\"") })
    }

    @Test(
        "recipe lines follow each language's grammar",
        arguments: [
            ("de", "50 ml gin", "50 ml Gin"), ("de", "2 dashes Angostura bitters", "2 Spritzer Angostura"),
            ("fr", "50 ml gin", "50 ml de gin"), ("fr", "2 dashes Angostura bitters", "2 traits d'Angostura"),
            ("fr", "60 ml soda water", "60 ml d'eau gazeuse"),
            ("es", "50 ml gin", "50 ml de ginebra"), ("es", "2 dashes Angostura bitters", "2 golpes de Angostura"),
            ("it", "50 ml gin", "50 ml di gin"), ("it", "2 dashes Angostura bitters", "2 dash di Angostura"),
            ("it", "120 ml tonic water", "120 ml d'acqua tonica"),
        ])
    func grammar(_ code: String, _ english: String, _ expected: String) {
        let strings = UIStrings.of(Language(rawValue: code)!)
        #expect(RecipeLines.localized([IngredientParser.parse(english)], strings: strings) == [expected])
    }

    @Test("a language's drink texts join only the drink filed under that id and name, with as many steps")
    func filedByName() throws {
        let mojito = try #require(LanguageGlossary.bundled.first { $0.name == "Mojito" })
        #expect(mojito.texts(in: Language(rawValue: "de")!).instructions?.first?.contains("Minze") == true)
        var other = mojito
        other.name = "Not a Mojito"
        other.translations = nil
        var changed = mojito
        changed.instructions = (changed.instructions ?? []) + ["Serve with a smile."]
        changed.translations = nil
        let added = CatalogTranslations.adding(to: [other, changed])
        #expect(added[0].translations?["de"] == nil, "another drink under the same id")
        #expect(added[1].translations?["de"] == nil, "steps changed since the translation")
    }
}

/// Search in every language at once, whatever the page's language.
@Suite("Search in every language")
struct EveryLanguageSearchTests {
    let book: CatalogSnapshot

    init() throws { book = try BundledBook.snapshot() }

    @Test(
        "Minze, menthe, menta and mint find the Mojito on a page in any language",
        arguments: ["Minze", "menthe", "menta", "mint"])
    func mint(_ query: String) {
        for language in Language.allCases {
            let hits = book.index.search(query, in: language).map { book.catalog.cocktails[$0.position].name }
            #expect(hits.contains("Mojito"), "\(query) on a page in \(language.rawValue)")
            #expect(!hits.contains("Negroni"), "\(query) on a page in \(language.rawValue)")
        }
    }

    @Test("a language's aliases find drinks on any page: hierbabuena the Mojito, jugo de piña a pineapple drink")
    func aliases() {
        for language in Language.allCases {
            let mint = book.index.search("hierbabuena", in: language).map { book.catalog.cocktails[$0.position] }
            #expect(mint.contains { $0.name == "Mojito" }, "\(language.rawValue)")
            #expect(!mint.contains { $0.name == "Negroni" }, "\(language.rawValue)")
            // `jugo`, Latin America's word for juice, is no word of the book's: only the aliases
            // make it find the juices.
            let juices = book.index.search("jugo", in: language).map { book.catalog.cocktails[$0.position] }
            #expect(juices.contains { $0.name == "Mojito" }, "\(language.rawValue): lime juice")
            #expect(!juices.contains { $0.name == "Negroni" }, "\(language.rawValue)")
            let pineapple = book.index.search("jugo de piña", in: language).map { book.catalog.cocktails[$0.position] }
            let withJuice = book.catalog.cocktails.filter { $0.ingredients.contains { $0.contains("pineapple juice") } }
            #expect(!withJuice.isEmpty)
            #expect(pineapple.first?.ingredients.contains { $0.contains("pineapple") } == true, "\(language.rawValue)")
            #expect(Set(withJuice.map(\.id)).isSubset(of: pineapple.map(\.id)), "\(language.rawValue)")
        }
    }

    @Test("a typo is forgiven in the page's language: Mineze on a German page, mentha on a French one")
    func typos() {
        let german = book.index.search("Mineze", in: Language(rawValue: "de")!).map {
            book.catalog.cocktails[$0.position].name
        }
        #expect(german.contains("Mojito"))
        let french = book.index.search("mentha", in: Language(rawValue: "fr")!).map {
            book.catalog.cocktails[$0.position].name
        }
        #expect(french.contains("Mojito"))
    }

    @Test("a drink's name matches as typed in any language: Negroni Sbagliato")
    func names() {
        for language in Language.allCases {
            let hits = book.index.search("Negroni Sbagliato", in: language).map {
                book.catalog.cocktails[$0.position].name
            }
            #expect(hits.first == "Negroni Sbagliato", "\(language.rawValue)")
        }
    }
}
