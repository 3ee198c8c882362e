import CocktailsAPI
import Foundation
import Testing

@testable import CocktailBook

/// The bundled drinks, looked up by name, with their details worked out as the pages do.
enum BundledDrinks {
    static func all() throws -> [Cocktail] {
        try CatalogDecoder.decode(BundledCatalog.data).cocktails
    }

    static func details(_ cocktail: Cocktail) throws -> CocktailDetails {
        CocktailDetails(
            CocktailList.Item(cocktail: cocktail, isFavorite: false),
            table: try IngredientTable(json: BundledCatalog.ingredientsData))
    }

    static func named(_ name: String) throws -> Cocktail {
        try #require(try all().first { $0.name == name }, "\(name) is bundled")
    }
}

/// A drink's schema.org `Recipe`, read back as JSON field by field, and read back by the book's
/// own page reader as another app would.
@Suite("schema.org Recipe of a drink")
struct SchemaOrgRecipeTests {
    static let page = "https://bar.example/cocktails/30"
    static let picture = "https://bar.example/images/negroni.jpg"

    static func jsonLD(
        _ cocktail: Cocktail, language: Language = .english, image: String? = picture, author: String? = nil,
        rating: RatingSummary? = nil
    ) throws -> String {
        SchemaOrgRecipe.jsonLD(
            for: try BundledDrinks.details(cocktail), language: language, pageURL: page, imageURL: image,
            author: author, rating: rating)
    }

    static func object(_ json: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    @Test("the Negroni: type, name, description with its strength, lines and steps in order, times, yield, tags")
    func negroni() throws {
        let negroni = try BundledDrinks.named("Negroni")
        let recipe = try Self.object(try Self.jsonLD(negroni))
        #expect(recipe["@context"] as? String == "https://schema.org")
        #expect(recipe["@type"] as? String == "Recipe")
        #expect(recipe["name"] as? String == "Negroni")
        #expect(
            recipe["description"] as? String
                == "Bitter, bold and ruby red: gin, Campari and sweet vermouth in equal parts over ice. ≈ 19% ABV.")
        #expect(
            recipe["recipeIngredient"] as? [String] == ["1 oz London dry gin", "1 oz Campari", "1 oz sweet vermouth"])
        let steps = try #require(recipe["recipeInstructions"] as? [[String: Any]])
        #expect(steps.map { $0["@type"] as? String } == Array(repeating: "HowToStep", count: 4))
        #expect(steps.map { $0["position"] as? Int } == [1, 2, 3, 4])
        #expect(
            steps.map { $0["text"] as? String } == [
                "Chill a rocks glass and fill it with ice.", "Pour in the gin, Campari and sweet vermouth.",
                "Stir gently until well chilled.", "Garnish with half an orange slice.",
            ])
        #expect(recipe["recipeCategory"] as? String == "Spirit-forward")
        #expect(recipe["recipeYield"] as? String == "1 drink")
        #expect(recipe["totalTime"] as? String == "PT3M")
        #expect(recipe["prepTime"] as? String == "PT3M")
        #expect(recipe["keywords"] as? String == "gin, bitter, aperitivo, campari, classic")
        #expect(recipe["image"] as? String == Self.picture)
        #expect(recipe["url"] as? String == Self.page)
        #expect(recipe["inLanguage"] as? String == "en")
        #expect(recipe["dateModified"] as? String == "2026-11-29T12:00:00Z")
        let author = try #require(recipe["author"] as? [String: String])
        #expect(author == ["@type": "Organization", "name": "Cocktail Book"])
        #expect(recipe["aggregateRating"] == nil, "nobody rated it")
        #expect(recipe["recipeCuisine"] == nil)
    }

    @Test("a rating only when someone rated; no picture, no image; a person as the author")
    func ratingImageAuthor() throws {
        let negroni = try BundledDrinks.named("Negroni")
        let rated = try Self.object(
            try Self.jsonLD(negroni, author: "Marta", rating: RatingSummary(average: 13.0 / 3, count: 3)))
        let rating = try #require(rated["aggregateRating"] as? [String: Any])
        #expect(rating["@type"] as? String == "AggregateRating")
        #expect(rating["ratingValue"] as? Double == 4.3)
        #expect(rating["ratingCount"] as? Int == 3)
        #expect(rating["bestRating"] as? Int == 5)
        #expect(rating["worstRating"] as? Int == 1)
        #expect(rated["author"] as? [String: String] == ["@type": "Person", "name": "Marta"])

        let unrated = try Self.object(
            try Self.jsonLD(negroni, image: nil, rating: RatingSummary(average: 0, count: 0)))
        #expect(unrated["aggregateRating"] == nil)
        #expect(unrated["image"] == nil)
        #expect(unrated["name"] as? String == "Negroni")
    }

    @Test("in Italian: the Italian texts, names and yield, the strength in Italian words")
    func italian() throws {
        let negroni = try BundledDrinks.named("Negroni")
        let recipe = try Self.object(try Self.jsonLD(negroni, language: .italian))
        #expect(recipe["inLanguage"] as? String == "it")
        #expect(recipe["name"] as? String == "Negroni")
        #expect(
            recipe["description"] as? String
                == "Amaro, deciso e rosso rubino: gin, Campari e vermouth rosso in parti uguali sul ghiaccio. ≈ 19% vol.",
            "the abbreviation's full stop ends the sentence")
        let steps = try #require(recipe["recipeInstructions"] as? [[String: Any]])
        #expect(
            steps.map { $0["text"] as? String } == [
                "Raffredda un tumbler basso e riempilo di ghiaccio.", "Versa il gin, il Campari e il vermouth rosso.",
                "Mescola delicatamente finché non è ben freddo.", "Decora con mezza fetta d'arancia.",
            ])
        #expect(recipe["recipeYield"] as? String == "1 drink")
        #expect(recipe["recipeCategory"] as? String == UIStrings.of(.italian).category(.spiritForward))
        #expect(recipe["recipeCategory"] as? String != "Spirit-forward")
    }

    @Test("no text can end the script: <, > and & are escaped, and read back the same")
    func scriptSafe() throws {
        var drink = try BundledDrinks.named("Negroni")
        drink.name = "</script><script>alert(1)</script> & Co"
        let json = try Self.jsonLD(drink)
        #expect(!json.contains("<") && !json.contains(">") && !json.contains("&"))
        #expect(json.contains(#"\u003c/script\u003e"#))
        #expect(try Self.object(json)["name"] as? String == "</script><script>alert(1)</script> & Co")
    }

    @Test("minutes as ISO 8601 durations", arguments: [(1, "PT1M"), (5, "PT5M"), (60, "PT1H"), (90, "PT1H30M")])
    func durations(_ minutes: Int, _ text: String) {
        #expect(ISODuration.text(minutes: minutes) == text)
        #expect(ISODuration.minutes(text) == minutes)
    }
}
