import CocktailBook
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Synchronization
import Testing

@testable import CocktailBookWeb

#if canImport(Glibc)
    import Glibc
#endif

/// The fast lane answers a repeated request on the event loop: with the very answer the whole
/// way gives (its own form token, request id and date), never from an older state, never for a
/// request that carries an identity, and in order with the requests it passes on. Spoken to
/// over a plain socket, so that every byte of the requests is the test's.
@Suite("Fast lane: replayed answers are the whole way's answers")
struct FastLaneTests {
    /// The app on a free port, with its fast lane.
    static func withApp(
        configure: @escaping (inout AppConfiguration) -> Void = { _ in },
        _ body: @escaping @Sendable (any TestClientProtocol, Int, FastLane) async throws -> Void
    ) async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        var configuration = AppConfiguration(
            databasePath: database.path, sourceLatency: .zero, sourceFailures: 0, catalogPath: SeedCatalog.path,
            logLevel: .error
        )
        configuration.port = 0
        configure(&configuration)
        let lane = Mutex<FastLane?>(nil)
        let app = try await buildApplication(
            configuration: configuration, observingFastLane: { made in lane.withLock { $0 = made } })
        try await app.test(.live) { client in
            try await client.waitUntilReady()
            let lane = try #require(lane.withLock { $0 })
            // The start's own writes (the catalog saved after its first fetch) settle first:
            // the tests count exactly which answers were replayed in one state.
            var stableSince = ContinuousClock.now
            var state = lane.state
            let deadline = ContinuousClock.now + .seconds(5)
            while ContinuousClock.now - stableSince < .milliseconds(200), ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(20))
                if lane.state != state {
                    state = lane.state
                    stableSince = .now
                }
            }
            try await body(client, try #require(client.port), lane)
        }
    }

    static let routes = [
        "/", "/cocktails/7", "/search?q=gin", "/api/v1/cocktails?q=gin", "/api/v1/cocktails/7",
        "/api/json/v1/1/search.php?s=margarita",
    ]

    /// Fields that differ between two answers to the same request by design.
    static let perAnswer: Set<String> = ["date", "x-request-id", "set-cookie", "etag"]

    @Test("a repeated request gets the whole way's answer from the fast lane: same fields, same bytes, its own token")
    func replaysMatchTheWholeWay() async throws {
        try await Self.withApp { _, port, lane in
            let connection = try RawConnection(port: port)
            for route in Self.routes {
                for extra in ["", "Accept-Encoding: gzip, br\r\n", "Accept-Language: it\r\n"] {
                    let before = lane.replays
                    let whole = try await connection.get(route, extra)
                    let fast = try await connection.get(route, extra)
                    #expect(lane.replays == before + 1, "\(route) \(extra)")
                    #expect(whole.status == 200 && fast.status == 200, "\(route)")
                    // The same fields, in the same order, with the same values but for those made per answer.
                    #expect(whole.fields.map(\.name) == fast.fields.map(\.name), "\(route) \(extra)")
                    for (name, value) in whole.fields where !Self.perAnswer.contains(name) {
                        #expect(fast.field(name) == value, "\(route) \(extra): \(name)")
                    }
                    #expect(fast.field("x-request-id") != whole.field("x-request-id"))
                    #expect(fast.field("content-length") == String(fast.body.count))
                    #expect(
                        fast.field("content-encoding")
                            == (extra.contains("gzip") && whole.body.count > 0 ? whole.field("content-encoding") : nil))
                    let wholeText = try #require(whole.text, "\(route)")
                    let fastText = try #require(fast.text, "\(route)")
                    if route.hasPrefix("/api/") {
                        #expect(fastText == wholeText, "\(route) \(extra)")
                        #expect(fast.field("etag") == whole.field("etag"))
                        #expect(fast.field("set-cookie") == nil)
                    } else {
                        // A first visit each time: a new form token, in the cookie and in the page's forms.
                        let token = try #require(fast.cookieToken, "\(route)")
                        let earlier = try #require(whole.cookieToken, "\(route)")
                        #expect(token != earlier)
                        #expect(!fastText.contains(earlier) && !fastText.contains("cocktailbook-hole"))
                        #expect(
                            Self.normalized(fastText, token: token) == Self.normalized(wholeText, token: earlier),
                            "\(route) \(extra)")
                        #expect(
                            fast.field("etag")?.split(separator: "-").first
                                == whole.field("etag")?.split(separator: "-").first)
                        if wholeText.contains("name=\"csrf\"") {
                            // A page with forms: they carry this answer's token, and so does its ETag.
                            #expect(fastText.contains("value=\"\(token)\""), "\(route)")
                            #expect(fast.field("etag") != whole.field("etag"))
                        } else {
                            #expect(fast.field("etag") == whole.field("etag"), "\(route)")
                        }
                    }
                    if extra.contains("Accept-Language: it"), !route.hasPrefix("/api/") {
                        #expect(fastText.contains("lang=\"it\""), "\(route)")
                    }
                }
            }
        }
    }

    @Test("a browser's own form token comes back in its replayed pages, and If-None-Match gets 304")
    func browserWithItsCookie() async throws {
        try await Self.withApp { _, port, lane in
            let connection = try RawConnection(port: port)
            let token = String(repeating: "c3", count: 32)
            let cookie = "Cookie: cocktailbook_csrf=\(token)\r\n"
            let first = try await connection.get("/cocktails/7", cookie)
            let before = lane.replays
            let again = try await connection.get("/cocktails/7", cookie)
            #expect(lane.replays == before + 1)
            #expect(again.field("set-cookie") == nil)
            #expect(again.text?.contains("value=\"\(token)\"") == true)
            #expect(again.field("etag") == first.field("etag"))
            let conditional = cookie + "If-None-Match: \(try #require(first.field("etag")))\r\n"
            #expect(try await connection.get("/cocktails/7", conditional).status == 304)
            let revalidated = try await connection.get("/cocktails/7", conditional)
            #expect(revalidated.status == 304)
            #expect(revalidated.body.isEmpty)
            #expect(lane.replays == before + 2)
        }
    }

    @Test("a favorite, a language or a refreshed catalog shows on the very next request: nothing older is replayed")
    func neverStale() async throws {
        try await Self.withApp { client, port, lane in
            let connection = try RawConnection(port: port)
            _ = try await connection.get("/")
            let replayed = try await connection.get("/")
            #expect(ResponseCacheTests.rowNames(try #require(replayed.text)) == WebFixtures.allNames)
            var api = try await connection.get("/api/v1/cocktails/11")
            api = try await connection.get("/api/v1/cocktails/11")
            #expect(try JSONDecoder().decode(DetailBody.self, from: Data(api.body)).isFavorite == false)

            #expect(try await client.execute(uri: "/api/v1/favorites/11", method: .put).status == .noContent)
            let before = lane.replays
            let changed = try await connection.get("/")
            #expect(lane.replays == before, "a new state goes the whole way")
            #expect(ResponseCacheTests.rowNames(try #require(changed.text)).first == "Margarita Mocktail")
            #expect(
                ResponseCacheTests.rowNames(try #require(try await connection.get("/").text)).first
                    == "Margarita Mocktail")
            #expect(lane.replays == before + 1)
            api = try await connection.get("/api/v1/cocktails/11")
            #expect(try JSONDecoder().decode(DetailBody.self, from: Data(api.body)).isFavorite)

            // Italian asked for: its own answer, not the English one replayed.
            let italian = try await connection.get("/", "Accept-Language: it-IT,it;q=0.9\r\n")
            #expect(italian.text?.contains("lang=\"it\"") == true)

            // A refresh installs a new catalog generation: the next answer is made anew.
            let generation = lane.catalog.generation
            #expect(try await client.execute(uri: "/api/v1/catalog/refresh", method: .post).status.code < 300)
            let deadline = ContinuousClock.now + .seconds(10)
            while lane.catalog.generation == generation, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(lane.catalog.generation != generation)
            let afterRefresh = lane.replays
            _ = try await connection.get("/api/v1/cocktails/11")
            #expect(lane.replays == afterRefresh)
        }
    }

    @Test("identities, other methods and closing connections always go the whole way")
    func identitiesGoTheWholeWay() async throws {
        try await Self.withApp { _, port, lane in
            let connection = try RawConnection(port: port)
            let before = lane.replays
            for extra in ["Cookie: cocktailbook_session=someone\r\n", "Authorization: Bearer nothing\r\n"] {
                _ = try await connection.get("/api/v1/cocktails/7", extra)
                _ = try await connection.get("/api/v1/cocktails/7", extra)
            }
            let refused = try await connection.get("/api/v1/cocktails/7", "Authorization: Bearer nothing\r\n")
            #expect(refused.status == 401)
            _ = try await connection.request("HEAD", "/api/v1/cocktails/7")
            let head = try await connection.request("HEAD", "/api/v1/cocktails/7")
            #expect(head.status == 200 && head.body.isEmpty)
            #expect(lane.replays == before)

            for _ in 0..<2 {
                let closing = try RawConnection(port: port)
                let answer = try await closing.get("/api/v1/cocktails/7", "Connection: close\r\n")
                #expect(answer.status == 200)
                #expect(try await closing.nextResponse() == nil, "the server closes the connection after the answer")
            }
            #expect(lane.replays == before)
        }
    }

    @Test(
        "pipelined requests are answered in the order asked, replayed and made anew alike, each in the state the ones before left"
    )
    func pipelining() async throws {
        try await Self.withApp { client, port, lane in
            let names = try await (7...10).asyncMap {
                try await client.get("/api/v1/cocktails/\($0)").decoded(DetailBody.self).name
            }
            let connection = try RawConnection(port: port)
            _ = try await connection.get("/api/v1/cocktails/7")
            _ = try await connection.get("/cocktails/9")
            let before = lane.replays
            let paths = [
                "/api/v1/cocktails/7", "/api/v1/cocktails/8", "/cocktails/9", "/cocktails/10", "/api/v1/cocktails/7",
            ]
            try await connection.send(paths.map { "GET \($0) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" }.joined())
            var answers: [RawConnection.Answer] = []
            for _ in paths { answers.append(try #require(try await connection.nextResponse())) }
            // Behind the request passed on, the others wait their turn, and those with a
            // recorded answer are then replayed: the first, the third and the last.
            #expect(lane.replays == before + 3)
            let expected = [names[0], names[1], names[2], names[3], names[0]]
            for (index, answer) in answers.enumerated() {
                #expect(answer.status == 200, "\(paths[index]): \(answer.text?.prefix(200) ?? "")")
                let text = try #require(answer.text)
                if paths[index].hasPrefix("/api/") {
                    #expect(
                        answer.field("content-type")?.hasPrefix("application/json") == true,
                        "\(paths[index]) \(index): \(answer.status) \(text.firstMatch(of: #/<title>[^<]*/#).map { String($0.0) } ?? "")"
                    )
                    #expect(
                        try JSONDecoder().decode(DetailBody.self, from: Data(answer.body)).name == expected[index],
                        "\(paths[index])")
                } else {
                    #expect(
                        text.contains("<h1")
                            && text.contains(expected[index].replacingOccurrences(of: "'", with: "&#39;")),
                        "\(paths[index])")
                }
            }

            // A change sent right before a recorded request: the request waits for it and sees it.
            _ = try await connection.get("/")
            #expect(
                ResponseCacheTests.rowNames(try #require(try await connection.get("/").text)) == WebFixtures.allNames)
            try await connection.send(
                "PUT /api/v1/favorites/11 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n\r\nGET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
            )
            #expect(try await connection.nextResponse()?.status == 204)
            let list = try #require(try await connection.nextResponse())
            #expect(ResponseCacheTests.rowNames(try #require(list.text)).first == "Margarita Mocktail")
        }
    }

    @Test("answers from the fast lane keep a connection alive against the idle timeout, which still closes an idle one")
    func idleTimeout() async throws {
        // Answers 400 ms apart for 4 s keep a connection with a 2 s timeout open; the margin is
        // wide because a busy machine (the whole suite at once) can stall a sleep by a second.
        try await Self.withApp(configure: { $0.idleTimeout = .seconds(2) }) { _, port, lane in
            let connection = try RawConnection(port: port)
            _ = try await connection.get("/api/v1/cocktails/7")
            let before = lane.replays
            for _ in 0..<10 {
                try await Task.sleep(for: .milliseconds(400))
                #expect(try await connection.get("/api/v1/cocktails/7").status == 200)
            }
            #expect(lane.replays == before + 10)
            try await Task.sleep(for: .milliseconds(4500))
            await #expect(throws: RawConnection.Closed.self) { try await connection.get("/api/v1/cocktails/7") }
        }
    }

    @Test("chaos mode: every request goes the whole way, where the delays and failures are")
    func chaosMode() async throws {
        try await Self.withApp(configure: { $0.chaosLatency = .milliseconds(1) }) { _, port, lane in
            let connection = try RawConnection(port: port)
            for _ in 0..<3 { _ = try await connection.get("/api/v1/cocktails/7") }
            #expect(lane.replays == 0)
            #expect(lane.count == 0)
        }
    }

    @Test("the Date field reads as HTTP's fixed date format")
    func httpDate() {
        #expect(HTTPDate.format(0) == "Thu, 01 Jan 1970 00:00:00 GMT")
        #expect(HTTPDate.format(1_795_000_000) == "Wed, 18 Nov 2026 11:06:40 GMT")
    }

    /// A page with its form token and serving time taken out.
    static func normalized(_ page: String, token: String) -> String {
        page.replacingOccurrences(of: token, with: "TOKEN")
            .replacing(#/data-rendered-at="[^"]*"/#, with: "data-rendered-at=\"TIME\"")
    }
}

extension Sequence {
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}

/// One HTTP/1.1 connection over a plain socket: what is sent is exactly what the test wrote.
final class RawConnection: @unchecked Sendable {
    struct Closed: Error {}
    struct Malformed: Error {}

    struct Answer: Sendable {
        var status: Int
        var fields: [(name: String, value: String)]
        var body: [UInt8]

        func field(_ name: String) -> String? { fields.first { $0.name == name }?.value }

        /// The body as text, gunzipped when it was compressed.
        var text: String? {
            if field("content-encoding") == "gzip" { return ResponseCacheTests.gunzip(ByteBuffer(bytes: body)) }
            return String(bytes: body, encoding: .utf8)
        }

        var cookieToken: String? {
            field("set-cookie").flatMap { $0.firstMatch(of: #/cocktailbook_csrf=([0-9a-f]{64})/#) }.map { String($0.1) }
        }
    }

    private let socket: Int32
    private var buffer: [UInt8] = []

    init(port: Int) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(socket)
            throw Closed()
        }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(socket) }

    /// Runs blocking socket work on a Dispatch thread: the server under test answers on Swift's
    /// cooperative threads, which a blocked `recv` would starve.
    private func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
        }
    }

    func send(_ text: String) async throws {
        try await offPool { try self.sendNow(text) }
    }

    func get(_ path: String, _ extra: String = "") async throws -> Answer {
        try await request("GET", path, extra)
    }

    func request(_ method: String, _ path: String, _ extra: String = "") async throws -> Answer {
        try await offPool { try self.requestNow(method, path, extra) }
    }

    func nextResponse(bodyless: Bool = false) async throws -> Answer? {
        try await offPool { try self.nextResponseNow(bodyless: bodyless) }
    }

    private func sendNow(_ text: String) throws {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes {
                Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard count > 0 else { throw Closed() }
            sent += count
        }
    }

    private func requestNow(_ method: String, _ path: String, _ extra: String) throws -> Answer {
        try sendNow("\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(extra)\r\n")
        guard let answer = try nextResponseNow(bodyless: method == "HEAD") else { throw Closed() }
        return answer
    }

    /// The next answer on the connection; `nil` when the server closed it first.
    private func nextResponseNow(bodyless: Bool) throws -> Answer? {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        var headEnd: Int?
        while headEnd == nil {
            if let found = Self.find(separator, in: buffer) {
                headEnd = found
                break
            }
            guard try fill() else {
                if buffer.isEmpty { return nil }
                throw Closed()
            }
        }
        let head = String(decoding: buffer[..<headEnd!], as: UTF8.self).components(separatedBy: "\r\n")
        buffer.removeFirst(headEnd! + 4)
        guard let statusLine = head.first, let status = Int(statusLine.split(separator: " ")[1]) else {
            throw Malformed()
        }
        let fields = head.dropFirst().map { line -> (name: String, value: String) in
            let parts = line.split(separator: ":", maxSplits: 1)
            return (parts[0].lowercased(), parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : "")
        }
        let length = bodyless ? 0 : (fields.first { $0.name == "content-length" }.flatMap { Int($0.value) } ?? 0)
        while buffer.count < length {
            guard try fill() else { throw Closed() }
        }
        let body = Array(buffer[..<length])
        buffer.removeFirst(length)
        return Answer(status: status, fields: fields, body: body)
    }

    /// Reads more; `false` at the end of the stream.
    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
        if count < 0 { throw Closed() }
        if count == 0 { return false }
        buffer.append(contentsOf: chunk[..<count])
        return true
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if Array(haystack[start..<(start + needle.count)]) == needle { return start }
        }
        return nil
    }
}
