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

/// The findings of the hardening review, one test each: every request here crashed the server,
/// changed data from another site, or answered wrongly before.
@Suite("Hardening: hostile and careless requests")
struct HardeningTests {
    @Test("lookup.php?iid= with the extreme integers answers no ingredient instead of crashing")
    func iidOverflow() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            for id in ["-9223372036854775808", "9223372036854775807", "0", "99999999999999999999"] {
                let response = try await client.get("/api/json/v1/1/lookup.php?iid=\(id)")
                #expect(response.status == .ok, "\(id)")
                #expect(String(buffer: response.body) == #"{"ingredients":null}"#, "\(id)")
            }
            #expect(
                String(buffer: try await client.get("/api/json/v1/1/lookup.php?iid=1").body).contains("idIngredient"))
        }
    }

    @Test("a form without this browser's token, or sent from another site, changes nothing")
    func crossSiteWrites() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let plain: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
            let noToken = try await client.execute(
                uri: "/cocktails/1/favorite", method: .post, headers: plain, body: ByteBuffer(string: "favorite=true"))
            #expect(noToken.status == .forbidden)
            #expect(String(buffer: noToken.body).contains("Reload the page"))
            var wrongToken = TestCSRF.formHeaders
            wrongToken[.cookie] = "cocktailbook_csrf=" + String(repeating: "0", count: 64)
            let mismatch = try await client.execute(
                uri: "/cocktails/1/favorite", method: .post, headers: wrongToken, body: TestCSRF.body("favorite=true"))
            #expect(mismatch.status == .forbidden)
            var foreign = TestCSRF.formHeaders
            foreign[HTTPField.Name("Origin")!] = "https://evil.example"
            let fromElsewhere = try await client.execute(
                uri: "/cocktails/1/favorite", method: .post, headers: foreign, body: TestCSRF.body("favorite=true"))
            #expect(fromElsewhere.status == .forbidden)
            let api = try await client.execute(
                uri: "/api/v1/favorites/1", method: .put, headers: [HTTPField.Name("Sec-Fetch-Site")!: "cross-site"])
            #expect(api.status == .forbidden)
            #expect(String(buffer: api.body).contains(#""code":"cross_site_request""#))
            let refresh = try await client.execute(
                uri: "/api/v1/catalog/refresh", method: .post, headers: [HTTPField.Name("Origin")!: "null"])
            #expect(refresh.status == .forbidden)
            #expect(try await client.list().cocktails.allSatisfy { !$0.isFavorite })
            // The same requests from our own pages work.
            var own = TestCSRF.formHeaders
            own[HTTPField.Name("Sec-Fetch-Site")!] = "same-origin"
            let ok = try await client.execute(
                uri: "/cocktails/1/favorite", method: .post, headers: own, body: TestCSRF.body("favorite=true"))
            #expect(ok.status == .seeOther)
            #expect(try await client.list().cocktails.first?.id == "1")
        }
    }

    @Test("a page hands out the token once, in a strict cookie, and writes it into its forms")
    func tokenInPages() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let page = try await client.get("/cocktails/1")
            let cookie = try #require(page.headers[.setCookie])
            #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
            let token = try #require(cookie.firstMatch(of: /cocktailbook_csrf=([0-9a-f]{64})/)?.1)
            #expect(String(buffer: page.body).contains(#"<input type="hidden" name="csrf" value="\#(token)">"#))
            let again = try await client.execute(
                uri: "/cocktails/1", method: .get, headers: [.cookie: "cocktailbook_csrf=\(token)"])
            #expect(again.headers[.setCookie] == nil)
            #expect(String(buffer: again.body).contains(#"value="\#(token)""#))
        }
    }

    @Test("return= never leads off the site, however it is spelled")
    func openRedirect() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            for field in [
                "/%09/evil.example", "/%0A/evil.example", "%2F%5Cevil.example", "/%20/evil.example",
                "%2F%2Fevil.example", "javascript:alert(1)",
            ] {
                let response = try await client.execute(
                    uri: "/catalog/refresh", method: .post, headers: TestCSRF.formHeaders,
                    body: TestCSRF.body("return=\(field)")
                )
                #expect(response.status == .seeOther)
                #expect(response.headers[.location] == "/", "\(field)")
            }
        }
    }

    @Test("every answer carries the security headers; pages allow no inline script and no framing")
    func securityHeaders() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            for uri in [
                "/", "/cocktails/1", "/api/v1/cocktails", "/nowhere", "/api/v1/nowhere", "/healthz",
                "/images/cocktails/1.svg",
            ] {
                let response = try await client.get(uri)
                let policy = try #require(response.headers[.contentSecurityPolicy], "\(uri)")
                #expect(policy.contains("frame-ancestors 'none'"), "\(uri)")
                #expect(
                    !policy.contains("script-src 'self' 'unsafe-inline'") && !policy.contains("'unsafe-eval'"), "\(uri)"
                )
                #expect(response.headers[.xContentTypeOptions] == "nosniff", "\(uri)")
                #expect(response.headers[HTTPField.Name("Referrer-Policy")!] == "same-origin", "\(uri)")
            }
            #expect(try await client.get("/").headers[.contentSecurityPolicy]?.contains("script-src 'self';") == true)
        }
    }

    @Test("HEAD answers like GET without a body; OPTIONS answers a preflight and allows only reads")
    func headAndOptions() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            for uri in ["/", "/healthz", "/cocktails/1", "/api/v1/cocktails/1"] {
                let get = try await client.get(uri)
                let head = try await client.execute(uri: uri, method: .head)
                #expect(head.status == .ok, "\(uri)")
                #expect(head.body.readableBytes == 0, "\(uri)")
                #expect(head.headers[.contentType] == get.headers[.contentType], "\(uri)")
            }
            #expect(try await client.execute(uri: "/nowhere", method: .head).status == .notFound)
            let preflight = try await client.execute(
                uri: "/api/v1/favorites/1", method: .options,
                headers: [
                    HTTPField.Name("Origin")!: "https://other.example", .accessControlRequestMethod: "PUT",
                ])
            #expect(preflight.status == .noContent)
            #expect(preflight.headers[.accessControlAllowMethods] == "GET, HEAD, OPTIONS")
            #expect(try await client.get("/api/v1/cocktails").headers[.accessControlAllowOrigin] == "*")
            #expect(try await client.get("/").headers[.accessControlAllowOrigin] == nil)
        }
    }

    @Test("too large, too many and too long: 413 and 400 with a message, never 500")
    func bounds() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let big = try await client.execute(
                uri: "/cocktails/1/favorite", method: .post, headers: TestCSRF.formHeaders,
                body: TestCSRF.body("favorite=true&pad=" + String(repeating: "x", count: 20_000))
            )
            #expect(big.status == .contentTooLarge)
            #expect(String(buffer: big.body).contains("larger than 16 KB"))
            let manyValues = (1...15_000).map { "i\($0)" }.joined(separator: ",")
            let filter = try await client.get("/api/json/v1/1/filter.php?i=\(manyValues)")
            #expect(filter.status == .badRequest)
            #expect(String(buffer: filter.body).contains(#""code":"query_too_long""#))
            let sixteen = (1...16).map { "ingredient=gin\($0)" }.joined(separator: "&")
            let tooMany = try await client.get("/api/v1/cocktails?\(sixteen)")
            #expect(tooMany.status == .badRequest)
            #expect(String(buffer: tooMany.body).contains(#""code":"too_many_ingredients""#))
            #expect(
                try await client.get("/api/json/v1/1/filter.php?i=" + (1...16).map { "g\($0)" }.joined(separator: ","))
                    .status == .badRequest)
            // Combining marks count: "ṯ̺" is one letter but two scalars of work, as JSON Schema counts.
            let marks = try await client.get("/api/v1/cocktails?category=" + String(repeating: "a%CC%BA", count: 101))
            #expect(marks.status == .badRequest)
            let long = try await client.get("/search?q=" + String(repeating: "a", count: 201))
            #expect(long.status == .badRequest)
            #expect(String(buffer: long.body).contains("at most 200 characters"))
            #expect(try await client.get("/api/v1/cocktails?page=99999999999").status == .badRequest)
        }
    }

    @Test("the Host allow-list: loopback names when listening on loopback, the configured list otherwise")
    func hostAllowList() {
        #expect(AppConfiguration(host: "127.0.0.1").effectiveAllowedHosts == ["localhost", "127.0.0.1", "::1"])
        #expect(AppConfiguration(host: "0.0.0.0").effectiveAllowedHosts == nil)
        var listed = AppConfiguration(host: "0.0.0.0")
        listed.allowedHosts = ["Book.Example"]
        #expect(listed.effectiveAllowedHosts == ["book.example"])
    }

    @Test("a damaged database fails /readyz and the pages say so, while /healthz stays up")
    func damagedDatabase() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let ready = try await client.get("/readyz")
            #expect(ready.status == .ok)
            #expect(String(buffer: ready.body).contains(#""status":"ready""#))
        }
        // Scribble over everything after the file header: the schema pages are gone.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: database.path))
        try handle.seek(toOffset: 100)
        try handle.write(contentsOf: Data(repeating: 0xA5, count: 64 * 1024))
        try handle.close()
        try? FileManager.default.removeItem(atPath: database.path + "-wal")
        try? FileManager.default.removeItem(atPath: database.path + "-shm")
        let app = try? await makeApp(databasePath: database.path)
        // Either the server refuses to start on it, or it starts and reports the damage.
        guard let app else { return }
        try await app.test(.router) { client in
            #expect(try await client.get("/healthz").status == .ok)
            let ready = try await client.get("/readyz")
            #expect(ready.status == .serviceUnavailable)
            let local = try JSONDecoder().decode(ReadyBody.self, from: Data(buffer: ready.body))
            #expect(local.database == "failing")
            #expect(local.problems.count == 1 && local.problems != ["the database is unavailable"], "the details")
            // Through a proxy on this machine, the caller is someone on the internet: no details.
            for header in ["X-Forwarded-For: 203.0.113.9", "Forwarded: for=203.0.113.9"] {
                let parts = header.split(separator: ":", maxSplits: 1).map(String.init)
                let forwarded = try await client.execute(
                    uri: "/readyz", method: .get,
                    headers: [HTTPField.Name(parts[0])!: parts[1].trimmingCharacters(in: .whitespaces)])
                #expect(forwarded.status == .serviceUnavailable)
                let answer = try JSONDecoder().decode(ReadyBody.self, from: Data(buffer: forwarded.body))
                #expect(answer.database == "failing")
                #expect(answer.problems == ["the database is unavailable"], "\(header)")
            }
        }
    }

    @Test("a multipart body of thousands of tiny parts is refused after the part limit, at once")
    func tinyParts() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            var body = "--b\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n\(TestCSRF.token)\r\n"
            body +=
                String(repeating: "--b\r\nContent-Disposition: form-data; name=\"x\"\r\n\r\n1\r\n", count: 100_000)
                + "--b--\r\n"
            let response = try await client.execute(
                uri: "/import", method: .post,
                headers: [.contentType: "multipart/form-data; boundary=b", .cookie: TestCSRF.cookie],
                body: ByteBuffer(string: body)
            )
            #expect(response.status == .badRequest)
            #expect(String(buffer: response.body).contains("more than 8 parts"))
            #expect(try await client.list().cocktails.allSatisfy { !$0.id.hasPrefix("imp-") })
        }
    }
}

/// `/readyz`'s answer.
private struct ReadyBody: Decodable {
    var status: String
    var database: String
    var catalog: String
    var problems: [String]
}
