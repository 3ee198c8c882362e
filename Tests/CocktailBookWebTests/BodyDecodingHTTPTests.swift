import CocktailBookTestSupport
import CocktailBookWeb
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import CocktailBookApp

/// Every JSON body of the API is decoded one way, and a body that does not fit is refused with a
/// `400 invalid_body` naming the field it is about, whichever route took it.
@Suite("JSON bodies: one decoding, the field named")
struct BodyDecodingHTTPTests {
    struct Refusal: Decodable {
        struct Detail: Decodable {
            var code: String
            var message: String
            var field: String?
        }
        var error: Detail
    }

    @Test("missing, mistyped and malformed bodies name their field on every route")
    func fieldsNamed() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let cases: [(HTTPRequest.Method, String, String, String?, String)] = [
                (.post, "/api/v1/lists", #"{"nom": "x"}"#, "name", #"The body needs "name"."#),
                (.post, "/api/v1/lists", #"{"name": 7}"#, "name", "name has a value of the wrong type."),
                (.post, "/api/v1/bar/batches", #"{"value": "honey syrup", "ml": "lots"}"#, "ml", "ml has a value"),
                (.post, "/api/v1/bar/rules", #"{"use": "gin"}"#, "insteadOf", #"needs "insteadOf""#),
                (.put, "/api/v1/cocktails/3/rating", #"{"stars": null}"#, "stars", "stars has a value"),
                (
                    .post, "/api/v1/cocktails", #"{"name": "A", "ingredients": [{"text": 4}]}"#, "ingredients.0",
                    "wrong type"
                ),
                (.post, "/api/v1/lists", "{not json", nil, "The body is not JSON of the shape this route reads."),
                // A lone value where an object belongs names no empty field.
                (.put, "/api/v1/cocktails/3/note", #""x""#, nil, "The body is not JSON of the shape this route reads."),
                (.post, "/api/v1/cocktails", "[1]", nil, "The body is not a recipe in JSON."),
            ]
            for (method, path, body, field, message) in cases {
                let response = try await client.execute(
                    uri: path, method: method, headers: [.contentType: "application/json"],
                    body: ByteBuffer(string: body))
                #expect(response.status == .badRequest, "\(method) \(path) \(body)")
                let refusal = try JSONDecoder().decode(Refusal.self, from: Data(buffer: response.body))
                #expect(refusal.error.code == "invalid_body", "\(method) \(path) \(body)")
                #expect(refusal.error.field?.hasPrefix(field ?? "") ?? (field == nil), "\(method) \(path) \(body)")
                #expect(refusal.error.message.contains(message), "\(method) \(path): \(refusal.error.message)")
            }
        }
    }

    @Test("page forms: missing and mistyped fields are a 400 naming the field; typed text stays as typed")
    func pageFormsNamed() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            func post(_ path: String, _ fields: String) async throws -> TestResponse {
                try await client.execute(
                    uri: path, method: .post, headers: TestCSRF.formHeaders, body: TestCSRF.body(fields))
            }
            // Text with the characters a form encodes (& = + %), sent twice: the first value counts.
            let created = try await post("/lists", "name=Gin+%26+Tonic+%3D+1%2B1%25&name=Second")
            #expect(created.status == .seeOther)
            let lists = try await client.get("/api/v1/lists")
            #expect(
                String(buffer: lists.body).contains(#""name":"Gin & Tonic = 1+1%""#), "\(String(buffer: lists.body))")
            let list = try #require(created.headers[.location])

            let cases: [(String, String, String)] = [
                ("/cocktails/3/favorite", "", "The form needs “favorite”."),
                ("/cocktails/3/favorite", "favorite=maybe", "“favorite” is not valid here."),
                (list + "/entries/3/move", "to=first", "“to” is not valid here."),
                (list + "/entries/3/move", "", "The form needs “to”."),
                (list + "/menu-prices", "display=sometimes", "“display” is not valid here."),
            ]
            for (path, fields, message) in cases {
                let response = try await post(path, fields)
                #expect(response.status == .badRequest, "\(path) \(fields)")
                let page = String(buffer: response.body)
                #expect(
                    page.contains(message),
                    "\(path) \(fields): \(page.components(separatedBy: "error-page").last?.prefix(900) ?? "")")
            }
            // Nothing was changed by the refused forms.
            #expect(try await client.get("/api/v1/favorites").body.readableBytes > 0)
            #expect(!String(buffer: try await client.get("/api/v1/favorites").body).contains(#""id":"3""#))
        }
    }
}
