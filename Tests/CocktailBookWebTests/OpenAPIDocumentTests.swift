import CocktailBook
import CocktailBookTestSupport
import CocktailBookWeb
import CocktailsAPI
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CocktailBookApp

/// The OpenAPI document is served as kept in the repository, and the API keeps to its table of
/// paths and methods (schemathesis, run by the test command, checks every answer against it).
@Suite("OpenAPI document")
struct OpenAPIDocumentTests {
    static var file: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("Sources/CocktailBookWeb/OpenAPI/openapi.json")
    }

    @Test("GET /api/v1/openapi.json serves the repository's document, byte for byte, as OpenAPI 3.1")
    func served() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            let response = try await client.get("/api/v1/openapi.json")
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            #expect(Data(buffer: response.body) == (try Data(contentsOf: Self.file)))
            let document = try #require(
                try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
            #expect(document["openapi"] as? String == "3.1.0")
            let paths = try #require(document["paths"] as? [String: Any])
            #expect(
                Set(paths.keys) == [
                    "/imports", "/imports/{id}/apply", "/imports/{id}", "/cocktails", "/cocktails/{id}", "/random",
                    "/filters", "/favorites", "/favorites/{id}", "/catalog",
                    "/catalog/refresh", "/me", "/openapi.json", "/bar", "/bar/ingredients/{value}",
                    "/bar/always/{value}",
                    "/bar/suggestions", "/bar/rules", "/bar/rules/{id}", "/shopping-list", "/shopping-list/{id}",
                    "/cocktails/{id}/versions", "/cocktails/{id}/versions/{number}/restore", "/cocktails/{id}/adapt",
                    "/trash", "/trash/{id}/restore", "/cocktails/{id}/note", "/cocktails/{id}/rating",
                    "/cocktails/{id}/made", "/cocktails/{id}/made/{entry}", "/drafts/from-page", "/lists",
                    "/lists/{id}", "/lists/{id}/entries", "/lists/{id}/entries/{cocktail}",
                    "/lists/{id}/entries/{cocktail}/move", "/lists/{id}/cocktails/{cocktail}", "/lists/{id}/share",
                    "/lists/{id}/plan", "/bar/batches", "/bar/batches/{id}", "/bar/house-recipes",
                    "/lists/{id}/menu-shelf", "/lists/{id}/menu-order", "/house-recipes", "/house-recipes/{value}",
                    "/house-recipes/{value}/versions",
                    "/house-recipes/{value}/versions/{number}/restore", "/house-recipes/{value}/put-back",
                    "/lists/{id}/cocktails/{cocktail}/price", "/lists/{id}/menu-prices", "/settings/currency",
                ])
            let house = try #require(paths["/house-recipes/{value}"] as? [String: Any])
            #expect(Set(house.keys) == ["get", "put", "delete"])
            let cocktails = try #require(paths["/cocktails"] as? [String: Any])
            #expect(Set(cocktails.keys) == ["get", "post"])
            let cocktail = try #require(paths["/cocktails/{id}"] as? [String: Any])
            #expect(Set(cocktail.keys) == ["get", "put", "delete"])
        }
    }

    @Test("the values a category, glass or lang parameter may take are the vocabularies', no more and no fewer")
    func vocabularies() throws {
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: Self.file)) as? [String: Any])
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        var checked = 0
        for (_, operations) in paths {
            for case let operation as [String: Any] in operations.values {
                for case let parameter as [String: Any] in (operation["parameters"] as? [Any]) ?? [] {
                    let schema = parameter["schema"] as? [String: Any]
                    switch parameter["name"] as? String {
                    case "category":
                        #expect(schema?["enum"] as? [String] == [""] + DrinkCategory.allCases.map(\.rawValue))
                        checked += 1
                    case "glass":
                        #expect(schema?["enum"] as? [String] == [""] + Glass.allCases.map(\.rawValue))
                        checked += 1
                    case "lang":
                        // Every language the book speaks (it once said en and it only).
                        #expect(schema?["enum"] as? [String] == Language.allCases.map(\.rawValue))
                        checked += 1
                    default: break
                    }
                }
            }
        }
        #expect(checked == 5, "GET /cocktails' category and glass; lang of /cocktails, /cocktails/{id} and /random")
        // A recipe sent to the book takes the same values, and the methods the vocabulary knows.
        let schemas = try #require((document["components"] as? [String: Any])?["schemas"] as? [String: Any])
        let input = try #require((schemas["RecipeInput"] as? [String: Any])?["properties"] as? [String: Any])
        // The input's values may also be null (left out); the named ones are the vocabulary's.
        let values = { (name: String) in
            ((input[name] as? [String: Any])?["enum"] as? [Any])?.compactMap { $0 as? String } ?? []
        }
        #expect(values("category") == [""] + DrinkCategory.allCases.map(\.rawValue))
        #expect(values("glass") == [""] + Glass.allCases.map(\.rawValue))
        #expect(values("method") == [""] + MixingMethod.allCases.map(\.rawValue))
    }

    @Test("a documented path asked with another method answers 405 with Allow; a preflight lists the same")
    func methods() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            let post = try await client.execute(uri: "/api/v1/cocktails", method: .patch)
            #expect(post.status == .methodNotAllowed)
            #expect(post.headers[.allow] == "GET, POST, HEAD, OPTIONS")
            #expect(String(buffer: post.body).contains(#""code":"method_not_allowed""#))
            let get = try await client.execute(uri: "/api/v1/favorites/1", method: .get)
            #expect(get.status == .methodNotAllowed)
            #expect(get.headers[.allow] == "DELETE, PUT, OPTIONS")
            #expect(
                try await client.execute(uri: "/api/v1/favorites/1", method: .options).headers[.allow]
                    == "DELETE, PUT, OPTIONS")
            #expect(try await client.execute(uri: "/api/v1/nowhere", method: .post).status == .notFound)
            #expect(try await client.get("/api/v1/cocktails?lang=pt").status == .badRequest)
            #expect(try await client.get("/api/v1/cocktails?page=").status == .badRequest)
            #expect(try await client.get("/api/v1/cocktails?filter=all&kind=beer").status == .badRequest)
        }
    }
}
