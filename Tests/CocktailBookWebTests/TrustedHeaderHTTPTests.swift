import CocktailBookStore
import CocktailBookTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CocktailBookApp
@testable import CocktailBookWeb

/// `--auth-header Remote-User`: a reverse proxy that signs people in names the account in a
/// header, believed only from the proxies `--trusted-proxies` names. A live server, so the
/// request has a real peer address (127.0.0.1).
@Suite("Sign-in by a trusted proxy's header")
struct TrustedHeaderHTTPTests {
    static let remoteUser = HTTPField.Name("Remote-User")!

    static func me(_ client: some TestClientProtocol, as name: String) async throws -> (HTTPResponse.Status, String) {
        let answer = try await client.execute(uri: "/api/v1/me", method: .get, headers: [remoteUser: name])
        return (answer.status, String(buffer: answer.body))
    }

    @Test("from a trusted proxy the header signs its account in; an unknown name signs nobody in")
    func trusted() async throws {
        let database = try await AccountsHTTPTests.book()
        defer { database.remove() }
        try await makeApp(databasePath: database.path) {
            $0.authHeader = "Remote-User"
            $0.trustedProxies = ["127.0.0.1/32"]
        }.test(.live) { client in
            try await client.waitUntilReady()
            let bob = try await Self.me(client, as: "bob")
            #expect(bob.0 == .ok && bob.1.contains(#""name":"bob""#) && bob.1.contains(#""role":"member""#), "\(bob)")
            let written = try await client.execute(
                uri: "/api/v1/favorites/5", method: .put, headers: [Self.remoteUser: "bob"])
            #expect(written.status == .noContent)
            let stranger = try await Self.me(client, as: "mallory")
            #expect(stranger.0 == .unauthorized, "\(stranger)")
        }
    }

    @Test("from anyone else the header is ignored")
    func untrusted() async throws {
        let database = try await AccountsHTTPTests.book()
        defer { database.remove() }
        try await makeApp(databasePath: database.path) {
            $0.authHeader = "Remote-User"
            $0.trustedProxies = ["10.0.0.0/8"]
        }.test(.live) { client in
            try await client.waitUntilReady()
            let claimed = try await Self.me(client, as: "alice")
            #expect(claimed.0 == .unauthorized, "\(claimed)")
            let written = try await client.execute(
                uri: "/api/v1/favorites/5", method: .put, headers: [Self.remoteUser: "alice"])
            #expect(written.status == .unauthorized)
        }
    }
}
