import CocktailBook
import CocktailsAPI
import Foundation
import Testing

/// The catalog's last errors, put right before it is translated into more languages: facts the
/// IBA states, and Italian that an Italian bartender writes.
@Suite("The catalog's corrections")
struct CatalogCorrectionsTests {
    static func catalog() throws -> [String: Cocktail] {
        Dictionary(
            try CatalogDecoder.decode(BundledCatalog.data).cocktails.map { ($0.name, $0) },
            uniquingKeysWith: { first, _ in first })
    }

    /// Every Italian text of a drink, in one string.
    static func italian(_ cocktail: Cocktail) -> String {
        let texts = cocktail.texts(in: .italian)
        return
            ([texts.shortDescription, texts.longDescription, texts.garnish ?? ""] + (texts.instructions ?? [])
            + (texts.variants ?? []).flatMap { [$0.name, $0.description ?? ""] }).joined(separator: "\n")
    }

    @Test("IBA facts: the Long Island is topped with cola, Tommy's takes agave nectar, the Pisco Sour amargo")
    func ibaFacts() throws {
        let drinks = try Self.catalog()
        let longIsland = try #require(drinks["Long Island Iced Tea"])
        #expect(longIsland.instructions?.contains("Top with cola to give it its iced-tea color.") == true)
        #expect(!(longIsland.instructions ?? []).joined().contains("splash"))
        #expect(!Self.italian(longIsland).contains("un goccio di cola"))
        let tommys = try #require(drinks["Tommy's Margarita"])
        #expect(tommys.ingredients.contains("30 ml agave nectar") && !tommys.ingredients.contains("30 ml agave syrup"))
        #expect(Self.italian(tommys).contains("nettare d'agave") && !Self.italian(tommys).contains("sciroppo d'agave"))
        let pisco = try #require(drinks["Pisco Sour"])
        #expect(pisco.garnish == "A few drops of amargo bitters on the foam")
        #expect(Self.italian(pisco).contains("amargo"))
    }

    @Test("The Mai Tai's Martinique rum is an aged molasses rum, not filed as rhum agricole")
    func maiTaiRum() throws {
        let table = try IngredientTable(json: BundledCatalog.ingredientsData)
        let rum = try #require(table.ingredient(named: "aged Martinique rum"))
        #expect(rum.parent == "aged rum")
    }

    @Test("Italian: bittersweet is dolceamaro, rye has one name, and no calques")
    func italianWords() throws {
        let drinks = try Self.catalog().values
        for drink in drinks {
            let english = [drink.shortDescription, drink.longDescription].joined(separator: " ").lowercased()
            let italian = Self.italian(drink)
            if english.contains("bittersweet") {
                #expect(!italian.contains("agrodolce"), "\(drink.name): bittersweet is dolceamaro, not agrodolce")
            }
            for calque in [
                "whiskey di segale", "rye whiskey", "rinfresco", "spremuta di lime", "Stratificato", "stratificato",
                "caffè forte a goccia", "fatto a goccia", "lime conservato", "in infusione, poi raffreddat",
                "filo di lime",
            ] {
                #expect(!italian.contains(calque), "\(drink.name) says \"\(calque)\"")
            }
        }
        #expect(UIStrings.of(.italian).ingredient("rye whiskey") == "rye")
        #expect(!UIStrings.of(.italian).ingredient("black tea").isEmpty)
    }

    @Test("Issue 26: lemonades, coolers and caipirinhas are filed by how they are built")
    func refiledByBuild() throws {
        let drinks = try Self.catalog()
        let expected: [String: DrinkCategory] = [
            "Virgin Mixed Berry Caipirinha": .sour, "Canchánchara": .sour, "Basil Lemonade Punch": .fizz,
            "Limonata alla Menta": .fizz, "Pink Lemonade": .highball, "Lavender Lemonade": .highball,
            "Coconut Lime Cooler": .highball, "Switchel": .highball, "Watermelon Agua Fresca": .highball,
            "Limonana": .frozen,
        ]
        for (name, category) in expected {
            let drink = try #require(drinks[name], "\(name) is not in the catalog")
            #expect(drink.category == category, "\(name) is \(drink.category?.rawValue ?? "-")")
        }
    }

    /// The rules of docs/catalog/SOURCES.md, "Categories": a Punch is made for several (its steps
    /// give the bowl or jug) or has been called punch since the punch era; a single lemonade is not.
    @Test("a Punch is a bowl or a jug, or a punch by its old name; no lemonade is a Punch")
    func punchRule() throws {
        let historical: Set = ["Planter's Punch", "Ti' Punch", "Fish House Punch", "Pisco Punch"]
        let drinks = try Array(Self.catalog().values)
        let punches = drinks.filter { $0.category == .punch }
        #expect(punches.count >= 5)
        for drink in punches {
            let steps = (drink.instructions ?? []).joined(separator: " ").lowercased()
            #expect(
                historical.contains(drink.name) || steps.contains("jug") || steps.contains("bowl"),
                "\(drink.name) is filed Punch but is neither made for several nor an old punch")
        }
        let lemonades = ["lemonade", "limonata", "limonana"]
        for drink in drinks where lemonades.contains(where: { drink.name.lowercased().contains($0) }) {
            #expect(drink.category != .punch, "\(drink.name) is a lemonade filed Punch")
        }
    }

    @Test("a Creamy drink has dairy, a cream liqueur, coconut cream or an egg; a Frozen one is blended with ice")
    func creamyAndFrozenRules() throws {
        for drink in try Self.catalog().values {
            let lines = drink.ingredients.joined(separator: " ").lowercased()
            if drink.category == .creamy {
                #expect(
                    ["cream", "milk", "yogurt", "egg"].contains { lines.contains($0) },
                    "\(drink.name) is Creamy with nothing creamy in it")
            }
            if drink.category == .frozen {
                #expect(
                    drink.method == .blended && lines.contains("crushed ice"),
                    "\(drink.name) is Frozen but not blended with ice")
            }
        }
    }

    @Test("a muddled mint drink takes minutes, not ten: the Mojito and the Virgin Mojito take 5 at most")
    func mojitoMinutes() throws {
        let drinks = try Self.catalog()
        for name in ["Mojito", "Virgin Mojito"] {
            let drink = try #require(drinks[name])
            #expect(drink.preparationMinutes <= 5, "\(name): \(drink.preparationMinutes) minutes")
        }
    }

    /// `preparationMinutes` counts the work of making one drink, heating and steeping included,
    /// never the wait for what is made ahead (docs/catalog/SOURCES.md, "Time to make").
    @Test("a drink over 8 minutes has a step, in English and Italian, saying what takes the time")
    func longDrinksSayWhy() throws {
        let drinks = try Self.catalog().values
        #expect(drinks.contains { $0.preparationMinutes > 8 })
        for drink in drinks where drink.preparationMinutes > 8 {
            let english = drink.instructions ?? []
            let italian = drink.texts(in: .italian).instructions ?? []
            #expect(
                english.contains { $0.contains("minute") } && italian.contains { $0.contains("minut") },
                "\(drink.name) takes \(drink.preparationMinutes) minutes and no step says what takes them")
        }
    }

    @Test("what is made ahead is said in a step: chilled tea, cold brew, the barley water, the Sangria's hour")
    func madeAhead() throws {
        let drinks = try Self.catalog()
        for drink in drinks.values {
            let lines = drink.ingredients.joined(separator: " ").lowercased()
            let needsAhead = ["brewed and chilled", "tea, chilled", "cold brew"].contains { lines.contains($0) }
            guard needsAhead else { continue }
            #expect((drink.instructions ?? []).contains { $0.contains("ahead") }, "\(drink.name)")
        }
        for name in ["Lemon Barley Water", "Sangria"] {
            let drink = try #require(drinks[name])
            #expect((drink.instructions ?? []).contains { $0.lowercased().contains("ahead") }, "\(name)")
            #expect(drink.preparationMinutes <= 5, "\(name): \(drink.preparationMinutes) minutes at the bar")
        }
    }

    @Test("Limonana and Limonata alla Menta are two drinks: another method and two ingredients apart at least")
    func limonanaAndLimonata() throws {
        let drinks = try Self.catalog()
        let limonana = try #require(drinks["Limonana"])
        let limonata = try #require(drinks["Limonata alla Menta"])
        #expect(limonana.category == .frozen && limonana.method == .blended)
        #expect(limonata.method != limonana.method)
        let own = Set(limonata.recipe.compactMap(\.ingredient)).subtracting(limonana.recipe.compactMap(\.ingredient))
        #expect(own.count >= 2, "Limonata alla Menta has only \(own.sorted()) that Limonana lacks")
        #expect(limonata.ingredients.contains { $0.contains("sparkling") })
        #expect(limonana.longDescription != limonata.longDescription)
        #expect(Self.italian(limonata).contains("scorza") && !Self.italian(limonata).contains("guarn"))
    }

    /// The last sentence of a text.
    static func lastSentence(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return String(trimmed.split(separator: /[.!?]\s+/).last ?? Substring(trimmed))
    }

    @Test(
        "the long descriptions read like a book: few end on when to drink it, none opens with three listed adjectives"
    )
    func descriptionsVary() throws {
        let english =
            #/(?i)\b(aperitifs?|aperitivo|brunch(es)?|dinner|afternoons?|evenings?|nights?|nightcap|digestif|part(y|ies)|summer|winter|pool|beach|barbecues?|picnics?|celebrations?|mornings?|holidays?|terrace|patio|guests|serve it|sip it|enjoy it|drink it|save it)\b/#
        let italian =
            #/(?i)\b(aperitiv[oi]|brunch|cena|pomerigg[io]|ser[ae]|serata|nott[ei]|dopocena|digestivo|fest[ae]|estate|inverno|piscina|spiaggia|grigliat[ae]|picnic|mattin[ao]|vacanz[ae]|terrazz[ao]|ospiti|servil[oa]|gustal[oa]|bevil[oa]|sorseggial[oa])\b/#
        let englishAdjectives = #/^[A-Z][\w'-]+, [\w'-]+,? and [\w'-]+[,:;.]/#
        let italianAdjectives = #/^[A-ZÈÀ][\wàèéìòù'-]+, [\wàèéìòù'-]+,? e [\wàèéìòù'-]+[,:;.]/#
        let drinks = try CatalogDecoder.decode(BundledCatalog.data).cocktails
        var occasions = (english: [String](), italian: [String]())
        for drink in drinks {
            let italianText = drink.texts(in: .italian).longDescription
            if Self.lastSentence(drink.longDescription).contains(english) { occasions.english.append(drink.name) }
            if Self.lastSentence(italianText).contains(italian) { occasions.italian.append(drink.name) }
            #expect(drink.longDescription.firstMatch(of: englishAdjectives) == nil, "\(drink.name)")
            #expect(italianText.firstMatch(of: italianAdjectives) == nil, "\(drink.name) in Italian")
        }
        // At most one in ten (301 of 311 English texts ended on an occasion before).
        #expect(occasions.english.count <= drinks.count / 10, "\(occasions.english)")
        #expect(occasions.italian.count <= drinks.count / 10, "\(occasions.italian)")
    }
}
