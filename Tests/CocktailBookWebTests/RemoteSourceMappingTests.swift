import CocktailsAPI
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// `RemoteCocktailsAPI` against a stub that answers with TheCocktailDB's own records, to check
/// the mapping of values our server never writes.
@Suite("Remote source: TheCocktailDB records mapped to our catalog")
struct RemoteSourceMappingTests {
    static let negroni = """
        {"idDrink":"11003","strDrink":"Negroni","strTags":"IBA,Classic","strCategory":"Ordinary Drink",
         "strIBA":"Unforgettables","strAlcoholic":"Optional alcohol","strGlass":"Old-Fashioned glass",
         "strInstructions":"Stir into glass over ice. Garnish and serve!","strDrinkThumb":"https://example.com/n.jpg",
         "strIngredient1":"Gin","strIngredient2":"Campari","strIngredient3":"Sweet Vermouth","strIngredient4":null,
         "strMeasure1":"1 oz ","strMeasure2":"1 oz ","strMeasure3":null,"dateModified":"2016-07-18 22:49:04"}
        """
    static let mystery = """
        {"idDrink":"900","strDrink":"Árbol Mystery","strCategory":"Beer","strAlcoholic":"Non alcoholic",
         "strGlass":"Jar","strInstructions":null,"strIngredient1":"Water","dateModified":null}
        """

    /// A stub TheCocktailDB: the Negroni under `n` and again under `1` (a duplicate), the other
    /// drink under `a`, `{"drinks":null}` for the rest.
    func withStub(_ body: @Sendable (URL) async throws -> Void) async throws {
        let router = Router()
        router.get("api/json/v1/1/search.php") { request, _ -> Response in
            let letter = request.uri.queryParameters.get("f") ?? ""
            let drinks =
                ["n": "[\(Self.negroni)]", "1": "[\(Self.negroni)]", "a": "[\(Self.mystery)]"][letter] ?? "null"
            return Response(
                status: .ok, headers: [.contentType: "application/json"],
                body: .init(byteBuffer: ByteBuffer(string: "{\"drinks\":\(drinks)}"))
            )
        }
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            try await body(try #require(URL(string: "http://127.0.0.1:\(port)/api/json/v1/1/")))
        }
    }

    @Test("every key is mapped back, duplicates dropped, unknown vocabulary omitted")
    func mapping() async throws {
        try await withStub { base in
            let data = try await RemoteCocktailsAPI(baseURL: base).fetchCocktails()
            let entries = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
            #expect(entries.map { $0["id"] as? String } == ["900", "11003"])
            let negroni = entries[1]
            #expect(negroni["name"] as? String == "Negroni")
            #expect(negroni["type"] as? String == "alcoholic")
            #expect(negroni["glass"] as? String == "rocks")
            #expect(negroni["iba"] as? String == "unforgettables")
            #expect(negroni["tags"] as? [String] == ["iba", "classic"])
            #expect(negroni["dateModified"] as? String == "2016-07-18T22:49:04Z")
            #expect(negroni["ingredients"] as? [String] == ["1 oz Gin", "1 oz Campari", "Sweet Vermouth"])
            #expect(negroni["instructions"] as? [String] == ["Stir into glass over ice.", "Garnish and serve!"])
            #expect(negroni["longDescription"] as? String == "Stir into glass over ice. Garnish and serve!")
            #expect(negroni["preparationMinutes"] as? Int == 5)
            #expect(negroni["imageName"] as? String == "negroni")
            #expect(negroni["imageURL"] as? String == "https://example.com/n.jpg")
            let short = try #require(negroni["shortDescription"] as? String)
            #expect(short.contains("gin and campari") && short.count <= 90, "\(short)")

            let mystery = entries[0]
            #expect(mystery["type"] as? String == "non-alcoholic")
            #expect(mystery["imageName"] as? String == "arbol-mystery")
            for key in ["glass", "category", "iba", "tags", "dateModified", "instructions", "imageURL"] {
                #expect(mystery[key] == nil, "\(key)")
            }
            #expect((mystery["longDescription"] as? String)?.isEmpty == false)
        }
    }
}
