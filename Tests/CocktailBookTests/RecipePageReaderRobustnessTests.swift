import Foundation
import Testing

@testable import CocktailBook

/// Pages that are broken, hostile or not pages at all: each gives a draft or a
/// ``RecipePageError``, never a crash, a hang or a deep stack.
@Suite("Recipe page reader on bad input")
struct RecipePageReaderRobustnessTests {
    static let base = URL(string: "https://example.org/drink")!

    static let recipe = #"""
        {"@context":"https://schema.org","@type":"Recipe","name":"Gimlet",
        "recipeIngredient":["2 oz gin","3/4 oz lime cordial"],"recipeInstructions":"Shake with ice. Strain into a coupe."}
        """#

    static func read(_ html: String) throws -> RecipeDraft {
        try RecipePageReader.read(html: html, baseURL: base)
    }

    /// Bytes that look random but are the same on every run.
    static func junk(count: Int, seed: UInt64, alphabet: [UInt8]) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return alphabet[Int(state >> 33) % alphabet.count]
        }
    }

    @Test("an empty page, white space, or a page with no recipe: a reason, not a draft")
    func nothingToRead() {
        #expect(throws: RecipePageError.notHTML) { try Self.read("") }
        #expect(throws: RecipePageError.notHTML) { try Self.read(" \n\t ") }
        #expect(throws: RecipePageError.notHTML) { try RecipePageReader.read(data: Data(), baseURL: Self.base) }
        #expect(throws: RecipePageError.noRecipe) { try Self.read("<html></html>") }
        #expect(throws: RecipePageError.noRecipe) {
            try Self.read(#"<html><script type="application/ld+json">{"@type":"Recipe"}</script></html>"#)
        }
        #expect(throws: RecipePageError.noRecipe) {
            try Self.read(#"<html><div itemscope itemtype="https://schema.org/Recipe"></div></html>"#)
        }
    }

    @Test("5 MB of junk is refused by its size before it is read, as text or as bytes")
    func fiveMegabytes() {
        let bytes = Self.junk(count: 5 * 1_048_576, seed: 7, alphabet: Array("<>&;\"'/=!-abc #\n".utf8))
        #expect(throws: RecipePageError.tooLarge(bytes: bytes.count)) {
            try RecipePageReader.read(data: Data(bytes), baseURL: Self.base)
        }
        #expect(throws: RecipePageError.tooLarge(bytes: bytes.count)) {
            try Self.read(String(decoding: bytes, as: UTF8.self))
        }
    }

    @Test("junk just under the size limit is read through and has no recipe")
    func junkUnderTheLimit() {
        let markup = Self.junk(count: 1_000_000, seed: 11, alphabet: Array("<>&;#x\"'/=!-abcdip \n{}[]:".utf8))
        #expect(throws: RecipePageError.noRecipe) {
            try Self.read("<html><body>" + String(decoding: markup, as: UTF8.self))
        }
        let binary = Self.junk(count: 1_000_000, seed: 13, alphabet: (0x80...0xFF).map { UInt8($0) })
        #expect(throws: RecipePageError.notHTML) {
            try RecipePageReader.read(data: Data(binary), baseURL: Self.base)
        }
    }

    @Test("deeply nested JSON and markup are passed over, and a recipe after them is still found")
    func deepNesting() throws {
        let deepJSON = String(repeating: #"{"a":["#, count: 50_000) + String(repeating: "]}", count: 50_000)
        let deepMarkup = String(repeating: "<div><span>", count: 50_000)
        #expect(throws: RecipePageError.noRecipe) {
            try Self.read(#"<html><script type="application/ld+json">\#(deepJSON)</script>\#(deepMarkup)</html>"#)
        }
        let draft = try Self.read(
            #"""
            <html><script type="application/ld+json">\#(deepJSON)</script>\#(deepMarkup)
            <script type="application/ld+json">\#(Self.recipe)</script></html>
            """#)
        #expect(draft.name == "Gimlet")
        #expect(draft.steps == ["Shake with ice.", "Strain into a coupe."])
        let buried = String(repeating: #"{"x":"#, count: 40) + Self.recipe + String(repeating: "}", count: 40)
        #expect(throws: RecipePageError.noRecipe, "a recipe deeper than anyone writes one is not looked for") {
            try Self.read(#"<html><script type="application/ld+json">\#(buried)</script></html>"#)
        }
    }

    @Test("a script, a comment or a tag left open: what came before is read, what follows is not markup")
    func leftOpen() throws {
        let unclosedScript = try Self.read(#"<html><head><script type="application/ld+json">\#(Self.recipe)"#)
        #expect(unclosedScript.name == "Gimlet")
        #expect(unclosedScript.rows.map(\.ingredient) == ["gin", "lime cordial"])
        let script = #"<script type="application/ld+json">\#(Self.recipe)</script>"#
        for tail in ["<!-- never closed <p>", "<div class=\"open", "<p title='x", "<![CDATA[", "<!DOCTYPE", "</", "<"] {
            let draft = try Self.read("<html><head>" + script + "</head><body>" + tail)
            #expect(draft.name == "Gimlet", "with \(tail) at the end")
        }
        #expect(throws: RecipePageError.noRecipe, "a recipe inside a comment is not on the page") {
            try Self.read("<html><!-- " + script + " -->")
        }
        #expect(throws: RecipePageError.noRecipe, "nor one after a comment that never ends") {
            try Self.read("<html><!-- never closed " + script)
        }
    }

    @Test("a recipe without ingredients or steps, or with blocks of the wrong shape, is no recipe")
    func wrongShapes() {
        for block in [
            #"{"@type":"Recipe","name":"Only a name"}"#, #"[1, "two", null, true]"#, #""Recipe""#, "null",
            #"{"@type":["Thing",7],"recipeIngredient":"1 oz gin"}"#, #"{"@graph":{"@graph":{"@type":"Person"}}}"#,
        ] {
            #expect(throws: RecipePageError.noRecipe, "\(block)") {
                try Self.read(#"<html><script type="application/ld+json">\#(block)</script></html>"#)
            }
        }
    }

    @Test("odd values where texts belong are read as texts or left out")
    func oddValues() throws {
        let draft = try Self.read(
            #"""
            <html><script type="application/ld+json">{"@type":"schema:Recipe","name":["Bramble", "ignored"],
            "recipeIngredient":["2 oz gin", {"name": "1 oz lemon juice"}, null, false],
            "recipeInstructions":[{"@type":"HowToSection","name":"Build","itemListElement":[
              {"@type":"HowToStep","text":"1. Shake gin and lemon."},{"@type":"HowToStep","name":"Top with crème de mûre."}]}],
            "image":{"@type":"ImageObject","url":"//cdn.example.org/bramble.jpg"},"totalTime":"about five minutes",
            "recipeYield":[2, "2 drinks"],"keywords":["fruit", "gin"]}</script></html>
            """#)
        #expect(draft.name == "Bramble")
        #expect(draft.rows.map(\.ingredient) == ["gin", "lemon juice"])
        #expect(
            draft.steps == ["Shake gin and lemon.", "Top with crème de mûre."], "Italian and French words as written")
        #expect(draft.imageURL == "https://cdn.example.org/bramble.jpg")
        #expect(draft.preparationMinutes == "", "a time that is not ISO 8601 is left for the person")
        #expect(draft.longDescription == "Makes 2 drinks.")
        #expect(draft.tags == "fruit, gin")
    }
}
