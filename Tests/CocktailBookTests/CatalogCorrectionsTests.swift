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
        #expect(UIStrings.italian.ingredient("rye whiskey") == "rye")
        #expect(!UIStrings.italian.ingredient("black tea").isEmpty)
    }
}
