import CocktailBook
import CocktailBookStore
import CocktailBookTestSupport
import CocktailBookWeb
import CocktailsAPI
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CocktailBookApp

/// Running the book for real: `/metrics`, request ids, and what a proxy in front may say.
@Suite("Operations: metrics, request ids, behind a proxy")
struct OperationsTests {
    /// The value of the sample `line` starts with, from Prometheus's text format.
    static func sample(_ text: String, _ prefix: String) -> Double? {
        text.split(separator: "\n").first { $0.hasPrefix(prefix + " ") }.flatMap {
            Double($0.split(separator: " ").last ?? "")
        }
    }

    @Test("/metrics counts requests by route pattern and status, times them, and reads the catalog and the database")
    func metrics() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path, configure: { $0.port = 0 }).test(.live) { client in
            try await client.waitUntilReady()
            // The three pages' durations, in seconds, add up to no more than the time they took
            // seen from here: a bound that holds on a busy machine and still fails on milliseconds.
            let clock = ContinuousClock()
            let started = clock.now
            for id in ["7", "9", "7"] { #expect(try await client.get("/cocktails/\(id)").status == .ok) }
            let took = clock.now - started
            let tookSeconds = Double(took.components.seconds) + Double(took.components.attoseconds) / 1e18
            #expect(try await client.get("/api/v1/cocktails/nothing-here").status == .notFound)
            let response = try await client.get("/metrics")
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/plain; version=0.0.4; charset=utf-8")
            let text = String(buffer: response.body)
            // Three details pages under one pattern, not one series per id.
            #expect(
                Self.sample(
                    text, #"cocktailbook_http_requests_total{route="/cocktails/{id}",method="GET",status="200"}"#) == 3)
            #expect(!text.contains(#"route="/cocktails/7""#))
            #expect(
                Self.sample(
                    text, #"cocktailbook_http_requests_total{route="/api/v1/cocktails/{id}",method="GET",status="404"}"#
                ) == 1)
            #expect(
                Self.sample(
                    text, #"cocktailbook_http_request_duration_seconds_count{route="/cocktails/{id}",method="GET"}"#)
                    == 3)
            let slowest = try #require(
                Self.sample(
                    text, #"cocktailbook_http_request_duration_seconds_sum{route="/cocktails/{id}",method="GET"}"#))
            #expect(slowest > 0 && slowest <= tookSeconds)
            #expect(Self.sample(text, "cocktailbook_catalog_cocktails") == 13)
            #expect(Self.sample(text, "cocktailbook_catalog_ready") == 1)
            #expect(Self.sample(text, "cocktailbook_database_up") == 1)
            let age = try #require(Self.sample(text, "cocktailbook_catalog_age_seconds"))
            #expect(age >= 0 && age < 600)
            #expect(text.contains("# TYPE cocktailbook_http_request_duration_seconds histogram"))
        }
    }

    @Test("/metrics is refused to a client the proxy forwarded, and served to an admin's token")
    func metricsAccess() async throws {
        let database = try await AccountsHTTPTests.book()
        defer { database.remove() }
        let accounts = Accounts(database: try AppDatabase(path: database.path), bcryptCost: 4)
        let admin = try await accounts.issueToken(for: "alice", label: "prometheus")
        let member = try await accounts.issueToken(for: "bob", label: "curious")
        try await makeApp(
            databasePath: database.path,
            configure: {
                $0.trustProxy = true
                $0.port = 0
            }
        ).test(.live) { client in
            try await client.waitUntilReady()
            // From this machine: served.
            #expect(try await client.get("/metrics").status == .ok)
            // Forwarded by the proxy from somewhere else: refused, unless the token is an admin's.
            let forwarded: HTTPFields = [.init("X-Forwarded-For")!: "203.0.113.9"]
            let refused = try await client.execute(uri: "/metrics", method: .get, headers: forwarded)
            #expect(refused.status == .forbidden)
            #expect(String(buffer: refused.body).contains("admins"))
            var asMember = forwarded
            asMember[.authorization] = "Bearer \(member)"
            #expect(try await client.execute(uri: "/metrics", method: .get, headers: asMember).status == .forbidden)
            var asAdmin = forwarded
            asAdmin[.authorization] = "Bearer \(admin)"
            let served = try await client.execute(uri: "/metrics", method: .get, headers: asAdmin)
            #expect(served.status == .ok && String(buffer: served.body).contains("cocktailbook_catalog_cocktails 13"))
        }
    }

    @Test("without --trust-proxy too, a request a proxy on this machine forwarded is not local: no metrics")
    func metricsBehindAnUntrustedProxy() async throws {
        let database = try await AccountsHTTPTests.book()
        defer { database.remove() }
        try await makeApp(databasePath: database.path, configure: { $0.port = 0 }).test(.live) { client in
            try await client.waitUntilReady()
            #expect(try await client.get("/metrics").status == .ok)
            for forwarded: HTTPFields in [
                [.init("X-Forwarded-For")!: "203.0.113.9"], [.init("Forwarded")!: "for=203.0.113.9;proto=https"],
            ] {
                #expect(
                    try await client.execute(uri: "/metrics", method: .get, headers: forwarded).status == .forbidden)
            }
        }
    }

    @Test("every answer names its request id; a plain one the proxy sent is kept, anything else replaced")
    func requestIDs() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let first = try #require(try await client.get("/cocktails/7").headers[.init("X-Request-Id")!])
            let second = try #require(try await client.get("/cocktails/7").headers[.init("X-Request-Id")!])
            #expect(!first.isEmpty && first != second)
            let kept = try await client.execute(
                uri: "/api/v1/cocktails/7", method: .get, headers: [.init("X-Request-Id")!: "lb-4f2a.77_x"])
            #expect(kept.headers[.init("X-Request-Id")!] == "lb-4f2a.77_x")
            for hostile in ["evil\"id", String(repeating: "a", count: 65), "two words", "line\\nbreak"] {
                let replaced = try await client.execute(
                    uri: "/api/v1/cocktails/7", method: .get, headers: [.init("X-Request-Id")!: hostile])
                let id = try #require(replaced.headers[.init("X-Request-Id")!])
                #expect(id != hostile && !id.isEmpty, "\(hostile)")
            }
            // An error answer has one too.
            #expect(try await client.get("/api/v1/cocktails/nothing-here").headers[.init("X-Request-Id")!] != nil)
        }
    }

    static func thumb(_ response: TestResponse) throws -> String? {
        let object = try JSONSerialization.jsonObject(with: Data(String(buffer: response.body).utf8)) as? [String: Any]
        return ((object?["drinks"] as? [[String: Any]])?.first?["strDrinkThumb"]) as? String
    }

    @Test("X-Forwarded-Host and X-Forwarded-Proto make absolute URLs only from a trusted proxy")
    func forwardedURLs() async throws {
        let uri = "/api/json/v1/1/lookup.php?i=7"
        let forwarded: HTTPFields = [
            .init("Host")!: "10.0.0.5:8080", .init("X-Forwarded-Host")!: "bar.example",
            .init("X-Forwarded-Proto")!: "https",
        ]
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            // Anyone can send these headers: without --trust-proxy they change nothing.
            #expect(
                try Self.thumb(try await client.execute(uri: uri, method: .get, headers: forwarded))
                    == "http://10.0.0.5:8080/images/cocktails/7.jpg")
        }
        // From the trusted proxy (this machine, on a real connection), they name the address.
        try await ProxyTrustTests.behindProxy(database) { client in
            // A server on loopback answers only loopback names (`Host` is the proxy's upstream).
            var forwarded = forwarded
            forwarded[.init("Host")!] = nil
            #expect(
                try Self.thumb(try await client.execute(uri: uri, method: .get, headers: forwarded))
                    == "https://bar.example/images/cocktails/7.jpg")
            // The details page's link preview follows them too.
            let page = String(
                buffer: try await client.execute(uri: "/cocktails/7", method: .get, headers: forwarded).body)
            #expect(page.contains("https://bar.example/cocktails/7"))
            // A forwarded host that could bend the URL is not echoed.
            var hostile = forwarded
            hostile[.init("X-Forwarded-Host")!] = "evil.example/x?"
            let fallback = try #require(
                try Self.thumb(try await client.execute(uri: uri, method: .get, headers: hostile)))
            #expect(fallback == "https://localhost/images/cocktails/7.jpg", "the Host the client sent")
        }
        // From anyone else (the router test has no trusted peer), --trust-proxy or not, they are ignored.
        try await makeApp(databasePath: database.path, configure: { $0.trustProxy = true }).test(.router) { client in
            try await client.waitUntilReady()
            #expect(
                try Self.thumb(try await client.execute(uri: uri, method: .get, headers: forwarded))
                    == "http://10.0.0.5:8080/images/cocktails/7.jpg")
        }
    }

    @Test("--public-url names every absolute link, whatever the request's host; a loopback link warns the owner")
    func publicAddress() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        let uri = "/api/json/v1/1/lookup.php?i=7"
        let asked: HTTPFields = [.init("Host")!: "10.0.0.5:8080", .init("X-Forwarded-Host")!: "evil.example"]
        try await makeApp(
            databasePath: database.path,
            configure: {
                $0.publicURL = "https://Bar.Example.org/"
                $0.trustProxy = true
            }
        ).test(.router) { client in
            try await client.waitUntilReady()
            #expect(
                try Self.thumb(try await client.execute(uri: uri, method: .get, headers: asked))
                    == "https://bar.example.org/images/cocktails/7.jpg")
            let page = String(buffer: try await client.execute(uri: "/cocktails/7", method: .get, headers: asked).body)
            #expect(page.contains("https://bar.example.org/cocktails/7") && !page.contains("10.0.0.5"))
            let list = try await Self.sharedList(client, headers: asked)
            #expect(list.url.hasPrefix("https://bar.example.org/s/"), "\(list.url)")
            #expect(!list.page.contains("data-share-warning") && !list.menu.contains("data-share-warning"))
            #expect(list.menu.contains(list.url), "the QR code's caption")
        }
        // Without it, a link to this machine warns the owner on the list and the menu, never guests.
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let list = try await Self.sharedList(client, headers: [.init("Host")!: "127.0.0.1:8080"])
            #expect(list.url.hasPrefix("http://127.0.0.1:8080/s/"))
            #expect(list.page.contains("data-share-warning") && list.page.contains("--public-url"))
            #expect(list.menu.contains("data-share-warning"))
            let token = String(list.url.split(separator: "/").last ?? "")
            let guests = String(buffer: try await client.get("/s/\(token)/menu").body)
            #expect(guests.contains("data-menu-qr") && !guests.contains("data-share-warning"))
            let lan = try await Self.sharedList(client, headers: [.init("Host")!: "192.168.1.20:8080"])
            #expect(lan.page.contains("192.168.1.20") && lan.page.contains("data-share-warning"))
            let named = try await Self.sharedList(client, headers: [.init("Host")!: "bar.example.org"])
            #expect(!named.page.contains("data-share-warning"))
        }
    }

    /// Makes a list with one drink and shares it; its share URL, page and menu as the owner sees them.
    static func sharedList(_ client: some TestClientProtocol, headers: HTTPFields) async throws -> (
        url: String, page: String, menu: String
    ) {
        var json = headers
        json[.contentType] = "application/json"
        let created = try await client.execute(
            uri: "/api/v1/lists", method: .post, headers: json, body: ByteBuffer(string: #"{"name": "Party"}"#))
        let object = try JSONSerialization.jsonObject(with: Data(String(buffer: created.body).utf8)) as? [String: Any]
        let id = try #require(object?["id"] as? Int)
        _ = try await client.execute(
            uri: "/api/v1/lists/\(id)/entries", method: .post, headers: json,
            body: ByteBuffer(string: #"{"cocktail": "7"}"#))
        let shared = try await client.execute(uri: "/api/v1/lists/\(id)/share", method: .post, headers: json)
        let share = try JSONSerialization.jsonObject(with: Data(String(buffer: shared.body).utf8)) as? [String: Any]
        let url = try #require(share?["url"] as? String, "\(String(buffer: shared.body))")
        let page = String(buffer: try await client.execute(uri: "/lists/\(id)", method: .get, headers: headers).body)
        let menu = String(
            buffer: try await client.execute(uri: "/lists/\(id)/menu", method: .get, headers: headers).body)
        return (url, page, menu)
    }
}
