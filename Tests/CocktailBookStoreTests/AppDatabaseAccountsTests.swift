import CocktailBook
import CocktailBookTestSupport
import CocktailsAPI
import Foundation
import GRDB
import Testing

@testable import CocktailBookStore

@Suite("AppDatabase: accounts, sessions and tokens")
struct AppDatabaseAccountsTests {
    static func catalogDatabase() async throws -> (AppDatabase, TemporaryDatabase) {
        let tmp = try TemporaryDatabase()
        let database = try AppDatabase(path: tmp.path)
        try await database.saveCatalog(
            .init(cocktails: try StoreFixtures.bundled(), fetchedAt: StoreFixtures.firstDate))
        return (database, tmp)
    }

    @Test("the v3 migration keeps existing favorites, for the implicit owner")
    func migration() async throws {
        let queue = try DatabaseQueue(configuration: AppDatabase.configuration)
        try AppDatabase.migrator.migrate(queue, upTo: "v2: imported cocktails and images")
        try await queue.write { db in
            try db.execute(
                sql: "INSERT INTO favorite (cocktailId, addedAt) VALUES ('11', ?), ('0', ?)",
                arguments: [StoreFixtures.firstDate, StoreFixtures.secondDate])
        }
        let database = try AppDatabase(queue)
        #expect(try await database.favoriteIDs(of: .implicit) == ["11", "0"])
        #expect(try await database.favorites().map(\.addedAt) == [StoreFixtures.firstDate, StoreFixtures.secondDate])
    }

    @Test("the first account is an admin and inherits the implicit owner's favorites; later ones start empty")
    func firstAccountInherits() async throws {
        let (database, tmp) = try await Self.catalogDatabase()
        defer { tmp.remove() }
        try await database.setFavorite(true, for: "11", owner: .implicit)
        let alice = try await database.addAccount(name: "alice", role: .guest, passwordHash: "h")
        #expect(alice.role == .admin)
        #expect(try await database.favoriteIDs(of: alice.owner) == ["11"])
        #expect(try await database.favoriteIDs(of: .implicit).isEmpty)
        let bob = try await database.addAccount(name: "bob", role: .member, passwordHash: "h")
        #expect(bob.role == .member)
        try await database.setFavorite(true, for: "0", owner: bob.owner)
        #expect(try await database.favoriteIDs(of: bob.owner) == ["0"])
        #expect(try await database.favoriteIDs(of: alice.owner) == ["11"])
        await #expect(throws: StoreError.accountExists("Bob")) {
            try await database.addAccount(name: "Bob", role: .member, passwordHash: "h")
        }
        await #expect(throws: StoreError.noOwner) {
            try await database.setFavorite(true, for: "0", owner: .nobody, at: Date())
        }
    }

    @Test("the last admin can be neither demoted nor removed while others remain")
    func lastAdmin() async throws {
        let (database, tmp) = try await Self.catalogDatabase()
        defer { tmp.remove() }
        try await database.addAccount(name: "alice", role: .admin, passwordHash: "h")
        let bob = try await database.addAccount(name: "bob", role: .member, passwordHash: "h")
        try await database.setFavorite(true, for: "5", owner: bob.owner)
        await #expect(throws: StoreError.lastAdmin) { try await database.setRole(.member, named: "alice") }
        await #expect(throws: StoreError.lastAdmin) { try await database.removeAccount(named: "alice") }
        try await database.setRole(.admin, named: "bob")
        try await database.removeAccount(named: "alice")
        #expect(try await database.accounts().map(\.name) == ["bob"])
        try await database.removeAccount(named: "bob")
        #expect(try await database.hasAccounts() == false)
        #expect(try await database.favoriteIDs(of: bob.owner).isEmpty)
    }

    @Test("a session lives across reopening the file, ends at logout and after 30 idle days")
    func sessions() async throws {
        let (database, tmp) = try await Self.catalogDatabase()
        defer { tmp.remove() }
        let alice = try await database.addAccount(name: "alice", role: .admin, passwordHash: "h")
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        try await database.createSession(tokenHash: "s1", accountId: alice.id, at: start)
        try await database.createSession(tokenHash: "s2", accountId: alice.id, at: start)
        let reopened = try AppDatabase(path: tmp.path)
        #expect(
            try await reopened.sessionAccount(
                tokenHash: "s1", now: start.addingTimeInterval(3600), maximumIdle: 86_400)?.name == "alice")
        #expect(
            try await reopened.sessionAccount(
                tokenHash: "s2", now: start.addingTimeInterval(2 * 86_400), maximumIdle: 86_400) == nil)
        #expect(try await reopened.sessionCount(of: alice.id) == 1)
        try await reopened.deleteSession(tokenHash: "s1")
        #expect(try await reopened.sessionAccount(tokenHash: "s1", now: start, maximumIdle: 86_400) == nil)
    }

    @Test("a token finds its account until it is revoked; a prefix must name exactly one token")
    func tokens() async throws {
        let (database, tmp) = try await Self.catalogDatabase()
        defer { tmp.remove() }
        let alice = try await database.addAccount(name: "alice", role: .admin, passwordHash: "h")
        try await database.addToken(
            tokenHash: "t1", prefix: "cb_aaaa1111", label: "one", accountId: alice.id, at: StoreFixtures.firstDate)
        try await database.addToken(
            tokenHash: "t2", prefix: "cb_aaaa2222", label: nil, accountId: alice.id, at: StoreFixtures.secondDate)
        #expect(try await database.tokenAccount(tokenHash: "t1", now: Date())?.name == "alice")
        #expect(try await database.tokens(of: alice.id).map(\.prefix) == ["cb_aaaa2222", "cb_aaaa1111"])
        await #expect(throws: StoreError.tokenPrefix("cb_aaaa", matches: 2)) {
            try await database.revokeToken(prefix: "cb_aaaa")
        }
        try await database.revokeToken(prefix: "cb_aaaa1111")
        #expect(try await database.tokenAccount(tokenHash: "t1", now: Date()) == nil)
        #expect(try await database.tokenAccount(tokenHash: "t2", now: Date())?.name == "alice")
    }
}
