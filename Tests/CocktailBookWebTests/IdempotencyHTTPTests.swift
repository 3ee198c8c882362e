import CocktailBook
import CocktailBookStore
import CocktailBookTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// `Idempotency-Key` on the API's POSTs that create things: a retry gets the first answer and
/// writes nothing; the key with another body is a 422; retries racing the first make one thing.
@Suite("Idempotency-Key on the API's writes")
struct IdempotencyHTTPTests {
    static func post(_ client: some TestClientProtocol, _ uri: String, _ body: String, key: String?) async throws
        -> TestResponse
    {
        var headers: HTTPFields = [.contentType: "application/json"]
        if let key { headers[HTTPField.Name("Idempotency-Key")!] = key }
        return try await client.execute(uri: uri, method: .post, headers: headers, body: ByteBuffer(string: body))
    }

    @Test("a repeated list, drink made and batch answer as the first time and make nothing more")
    func repeatsAnswerTheFirstTime() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let first = try await Self.post(client, "/api/v1/lists", #"{"name": "Saturday"}"#, key: "list-1")
            #expect(first.status == .created)
            #expect(first.headers[HTTPField.Name("Idempotency-Replayed")!] == nil)
            let again = try await Self.post(client, "/api/v1/lists", #"{"name": "Saturday"}"#, key: "list-1")
            #expect(again.status == .created)
            #expect(again.headers[HTTPField.Name("Idempotency-Replayed")!] == "true")
            #expect(String(buffer: again.body) == String(buffer: first.body))
            #expect(again.headers[.contentType] == first.headers[.contentType])
            let lists = try await client.get("/api/v1/lists").jsonObject()
            #expect((lists["lists"] as? [[String: Any]])?.count == 1, "one list, not two")

            // The same key with another body: refused, and nothing written.
            let other = try await Self.post(client, "/api/v1/lists", #"{"name": "Sunday"}"#, key: "list-1")
            #expect(other.status == .unprocessableContent)
            #expect(String(buffer: other.body).contains("idempotency_key_reused"))
            #expect(((try await client.get("/api/v1/lists").jsonObject())["lists"] as? [[String: Any]])?.count == 1)

            // "I made this" twice with one key: one record.
            for _ in 0..<2 {
                #expect(
                    try await Self.post(client, "/api/v1/cocktails/3/made", #"{"servings": 2}"#, key: "made-1").status
                        == .created)
            }
            let store = try AppDatabase(path: database.path)
            #expect(try await store.madeEntries(of: "3", owner: .implicit).count == 1)
            // Without a key, each POST is its own.
            _ = try await Self.post(client, "/api/v1/cocktails/3/made", #"{"servings": 1}"#, key: nil)
            #expect(try await store.madeEntries(of: "3", owner: .implicit).count == 2)

            // A refused request keeps nothing: corrected, the same key goes through.
            let refused = try await Self.post(client, "/api/v1/lists", #"{"name": ""}"#, key: "list-2")
            #expect(refused.status.code >= 400 && refused.status.code < 500)
            let bad = try await Self.post(client, "/api/v1/lists", "{}", key: String(repeating: "k", count: 300))
            #expect(bad.status == .badRequest)
        }
    }

    @Test("a page's form sent again with its key (the offline queue's retry) is done once and answered as the first")
    func pageFormsOnce() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            func made(_ fields: String, key: String?) async throws -> TestResponse {
                var headers = TestCSRF.formHeaders
                if let key { headers[HTTPField.Name("Idempotency-Key")!] = key }
                return try await client.execute(
                    uri: "/cocktails/3/made", method: .post, headers: headers, body: TestCSRF.body(fields))
            }
            let first = try await made("servings=2&note=", key: "queued-1")
            #expect(first.status == .seeOther)
            let again = try await made("servings=2&note=", key: "queued-1")
            #expect(again.status == .seeOther && again.headers[.location] == first.headers[.location])
            #expect(again.headers[HTTPField.Name("Idempotency-Replayed")!] == "true")
            let store = try AppDatabase(path: database.path)
            #expect(try await store.madeEntries(of: "3", owner: .implicit).map(\.servings) == [2])
            // Another form under the same key is refused and writes nothing.
            let other = try await made("servings=5&note=", key: "queued-1")
            #expect(other.status == .unprocessableContent)
            #expect(try await store.madeEntries(of: "3", owner: .implicit).count == 1)
            // A form without a key is its own, as a person pressing twice means twice.
            _ = try await made("servings=1&note=", key: nil)
            #expect(try await store.madeEntries(of: "3", owner: .implicit).count == 2)
        }
    }

    @Test("eight retries racing the first make one list; each hears 201 or 409, never a second list")
    func racingRetries() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        try await Self.post(client, "/api/v1/lists", #"{"name": "Race"}"#, key: "race").status
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.contains(.created))
            #expect(statuses.allSatisfy { $0 == .created || $0 == .conflict }, "\(statuses)")
            let lists = try await client.get("/api/v1/lists").jsonObject()
            #expect((lists["lists"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Race"])
        }
    }
}
