import CocktailBookTestSupport
import CocktailsAPI
import Foundation
import HummingbirdTesting
import Testing

/// Pictures and static files: the right bytes, and caching headers that never serve stale content.
@Suite("HTTP: images and assets")
struct ImagesAndAssetsTests {
    @Test("a cocktail's picture is its SVG, cached for good under its versioned URL")
    func picture() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let detail: DetailBody = try await client.get("/api/v1/cocktails/7").decoded()
            let version = String(try #require(detail.imageURL.split(separator: "=").last))
            let image = try await client.get(detail.imageURL)
            #expect(image.status == .ok)
            #expect(image.headers[.contentType] == "image/svg+xml")
            #expect(image.headers[.eTag] == "\"\(version)\"")
            #expect(image.headers[.cacheControl] == "public, max-age=31536000, immutable")
            let svg = String(buffer: image.body)
            #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
            #expect(svg.contains("<title>Margarita in a margarita glass</title>"))

            let revalidated = try await client.execute(
                uri: detail.imageURL, method: .get, headers: [.ifNoneMatch: "\"\(version)\""])
            #expect(revalidated.status == .notModified)
            #expect(revalidated.body.readableBytes == 0)

            let unversioned = try await client.get("/images/cocktails/7.svg")
            #expect(unversioned.headers[.cacheControl] == "public, max-age=0, must-revalidate")
            #expect(String(buffer: unversioned.body) == svg)
            #expect(try await client.get("/images/cocktails/999.svg").status == .notFound)
            #expect(try await client.get("/images/cocktails/7.png").status == .notFound)
        }
    }

    @Test("pictures differ between cocktails, and so do their intrinsic sizes")
    func picturesDiffer() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            var svgs: [String: String] = [:]
            for id in ["0", "2", "3"] {
                let detail: DetailBody = try await client.get("/api/v1/cocktails/\(id)").decoded()
                svgs[id] = String(buffer: try await client.get(detail.imageURL).body)
            }
            #expect(Set(svgs.values).count == 3)
            let sizes = svgs.values.compactMap {
                $0.firstMatch(of: /width="(\d+)" height="(\d+)"/).map { "\($0.1)x\($0.2)" }
            }
            #expect(Set(sizes).count >= 2)
        }
    }

    @Test("the stylesheet and script are served with their content hash and the page links that hash")
    func assets() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path, sourceLatency: .seconds(600)).test(.router) { client in
            let html = String(buffer: try await client.get("/").body)
            let cssURL = String(try #require(html.firstMatch(of: /href="(\/assets\/app\.css\?v=[0-9a-f]{16})"/)?.1))
            let css = try await client.get(cssURL)
            #expect(css.status == .ok)
            #expect(css.headers[.contentType] == "text/css; charset=utf-8")
            #expect(css.headers[.cacheControl] == "public, max-age=31536000, immutable")
            #expect(String(buffer: css.body).contains("prefers-color-scheme: dark"))
            let jsURL = String(try #require(html.firstMatch(of: /src="(\/assets\/app\.js\?v=[0-9a-f]{16})"/)?.1))
            #expect(String(buffer: try await client.get(jsURL).body).contains("/api/v1/catalog"))
            #expect(try await client.get("/assets/secret.txt").status == .notFound)
        }
    }
}
