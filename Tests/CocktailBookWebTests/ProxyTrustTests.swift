import CocktailBookStore
import CocktailBookTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CocktailBookApp
@testable import CocktailBookWeb

/// Behind a reverse proxy (`--trust-proxy`): the client is read from the right of
/// `X-Forwarded-For`, only from a trusted proxy; HTTPS there makes cookies `Secure` and sends HSTS.
@Suite("Behind a reverse proxy")
struct ProxyTrustTests {
    static let trust = ProxyTrust(
        isEnabled: true, proxies: ["127.0.0.0/8", "::1", "10.0.0.0/8"].compactMap(IPNetwork.init))

    @Test("the client is the first address from the right that is not a trusted proxy")
    func rightmost() {
        #expect(Self.trust.client(peer: "127.0.0.1", forwardedFor: "198.51.100.7") == "198.51.100.7")
        // The client wrote the left entries; the proxy appended what it saw.
        #expect(Self.trust.client(peer: "127.0.0.1", forwardedFor: "1.2.3.4, 198.51.100.7") == "198.51.100.7")
        // Through two trusted proxies: their own entries are skipped.
        #expect(
            Self.trust.client(peer: "127.0.0.1", forwardedFor: "6.6.6.6, 198.51.100.7, 10.1.2.3") == "198.51.100.7")
        #expect(Self.trust.client(peer: "127.0.0.1", forwardedFor: "[2001:db8::5]:443, 10.0.0.2") == "2001:db8::5")
        #expect(Self.trust.client(peer: "127.0.0.1", forwardedFor: "198.51.100.7:51234") == "198.51.100.7")
        // Only trusted proxies in the list: the leftmost is as far as anyone can tell.
        #expect(Self.trust.client(peer: "127.0.0.1", forwardedFor: "10.0.0.9, 10.0.0.2") == "10.0.0.9")
        #expect(Self.trust.client(peer: "127.0.0.1", forwardedFor: nil) == "127.0.0.1")
    }

    @Test("forwarded headers from anyone but a trusted proxy, or without --trust-proxy, change nothing")
    func untrusted() {
        #expect(Self.trust.client(peer: "192.0.2.44", forwardedFor: "198.51.100.7") == "192.0.2.44")
        #expect(!Self.trust.arrivedOverHTTPS(peer: "192.0.2.44", forwardedProto: "https"))
        let off = ProxyTrust(isEnabled: false)
        #expect(off.client(peer: "127.0.0.1", forwardedFor: "198.51.100.7") == "127.0.0.1")
        #expect(!off.arrivedOverHTTPS(peer: "127.0.0.1", forwardedProto: "https"))
        #expect(Self.trust.arrivedOverHTTPS(peer: "::1", forwardedProto: "https"))
        #expect(Self.trust.arrivedOverHTTPS(peer: "127.0.0.1", forwardedProto: "http, https"), "the nearest proxy's")
        #expect(!Self.trust.arrivedOverHTTPS(peer: "127.0.0.1", forwardedProto: "http"))
    }

    @Test("networks: IPv4 and IPv6 prefixes, single addresses, IPv4 written as IPv6; nonsense refused")
    func networks() throws {
        let lan = try #require(IPNetwork("192.168.0.0/16"))
        #expect(lan.contains(try #require(IPNetwork.bytes(of: "192.168.44.5"))))
        #expect(!lan.contains(try #require(IPNetwork.bytes(of: "192.169.0.1"))))
        #expect(lan.contains(try #require(IPNetwork.bytes(of: "::ffff:192.168.1.1"))))
        let odd = try #require(IPNetwork("10.0.0.0/9"))
        #expect(odd.contains(try #require(IPNetwork.bytes(of: "10.127.0.1"))))
        #expect(!odd.contains(try #require(IPNetwork.bytes(of: "10.128.0.1"))))
        let ula = try #require(IPNetwork("fd00::/8"))
        #expect(ula.contains(try #require(IPNetwork.bytes(of: "fd12:3456::1"))))
        #expect(!ula.contains(try #require(IPNetwork.bytes(of: "fe80::1"))))
        #expect(IPNetwork("::1")?.description == "::1" && lan.description == "192.168.0.0/16")
        for wrong in ["", "10.0.0.0/33", "10.0.0/8", "example.org", "::1/129", "10.0.0.0/8/8", "10.0.0.0/x"] {
            #expect(IPNetwork(wrong) == nil, "\(wrong)")
        }
        #expect(AppConfiguration.invalidNetwork(in: ["10.0.0.0/8", "nope"]) == "nope")
    }

    /// A real server of `database` on a free port, believing a proxy on this machine.
    static func behindProxy(
        _ database: TemporaryDatabase, _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void
    ) async throws {
        let app = try await makeApp(
            databasePath: database.path,
            configure: {
                $0.trustProxy = true
                $0.port = 0
            })
        try await app.test(.live) { client in
            try await client.waitUntilReady()
            try await body(client)
        }
    }

    /// Signs in as `name` with a wrong password, as the proxy forwards it.
    static func wrongPassword(
        _ client: some TestClientProtocol, name: String, forwardedFor: String
    ) async throws -> HTTPResponse.Status {
        var headers = TestCSRF.formHeaders
        headers[.init("X-Forwarded-For")!] = forwardedFor
        return try await client.execute(
            uri: "/login", method: .post, headers: headers, body: TestCSRF.body("username=\(name)&password=nope")
        ).status
    }

    @Test(
        "a real server behind a proxy on this machine: the throttle holds against spoofed entries and locks out nobody else"
    )
    func throttle() async throws {
        let database = try await AccountsHTTPTests.book()
        defer { database.remove() }
        try await Self.behindProxy(database) { client in
            // One attacker behind the proxy, a new made-up first entry and a new name each try.
            var statuses: [HTTPResponse.Status] = []
            for attempt in 0..<12 {
                statuses.append(
                    try await Self.wrongPassword(
                        client, name: "guess\(attempt)", forwardedFor: "203.0.113.\(attempt), 198.51.100.7"))
            }
            #expect(statuses.prefix(10).allSatisfy { $0 == .unauthorized }, "\(statuses)")
            #expect(statuses.suffix(2).allSatisfy { $0 == .tooManyRequests }, "\(statuses)")
            // Naming someone else's address on the left locked out nobody: that person signs in.
            var theirs = TestCSRF.formHeaders
            theirs[.init("X-Forwarded-For")!] = "203.0.113.0"
            let signedIn = try await client.execute(
                uri: "/login", method: .post, headers: theirs,
                body: TestCSRF.body("username=bob&password=bob+password&next=%2F"))
            #expect(signedIn.status == .seeOther)
        }
    }

    @Test("over HTTPS at the proxy every cookie is Secure and HSTS is sent; over plain http neither")
    func https() async throws {
        let database = try await AccountsHTTPTests.book()
        defer { database.remove() }
        try await Self.behindProxy(database) { client in
            let secure: HTTPFields = [.init("X-Forwarded-Proto")!: "https", .init("X-Forwarded-For")!: "198.51.100.8"]
            let page = try await client.execute(uri: "/?lang=it", method: .get, headers: secure)
            #expect(page.headers[.strictTransportSecurity] == "max-age=31536000")
            let cookies = page.headers[values: .setCookie]
            #expect(cookies.count == 2 && cookies.allSatisfy { $0.hasSuffix("; Secure") }, "\(cookies)")
            var form = TestCSRF.formHeaders
            form[.init("X-Forwarded-Proto")!] = "https"
            let signedIn = try await client.execute(
                uri: "/login", method: .post, headers: form,
                body: TestCSRF.body("username=bob&password=bob+password&next=%2F"))
            #expect(signedIn.headers[.setCookie]?.contains("; Secure") == true)

            let plain = try await client.execute(uri: "/?lang=it", method: .get, headers: [:])
            #expect(plain.headers[.strictTransportSecurity] == nil)
            #expect(plain.headers[values: .setCookie].allSatisfy { !$0.contains("Secure") })
        }
        // Without --trust-proxy, the same header from anyone changes nothing.
        try await makeApp(databasePath: database.path, configure: { $0.port = 0 }).test(.live) { client in
            let page = try await client.execute(
                uri: "/", method: .get, headers: [.init("X-Forwarded-Proto")!: "https"])
            #expect(page.headers[.strictTransportSecurity] == nil)
            #expect(page.headers[values: .setCookie].allSatisfy { !$0.contains("Secure") })
        }
    }
}

/// A book without accounts belongs to whoever opens its loopback address, but not to the
/// strangers a proxy on the same machine passes on.
@Suite("The owner of a book without accounts")
struct ForwardedOwnerTests {
    struct Favorites: Decodable {
        var cocktails: [SummaryBody]
    }

    @Test("a request a proxy forwarded is a visitor's, with or without --trust-proxy; a direct one is the owner's")
    func forwardedIsNotTheOwner() async throws {
        for trusted in [false, true] {
            let database = try TemporaryDatabase()
            defer { database.remove() }
            try await makeApp(databasePath: database.path, configure: { $0.trustProxy = trusted }).test(.router) {
                client in
                try await client.waitUntilReady()
                for forwarded: HTTPFields in [
                    [.init("X-Forwarded-For")!: "198.51.100.7"], [.init("Forwarded")!: "for=198.51.100.7"],
                ] {
                    let refused = try await client.execute(uri: "/api/v1/favorites/7", method: .put, headers: forwarded)
                    #expect(refused.status == .unauthorized || refused.status == .forbidden, "\(refused.status)")
                }
                #expect(try await client.get("/api/v1/favorites").decoded(Favorites.self).cocktails.isEmpty)
                #expect(try await client.execute(uri: "/api/v1/favorites/7", method: .put).status == .noContent)
                #expect(
                    try await client.get("/api/v1/favorites").decoded(Favorites.self).cocktails.map(\.name) == [
                        "Margarita"
                    ])
            }
        }
    }
}
