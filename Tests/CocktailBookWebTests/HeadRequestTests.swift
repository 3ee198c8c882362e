import CocktailBookTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// HEAD goes through the same response path as GET: on every route whose answers are kept, it
/// says what GET says (ETag, Content-Encoding, Vary, Content-Type, Content-Length), without
/// the body.
@Suite("HEAD answers as GET does")
struct HeadRequestTests {
    /// One address of each cached route.
    static let cachedRoutes = [
        "/", "/?filter=alcoholic", "/search?q=gin", "/filters", "/results?filter=alcoholic", "/cocktails/3",
        "/bar", "/bar/shopping", "/bar/ingredients/simple%20syrup", "/api/v1/cocktails", "/api/v1/cocktails/3",
        "/api/v1/favorites", "/api/v1/filters", "/api/v1/bar", "/api/json/v1/1/search.php?s=margarita",
        "/api/json/v1/1/lookup.php?i=3", "/api/json/v1/1/filter.php?a=Alcoholic", "/api/json/v1/1/list.php?c=list",
    ]
    static let compared: [HTTPField.Name] = [.eTag, .contentEncoding, .vary, .contentType, .contentLength]

    @Test("every cached route: HEAD has GET's headers, with gzip and without, and no body")
    func headMatchesGet() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            var compressed = 0
            for encoding in ["gzip", "identity"] {
                // A browser that visited before: it has its form token, so nothing sets a cookie.
                let headers: HTTPFields = [.acceptEncoding: encoding, .cookie: TestCSRF.cookie]
                for path in Self.cachedRoutes {
                    // HEAD first too, so that neither finds the other's work already kept.
                    let head = try await client.execute(uri: path, method: .head, headers: headers)
                    let get = try await client.execute(uri: path, method: .get, headers: headers)
                    #expect(get.status == .ok, "\(path)")
                    #expect(head.status == get.status, "\(path)")
                    #expect(get.headers[.eTag] != nil, "\(path) is a cached route")
                    for name in Self.compared {
                        #expect(head.headers[name] == get.headers[name], "\(name) of \(path) with \(encoding)")
                    }
                    #expect(head.body.readableBytes == 0, "\(path)")
                    if get.headers[.contentEncoding] == "gzip" { compressed += 1 }
                    // Answers under 1 KiB go as they are; the others are compressed when asked.
                    if encoding == "gzip", get.headers[.contentEncoding] == nil {
                        #expect(get.body.readableBytes < 1024, "\(path) with gzip")
                    }
                }
            }
            #expect(compressed >= 10, "most cached answers are over 1 KiB and were compressed")
        }
    }
}
