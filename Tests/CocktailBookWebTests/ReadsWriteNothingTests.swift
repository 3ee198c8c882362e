import CocktailBookStore
import CocktailBookTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// A GET or HEAD creates nothing a person can see or use: no share link, token, list or setting.
/// Exempt, as docs/SECURITY.md says: session bookkeeping (last seen) and the `?lang=` choice,
/// which a signed-in person keeps in their settings (not read here). Everything a backup holds
/// is compared, byte for byte.
@Suite("Reads write nothing")
struct ReadsWriteNothingTests {
    @Test("a member's pages and API reads, by GET and HEAD, leave the book as it was")
    func readsLeaveTheBookAlone() async throws {
        let database = try await AccountsHTTPTests.book()
        defer { database.remove() }
        let store = try AppDatabase(path: database.path)
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let alice = try await AccountsHTTPTests.signIn(client, "alice", "alice password")
            let json: HTTPFields = [.contentType: "application/json", .cookie: alice + "; " + TestCSRF.cookie]
            let made = try await client.execute(
                uri: "/api/v1/lists", method: .post, headers: json, body: ByteBuffer(string: #"{"name": "Saturday"}"#))
            #expect(made.status == .created)
            let id = try #require(try made.jsonObject()["id"] as? Int)
            for drink in ["3", "7"] {
                _ = try await client.execute(
                    uri: "/api/v1/lists/\(id)/entries", method: .post, headers: json,
                    body: ByteBuffer(string: #"{"cocktail": "\#(drink)"}"#))
            }
            let before = try await store.backup(pictures: nil, at: Date(timeIntervalSince1970: 0))
            let reads = [
                "/", "/cocktails/3", "/lists", "/lists/\(id)", "/lists/\(id)/menu",
                "/lists/\(id)/menu?paper=a5", "/lists/\(id)/plan?guests=12", "/bar", "/bar/shopping", "/account",
                "/settings", "/maintenance", "/api/v1/lists", "/api/v1/lists/\(id)",
                "/api/v1/lists/\(id)/plan?guests=12",
                "/api/v1/bar", "/api/v1/favorites", "/api/v1/me", "/trash",
            ]
            for path in reads {
                for method in [HTTPRequest.Method.get, .head] {
                    let response = try await client.execute(uri: path, method: method, headers: [.cookie: alice])
                    #expect(response.status.code < 400, "\(method) \(path): \(response.status)")
                }
            }
            let after = try await store.backup(pictures: nil, at: Date(timeIntervalSince1970: 0))
            #expect(
                String(decoding: after, as: UTF8.self) == String(decoding: before, as: UTF8.self),
                "a read changed the book")
        }
    }
}
