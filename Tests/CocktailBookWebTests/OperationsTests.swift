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
            for id in ["7", "9", "7"] { #expect(try await client.get("/cocktails/\(id)").status == .ok) }
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
            #expect(slowest > 0 && slowest < 10)
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

    @Test("X-Forwarded-Host and X-Forwarded-Proto make absolute URLs only behind a trusted proxy")
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
        try await makeApp(databasePath: database.path, configure: { $0.trustProxy = true }).test(.router) { client in
            try await client.waitUntilReady()
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
            #expect(
                try Self.thumb(try await client.execute(uri: uri, method: .get, headers: hostile))
                    == "https://10.0.0.5:8080/images/cocktails/7.jpg")
        }
    }
}
