import CocktailBook
import CocktailBookStore
import CocktailBookTestSupport
import CocktailBookWeb
import CocktailsAPI
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@testable import CocktailBookApp

/// Two instances of the book on one PostgreSQL database, as behind a load balancer: what one
/// writes, the other reads; an import on one shows on the other; the source is asked once.
/// Needs the test server `./scripts/test.sh` starts (the store contract fails in CI without it).
@Suite("Several instances on one PostgreSQL database", .serialized, .enabled(if: PostgresTestDatabase.server != nil))
struct SeveralInstancesTests {
    /// Asks `read` again until `accept` holds (a notification's trip), within the tests' deadline.
    static func eventually<T>(_ read: () async throws -> T, _ accept: (T) -> Bool) async throws -> T {
        try await CocktailBookTestSupport.eventually(read, until: accept)
    }

    @Test("a favorite written through one instance is read through the other, and removed through it")
    func favorites() async throws {
        let server = try #require(PostgresTestDatabase.server)
        try await PostgresTestDatabase.with(server: server) { url in
            try await makeApp(databasePath: url).test(.router) { first in
                try await first.waitUntilReady()
                try await makeApp(databasePath: url).test(.router) { second in
                    try await second.waitUntilReady()
                    // Fill the second instance's page cache before the write.
                    #expect(try await second.list().cocktails.first?.isFavorite == false)
                    #expect(try await first.execute(uri: "/api/v1/favorites/3", method: .put).status == .noContent)
                    let seen = try await Self.eventually({ try await second.list() }) { $0.cocktails.first?.id == "3" }
                    #expect(seen.cocktails.first?.id == "3", "pinned on the other instance: \(seen.names)")
                    #expect(seen.cocktails.first?.isFavorite == true)
                    let page = try await Self.eventually({ String(buffer: try await second.get("/cocktails/3").body) })
                    { $0.contains("aria-pressed=\"true\"") }
                    #expect(page.contains("aria-pressed=\"true\""), "the details page knows too")
                    #expect(try await second.execute(uri: "/api/v1/favorites/3", method: .delete).status == .noContent)
                    let back = try await Self.eventually({ try await first.list() }) { $0.cocktails.first?.id != "3" }
                    #expect(!back.cocktails.contains { $0.isFavorite })
                }
            }
        }
    }

    @Test(
        "an upload reviewed on one instance is applied through the other, shows on both at once, and is undone on both"
    )
    func importsAndAccounts() async throws {
        let server = try #require(PostgresTestDatabase.server)
        let dump = try #require(FileManager.default.contents(atPath: ImportPageTests.dumpPath))
        try await PostgresTestDatabase.with(server: server) { url in
            try await makeApp(databasePath: url).test(.router) { first in
                try await first.waitUntilReady()
                try await makeApp(databasePath: url).test(.router) { second in
                    try await second.waitUntilReady()
                    #expect(try await second.list("?q=Afterglow").cocktails.isEmpty)
                    let (headers, body) = ImportPageTests.upload(dump)
                    let review = String(
                        buffer: try await first.execute(uri: "/import", method: .post, headers: headers, body: body)
                            .body)
                    let id = try #require(
                        review.firstMatch(of: /action="\/import\/([0-9a-f-]+)\/apply"/).map { String($0.1) })
                    // The upload waits in the database, so the other instance can apply it.
                    let applied = try await second.execute(
                        uri: "/import/\(id)/apply", method: .post, headers: TestCSRF.formHeaders,
                        body: TestCSRF.body(""))
                    #expect(
                        String(buffer: applied.body).contains("Imported 4 cocktails (4 new, 0 updated)"),
                        "\(String(buffer: applied.body).prefix(400))")
                    let found = try await Self.eventually({ try await first.list("?q=Afterglow") }) {
                        !$0.cocktails.isEmpty
                    }
                    #expect(found.cocktails.map(\.name) == ["Afterglow"])
                    #expect(found.cocktails.first?.id.hasPrefix("imp-") == true)
                    #expect(try await second.list().cocktails.count == 17, "13 drinks and the 4 imported")
                    let undone = try await first.execute(
                        uri: "/import/\(id)/undo", method: .post, headers: TestCSRF.formHeaders, body: TestCSRF.body("")
                    )
                    #expect(String(buffer: undone.body).contains("Undone: 4 drinks left the book."))
                    let after = try await Self.eventually({ try await second.list() }) { $0.cocktails.count == 13 }
                    #expect(after.cocktails.count == 13)
                }
            }
        }
    }

    @Test(
        "signed in on one instance is signed in on the other; signing out there ends it on both; favorites are the account's"
    )
    func sessionsAcrossInstances() async throws {
        let server = try #require(PostgresTestDatabase.server)
        try await PostgresTestDatabase.with(server: server) { url in
            let store = try await AppStores.open(url, logger: Logger(label: "test"))
            let accounts = Accounts(database: store, bcryptCost: 4)
            try await store.whileRunning {
                try await accounts.createAccount(name: "alice", role: .admin, password: "alice password")
            }
            try await makeApp(databasePath: url).test(.router) { first in
                try await first.waitUntilReady()
                try await makeApp(databasePath: url).test(.router) { second in
                    try await second.waitUntilReady()
                    let session = try await AccountsHTTPTests.signIn(first, "alice", "alice password")
                    let cookie: HTTPFields = [.cookie: session]
                    #expect(
                        try await second.execute(uri: "/api/v1/favorites/7", method: .put, headers: cookie).status
                            == .noContent)
                    let mine = try await Self.eventually({
                        try await first.execute(uri: "/api/v1/favorites", method: .get, headers: cookie)
                    }) {
                        String(buffer: $0.body).contains("\"id\":\"7\"")
                    }
                    #expect(
                        String(buffer: mine.body).contains("\"id\":\"7\""),
                        "alice's favorite, written through the other instance")
                    let account = try await second.execute(uri: "/account", method: .get, headers: cookie)
                    #expect(account.status == .ok && String(buffer: account.body).contains("alice"))
                    let out = try await second.execute(
                        uri: "/logout", method: .post, headers: AccountsHTTPTests.form(session), body: TestCSRF.body("")
                    )
                    #expect(out.status == .seeOther)
                    let after = try await Self.eventually({
                        try await first.execute(uri: "/account", method: .get, headers: cookie)
                    }) { $0.status != .ok }
                    #expect(after.status != .ok, "the session ended on the first instance too")
                }
            }
        }
    }

    @Test("while one instance refreshes from the source, another does not ask it: it adopts the result")
    func oneRefresh() async throws {
        let server = try #require(PostgresTestDatabase.server)
        try await PostgresTestDatabase.with(server: server) { url in
            // The first instance's source is slow: it holds the refresh lock for 1.5 s. The
            // second's source always fails at once, so had it asked, it would show a failure.
            try await makeApp(databasePath: url, sourceLatency: .milliseconds(1500)).test(.router) { first in
                // The first instance holds the refresh lock before the second starts.
                try await Self.eventually({ try await PostgresTestDatabase.advisoryLocks(on: url) }) { $0 > 0 }
                try await makeApp(databasePath: url, sourceFailures: 1_000).test(.router) { second in
                    var states: [String] = []
                    let ready = try await Self.eventually(
                        { () -> StatusBody in
                            let status: StatusBody = try await second.get("/api/v1/catalog").decoded()
                            states.append(status.state)
                            return status
                        }
                    ) { $0.state == "ready" }
                    #expect(ready.count == 13 && ready.message == nil)
                    #expect(!states.contains("failed"), "the second instance asked its source: \(states)")
                    #expect(states.first == "loading")
                    let one = try await first.waitUntilReady()
                    #expect(one.updatedAt == ready.updatedAt)
                }
            }
        }
    }
}
