import CGzip
import CocktailBook
import CocktailBookStore
import CocktailBookTestSupport
import CocktailsAPI
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Synchronization
import Testing

@testable import CocktailBookApp
@testable import CocktailBookWeb

/// The response cache never serves a stale answer: every change a person can make shows on the
/// next request, ETags and gzip describe exactly the bytes a plain request gets, and the holes
/// (the form token) belong to the browser asking.
@Suite("Response cache: fresh, compressed, revalidated")
struct ResponseCacheTests {
    static func cookie(_ token: String) -> HTTPFields { [.cookie: "cocktailbook_csrf=\(token)"] }
    static let alice = String(repeating: "a1", count: 32)
    static let bob = String(repeating: "b2", count: 32)

    /// The main list's names, in order, as the page shows them.
    static func rowNames(_ html: String) -> [String] {
        html.matches(of: #/class="row-name[^"]*"[^>]*>([^<]+)</#).map { String($0.1) }
    }

    @Test("the same page twice has one ETag; If-None-Match gets 304; a favorite changes both at once")
    func etagsFollowFavorites() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let first = try await client.execute(uri: "/", method: .get, headers: Self.cookie(Self.alice))
            let second = try await client.execute(uri: "/", method: .get, headers: Self.cookie(Self.alice))
            let etag = try #require(first.headers[.eTag])
            #expect(second.headers[.eTag] == etag)
            #expect(Self.rowNames(String(buffer: first.body)) == WebFixtures.allNames)
            #expect(first.headers[.cacheControl] == "no-store")

            var conditional = Self.cookie(Self.alice)
            conditional[.ifNoneMatch] = etag
            let unchanged = try await client.execute(uri: "/", method: .get, headers: conditional)
            #expect(unchanged.status == .notModified)
            #expect(unchanged.body.readableBytes == 0)

            #expect(try await client.execute(uri: "/api/v1/favorites/11", method: .put).status == .noContent)
            let changed = try await client.execute(uri: "/", method: .get, headers: conditional)
            #expect(changed.status == .ok)
            #expect(changed.headers[.eTag] != etag)
            #expect(Self.rowNames(String(buffer: changed.body)).first == "Margarita Mocktail")

            // The API likewise: the favorite shows, and its old ETag no longer matches.
            let before = try await client.get("/api/v1/cocktails/11")
            #expect(try before.decoded(DetailBody.self).isFavorite)
            #expect(try await client.execute(uri: "/api/v1/favorites/11", method: .delete).status == .noContent)
            var apiConditional: HTTPFields = [:]
            apiConditional[.ifNoneMatch] = try #require(before.headers[.eTag])
            let after = try await client.execute(uri: "/api/v1/cocktails/11", method: .get, headers: apiConditional)
            #expect(after.status == .ok)
            #expect(try after.decoded(DetailBody.self).isFavorite == false)
        }
    }

    @Test("each browser's page carries its own form token, a new browser gets one with its cookie, no hole shows")
    func formTokensPerBrowser() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            for path in ["/cocktails/11", "/bar", "/bar/shopping"] {
                let alice = String(
                    buffer: try await client.execute(uri: path, method: .get, headers: Self.cookie(Self.alice)).body)
                let bob = try await client.execute(uri: path, method: .get, headers: Self.cookie(Self.bob))
                let bobPage = String(buffer: bob.body)
                #expect(alice.contains("value=\"\(Self.alice)\""), "\(path)")
                #expect(!alice.contains(Self.bob) && !bobPage.contains(Self.alice), "\(path)")
                #expect(bobPage.contains("value=\"\(Self.bob)\""), "\(path)")
                #expect(!alice.contains("cocktailbook-hole") && !bobPage.contains("cocktailbook-hole"), "\(path)")
                #expect(bobPage.contains("data-rendered-at=\"20"), "\(path)")
                // The length sent is the length of this answer, holes filled.
                #expect(bob.headers[.contentLength] == String(bob.body.readableBytes), "\(path)")

                let stranger = try await client.get(path)
                let minted = try #require(
                    stranger.headers[.setCookie]?.firstMatch(of: #/cocktailbook_csrf=([0-9a-f]{64})/#)
                ).1
                #expect(String(buffer: stranger.body).contains("value=\"\(minted)\""), "\(path)")
                #expect(stranger.headers[.eTag] != bob.headers[.eTag], "\(path)")
            }
        }
    }

    @Test("gzip when asked: the same bytes as the plain answer, for pages and JSON")
    func gzip() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            for path in ["/", "/cocktails/3", "/api/v1/cocktails", "/api/json/v1/1/search.php?s=a"] {
                var headers = Self.cookie(Self.alice)
                let plain = try await client.execute(uri: path, method: .get, headers: headers)
                headers[.acceptEncoding] = "gzip, deflate, br"
                let packed = try await client.execute(uri: path, method: .get, headers: headers)
                #expect(plain.headers[.contentEncoding] == nil)
                #expect(packed.headers[.contentEncoding] == "gzip", "\(path)")
                #expect(packed.headers[.vary]?.contains("Accept-Encoding") == true)
                #expect(packed.headers[.eTag] != plain.headers[.eTag])
                #expect(packed.body.readableBytes < plain.body.readableBytes / 2, "\(path)")
                let unpacked = try #require(Self.gunzip(packed.body), "\(path)")
                #expect(Self.withoutTime(unpacked) == Self.withoutTime(String(buffer: plain.body)), "\(path)")
            }
            // The stylesheet, the script and a drawing too; a PNG icon is sent as it is.
            let page = String(buffer: try await client.get("/").body)
            let css = try #require(page.firstMatch(of: #/\/assets\/app\.css\?v=[0-9a-f]+/#)).0
            let js = try #require(page.firstMatch(of: #/\/assets\/app\.js\?v=[0-9a-f]+/#)).0
            for path in [String(css), String(js), "/images/cocktails/3.svg", "/icons/icon-192.png"] {
                let plain = try await client.get(path)
                let packed = try await client.execute(uri: path, method: .get, headers: [.acceptEncoding: "gzip"])
                #expect(packed.status == .ok, "\(path)")
                if path.hasSuffix(".png") {
                    #expect(packed.headers[.contentEncoding] == nil)
                    #expect(packed.body == plain.body)
                } else {
                    #expect(packed.headers[.contentEncoding] == "gzip", "\(path)")
                    #expect(Self.gunzip(packed.body) == String(buffer: plain.body), "\(path)")
                    let again = try await client.execute(
                        uri: path, method: .get,
                        headers: [.acceptEncoding: "gzip", .ifNoneMatch: packed.headers[.eTag] ?? ""])
                    #expect(again.status == .notModified, "\(path)")
                }
            }
            // q=0 refuses gzip.
            let refused = try await client.execute(uri: "/", method: .get, headers: [.acceptEncoding: "gzip;q=0"])
            #expect(refused.headers[.contentEncoding] == nil)
        }
    }

    @Test("language, theme and another process's write show on the very next request")
    func settingsAndOtherProcesses() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let english = String(buffer: try await client.get("/").body)
            #expect(english.contains("<html lang=\"en\""))
            let italian = String(
                buffer: try await client.execute(
                    uri: "/", method: .get, headers: [.cookie: "cocktailbook_settings=lang=it"]
                ).body)
            #expect(italian.contains("<html lang=\"it\""))
            #expect(String(buffer: try await client.get("/").body).contains("<html lang=\"en\""))
            let dark = String(
                buffer: try await client.execute(
                    uri: "/", method: .get, headers: [.cookie: "cocktailbook_settings=theme=dark"]
                ).body)
            #expect(dark.contains("data-theme=\"dark\""))

            // The CLI writes with its own connection; the server notices within milliseconds.
            #expect(Self.rowNames(String(buffer: try await client.get("/").body)).first == WebFixtures.allNames.first)
            let other = try AppDatabase(path: database.path)
            try await other.setFavorite(true, for: "9", owner: .implicit)
            let first = try await eventually({ Self.rowNames(String(buffer: try await client.get("/").body)).first }) {
                $0 == "Screwdriver"
            }
            #expect(first == "Screwdriver")
            #expect(try await client.list().names.first == "Screwdriver")
        }
    }

    @Test("holes anywhere: at the start, side by side, at the end, and parts past 64 KB")
    func splicedGzip() throws {
        let long = String(repeating: "the quick brown fox jumps over the lazy dog ", count: 3000)
        let literals = ["", "<a>", "", long, "</a>"].map { ByteBuffer(string: $0) }
        let gzip = try #require(SplicedGzip(literals: literals))
        let fills = ["T1", "token-two", "", "3"]
        var expected = ""
        for (index, literal) in literals.enumerated() {
            expected += String(buffer: literal)
            if index < fills.count { expected += fills[index] }
        }
        var stream = ByteBuffer()
        for part in gzip.body(filling: fills) { stream.writeImmutableBuffer(part) }
        #expect(Self.gunzip(stream) == expected)
    }

    @Test("the cache keeps to its budget, dropping the least recently used, and forgets older states")
    func budget() throws {
        let cache = ResponseCache(budget: 40_000)
        let state = ResponseCache.State(catalog: 1, database: 1, quarterHour: 0)
        func key(_ n: Int, _ state: ResponseCache.State) -> ResponseCache.Key {
            .init(target: "/\(n)", origin: "", viewer: "owner", settings: "", state: state)
        }
        let body = ByteBuffer(repeating: 0x61, count: 9_000)
        for n in 0..<4 {
            _ = cache.store(key(n, state), headers: [.contentType: "application/json"], body: body, keep: true)
        }
        _ = cache.entry(for: key(0, state)) // used: kept
        _ = cache.store(key(4, state), headers: [.contentType: "application/json"], body: body, keep: true)
        #expect(cache.usage.bytes <= 40_000)
        #expect(cache.entry(for: key(0, state)) != nil)
        #expect(cache.entry(for: key(1, state)) == nil)
        _ = cache.store(key(9, state), headers: [:], body: body, keep: false)
        #expect(cache.entry(for: key(9, state)) == nil)
        let newer = ResponseCache.State(catalog: 1, database: 2, quarterHour: 0)
        _ = cache.store(key(5, newer), headers: [:], body: body, keep: true)
        #expect(cache.usage.entries == 1)
    }

    @Test(
        "requests arriving while an answer is made wait for it: it is made once and shared, and made by each when it cannot be"
    )
    func concurrentMissesMakeOnce() async throws {
        let state = ResponseCache.State(catalog: 1, database: 1, quarterHour: 0)
        let body = ByteBuffer(string: #"{"cocktails":["Gin Fizz"]}"#)
        /// 16 requests at once; the maker takes 200 ms. Returns how many made it and what each answered with.
        func race(_ cache: ResponseCache, key: ResponseCache.Key, keep: Bool) async -> (
            made: Int, entries: [ResponseCache.Entry]
        ) {
            final class Count: Sendable { let value = Atomic<Int>(0) }
            let made = Count()
            let entries = await withTaskGroup(of: ResponseCache.Entry.self) { group in
                for _ in 0..<16 {
                    group.addTask {
                        switch await cache.turn(for: key) {
                        case .made(let entry): return entry
                        case .make(let first):
                            made.value.add(1, ordering: .relaxed)
                            try? await Task.sleep(for: .milliseconds(200))
                            let entry = cache.store(
                                key, headers: [.contentType: "application/json"], body: body, keep: keep)
                            if first { cache.finish(key, with: keep ? entry : nil) }
                            return entry
                        }
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            return (made.value.load(ordering: .relaxed), entries)
        }

        let cache = ResponseCache()
        let key = ResponseCache.Key(
            target: "/api/v1/cocktails?q=gin", origin: "", viewer: "owner", settings: "", state: state)
        let shared = await race(cache, key: key, keep: true)
        #expect(shared.made == 1)
        #expect(shared.entries.count == 16)
        #expect(shared.entries.allSatisfy { $0 === shared.entries[0] })
        #expect(cache.entry(for: key) === shared.entries[0])
        // Made and kept: a later request finds it without waiting or making.
        guard case .made(let later) = await cache.turn(for: key) else {
            Issue.record("a kept answer was made again")
            return
        }
        #expect(later === shared.entries[0])

        // Not to be shared (a cookie, an error): nobody waits for nothing; each makes its own.
        let personal = ResponseCache.Key(
            target: "/api/v1/cocktails?q=rum", origin: "", viewer: "owner", settings: "", state: state)
        let own = await race(cache, key: personal, keep: false)
        #expect(own.made == 16)
        #expect(Set(own.entries.map { ObjectIdentifier($0) }).count == 16)
        #expect(cache.entry(for: personal) == nil)
    }

    @Test("many first requests at once: every one gets the whole answer, and pages their own form token")
    func concurrentFirstRequests() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let tokens = (0..<12).map { String(format: "%064x", $0 + 1) }
            let answers = try await withThrowingTaskGroup(of: (String, String, String).self) { group in
                for token in tokens {
                    group.addTask {
                        let page = try await client.execute(
                            uri: "/cocktails/11", method: .get, headers: Self.cookie(token))
                        let api = try await client.execute(uri: "/api/json/v1/1/search.php?s=margarita", method: .get)
                        return (token, String(buffer: page.body), String(buffer: api.body))
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(answers.count == tokens.count)
            let page = Self.withoutTime(answers[0].1.replacingOccurrences(of: answers[0].0, with: "TOKEN"))
            #expect(page.contains("<h1") && page.contains("Margarita Mocktail"))
            for (token, html, api) in answers {
                #expect(html.contains("value=\"\(token)\""))
                #expect(!html.contains("cocktailbook-hole"))
                #expect(tokens.filter { $0 != token }.allSatisfy { !html.contains($0) })
                #expect(Self.withoutTime(html.replacingOccurrences(of: token, with: "TOKEN")) == page)
                #expect(api == answers[0].2)
            }
            #expect(answers[0].2.contains(#""strDrink":"Margarita""#))
        }
    }

    static func withoutTime(_ html: String) -> String {
        html.replacing(#/data-rendered-at="[^"]*"/#, with: "")
    }

    /// Reads a gzip stream back with zlib; `nil` when it is not valid gzip.
    static func gunzip(_ buffer: ByteBuffer) -> String? {
        var input = Array(buffer.readableBytesView)
        var stream = z_stream()
        guard cocktailbook_inflateInit2(&stream, 16 + 15) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        var status = Z_OK
        input.withUnsafeMutableBufferPointer { inputBytes in
            stream.next_in = inputBytes.baseAddress
            stream.avail_in = uInt(inputBytes.count)
            repeat {
                chunk.withUnsafeMutableBufferPointer { out in
                    stream.next_out = out.baseAddress
                    stream.avail_out = uInt(out.count)
                    status = inflate(&stream, Z_NO_FLUSH)
                    output += out.prefix(out.count - Int(stream.avail_out))
                }
            } while status == Z_OK
        }
        guard status == Z_STREAM_END, stream.avail_in == 0 else { return nil }
        return String(decoding: output, as: UTF8.self)
    }
}
