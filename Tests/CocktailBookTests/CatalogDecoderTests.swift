import CocktailBook
import CocktailBookTestSupport
import CocktailsAPI
import Foundation
import Testing

@Suite("CatalogDecoder")
struct CatalogDecoderTests {
    /// A complete, valid entry; tests break copies of it in one way each.
    static func entry(id: String = "1", name: String? = "Good", type: String = "alcoholic", extra: String = "")
        -> String
    {
        let nameField = name.map { #""name":"\#($0)","# } ?? ""
        return """
            {"id":"\(id)",\(nameField)"type":"\(type)","shortDescription":"S","longDescription":"L",\
            "preparationMinutes":4,"imageName":"img","ingredients":["a","b"]\(extra)}
            """
    }

    @Test("the bundled catalog decodes to 13 cocktails, none skipped, in source order")
    func bundledCatalog() throws {
        let outcome = try CatalogDecoder.decode(SeedCatalog.data)
        #expect(outcome.skipped.isEmpty)
        #expect(outcome.cocktails.count == 13)
        #expect(outcome.cocktails.map(\.id) == (0...12).map(String.init))
        let pinaColada = try #require(outcome.cocktails.first)
        #expect(pinaColada.name == "Piña Colada")
        #expect(pinaColada.kind == .alcoholic)
        #expect(pinaColada.preparationMinutes == 7)
        #expect(pinaColada.imageName == "pina-colada")
        #expect(pinaColada.ingredients.first == "50 ml white rum")
        #expect(pinaColada.ingredients.count == 4)
        #expect(pinaColada.glass == .hurricane)
        #expect(
            pinaColada.illustration == .init(color: "#F3EBD3", ice: "none", garnishes: ["pineapple-wedge", "cherry"]))
        #expect(outcome.cocktails.filter { $0.kind == .nonAlcoholic }.map(\.id).sorted() == ["11", "12", "4", "5"])
    }

    @Test("unknown keys are ignored and optional fields may be absent")
    func unknownKeysIgnored() throws {
        let payload = "[\(Self.entry(extra: #","rating":"5 stars","origins":["x"],"nested":{"deep":[1,2]}"#))]"
        let outcome = try CatalogDecoder.decode(Fixtures.json(payload))
        #expect(outcome.skipped.isEmpty)
        let cocktail = try #require(outcome.cocktails.first)
        #expect(
            cocktail
                == Cocktail(
                    id: "1", name: "Good", kind: .alcoholic, shortDescription: "S", longDescription: "L",
                    preparationMinutes: 4, imageName: "img", ingredients: ["a", "b"], glass: nil, illustration: nil
                ))
    }

    @Test("illustration defaults: ice none and no garnishes when only the colour is given")
    func illustrationDefaults() throws {
        let payload = "[\(Self.entry(extra: ##","illustration":{"color":"#112233"}"##))]"
        let cocktail = try #require(try CatalogDecoder.decode(Fixtures.json(payload)).cocktails.first)
        #expect(cocktail.illustration == .init(color: "#112233", ice: "none", garnishes: []))
    }

    @Test("each broken entry is skipped with a reason naming the problem; good entries survive")
    func brokenEntriesSkipped() throws {
        let payload =
            "["
            + [
                Self.entry(id: "1", name: "First Good"),
                Self.entry(id: "2", name: nil),
                Self.entry(id: "3", type: "beer"),
                Self.entry(id: "4", name: "   "),
                Self.entry(id: "a b"),
                Self.entry(id: "5", name: "Second Good"),
                Self.entry(id: "1", name: "Duplicate Of First"),
                Self.entry(id: "6", type: "non-alcoholic"),
            ].joined(separator: ",") + "]"
        let outcome = try CatalogDecoder.decode(Fixtures.json(payload))

        #expect(outcome.cocktails.map(\.id) == ["1", "5", "6"])
        #expect(outcome.cocktails.map(\.name) == ["First Good", "Second Good", "Good"])
        #expect(outcome.cocktails.last?.kind == .nonAlcoholic)

        #expect(outcome.skipped.count == 5)
        #expect(outcome.skipped.map(\.index) == [1, 2, 3, 4, 6])
        #expect(outcome.skipped.map(\.id) == ["2", "3", "4", "a b", "1"])
        let reasons = outcome.skipped.map(\.reason)
        #expect(
            reasons == ["missing name", "unknown type", "the name is empty", "the id is not usable", "duplicate id"])
    }

    @Test("a skipped entry describes itself with its position, id and reason")
    func skippedDescription() throws {
        let payload = "[\(Self.entry(id: "1")),\(Self.entry(id: "9", type: "beer"))]"
        let skipped = try #require(try CatalogDecoder.decode(Fixtures.json(payload)).skipped.first)
        #expect(skipped.description == "entry 1 (id 9): unknown type")
    }

    @Test("a negative preparation time is skipped with a reason")
    func negativeMinutes() throws {
        let bad = Self.entry(id: "2").replacingOccurrences(
            of: #""preparationMinutes":4"#, with: #""preparationMinutes":-1"#)
        let outcome = try CatalogDecoder.decode(Fixtures.json("[\(Self.entry(id: "1")),\(bad)]"))
        #expect(outcome.cocktails.map(\.id) == ["1"])
        #expect(outcome.skipped.map(\.reason) == ["preparationMinutes is negative"])
    }

    @Test("a field of the wrong type is named in the reason")
    func wrongType() throws {
        let bad = Self.entry(id: "2").replacingOccurrences(
            of: #""preparationMinutes":4"#, with: #""preparationMinutes":"five""#)
        let outcome = try CatalogDecoder.decode(Fixtures.json("[\(Self.entry(id: "1")),\(bad)]"))
        #expect(outcome.cocktails.map(\.id) == ["1"])
        let reason = try #require(outcome.skipped.first?.reason)
        #expect(reason == "preparationMinutes has the wrong type")
    }

    @Test("an empty array decodes to nothing, without error")
    func emptyArray() throws {
        let outcome = try CatalogDecoder.decode(Fixtures.json("[]"))
        #expect(outcome.cocktails.isEmpty)
        #expect(outcome.skipped.isEmpty)
    }

    @Test("a JSON object instead of an array is a malformed payload")
    func objectPayload() throws {
        #expect(throws: CatalogError.malformedPayload("the catalog is not a JSON array")) {
            try CatalogDecoder.decode(Fixtures.json("{}"))
        }
    }

    @Test("bytes that are not JSON are a malformed payload", arguments: ["not json at all", "[{\"id\":", ""])
    func notJSON(text: String) throws {
        #expect(throws: CatalogError.malformedPayload("the catalog is not valid JSON")) {
            try CatalogDecoder.decode(Fixtures.json(text))
        }
    }

    @Test("the malformed-payload error reads as a sentence")
    func malformedDescription() {
        let error = CatalogError.malformedPayload("the catalog is not a JSON array")
        #expect(
            error.localizedDescription
                == "The recipe source sent something unreadable: the catalog is not a JSON array.")
    }
}
