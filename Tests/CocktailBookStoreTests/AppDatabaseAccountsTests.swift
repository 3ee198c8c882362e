@testable import CocktailBookStore
import CocktailBook
import Foundation
import GRDB
import Testing

@Suite("AppDatabase: accounts, sessions and tokens")
struct AppDatabaseAccountsTests {
    static func catalogDatabase() throws -> (AppDatabase, TemporaryDatabase) {
        let tmp = try TemporaryDatabase()
        let database = try AppDatabase(path: tmp.path)
        try database.saveCatalog(.init(cocktails: try StoreFixtures.bundled(), fetchedAt: StoreFixtures.firstDate))
        return (database, tmp)
    }

    @Test("the v3 migration keeps existing favorites, for the implicit owner")
    func migration() throws {
        let queue = try DatabaseQueue()
        try AppDatabase.migrator.migrate(queue, upTo: "v2: imported cocktails and images")
        try queue.write { db in
            try db.execute(sql: "INSERT INTO favorite (cocktailId, addedAt) VALUES ('11', ?), ('0', ?)", arguments: [StoreFixtures.firstDate, StoreFixtures.secondDate])
        }
        let database = try AppDatabase(queue)
        #expect(try database.favoriteIDs(of: .implicit) == ["11", "0"])
        #expect(try database.favorites().map(\.addedAt) == [StoreFixtures.firstDate, StoreFixtures.secondDate])
    }

    @Test("the first account is an admin and inherits the implicit owner's favorites; later ones start empty")
    func firstAccountInherits() throws {
        let (database, tmp) = try Self.catalogDatabase()
        defer { tmp.remove() }
        try database.setFavorite(true, for: "11", owner: .implicit)
        let alice = try database.addAccount(name: "alice", role: .guest, passwordHash: "h")
        #expect(alice.role == .admin)
        #expect(try database.favoriteIDs(of: alice.owner) == ["11"])
        #expect(try database.favoriteIDs(of: .implicit).isEmpty)
        let bob = try database.addAccount(name: "bob", role: .member, passwordHash: "h")
        #expect(bob.role == .member)
        try database.setFavorite(true, for: "0", owner: bob.owner)
        #expect(try database.favoriteIDs(of: bob.owner) == ["0"])
        #expect(try database.favoriteIDs(of: alice.owner) == ["11"])
        #expect(throws: StoreError.accountExists("Bob")) { try database.addAccount(name: "Bob", role: .member, passwordHash: "h") }
        #expect(throws: StoreError.noOwner) { try database.setFavorite(true, for: "0", owner: .nobody, at: Date()) }
    }

    @Test("the last admin can be neither demoted nor removed while others remain")
    func lastAdmin() throws {
        let (database, tmp) = try Self.catalogDatabase()
        defer { tmp.remove() }
        try database.addAccount(name: "alice", role: .admin, passwordHash: "h")
        let bob = try database.addAccount(name: "bob", role: .member, passwordHash: "h")
        try database.setFavorite(true, for: "5", owner: bob.owner)
        #expect(throws: StoreError.lastAdmin) { try database.setRole(.member, named: "alice") }
        #expect(throws: StoreError.lastAdmin) { try database.removeAccount(named: "alice") }
        try database.setRole(.admin, named: "bob")
        try database.removeAccount(named: "alice")
        #expect(try database.accounts().map(\.name) == ["bob"])
        try database.removeAccount(named: "bob")
        #expect(try database.hasAccounts() == false)
        #expect(try database.favoriteIDs(of: bob.owner).isEmpty)
    }

    @Test("a session lives across reopening the file, ends at logout and after 30 idle days")
    func sessions() throws {
        let (database, tmp) = try Self.catalogDatabase()
        defer { tmp.remove() }
        let alice = try database.addAccount(name: "alice", role: .admin, passwordHash: "h")
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        try database.createSession(tokenHash: "s1", accountId: alice.id, at: start)
        try database.createSession(tokenHash: "s2", accountId: alice.id, at: start)
        let reopened = try AppDatabase(path: tmp.path)
        #expect(try reopened.sessionAccount(tokenHash: "s1", now: start.addingTimeInterval(3600), maximumIdle: 86_400)?.name == "alice")
        #expect(try reopened.sessionAccount(tokenHash: "s2", now: start.addingTimeInterval(2 * 86_400), maximumIdle: 86_400) == nil)
        #expect(try reopened.sessionCount(of: alice.id) == 1)
        try reopened.deleteSession(tokenHash: "s1")
        #expect(try reopened.sessionAccount(tokenHash: "s1", now: start, maximumIdle: 86_400) == nil)
    }

    @Test("a token finds its account until it is revoked; a prefix must name exactly one token")
    func tokens() throws {
        let (database, tmp) = try Self.catalogDatabase()
        defer { tmp.remove() }
        let alice = try database.addAccount(name: "alice", role: .admin, passwordHash: "h")
        try database.addToken(tokenHash: "t1", prefix: "cb_aaaa1111", label: "one", accountId: alice.id, at: StoreFixtures.firstDate)
        try database.addToken(tokenHash: "t2", prefix: "cb_aaaa2222", label: nil, accountId: alice.id, at: StoreFixtures.secondDate)
        #expect(try database.tokenAccount(tokenHash: "t1", now: Date())?.name == "alice")
        #expect(try database.tokens(of: alice.id).map(\.prefix) == ["cb_aaaa2222", "cb_aaaa1111"])
        #expect(throws: StoreError.tokenPrefix("cb_aaaa", matches: 2)) { try database.revokeToken(prefix: "cb_aaaa") }
        try database.revokeToken(prefix: "cb_aaaa1111")
        #expect(try database.tokenAccount(tokenHash: "t1", now: Date()) == nil)
        #expect(try database.tokenAccount(tokenHash: "t2", now: Date())?.name == "alice")
    }
}
