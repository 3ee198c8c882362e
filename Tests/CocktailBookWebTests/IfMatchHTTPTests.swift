import CocktailBookTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// `If-Match: *` matches whatever version is current (RFC 9110 §13.1.1): writes sent at once
/// with it all land, one version each, while a named version that moved on is still refused.
@Suite("If-Match on the book's own recipes")
struct IfMatchHTTPTests {
    static let json: HTTPFields = [.contentType: "application/json"]

    static func put(_ client: some TestClientProtocol, _ uri: String, _ body: String, ifMatch: String) async throws
        -> TestResponse
    {
        var headers = json
        headers[.ifMatch] = ifMatch
        return try await client.execute(uri: uri, method: .put, headers: headers, body: ByteBuffer(string: body))
    }

    @Test("twelve parallel PUTs with If-Match: * all save, as twelve versions; a stale named version is refused")
    func starMatchesAnyVersion() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let made = try await client.execute(
                uri: "/api/v1/cocktails", method: .post, headers: Self.json,
                body: ByteBuffer(string: #"{"name": "Casa", "ingredients": ["40 ml gin", "20 ml Campari"]}"#))
            #expect(made.status == .created)
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for number in 1...12 {
                    group.addTask {
                        try await Self.put(
                            client, "/api/v1/cocktails/my-1",
                            #"{"name": "Casa \#(number)", "ingredients": ["\#(30 + number) ml gin", "20 ml Campari"]}"#,
                            ifMatch: "*"
                        ).status
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses == Array(repeating: .ok, count: 12))
            let history = String(buffer: try await client.get("/cocktails/my-1/history").body)
            #expect(history.contains("Version 13"), "one version each, none lost")
            #expect(history.contains("<p><strong>Casa</strong></p>"), "each version of a drink shows its name")
            let stale = try await Self.put(
                client, "/api/v1/cocktails/my-1", #"{"name": "Casa", "ingredients": ["40 ml gin"]}"#, ifMatch: #""v1""#)
            #expect(stale.status == .preconditionFailed)
            #expect(stale.headers[.eTag] == #""v13""#)
            let missing = try await client.execute(
                uri: "/api/v1/cocktails/my-1", method: .put, headers: Self.json,
                body: ByteBuffer(string: #"{"name": "Casa", "ingredients": ["40 ml gin"]}"#))
            #expect(missing.status == .preconditionRequired, "no If-Match at all is still asked for")
        }
    }
}
