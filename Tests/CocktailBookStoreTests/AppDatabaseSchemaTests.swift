import CocktailBookTestSupport
import CocktailsAPI
import Foundation
import GRDB
import Testing

@testable import CocktailBookStore

@Suite("AppDatabase: opening, schema and durability")
struct AppDatabaseSchemaTests {
    @Test("migrations create the three tables and the file is in WAL mode")
    func schemaAndWAL() async throws {
        let tmp = try TemporaryDatabase()
        defer { tmp.remove() }
        let database = try AppDatabase(path: tmp.path)
        let journalMode = try await database.writer.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
        #expect(journalMode == "wal")
        let columns = try await database.writer.read { db in
            try ["catalog_cocktail", "catalog_fetch", "favorite"].map { try db.columns(in: $0).map(\.name) }
        }
        #expect(
            columns == [
                ["id", "position", "name", "payload"], ["id", "fetched_at", "source_digest"],
                ["owner_id", "cocktail_id", "added_at"],
            ])
        let favoriteKey = try await database.writer.read { db in try db.primaryKey("favorite").columns }
        #expect(favoriteKey == ["owner_id", "cocktail_id"])
        let migrations = try await database.writer.read { db in
            try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
        }
        #expect(
            migrations == [
                "v1: catalog cache and favorites", "v2: imported cocktails and images",
                "v3: accounts, sessions, API tokens and favorites by owner",
                "v4: settings of accounts", "v5: the bar: shelves, substitution rules, shopping lists",
                "v6: the cached catalog as JSON only", "v7: the source's fingerprint of the cached catalog",
                "v8: the book's own recipes and their versions, notes, ratings and drinks made",
                "v9: lists of drinks, their entries and share links",
                "v10: batches of house-made ingredients, the stock of bottles and what each making took",
                "v11: why a shopping list item is there (a party's line)", "v12: a list's menu may follow a bar",
                "v13: house recipes written in the book and their versions",
                "v14: what a drink made took from a batch, and what making a batch took",
                "v15: menu prices of lists' drinks, a menu's price display and pour cost, the book's currency",
                "v16: the answers to requests with an Idempotency-Key, per account for a day",
                "v17: the catalog, imported drinks and favorites named as in PostgreSQL",
                "v18: settings and idempotency keys named as in PostgreSQL",
                "v19: the bar named as in PostgreSQL",
                "v20: notes, ratings, drinks made, batches and stock named as in PostgreSQL",
                "v21: lists named as in PostgreSQL",
                "v22: own recipes and house recipes named as in PostgreSQL",
                "v23: accounts, sessions and API tokens named as in PostgreSQL",
                "v24: what each API token may do, and when it stops working",
                "v25: a menu in the list's own order",
                "v26: accounts' e-mail addresses and their identities at OpenID providers",
                "v27: imports waiting for their review, and kept a day to be undone",
            ])
        #expect(FileManager.default.fileExists(atPath: tmp.path))
        #expect(try await database.loadCatalog() == nil)
        #expect(try await database.favoriteIDs(of: .implicit).isEmpty)
    }

    @Test("the parent directory of the database is created when missing")
    func createsParentDirectory() throws {
        let tmp = try TemporaryDatabase()
        defer { tmp.remove() }
        let nested = tmp.directory.appendingPathComponent("a/b/book.sqlite").path
        _ = try AppDatabase(path: nested)
        #expect(FileManager.default.fileExists(atPath: nested))
    }

    @Test("catalog and favorites survive closing and reopening the file")
    func survivesReopen() async throws {
        let tmp = try TemporaryDatabase()
        defer { tmp.remove() }
        let cocktails = try StoreFixtures.bundled()
        do {
            let first = try AppDatabase(path: tmp.path)
            try await first.saveCatalog(.init(cocktails: cocktails, fetchedAt: StoreFixtures.firstDate))
            try await first.setFavorite(true, for: "11", at: StoreFixtures.firstDate)
            try await first.setFavorite(true, for: "0", at: StoreFixtures.secondDate)
        }
        let reopened = try AppDatabase(path: tmp.path)
        #expect(try await reopened.loadCatalog() == .init(cocktails: cocktails, fetchedAt: StoreFixtures.firstDate))
        #expect(try await reopened.favoriteIDs(of: .implicit) == ["11", "0"])
        let favorites = try await reopened.favorites()
        #expect(favorites.map(\.id) == ["11", "0"])
        #expect(favorites.map(\.addedAt) == [StoreFixtures.firstDate, StoreFixtures.secondDate])
        let migrations = try await reopened.writer.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM grdb_migrations")
        }
        #expect(migrations == 27)
    }

    @Test("tokens made before scopes: a member's write, an admin's admin, a guest's read, none expiring")
    func tokenScopeMigration() async throws {
        let tmp = try TemporaryDatabase()
        defer { tmp.remove() }
        // A book as the release before scopes left it, with one token per role.
        let queue = try DatabaseQueue(path: tmp.path)
        try AppDatabase.migrator.migrate(queue, upTo: "v23: accounts, sessions and API tokens named as in PostgreSQL")
        try await queue.write { db in
            for (id, name, role) in [(1, "ada", "admin"), (2, "max", "member"), (3, "gus", "guest")] {
                try db.execute(
                    sql: "INSERT INTO account (id, name, role, password_hash, created_at) VALUES (?, ?, ?, 'h', ?)",
                    arguments: [id, name, role, StoreFixtures.firstDate])
                try db.execute(
                    sql: "INSERT INTO api_token (account_id, token_hash, prefix, created_at) VALUES (?, ?, ?, ?)",
                    arguments: [id, "hash-\(name)", "cb_\(name)", StoreFixtures.firstDate])
            }
        }
        try queue.close()
        let database = try AppDatabase(path: tmp.path)
        var tokens: [APIToken] = []
        for id in 1...3 { tokens += try await database.tokens(of: Int64(id)) }
        #expect(tokens.map(\.scope) == [.admin, .write, .read])
        #expect(tokens.allSatisfy { $0.expiresAt == nil })
    }

    @Test("a path that is a directory cannot be opened, and the error names the path")
    func directoryPath() throws {
        let tmp = try TemporaryDatabase()
        defer { tmp.remove() }
        let path = tmp.directory.path
        let error = #expect(throws: StoreError.self) { try AppDatabase(path: path) }
        guard case .cannotOpen(let reported, let reason)? = error else {
            Issue.record("expected cannotOpen, got \(String(describing: error))")
            return
        }
        #expect(reported == path)
        #expect(!reason.isEmpty)
        #expect(error?.localizedDescription.contains(path) == true)
        #expect(error?.localizedDescription.hasPrefix("Cannot open the database at") == true)
    }

    @Test("a file that is not SQLite cannot be opened, and the error names the path")
    func garbageFile() throws {
        let tmp = try TemporaryDatabase()
        defer { tmp.remove() }
        let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try garbage.write(to: URL(fileURLWithPath: tmp.path))
        let error = #expect(throws: StoreError.self) { try AppDatabase(path: tmp.path) }
        guard case .cannotOpen(let reported, _)? = error else {
            Issue.record("expected cannotOpen, got \(String(describing: error))")
            return
        }
        #expect(reported == tmp.path)
        #expect(error?.localizedDescription.contains(tmp.path) == true)
        // The garbage is left alone, not overwritten by a fresh database.
        #expect(try Data(contentsOf: URL(fileURLWithPath: tmp.path)) == garbage)
    }

    @Test("a path under an unwritable location cannot be opened")
    func unwritableLocation() throws {
        let path = "/proc/nope/x.sqlite"
        #expect(throws: StoreError.self) { try AppDatabase(path: path) }
        do {
            _ = try AppDatabase(path: path)
        } catch let error as StoreError {
            #expect(error.localizedDescription.contains(path))
        }
    }
}
