import CocktailsAPI
import Foundation
import Testing

@testable import CocktailBook

/// A drink as a Markdown file: whole documents compared line by line, so that order, headings
/// and escaping are all checked at once.
@Suite("A drink as Markdown")
struct RecipeMarkdownTests {
    @Test("the Negroni: title, summary, facts, description, ingredients, numbered steps, garnish, tags")
    func negroni() throws {
        let negroni = try BundledDrinks.named("Negroni")
        let markdown = RecipeMarkdown.markdown(for: negroni, language: .english, abv: "≈ 24% ABV")
        let expected = """
            # Negroni

            Bitter, bold and ruby red: gin, Campari and sweet vermouth in equal parts over ice.

            - **Glass:** Rocks glass
            - **Method:** Built
            - **Time:** 3 minutes
            - **Strength:** ≈ 24% ABV
            - **Style:** Spirit-forward

            \(negroni.longDescription)

            ## Ingredients

            - 1 oz London dry gin
            - 1 oz Campari
            - 1 oz sweet vermouth

            ## Instructions

            1. Chill a rocks glass and fill it with ice.
            2. Pour in the gin, Campari and sweet vermouth.
            3. Stir gently until well chilled.
            4. Garnish with half an orange slice.

            ## Garnish

            Half orange slice

            **Tags:** gin, bitter, aperitivo, campari, classic

            """
        #expect(markdown.components(separatedBy: "\n") == expected.components(separatedBy: "\n"))
    }

    @Test("in Italian: the headings, facts and texts in Italian, written as they are")
    func italian() throws {
        let negroni = try BundledDrinks.named("Negroni")
        let lines = RecipeMarkdown.markdown(for: negroni, language: .italian).components(separatedBy: "\n")
        let headings = lines.filter { $0.hasPrefix("#") }
        #expect(headings == ["# Negroni", "## Ingredienti", "## Preparazione", "## Decorazione"])
        #expect(lines.contains("- **Bicchiere:** Tumbler basso"))
        #expect(lines.contains("- **Tempo:** 3 minuti"))
        #expect(lines.contains("4. Decora con mezza fetta d'arancia."))
        #expect(lines.contains("Mezza fetta d'arancia"))
        #expect(!lines.contains { $0.contains("Strength") || $0.contains("Gradazione") }, "no strength given")
    }

    @Test("an adaptation says what it is based on and who wrote it; without steps there is no such heading")
    func adaptation() throws {
        var drink = try BundledDrinks.named("Negroni")
        drink.name = "Smoky Negroni"
        drink.basedOn = "30"
        drink.author = "Marta"
        drink.instructions = nil
        drink.garnish = nil
        drink.tags = nil
        let named = RecipeMarkdown.markdown(for: drink, language: .english, basedOnName: "Negroni")
        #expect(named.contains("\n- **Based on:** Negroni\n- **Written by:** Marta\n"))
        #expect(!named.contains("## Instructions") && !named.contains("## Garnish") && !named.contains("**Tags:**"))
        #expect(named.hasSuffix("- 1 oz sweet vermouth\n"))
        let unnamed = RecipeMarkdown.markdown(for: drink, language: .english)
        #expect(unnamed.contains("\n- **Based on:** 30\n"), "the original's id when its name is not given")
        // Where it was taken from, and who wrote it there, travel with it too.
        drink.recipeSource = "https://bar.example/smoky"
        drink.recipeAuthor = "Sam Shaker"
        #expect(
            RecipeMarkdown.markdown(for: drink, language: .english).contains(
                "\n- **Written by:** Marta\n- **Recipe by:** Sam Shaker\n- **Source:** https://bar.example/smoky\n"))
    }

    @Test("the lines to show can be given, converted as the page shows them")
    func givenLines() throws {
        let negroni = try BundledDrinks.named("Negroni")
        let markdown = RecipeMarkdown.markdown(
            for: negroni, language: .english, lines: ["30 ml London dry gin", "30 ml Campari", "30 ml sweet vermouth"])
        #expect(
            markdown.contains("## Ingredients\n\n- 30 ml London dry gin\n- 30 ml Campari\n- 30 ml sweet vermouth\n\n"))
    }

    @Test("names and texts that look like Markdown read as written: nothing becomes a link, markup or a list")
    func escaping() throws {
        var drink = try BundledDrinks.named("Negroni")
        drink.name = "# The *Best* [Negroni](javascript:x) <b>_now_</b> & `co` | ~tilde~"
        drink.shortDescription = "1. Not a list\n- nor this"
        drink.longDescription = drink.shortDescription
        drink.instructions = ["# Stir\\ well", "> quote"]
        drink.garnish = "=== orange ==="
        drink.tags = ["a*b"]
        let lines = RecipeMarkdown.markdown(
            for: drink, language: .english, lines: ["1.5 oz London dry gin", "+ 1 oz Campari", "2) sweet vermouth"]
        ).components(separatedBy: "\n")
        #expect(
            lines.first
                == ##"# \# The \*Best\* \[Negroni\](javascript:x) \<b\>\_now\_\</b\> \& \`co\` \| \~tilde\~"##)
        #expect(lines[2] == #"1\. Not a list - nor this"#, "lines of one paragraph are joined")
        #expect(lines.contains("- 1.5 oz London dry gin"), "a decimal starts no list")
        #expect(lines.contains(#"- \+ 1 oz Campari"#))
        #expect(lines.contains(#"- 2\) sweet vermouth"#))
        #expect(lines.contains(##"1. \# Stir\\ well"##))
        #expect(lines.contains(#"2. \> quote"#))
        #expect(lines.contains(#"\=== orange ==="#))
        #expect(lines.contains(#"**Tags:** a\*b"#))
        #expect(lines.filter { $0.hasPrefix("#") }.count == 4, "the title and three section headings only")
    }
}
