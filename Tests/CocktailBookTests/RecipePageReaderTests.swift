import CocktailsAPI
import Foundation
import Testing

@testable import CocktailBook

/// Recipe pages as the popular plugins write them (fixture pages of our own under
/// `Tests/Fixtures/recipe-pages/`), read into drafts field by field.
@Suite("Recipe page reader")
struct RecipePageReaderTests {
    static func page(_ name: String) throws -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/recipe-pages/\(name).html")
        return try String(contentsOf: url, encoding: .utf8)
    }

    static func read(_ name: String, base: String) throws -> RecipeDraft {
        try RecipePageReader.read(html: try page(name), baseURL: try #require(URL(string: base)))
    }

    /// Each row as `amount|unit|ingredient|note`, flags appended.
    static func rows(_ draft: RecipeDraft) -> [String] {
        draft.rows.map { row in
            [row.amount, row.unit, row.ingredient, row.note].joined(separator: "|")
                + (row.garnish ? " (garnish)" : "") + (row.optional ? " (optional)" : "")
        }
    }

    @Test("WP Recipe Maker inside Yoast's @graph: sections flattened, the picture list's first, time, tags")
    func wprmInYoastGraph() throws {
        let draft = try Self.read("wprm-yoast-graph", base: "https://homebar.example.com/paper-plane/")
        #expect(draft.name == "Paper Plane")
        #expect(draft.shortDescription == "An equal-parts modern classic: bitter, sour and a little sweet.")
        #expect(draft.longDescription == "", "a one-line description is the summary alone")
        #expect(
            Self.rows(draft) == [
                "3/4|oz|bourbon|100 proof works best", "3/4|oz|Aperol|", "3/4|oz|Amaro Nonino|",
                "3/4|oz|lemon juice|freshly squeezed",
            ])
        #expect(
            draft.steps == [
                "Chill a coupe in the freezer for ten minutes.",
                "Pour the bourbon, Aperol, amaro and lemon juice into a shaker and fill it with ice.",
                "Shake hard for about 12 seconds.",
                "Double strain into the chilled coupe and garnish with a tiny paper plane clipped to the rim.",
            ])
        #expect(draft.preparationMinutes == "5")
        #expect(draft.imageURL == "https://homebar.example.com/wp-content/uploads/2024/05/paper-plane.jpg")
        #expect(draft.imageSource == "https://homebar.example.com/paper-plane/")
        #expect(draft.recipeSource == "https://homebar.example.com/paper-plane/")
        #expect(draft.recipeAuthor == "Marta Ruiz", "the recipe's author, not the site's")
        #expect(draft.tags == "bourbon, aperol, amaro, sour")
        #expect(draft.category == "Sour")
        #expect(draft.method == "shaken")
        #expect(draft.glass == "coupe")
        #expect(draft.garnish == "Tiny paper plane clipped to the rim")
        #expect(draft.kind == .alcoholic)
        #expect(draft.problems().isEmpty, "the draft can be saved as read: \(draft.problems())")
    }

    @Test("Tasty Recipes: HowToStep list, ImageObject, 1 h 30 min, a yield of two, a long description")
    func tastyRecipes() throws {
        let draft = try Self.read("tasty-recipes", base: "https://latepour.example.org/recipes/espresso-martini/")
        #expect(draft.name == "Espresso Martini")
        #expect(
            draft.shortDescription
                == "Vodka, coffee liqueur and a shot of espresso pulled fresh, shaken until the coffee's oils whip up into a thick, tan crema."
        )
        #expect(draft.longDescription.hasPrefix("Vodka, coffee liqueur and a shot of espresso pulled fresh"))
        #expect(draft.longDescription.hasSuffix("shake harder than feels polite.\n\nMakes 2 cocktails."))
        #expect(
            Self.rows(draft) == [
                "2|oz|vodka|", "1|oz|freshly brewed espresso|cooled", "1/2|oz|coffee liqueur|", "1/4|oz|simple syrup|",
                "3||coffee beans| (garnish)",
            ])
        #expect(
            draft.steps == [
                "Brew the espresso and let it cool completely, about an hour.",
                "Fill a cocktail shaker with ice and add the vodka, espresso, coffee liqueur and syrup.",
                "Shake very hard for 20 seconds to build the foam.",
                "Strain into a chilled martini glass and garnish with three coffee beans.",
            ])
        #expect(draft.preparationMinutes == "90")
        #expect(draft.imageURL == "https://cdn.latepour.example.org/uploads/espresso-martini-1200x1200.jpg")
        #expect(draft.tags == "vodka, coffee, after dinner", "lower-cased, each once")
        #expect(draft.category == "")
        #expect(draft.method == "shaken")
        #expect(draft.glass == "martini")
        #expect(draft.garnish == "Three coffee beans")
        #expect(draft.problems().isEmpty, "\(draft.problems())")
    }

    @Test(
        "microdata only: the recipe's own properties, not a nested author's; mixed ingredient names; a relative picture"
    )
    func microdata() throws {
        let draft = try Self.read("microdata-only", base: "https://agave.example.com/drinks/tommys.html")
        #expect(draft.name == "Tommy's Margarita")
        #expect(
            draft.shortDescription
                == "No orange liqueur, just tequila, lime and agave — the margarita as a San Francisco bar made it famous."
        )
        #expect(Self.rows(draft) == ["2|oz|blanco tequila|", "1|oz|fresh lime juice|", "1/2|oz|agave syrup|"])
        #expect(draft.recipeAuthor == "Luz Herrera", "the Person item's name, not its byline")
        #expect(draft.recipeSource == "https://agave.example.com/drinks/tommys.html")
        #expect(
            draft.steps == [
                "Shake everything with ice until the shaker frosts.", "Strain into a rocks glass over fresh ice.",
                "Garnish with a lime wedge.",
            ])
        #expect(draft.preparationMinutes == "3")
        #expect(draft.imageURL == "https://agave.example.com/photos/tommys-margarita.jpg")
        #expect(draft.tags == "tequila, agave, sour, house favourite")
        #expect(draft.category == "Sour")
        #expect(draft.glass == "rocks")
        #expect(draft.method == "shaken")
        #expect(draft.garnish == "Lime wedge")
        #expect(draft.longDescription == "", "a yield of one drink is not mentioned")
    }

    @Test("a top-level array with the recipe under a WebPage's mainEntity, @type a list, instructions one paragraph")
    func topLevelArray() throws {
        let draft = try Self.read("top-level-array", base: "https://aperitivo.example.net/drinks/americano")
        #expect(draft.name == "Americano")
        #expect(Self.rows(draft) == ["1|oz|Campari|", "1|oz|sweet vermouth|", "|top|Soda water|"])
        #expect(
            draft.steps == [
                "Build the Campari and vermouth over ice in a highball glass.",
                "Top with soda water and stir gently.", "Garnish with an orange slice.",
            ])
        #expect(draft.preparationMinutes == "2", "no total time: the preparation time")
        #expect(draft.imageURL == "https://aperitivo.example.net/images/americano%20highball.jpg")
        #expect(draft.tags == "highball, aperitivo, campari, low abv")
        #expect(draft.category == "Highball")
        #expect(draft.glass == "highball")
        #expect(draft.method == "built", "built and then stirred in the glass is a built drink")
        #expect(draft.garnish == "Orange slice")
        #expect(draft.problems().isEmpty, "\(draft.problems())")
    }

    @Test("entities and markup in JSON-LD strings, a CDATA wrapper and a raw line break inside a string")
    func entitiesAndMarkup() throws {
        let draft = try Self.read("entities-and-markup", base: "https://beesknees.example.io/recipe")
        #expect(draft.name == "Gin & Honey: The Bee\u{2019}s Knees")
        #expect(
            draft.shortDescription
                == "A bright, honeyed sour from the 1920s\u{2026} Don\u{2019}t skip the syrup step: cold honey won't mix."
        )
        #expect(
            Self.rows(draft) == ["2|oz|gin|", "3/4|oz|fresh lemon juice|", "1/2|oz|honey syrup|1:1 honey & water"])
        #expect(
            draft.steps == [
                "Stir the honey & water together until smooth.", "Shake gin, lemon & syrup with ice \u{2014} hard.",
                "Strain into a chilled coupe & garnish with a lemon twist.",
            ])
        #expect(draft.preparationMinutes == "4")
        #expect(draft.imageURL == "https://static.example.io/bees-knees.webp", "a data: picture is passed over")
        #expect(draft.tags == "gin, honey, prohibition\u{2019}s best, sour")
        #expect(draft.method == "shaken")
        #expect(draft.glass == "coupe")
        #expect(draft.garnish == "Lemon twist")
    }

    @Test("a JSON-LD block that is not JSON is passed over for the page's microdata")
    func brokenJSONLD() throws {
        let draft = try Self.read("broken-jsonld-microdata", base: "https://caneandlime.example.com/daiquiri")
        #expect(draft.name == "Daiquiri")
        #expect(draft.shortDescription == "Rum, lime and sugar, nothing else.")
        #expect(Self.rows(draft) == ["2|oz|white rum|", "1|oz|fresh lime juice|", "3/4|oz|simple syrup|"])
        #expect(
            draft.steps == ["Shake the rum, lime and syrup with plenty of ice.", "Double strain into a chilled coupe."])
        #expect(draft.preparationMinutes == "4")
        #expect(draft.imageURL == "https://caneandlime.example.com/media/daiquiri.jpg")
        #expect(draft.category == "Sour")
        #expect(draft.glass == "coupe")
    }

    @Test("a page without a recipe, or what is not a page, or too much of one, gets a one-line reason")
    func refusals() throws {
        let base = try #require(URL(string: "https://example.org/"))
        #expect(throws: RecipePageError.noRecipe) {
            try RecipePageReader.read(html: try Self.page("no-recipe"), baseURL: base)
        }
        #expect(throws: RecipePageError.notHTML) {
            try RecipePageReader.read(html: #"{"@type":"Recipe","name":"x"}"#, baseURL: base)
        }
        #expect(throws: RecipePageError.notHTML) { try RecipePageReader.read(html: "", baseURL: base) }
        #expect(throws: RecipePageError.notHTML) {
            try RecipePageReader.read(data: Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10, 0x4A, 0x46]), baseURL: base)
        }
        let huge = "<html><body>" + String(repeating: "<p>cocktail</p>", count: 150_000) + "</body></html>"
        #expect(throws: RecipePageError.tooLarge(bytes: huge.utf8.count)) {
            try RecipePageReader.read(html: huge, baseURL: base)
        }
        #expect(
            RecipePageError.noRecipe.localizedDescription
                == "The page has no recipe that other apps can read (no schema.org Recipe).")
        #expect(RecipePageError.tooLarge(bytes: 3_145_728).localizedDescription.hasPrefix("The page is 3.0 MB;"))
    }

    @Test("texts longer than the editor takes are cut, never refused; 60 ingredients are 40 rows")
    func limits() throws {
        let longName = String(repeating: "Very ", count: 40) + "Long Sour"
        let lines = (1...60).map { "\"\($0) dashes bitters number \($0)\"" }.joined(separator: ",")
        let step = String(repeating: "Stir slowly. ", count: 80)
        let html = """
            <html><head><script type="application/ld+json">{"@type":"Recipe","name":"\(longName)",
            "recipeIngredient":[\(lines)],"recipeInstructions":[{"@type":"HowToStep","text":"\(step)"}],
            "keywords":"\((1...20).map { "tag\($0)" }.joined(separator: ","))"}</script></head></html>
            """
        let draft = try RecipePageReader.read(html: html, baseURL: try #require(URL(string: "https://x.example/")))
        #expect(draft.name.count <= RecipeDraft.maximumNameLength && draft.name.hasSuffix("Very…"))
        #expect(draft.rows.count == RecipeDraft.maximumRows)
        #expect(Self.rows(draft).first == "1|dash|bitters number 1|")
        #expect(draft.steps.count == 1 && draft.steps[0].count <= RecipeDraft.maximumLineLength)
        #expect(draft.tags.split(separator: ",").count == RecipeDraft.maximumTags)
        #expect(draft.problems().isEmpty, "\(draft.problems())")
    }

    @Test("alcohol-free when every ingredient is, or when the page says so and no ingredient has alcohol")
    func kind() throws {
        let table = RecipeGuesses.table
        let soft = ["2 oz fresh lime juice", "1 oz simple syrup", "soda water, to top"].map(RecipePageReader.row)
        #expect(RecipeGuesses.kind(rows: soft, words: "Lime Soda", table: table) == .nonAlcoholic)
        let unknown = soft + [RecipePageReader.row("2 oz yuzu shrub")]
        #expect(RecipeGuesses.kind(rows: unknown, words: "Yuzu Soda", table: table) == .alcoholic)
        #expect(RecipeGuesses.kind(rows: unknown, words: "Yuzu Soda mocktail", table: table) == .nonAlcoholic)
        let spirited = unknown + [RecipePageReader.row("1 oz London dry gin")]
        #expect(RecipeGuesses.kind(rows: spirited, words: "Not a mocktail", table: table) == .alcoholic)
        let zero = [RecipePageReader.row("2 oz non-alcoholic gin"), RecipePageReader.row("4 oz tonic water")]
        #expect(RecipeGuesses.kind(rows: zero, words: "G&T", table: table) == .nonAlcoholic)
    }

    @Test(
        "ISO 8601 durations in minutes",
        arguments: [
            ("PT5M", 5), ("PT1H30M", 90), ("pt2m", 2), ("P0DT0H3M", 3), ("PT90S", 2), ("PT0.5H", 30), ("P1D", 1_440),
            ("PT1H", 60),
        ])
    func durations(_ text: String, _ minutes: Int) {
        #expect(ISODuration.minutes(text) == minutes)
    }

    @Test(
        "what is not a duration is none", arguments: ["", "5 minutes", "P", "PT", "PTM", "PT5", "PT5X", "P1H", "T5M"])
    func notDurations(_ text: String) {
        #expect(ISODuration.minutes(text) == nil)
    }

    @Test("character references: named, decimal, hex, without a semicolon, Windows-1252, unknown ones kept")
    func entities() {
        #expect(HTMLEntities.decode("Gin &amp; Tonic") == "Gin & Tonic")
        #expect(HTMLEntities.decode("Bee&#8217;s &#x2019;&#X2019;") == "Bee\u{2019}s \u{2019}\u{2019}")
        #expect(HTMLEntities.decode("&frac12; &eacute;&Eacute;&ntilde;&uuml;&ccedil;") == "\u{BD} éÉñüç")
        #expect(HTMLEntities.decode("&#146;&#151;") == "\u{2019}\u{2014}")
        #expect(HTMLEntities.decode("&#0; &#xD800; &#x110000;") == "\u{FFFD} \u{FFFD} \u{FFFD}")
        #expect(HTMLEntities.decode("&#39 &madeup; & &amp") == "' &madeup; & &amp")
    }

    @Test("the tokenizer survives what broken pages hold, and never loops")
    func tolerance() {
        for html in [
            "<", "<a", "<a href=\"x", "<!--", "<!-- unclosed", "<script>never closed", "a < b > c", "<p <p>",
            "<div><div><div>", "</p></div>", "<a href='x' href='y'>", "<img src=x/>", "&#", "&#x;", "<!DOCTYPE",
        ] {
            _ = HTMLDocument.parse(html)
            _ = HTMLText.lines(in: html)
        }
        let deep = String(repeating: "<div>", count: 20_000) + "deep" + String(repeating: "</div>", count: 20_000)
        #expect(HTMLText.lines(in: deep) == ["deep"])
        #expect(HTMLText.lines(in: "<p>One<br>two</p><ul><li>three<li>four</ul>") == ["One", "two", "three", "four"])
        #expect(HTMLText.plain("<script>var a = '<p>';</script>Shake") == "Shake")
    }

    @Test("steps: numbering and bullets dropped; one paragraph cut at its sentences, not at abbreviations")
    func steps() {
        #expect(RecipeSteps.cleaned("1. Shake") == "Shake")
        #expect(RecipeSteps.cleaned("Step 2: Strain") == "Strain")
        #expect(RecipeSteps.cleaned("• Garnish") == "Garnish")
        #expect(RecipeSteps.cleaned("2 dashes go in first") == "2 dashes go in first")
        #expect(
            RecipeSteps.sentences(in: "Add 2 oz. Gin to a glass. Stir! Serve at once.")
                == ["Add 2 oz. Gin to a glass.", "Stir!", "Serve at once."])
    }
}

extension RecipePageReaderTests {
    @Test("\"Ice, for shaking\" is no ingredient line, and a site's Drinks or Cocktail category is no tag")
    func serviceLinesAndSiteCategories() throws {
        let html = """
            <html><head><script type="application/ld+json">
            {"@context": "https://schema.org", "@type": "Recipe", "name": "Gimlet",
             "recipeIngredient": ["2 oz gin", "3/4 oz lime cordial", "Ice, for shaking", "ice cubes"],
             "recipeInstructions": "Shake with ice and strain.",
             "recipeCategory": ["Drinks", "Cocktail"], "keywords": "gin, sour, Cocktails"}
            </script></head><body></body></html>
            """
        let draft = try RecipePageReader.read(html: html, baseURL: try #require(URL(string: "https://ex.example/g")))
        #expect(Self.rows(draft) == ["2|oz|gin|", "3/4|oz|lime cordial|"])
        #expect(draft.tags == "gin, sour")
        // Without a picture, the page's address is kept all the same; the drink names it.
        #expect(draft.imageURL == nil && draft.imageSource == nil)
        #expect(draft.recipeSource == "https://ex.example/g" && draft.recipeAuthor == nil)
        let gimlet = try #require(draft.cocktail(id: "own-1", author: "ann", dateModified: Date()))
        #expect(gimlet.recipeSource == "https://ex.example/g" && gimlet.author == "ann")
    }
}
