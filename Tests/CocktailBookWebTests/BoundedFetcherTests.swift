import CocktailBook
import CocktailBookStore
import CocktailBookTestSupport
import CocktailBookWeb
import CocktailsAPI
import Foundation
import Hummingbird
import HummingbirdTesting
import Synchronization
import Testing

@testable import CocktailBookApp

/// Downloads against a local server that misbehaves: endless bodies, redirect loops, redirects
/// inward. Only 127.0.0.1 is ever contacted.
@Suite("Bounded downloads")
struct BoundedFetcherTests {
    /// Counts the requests the hostile server received.
    final class Hits: Sendable {
        let count = Mutex(0)
        func add() { count.withLock { $0 += 1 } }
        var value: Int { count.withLock { $0 } }
    }

    static func hostileServer(_ hits: Hits) -> some ApplicationProtocol {
        let router = Router()
        router.get("/endless.png") { _, _ in
            hits.add()
            // A chunked body of 64 MB (the browser suite tries 3 GB against the real binary).
            let chunk = ByteBuffer(repeating: 0x89, count: 64 * 1024)
            return Response(
                status: .ok, headers: [.contentType: "image/png"],
                body: .init { writer in
                    for _ in 0..<1024 { try await writer.write(chunk) }
                    try await writer.finish(nil)
                })
        }
        router.get("/loop") { _, _ in
            hits.add()
            return Response(status: .found, headers: [.location: "/loop"])
        }
        router.get("/looping/search.php") { _, _ in
            hits.add()
            return Response(status: .found, headers: [.location: "/looping/search.php?f=a"])
        }
        router.get("/hop/:n") { _, context in
            hits.add()
            let n = Int(try context.parameters.require("n")) ?? 0
            return Response(status: .found, headers: [.location: n > 0 ? "/hop/\(n - 1)" : "/ok"])
        }
        router.get("/ok") { _, _ in
            hits.add()
            return "fine"
        }
        return Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
    }

    @Test("an endless body is cut off at the limit while it is read")
    func byteLimit() async throws {
        let hits = Hits()
        try await Self.hostileServer(hits).test(.live) { client in
            let url = URL(string: "http://127.0.0.1:\(try #require(client.port))/endless.png")!
            await #expect(throws: BoundedFetcher.Failure.tooLarge(limit: 5 * 1_048_576)) {
                _ = try await BoundedFetcher().get(url, accept: "image/*", maximumBytes: 5 * 1_048_576)
            }
        }
    }

    @Test("five redirects are followed, the sixth is refused, and a loop ends")
    func redirects() async throws {
        let hits = Hits()
        try await Self.hostileServer(hits).test(.live) { client in
            let root = "http://127.0.0.1:\(try #require(client.port))"
            let five = try await BoundedFetcher().get(URL(string: "\(root)/hop/4")!, accept: "*/*", maximumBytes: 100)
            #expect(five.status == 200 && String(decoding: five.body, as: UTF8.self) == "fine")
            await #expect(throws: BoundedFetcher.Failure.tooManyRedirects) {
                _ = try await BoundedFetcher().get(URL(string: "\(root)/hop/5")!, accept: "*/*", maximumBytes: 100)
            }
            let before = hits.value
            await #expect(throws: BoundedFetcher.Failure.tooManyRedirects) {
                _ = try await BoundedFetcher().get(URL(string: "\(root)/loop")!, accept: "*/*", maximumBytes: 100)
            }
            #expect(hits.value - before == 6)
        }
    }

    @Test("a server that refuses the connection is named in a sentence, without the socket's errno")
    func refusedConnection() async throws {
        // A port that was just free on 127.0.0.1: a server ran there and stopped.
        let port = try await Self.hostileServer(Hits()).test(.live) { client in try #require(client.port) }
        let url = URL(string: "http://127.0.0.1:\(port)/ok")!
        do {
            _ = try await BoundedFetcher(policy: .anyAddress).get(url, accept: "*/*", maximumBytes: 100)
            Issue.record("the stopped server answered")
        } catch let failure as BoundedFetcher.Failure {
            #expect(
                failure.description
                    == "127.0.0.1 did not answer: it refused the connection, so the server may not be running")
            #expect(!failure.description.contains("errno"))
        }
    }

    @Test("the public-only policy refuses loopback before connecting")
    func refusedBeforeConnecting() async throws {
        let hits = Hits()
        try await Self.hostileServer(hits).test(.live) { client in
            let url = URL(string: "http://127.0.0.1:\(try #require(client.port))/ok")!
            await #expect(throws: BoundedFetcher.Failure.forbiddenAddress(host: "127.0.0.1", address: "127.0.0.1")) {
                _ = try await BoundedFetcher(policy: .publicOnly).get(url, accept: "*/*", maximumBytes: 100)
            }
            await #expect(throws: BoundedFetcher.Failure.self) {
                _ = try await BoundedFetcher(policy: .publicOnly).get(
                    URL(string: "http://localhost:\(try #require(client.port))/ok")!, accept: "*/*", maximumBytes: 100)
            }
            #expect(hits.value == 0)
        }
    }

    @Test("the web import refuses a loopback server without --allow-private-imports, and contacts nothing")
    func webImportPolicy() async throws {
        let hits = Hits()
        let book = try TemporaryDatabase()
        defer { book.remove() }
        try await Self.hostileServer(hits).test(.live) { server in
            let url = "http://127.0.0.1:\(try #require(server.port))/looping/"
            try await makeApp(databasePath: book.path).test(.router) { client in
                let encoded = url.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? url
                let response = try await client.execute(
                    uri: "/import", method: .post, headers: TestCSRF.formHeaders, body: TestCSRF.body("url=\(encoded)"))
                #expect(response.status == .badRequest)
                #expect(String(buffer: response.body).contains("private or local address"))
                #expect(hits.value == 0)
            }
            // With the flag, the loop is followed five times and the import refused, not hung;
            // the next import is not blocked.
            try await makeApp(databasePath: book.path, configure: { $0.allowPrivateImports = true }).test(.router) {
                client in
                let encoded = url.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? url
                let first = try await client.execute(
                    uri: "/import", method: .post, headers: TestCSRF.formHeaders, body: TestCSRF.body("url=\(encoded)"))
                #expect(first.status == .badRequest)
                #expect(String(buffer: first.body).contains("too many redirects"))
                let second = try await client.execute(
                    uri: "/import", method: .post, headers: TestCSRF.formHeaders, body: TestCSRF.body("url=\(encoded)"))
                #expect(second.status == .badRequest)
            }
        }
    }

    @Test("a refused import removes the pictures it had stored")
    func refusedImportLeavesNoPictures() async throws {
        let book = try TemporaryDatabase()
        defer { book.remove() }
        let database = try AppDatabase(path: book.path)
        let images = ImportedImageFiles(databasePath: book.path)
        try await ImportImagesTests.pictureServer().test(.live) { client in
            let root = "http://127.0.0.1:\(try #require(client.port))"
            // The good picture downloads; the other never comes, and the import's time limit
            // refuses the whole import.
            let file = try ImportImagesTests.catalog(
                ["a": "\(root)/ok.png", "b": "\(root)/slow.png"], in: book.directory)
            var importer = CatalogImporter(database: database, images: images)
            importer.timeLimit = .seconds(2)
            await #expect(throws: ImportError.self) { try await importer.run(source: file) }
            let left = (try? FileManager.default.contentsOfDirectory(atPath: images.directory.path)) ?? []
            #expect(left.isEmpty, "\(left)")
            await #expect(try database.rowCounts()["importedCocktail"] == 0)
        }
    }
}
