import CocktailsAPI
import Foundation
import Testing

@testable import CocktailBook

/// The bundled 170-cocktail catalog with its ingredient table, as the app indexes it.
enum BundledBook {
    static func cocktails() throws -> [Cocktail] {
        let outcome = try CatalogDecoder.decode(BundledCatalog.data)
        try #require(outcome.skipped.isEmpty, "the bundled catalog should decode cleanly: \(outcome.skipped)")
        return outcome.cocktails
    }

    static func table() throws -> IngredientTable { try IngredientTable(json: BundledCatalog.ingredientsData) }

    static func snapshot() throws -> CatalogSnapshot {
        CatalogSnapshot(catalog: AlphabeticalCatalog(try cocktails()), table: try table())
    }
}

extension CatalogSnapshot {
    /// The names and ranks of `query`'s hits, best first.
    func rankedHits(_ query: String) -> [(name: String, rank: SearchIndex.Rank)] {
        index.search(query).map { (catalog.cocktails[$0.position].name, $0.rank) }
    }

    /// The names of `query`'s hits, best first.
    func hitNames(_ query: String) -> [String] { rankedHits(query).map(\.name) }

    /// The rank of the cocktail called `name` in `query`'s hits, if it is among them.
    func hitRank(of name: String, in query: String) -> SearchIndex.Rank? {
        rankedHits(query).first { $0.name == name }?.rank
    }
}

@Suite("SearchIndex over the bundled catalog")
struct SearchIndexTests {
    let book: CatalogSnapshot

    init() throws { book = try BundledBook.snapshot() }

    @Test("the bundled catalog has 311 cocktails and the index covers them all")
    func size() {
        #expect(book.catalog.cocktails.count == 311)
        #expect(book.index.count == 311)
    }

    @Test(
        "`pina` finds both Piña Coladas by name prefix, then the Pinks as one-edit typos, then pink grapefruit and, as Spanish's word for pineapple, the pineapple drinks"
    )
    func pina() {
        let hits = book.rankedHits("pina")
        #expect(
            hits.prefix(5).map(\.name) == [
                "Piña Colada", "Virgin Piña Colada", "Pink Lady", "Pink Lemonade", "Pink Squirrel",
            ])
        #expect(hits.prefix(5).map(\.rank) == [.namePrefix, .namePrefix, .nameTypo, .nameTypo, .nameTypo])
        let byIngredient = hits.dropFirst(5)
        #expect(byIngredient.allSatisfy { $0.rank == .ingredient })
        #expect(byIngredient.map(\.name) == byIngredient.map(\.name).sorted())
        // Paloma by its pink grapefruit (a typo of the English), the others by `piña` (Spanish).
        for name in ["Paloma", "Jungle Bird", "Painkiller", "Hotel Nacional Special"] {
            #expect(byIngredient.contains { $0.name == name }, "\(name)")
        }
        #expect(!byIngredient.contains { $0.name == "Negroni" })
    }

    @Test("accents and case in the query do not matter", arguments: ["PIÑA", "pína", "Piña", "PINA", "piña colada"])
    func accentsAndCase(query: String) {
        let names = book.hitNames(query)
        #expect(names.prefix(2) == ["Piña Colada", "Virgin Piña Colada"])
        #expect(book.hitRank(of: "Piña Colada", in: query) == (query == "piña colada" ? .exactName : .namePrefix))
    }

    @Test("`marg` finds every Margarita as a name prefix, names starting with it first, before the `mary` typos")
    func marg() {
        let hits = book.rankedHits("marg")
        #expect(
            Array(hits.map(\.name).prefix(8)) == [
                "Margarita", "Margarita Mocktail", "Frozen Margarita", "Grand Margarita", "Tommy's Margarita",
                "Mary Pickford", "Bloody Mary", "Virgin Mary",
            ])
        #expect(
            Array(hits.map(\.rank).prefix(8)) == [
                .namePrefix, .namePrefix, .namePrefix, .namePrefix, .namePrefix, .nameTypo, .nameTypo, .nameTypo,
            ])
        #expect(hits.dropFirst(8).allSatisfy { $0.rank == .description })
        #expect(
            hits.map(\.name) == [
                "Margarita", "Margarita Mocktail", "Frozen Margarita", "Grand Margarita", "Tommy's Margarita",
                "Mary Pickford", "Bloody Mary", "Virgin Mary", "Barracuda", "Illegal", "Kamikaze", "Matador", "Paloma",
            ])
    }

    @Test("`margarta` (one letter missing) finds the Margaritas as typos")
    func margarta() {
        let hits = book.rankedHits("margarta")
        #expect(
            hits.map(\.name) == [
                "Margarita", "Margarita Mocktail", "Frozen Margarita", "Grand Margarita", "Tommy's Margarita",
            ])
        #expect(hits.allSatisfy { $0.rank == .nameTypo })
    }

    @Test("`negorni` (two letters swapped) finds the Negronis as typos")
    func negorni() {
        let hits = book.rankedHits("negorni")
        #expect(
            hits.map(\.name) == ["Negroni", "Negroni Sbagliato", "Cynar Negroni", "Mezcal Negroni", "White Negroni"])
        #expect(hits.allSatisfy { $0.rank == .nameTypo })
    }

    @Test("from 8 letters two typos are forgiven, under 8 only one")
    func twoEdits() {
        // "margeritta": a substituted e and an extra t, 10 letters.
        #expect(
            book.hitNames("margeritta") == [
                "Margarita", "Margarita Mocktail", "Frozen Margarita", "Grand Margarita", "Tommy's Margarita",
            ])
        // "nigrona": two substitutions in 7 letters is one too many.
        #expect(book.hitNames("nigrona").isEmpty)
    }

    @Test("a typo in a word of under 4 letters is not forgiven; from 4 letters it is")
    func shortTypos() {
        // `kri` is `kir` with two letters swapped, but only three letters long.
        #expect(book.rankedHits("kri").isEmpty)
        #expect(book.rankedHits("kirr").map(\.name) == ["Kir", "Kir Royal"])
        #expect(book.rankedHits("kirr").map(\.rank) == [.nameTypo, .nameTypo])
        #expect(book.rankedHits("kir").map(\.name) == ["Kir", "Kir Royal"])
        #expect(book.rankedHits("kir").map(\.rank) == [.exactName, .namePrefix])
    }

    @Test(
        "`campari` lists Campari Soda by name, the drinks made with Campari as ingredient hits, then description mentions"
    )
    func campari() throws {
        let hits = book.rankedHits("campari")
        let ingredients = [
            "Americano", "Bicicletta", "Boulevardier", "Cardinale", "Enzoni", "Garibaldi", "Jasmine", "Jungle Bird",
            "Lucien Gaudin", "Mezcal Negroni", "Milano-Torino", "Negroni", "Negroni Sbagliato", "Negroski", "Old Pal",
            "Rosita",
        ]
        let descriptions = [
            "Aperitivo Sour", "Contessa", "Cynar Negroni", "Spritz", "Virgin Garibaldi", "White Negroni",
        ]
        #expect(hits.map(\.name) == ["Campari Soda"] + ingredients + descriptions)
        #expect(
            hits.map(\.rank) == [.namePrefix] + ingredients.map { _ in .ingredient }
                + descriptions.map { _ in .description })
        #expect(book.hitRank(of: "Negroni", in: "campari") == .ingredient)
        for hit in hits where hit.rank == .ingredient {
            let cocktail = try #require(book.catalog.cocktails.first { $0.name == hit.name })
            #expect(cocktail.ingredients.contains { $0.localizedCaseInsensitiveContains("campari") }, "\(hit.name)")
        }
    }

    @Test(
        "ingredients are searchable by their canonical name and their families': `orange liqueur` finds Cointreau and triple sec"
    )
    func canonicalIngredient() {
        let hits = book.rankedHits("cointreau")
        #expect(
            hits.map(\.name) == [
                "Corpse Reviver #2", "Cosmopolitan", "Jasmine", "Long Island Iced Tea", "Lucien Gaudin", "Seelbach",
                "Singapore Sling",
            ])
        #expect(hits.allSatisfy { $0.rank == .ingredient })
        // The Margarita's "orange liqueur, such as Cointreau" is any orange liqueur; Cointreau
        // and triple sec are orange liqueurs too.
        let family = Set(book.rankedHits("orange liqueur").filter { $0.rank == .ingredient }.map(\.name))
        #expect(
            family.isSuperset(of: [
                "Corpse Reviver #2", "Cosmopolitan", "Long Island Iced Tea", "Singapore Sling", "Margarita",
            ]))
        #expect(family.isSuperset(of: Set(book.rankedHits("triple sec").filter { $0.rank == .ingredient }.map(\.name))))
        #expect(!family.contains("Negroni"))
    }

    @Test("the exact name ranks first, whatever the case", arguments: ["Negroni", "negroni", "NEGRONI", "  negroni  "])
    func exactName(query: String) {
        let hits = book.rankedHits(query)
        let prefixes = ["Negroni Sbagliato", "Cynar Negroni", "Mezcal Negroni", "White Negroni"]
        let descriptions = [
            "Boulevardier", "Cardinale", "Contessa", "Enzoni", "Lucien Gaudin", "Milano-Torino", "Negroski", "Rosita",
        ]
        #expect(hits.map(\.name) == ["Negroni"] + prefixes + descriptions)
        #expect(
            hits.map(\.rank) == [.exactName] + prefixes.map { _ in .namePrefix }
                + descriptions.map { _ in .description })
    }

    @Test("an exact name outranks names that start with it, which outrank names containing it")
    func exactBeforePrefix() {
        let hits = book.rankedHits("margarita")
        #expect(
            hits.map(\.name) == [
                "Margarita", "Margarita Mocktail", "Frozen Margarita", "Grand Margarita", "Tommy's Margarita",
                "Barracuda", "Illegal", "Kamikaze", "Matador", "Paloma",
            ])
        #expect(
            hits.map(\.rank) == [
                .exactName, .namePrefix, .namePrefix, .namePrefix, .namePrefix, .description, .description,
                .description, .description, .description,
            ])
    }

    @Test(
        "`gin`: names starting with it (shortest first), then names containing it, then ingredients, then descriptions")
    func gin() {
        let hits = book.rankedHits("gin")
        let prefixes = [
            "Gin Fizz", "Gin Lemon", "Gin Rickey", "Gin and It", "Gin and Tonic", "Gin Basil Smash", "Gin Gin Mule",
            "Ginger Turmeric Shot", "Honey Ginger Toddy", "Pineapple Ginger Fizz", "Rhubarb Ginger Collins",
            "Sloe Gin Fizz",
        ]
        let ingredients = [
            "Alaska", "Angel Face", "Angelo Azzurro", "Army & Navy", "Aviation", "Bee's Knees", "Bijou", "Bramble",
            "Bronx", "Cardinale", "Casino", "Chilcano", "Clover Club", "Contessa", "Corpse Reviver #2",
            "Cranberry Party Punch", "Cynar Negroni", "Dark 'n' Stormy", "Dirty Martini", "Dry Martini", "Eastside",
            "El Diablo", "Enzoni", "Fog Cutter", "French 75", "Gibson", "Gimlet", "Golden Milk", "Hanky Panky",
            "Horse's Neck", "IBA Tiki", "Jasmine", "John Collins", "Last Word", "Long Island Iced Tea", "Lucien Gaudin",
            "Mamie Taylor", "Martinez", "Masala Chai", "Monkey Gland", "Moscow Mule", "Negroni",
            "Non-Alcoholic Juicy Julep", "Paradise", "Pegu Club", "Penicillin", "Pink Lady", "Presbyterian",
            "Ramos Fizz", "Red Snapper", "Salty Dog", "Saturn", "Shirley Temple", "Singapore Sling", "South Side",
            "Suffering Bastard", "Switchel", "Tom Collins", "Tuxedo", "Twentieth Century", "Vesper",
            "Virgin Cranberry Mule", "Virgin Moscow Mule", "White Lady", "White Negroni",
        ]
        let descriptions = [
            "Alexander", "Bird of Paradise", "Blood Orange Fizz", "Boulevardier", "Corpse Reviver #1", "Final Ward",
            "Greyhound",
            "Improved Whiskey Cocktail", "Mezcal Negroni", "Negroni Sbagliato", "Negroski", "Pimm's Cup", "Sea Breeze",
        ]
        #expect(hits.map(\.name) == prefixes + ingredients + descriptions)
        #expect(
            hits.map(\.rank) == prefixes.map { _ in .namePrefix } + ingredients.map { _ in .ingredient }
                + descriptions.map { _ in .description })
    }

    @Test("`gin fizz`: exact name, then name prefix, ingredient and description hits")
    func ginFizz() {
        let hits = book.rankedHits("gin fizz")
        #expect(
            hits.map(\.name) == [
                "Gin Fizz", "Pineapple Ginger Fizz", "Sloe Gin Fizz", "Ramos Fizz", "Blood Orange Fizz", "Chilcano",
                "Cranberry Party Punch", "Gin Gin Mule", "Gin Lemon", "Gin Rickey", "John Collins", "Pimm's Cup",
                "Shirley Temple",
                "Tom Collins",
                "Virgin Cranberry Mule",
            ])
        #expect(
            hits.map(\.rank) == [.exactName, .namePrefix, .namePrefix, .ingredient]
                + Array(repeating: .description, count: 11))
    }

    @Test("`whiskey` and `whisky` are one word: the same hits, a name spelled as typed first")
    func whiskey() {
        let hits = book.rankedHits("whiskey")
        #expect(hits.prefix(3).map(\.name) == ["Whiskey Smash", "Whiskey Sour", "Whisky Highball"])
        #expect(hits.prefix(4).map(\.rank) == [.namePrefix, .namePrefix, .namePrefix, .namePrefix])
        #expect(hits.dropFirst(4).first?.rank == .ingredient)
        // Bourbon, rye and Scotch are whiskies: their drinks are ingredient hits.
        let ingredientHits = Set(hits.filter { $0.rank == .ingredient }.map(\.name))
        #expect(ingredientHits.isSuperset(of: ["Final Ward", "Amaretto Sour", "Manhattan", "Penicillin"]))
        let whisky = book.hitNames("whisky")
        #expect(Set(whisky) == Set(hits.map(\.name)) && whisky.count == hits.count)
        // Typed as `whisky`, the Whisky Highball comes before the Whiskey Smash and Sour.
        #expect(whisky.prefix(3) == ["Whisky Highball", "Whiskey Smash", "Whiskey Sour"])
        #expect(book.hitNames("colour") == book.hitNames("color"))
        let ranks = hits.map(\.rank)
        #expect(ranks == ranks.sorted(), "ranks must never go back up")
    }

    @Test("`old fashion` and the typo `margarta` put the closest whole name first")
    func closestName() {
        #expect(book.hitNames("old fashion").prefix(2) == ["Old Fashioned", "Oaxaca Old Fashioned"])
        #expect(book.hitNames("margarta").first == "Margarita")
    }

    @Test(
        "results are ordered by rank; names starting with the query lead their rank; other ranks are alphabetical",
        arguments: ["gin", "rum", "sour", "mint", "lime", "marg", "pink"])
    func orderedByRankThenName(query: String) {
        let hits = book.index.search(query)
        #expect(!hits.isEmpty)
        let leads = { (hit: SearchIndex.Hit) in
            SearchText.terms(book.catalog.cocktails[hit.position].name).first?.hasPrefix(query) == true
        }
        for (earlier, later) in zip(hits, hits.dropFirst()) {
            #expect(earlier.rank <= later.rank, "\(earlier) before \(later)")
            guard earlier.rank == later.rank else { continue }
            if earlier.rank == .namePrefix || earlier.rank == .nameTypo {
                #expect(
                    leads(earlier) || !leads(later),
                    "a name starting with \(query) after one that does not: \(earlier), \(later)")
            } else {
                #expect(earlier.position < later.position, "\(earlier) before \(later)")
            }
        }
        #expect(Set(hits.map(\.position)).count == hits.count, "no cocktail twice")
    }

    @Test("every word of a multi-word query must match")
    func everyWord() {
        let hits = book.rankedHits("gin campari")
        let both = ["Cardinale", "Enzoni", "Jasmine", "Lucien Gaudin", "Negroni"]
        let mentioned = [
            "Boulevardier", "Contessa", "Cynar Negroni", "Mezcal Negroni", "Negroni Sbagliato", "Negroski",
            "White Negroni",
        ]
        #expect(hits.map(\.name) == both + mentioned)
        #expect(hits.map(\.rank) == both.map { _ in .ingredient } + mentioned.map { _ in .description })
        #expect(book.hitNames("campari gin") == both + mentioned)
        #expect(book.hitNames("gin zzzqx").isEmpty)
        #expect(book.rankedHits("mary bloody").map(\.name) == ["Bloody Mary", "Caesar", "Red Snapper", "Virgin Mary"])
        #expect(book.rankedHits("mary bloody").map(\.rank) == [.namePrefix, .description, .description, .description])
    }

    @Test("apostrophes are ignored in names and queries", arguments: ["tommys", "tommy's", "Tommy’s", "TOMMYS MARG"])
    func apostrophes(query: String) {
        #expect(book.hitNames(query) == ["Tommy's Margarita"])
        #expect(book.hitRank(of: "Tommy's Margarita", in: query) == .namePrefix)
        #expect(book.hitRank(of: "Tommy's Margarita", in: "tommy's margarita") == .exactName)
    }

    @Test("an empty or blank query lists all 311 in alphabetical order", arguments: ["", " ", "   \t\n"])
    func emptyQuery(query: String) {
        let hits = book.index.search(query)
        #expect(hits.map(\.position) == Array(0..<311))
        let names = hits.map { book.catalog.cocktails[$0.position].name }
        #expect(names.prefix(5) == ["Adonis", "Agua de Jamaica", "Agua de Pepino", "Airmail", "Alaska"])
        #expect(names.suffix(3) == ["Widow's Kiss", "Yellow Bird", "Zombie"])
        #expect(names.contains("Piña Colada"))
        let pina = names.firstIndex(of: "Piña Colada")!
        #expect(names[(pina - 1)...(pina + 1)] == ["Pimm's Cup", "Piña Colada", "Pineapple Ginger Fizz"])
    }

    @Test("a nonsense query finds nothing", arguments: ["zzzqx", "qwxv", "xylophone", "123456789"])
    func nonsense(query: String) {
        #expect(book.index.search(query).isEmpty)
    }
}

@Suite("SearchText: typo distance and allowance")
struct SearchTextTests {
    @Test(
        "allowed edits by length: none under 4 letters, one from 4, two from 8",
        arguments: [(0, 0), (1, 0), (2, 0), (3, 0), (4, 1), (5, 1), (7, 1), (8, 2), (9, 2), (20, 2)])
    func allowedEdits(length: Int, edits: Int) {
        #expect(SearchText.allowedEdits(forLength: length) == edits)
    }

    static let cases: [(String, String, Int, Bool)] = [
        ("negroni", "negroni", 0, true),
        ("negroni", "negroni", 1, true),
        ("negroni", "negrono", 0, false),
        ("negroni", "negrono", 1, true), // substitution
        ("negroni", "negron", 1, true), // deletion
        ("negron", "negroni", 1, true), // insertion
        ("negorni", "negroni", 1, true), // transposition is one edit
        ("negorni", "negroni", 0, false),
        ("engroni", "negroni", 1, true), // transposition at the start
        ("negroin", "negroni", 1, true), // transposition at the end
        ("nogreni", "negroni", 1, false), // e and o swapped across two letters: two edits
        ("nogreni", "negroni", 2, true),
        ("nigrona", "negroni", 1, false),
        ("nigrona", "negroni", 2, true),
        ("margeritta", "margarita", 2, true),
        ("margeritta", "margarita", 1, false),
        ("mar", "margarita", 2, false), // six letters apart
        ("", "ab", 2, true),
        ("", "abc", 2, false),
        ("abc", "", 3, true),
        ("kir", "rik", 1, false),
        ("kir", "rik", 2, true),
        ("abcd", "wxyz", 3, false),
        ("abcd", "wxyz", 4, true),
    ]

    @Test("withinEdits counts inserts, deletes, substitutions and neighbour swaps", arguments: cases)
    func withinEdits(a: String, b: String, limit: Int, expected: Bool) {
        #expect(
            SearchText.withinEdits(Array(a.utf8), Array(b.utf8), limit: limit) == expected,
            "\(a) ~ \(b) within \(limit)")
        #expect(SearchText.withinEdits(Array(b.utf8), Array(a.utf8), limit: limit) == expected, "symmetry: \(b) ~ \(a)")
    }

    @Test("terms fold case, accents and apostrophes and split on everything else")
    func terms() {
        #expect(SearchText.terms("Piña Colada") == ["pina", "colada"])
        #expect(SearchText.terms("Tommy's Margarita") == ["tommys", "margarita"])
        #expect(SearchText.terms("Tommy’s") == ["tommys"])
        #expect(SearchText.terms("Corpse Reviver #2") == ["corpse", "reviver", "2"])
        #expect(SearchText.terms("Non-Alcoholic Juicy Julep") == ["non", "alcoholic", "juicy", "julep"])
        #expect(SearchText.terms("VE.N.TO") == ["ve", "n", "to"])
        #expect(SearchText.terms("Vieux Carré") == ["vieux", "carre"])
        #expect(SearchText.terms("  ").isEmpty)
    }
}
