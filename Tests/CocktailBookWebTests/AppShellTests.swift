import CocktailBookTestSupport
import CocktailBookWeb
import CocktailsAPI
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CocktailBookApp

/// The installable shell over HTTP: manifest, icons, the service worker and the offline page,
/// and which pages the worker may keep.
@Suite("App shell")
struct AppShellTests {
    static let kept = HTTPField.Name("X-Offline-Cache")!

    @Test(
        "the manifest names the book, its start, scope, colours and three real icons; the icons are PNGs of those sizes"
    )
    func manifest() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            let response = try await client.get("/manifest.webmanifest")
            #expect(response.headers[.contentType] == "application/manifest+json")
            let manifest = try #require(
                try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
            #expect(manifest["name"] as? String == "Cocktail Book")
            #expect(
                manifest["display"] as? String == "standalone" && manifest["start_url"] as? String == "/"
                    && manifest["scope"] as? String == "/")
            let icons = try #require(manifest["icons"] as? [[String: String]])
            #expect(icons.map { $0["purpose"] ?? "" } == ["any", "any", "maskable"])
            for icon in icons {
                let png = Data(buffer: try await client.get(icon["src"] ?? "").body)
                #expect(png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
                let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }
                let height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
                #expect("\(width)x\(height)" == icon["sizes"])
            }
            let italian = try await client.execute(
                uri: "/manifest.webmanifest", method: .get, headers: [.acceptLanguage: "it"])
            #expect(String(buffer: italian.body).contains(#""lang":"it""#))
        }
    }

    @Test("the service worker is never cached, names its version and caches the current assets")
    func serviceWorker() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            let worker = try await client.get("/sw.js")
            #expect(worker.headers[.cacheControl] == "no-cache")
            #expect(worker.headers[.contentSecurityPolicy] == "default-src 'self'")
            let script = String(buffer: worker.body)
            let version = try #require(script.firstMatch(of: /const VERSION = "([0-9a-f]{16})";/)?.1)
            #expect(worker.headers[.eTag] == "\"\(version)\"")
            let page = String(buffer: try await client.get("/settings").body)
            let css = try #require(page.firstMatch(of: /href="(\/assets\/app\.css\?v=[0-9a-f]+)"/)?.1)
            #expect(script.contains("\"\(css)\""))
            #expect(script.contains("\"/offline\"") && !script.contains("__SHELL__"))
        }
    }

    @Test("only ready pages are marked for the offline cache; account pages, errors and the loading state are not")
    func keptPages() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path, sourceLatency: .seconds(600)).test(.router) { client in
            let loading = try await client.get("/").headers
            #expect(loading[Self.kept] == nil, "still loading")
        }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            for path in ["/", "/cocktails/1", "/search?q=gin", "/filters", "/bar", "/offline"] {
                let headers = try await client.get(path).headers
                #expect(headers[Self.kept] == "page", "\(path)")
            }
            for path in ["/account", "/import", "/nowhere", "/cocktails/999999", "/api/v1/cocktails", "/sw.js"] {
                let headers = try await client.get(path).headers
                #expect(headers[Self.kept] == nil, "\(path)")
            }
            // Assets and pictures say so too: the service worker keeps no list of paths.
            let page = String(buffer: try await client.get("/").body)
            let css = try #require(page.firstMatch(of: /href="(\/assets\/app\.css\?v=[0-9a-f]+)"/)?.1)
            for path in [String(css), "/manifest.webmanifest", "/icons/icon-192.png"] {
                #expect(try await client.get(path).headers[Self.kept] == "asset", "\(path)")
            }
            for path in ["/images/cocktails/1.svg", "/images/cocktails/1.jpg", "/images/cocktails/1.jpg/preview"] {
                #expect(try await client.get(path).headers[Self.kept] == "picture", "\(path)")
            }
            #expect(try await client.get("/images/cocktails/999.svg").headers[Self.kept] == nil)
            let offline = String(buffer: try await client.get("/offline").body)
            #expect(
                offline.contains(#"<h1 class="large-title">You're offline</h1>"#)
                    || offline.contains(#"<h1 class="large-title">You&#39;re offline</h1>"#))
            #expect(offline.contains(#"<a href="/">All cocktails, as last saved</a>"#))
        }
    }
}
