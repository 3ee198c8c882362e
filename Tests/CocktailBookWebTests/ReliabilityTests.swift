import CocktailBook
import CocktailBookStore
import CocktailBookTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Subprocess
import SystemPackage
import Testing

@testable import CocktailBookApp
@testable import CocktailBookWeb

/// The reliability and security findings of the second probe, each kept as a regression test.
@Suite("Reliability, round two")
struct ReliabilityTests {
    @Test("40 wrong passwords at once: at most 10 are checked, the rest refused with 429; the 11th check is refused")
    func parallelGuesses() async throws {
        let database = try await AccountsHTTPTests.book()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for _ in 0..<40 {
                    group.addTask {
                        try await client.execute(
                            uri: "/login", method: .post, headers: TestCSRF.formHeaders,
                            body: TestCSRF.body("username=alice&password=wrong+password+here")
                        ).status
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.count == 40)
            #expect(statuses.filter { $0 == .unauthorized }.count <= LoginThrottle.limit, "\(statuses)")
            #expect(statuses.filter { $0 == .tooManyRequests }.count >= 40 - LoginThrottle.limit)
            #expect(Set(statuses).isSubset(of: [.unauthorized, .tooManyRequests]))
            // Wrong passwords one after the other until ten were checked; the right one then is
            // refused too: the eleventh attempt in the window, however the first ten were sent.
            var checked = statuses.filter { $0 == .unauthorized }.count
            while checked < LoginThrottle.limit {
                let status = try await client.execute(
                    uri: "/login", method: .post, headers: TestCSRF.formHeaders,
                    body: TestCSRF.body("username=alice&password=still+wrong+here")
                ).status
                #expect(status == .unauthorized)
                checked += 1
            }
            let right = try await client.execute(
                uri: "/login", method: .post, headers: TestCSRF.formHeaders,
                body: TestCSRF.body("username=alice&password=alice+password"))
            #expect(right.status == .tooManyRequests)
        }
    }

    @Test("29 wrong passwords and the right one at once: never more than ten checks, whichever wins")
    func rightAmongWrong() async throws {
        let database = try await AccountsHTTPTests.book()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for attempt in 0..<30 {
                    let password = attempt == 17 ? "alice+password" : "wrong+\(attempt)+password"
                    group.addTask {
                        try await client.execute(
                            uri: "/login", method: .post, headers: TestCSRF.formHeaders,
                            body: TestCSRF.body("username=alice&password=\(password)")
                        ).status
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let checked = statuses.filter { $0 != .tooManyRequests }
            #expect(checked.count <= LoginThrottle.limit, "\(statuses)")
            #expect(statuses.filter { $0 == .seeOther }.count <= 1)
        }
    }

    @Test("?lang= changes a signed-in account's settings only on a request that was answered")
    func languageOnlyOnSuccess() async throws {
        let database = try await AccountsHTTPTests.book()
        defer { database.remove() }
        let store = try AppDatabase(path: database.path)
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let bob = try await AccountsHTTPTests.signIn(client, "bob", "bob password")
            let id = try #require(try await store.credentials(named: "bob")?.account.id)
            // A cross-site form post, refused with 403.
            var crossSite = AccountsHTTPTests.form(bob)
            crossSite[HTTPField.Name("Sec-Fetch-Site")!] = "cross-site"
            let refused = try await client.execute(
                uri: "/settings?lang=it", method: .post, headers: crossSite, body: TestCSRF.body("theme=dark"))
            #expect(refused.status == .forbidden)
            #expect(refused.headers[.setCookie]?.contains("cocktailbook_settings") != true)
            #expect(try await store.settings(of: id)?.language == nil)
            // A page that does not exist.
            let missing = try await client.execute(uri: "/nowhere?lang=it", method: .get, headers: [.cookie: bob])
            #expect(missing.status == .notFound)
            #expect(try await store.settings(of: id)?.language == nil)
            // A page that answers: saved.
            let page = try await client.execute(uri: "/?lang=it", method: .get, headers: [.cookie: bob])
            #expect(page.status == .ok)
            #expect(try await store.settings(of: id)?.language == .italian)
        }
    }

    @Test("a read-only book never writes an account's settings for ?lang=")
    func languageReadOnly() async throws {
        let database = try await AccountsHTTPTests.book()
        defer { database.remove() }
        let store = try AppDatabase(path: database.path)
        let sessions = Accounts(database: store, bcryptCost: 4)
        let bob = try #require(try await store.credentials(named: "bob")?.account)
        let token = try await sessions.startSession(for: bob)
        try await makeApp(
            databasePath: database.path,
            configure: {
                $0.host = "0.0.0.0"
                $0.publicReadOnly = true
            }
        ).test(.router) { client in
            try await client.waitUntilReady()
            let page = try await client.execute(
                uri: "/?lang=it", method: .get, headers: [.cookie: "cocktailbook_session=\(token)"])
            #expect(page.status == .ok)
            #expect(page.headers[.setCookie]?.contains("cocktailbook_settings=") == true, "the browser may keep it")
            #expect(try await store.settings(of: bob.id)?.language == nil)
        }
    }
}

/// A PostgreSQL server that stops as a crash would while the book runs, and comes back: the
/// book answers `503 database unavailable` meanwhile (never 401, never an anonymous page),
/// `/healthz` stays up, and it recovers by itself. Runs its own server (`scripts/postgres.sh`),
/// so that the one the other tests share is never stopped.
@Suite(
    "A PostgreSQL outage", .serialized,
    .enabled(if: PostgresTestDatabase.server != nil, "needs PostgreSQL, as ./scripts/test.sh provides"))
struct DatabaseOutageTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/postgres.sh").path

    @discardableResult
    static func postgres(_ command: String, _ directory: String) async throws -> String {
        // The output goes to a file, not a pipe: the server the script starts keeps the
        // descriptors it inherited, and a pipe would never be read to its end. Started through
        // swift-subprocess: Foundation's `Process.run` crashes now and then on Linux
        // (swift-corelibs-foundation #5472).
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("postgres-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let file = try FileDescriptor.open(
            FilePath(output.path), .writeOnly, options: [.create, .truncate], permissions: .ownerReadWrite)
        let result = try await Subprocess.run(
            .path("/bin/bash"), arguments: [script, command, directory], input: .none,
            output: .fileDescriptor(file, closeAfterSpawningProcess: true), error: .discarded)
        guard result.terminationStatus.isSuccess else {
            throw ConditionNeverHeld(description: "postgres.sh \(command)")
        }
        return String(decoding: try Data(contentsOf: output), as: UTF8.self).trimmingCharacters(
            in: .whitespacesAndNewlines)
    }

    @Test("503 within the outage, never 401 or anonymous; /healthz up; back by itself when PostgreSQL is")
    func outage() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("outage-\(UUID().uuidString)")
            .path
        let url = try await Self.postgres("start", directory)
        do {
            try await outage(url: url, directory: directory)
        } catch {
            _ = try? await Self.postgres("stop", directory)
            throw error
        }
        try await Self.postgres("stop", directory)
    }

    private func outage(url: String, directory: String) async throws {
        let store = try await PostgresStore(url: url, logger: Logger(label: "outage"))
        let token = try await store.whileRunning {
            let accounts = Accounts(database: store, bcryptCost: 4)
            try await accounts.createAccount(name: "alice", role: .admin, password: "alice password")
            return try await accounts.issueToken(for: "alice", label: nil)
        }
        let auth: HTTPFields = [.authorization: "Bearer \(token)"]
        try await makeApp(databasePath: url).test(.router) { client in
            try await client.waitUntilReady()
            #expect(try await client.execute(uri: "/api/v1/favorites", method: .get, headers: auth).status == .ok)

            try await Self.postgres("crash", directory)
            var seen: [HTTPResponse.Status] = []
            let refused = try await eventually {
                let response = try await client.execute(uri: "/api/v1/favorites", method: .get, headers: auth)
                seen.append(response.status)
                return response
            } until: {
                $0.status == .serviceUnavailable
            }
            #expect(String(buffer: refused.body).contains(#""code":"database_unavailable""#))
            let page = try await client.execute(uri: "/", method: .get, headers: auth)
            #expect(page.status == .serviceUnavailable, "not the list as anonymous")
            #expect(try await client.execute(uri: "/readyz", method: .get).status == .serviceUnavailable)
            #expect(try await client.get("/healthz").status == .ok)
            #expect(!seen.contains(.unauthorized), "\(seen)")

            try await Self.postgres("resume", directory)
            try await eventually {
                try await client.execute(uri: "/api/v1/favorites", method: .get, headers: auth).status
            } until: { status in
                #expect(status != .unauthorized)
                return status == .ok
            }
            #expect(try await client.execute(uri: "/readyz", method: .get).status == .ok)
        }
    }
}
