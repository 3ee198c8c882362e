import CocktailBook
import Foundation
import GRDB

/// The app's SQLite database: it owns the schema and is the only place that writes it.
///
/// Migrations are append-only: once a migration has shipped it is never edited; a change to the
/// schema is a new migration at the end of ``migrator``.
public final class AppDatabase: Sendable {
    let writer: any DatabaseWriter
    /// Held by each write of this process for as long as its transaction (see ``SQLBook``).
    let writeLock = AsyncLock()
    /// Changes whenever the content may have (see ``DatabaseChanges``): what is kept in memory
    /// from the database is kept per version.
    public let changes: DatabaseChanges

    /// Opens (creating if needed) the database file at `path`, in WAL mode, and migrates it.
    ///
    /// - Throws: ``StoreError/cannotOpen(path:reason:)`` when the file cannot be used.
    public convenience init(path: String) throws {
        do {
            let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try self.init(DatabasePool(path: path, configuration: Self.configuration))
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError.cannotOpen(path: path, reason: Self.describe(error))
        }
    }

    /// How the book's connections are opened: the CLI and a running server may write at the same
    /// time, so a write waits briefly rather than fail; a transaction spans several accesses to
    /// GRDB (see ``SQLBook``), which ``writeLock`` keeps apart.
    public static var configuration: Configuration {
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        configuration.allowsUnsafeTransactions = true
        return configuration
    }

    /// Wraps an open connection, opened with ``configuration``, and migrates it; tests pass an
    /// in-memory `DatabaseQueue`.
    public init(_ writer: any DatabaseWriter) throws {
        precondition(writer.configuration.allowsUnsafeTransactions, "open the book with AppDatabase.configuration")
        self.writer = writer
        changes = DatabaseChanges(path: writer is DatabasePool ? writer.path : nil)
        do {
            try Self.migrator.migrate(writer)
        } catch {
            throw StoreError.cannotOpen(path: writer.path, reason: Self.describe(error))
        }
        writer.add(transactionObserver: changes, extent: .databaseLifetime)
    }

    /// An empty in-memory database, for tests and previews.
    public static func inMemory() throws -> AppDatabase {
        try AppDatabase(DatabaseQueue(configuration: configuration))
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: catalog cache and favorites") { db in
            try db.create(table: "catalogCocktail") { t in
                t.primaryKey("id", .text)
                t.column("position", .integer).notNull()
                t.column("name", .text).notNull()
                t.column("payload", .blob).notNull()
            }
            try db.create(table: "catalogFetch") { t in
                t.primaryKey("id", .integer).check { $0 == 1 }
                t.column("fetchedAt", .datetime).notNull()
            }
            try db.create(table: "favorite") { t in
                t.primaryKey("cocktailId", .text)
                t.column("addedAt", .datetime).notNull()
            }
        }
        migrator.registerMigration("v2: imported cocktails and images", migrate: migrateImports)
        migrator.registerMigration(
            "v3: accounts, sessions, API tokens and favorites by owner", migrate: migrateAccounts)
        migrator.registerMigration("v4: settings of accounts", migrate: migrateSettings)
        migrator.registerMigration("v5: the bar: shelves, substitution rules, shopping lists", migrate: migrateBar)
        // Builds between v5 and v6 cached the catalog in a binary form of their own; the cache is
        // emptied (the source fills it again at the next start) so that it is JSON throughout.
        migrator.registerMigration("v6: the cached catalog as JSON only") { db in
            let binary = try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM catalogCocktail WHERE hex(substr(payload, 1, 1)) <> '7B')")
            if binary == true {
                try db.execute(sql: "DELETE FROM catalogCocktail")
                try db.execute(sql: "DELETE FROM catalogFetch")
            }
        }
        migrator.registerMigration("v7: the source's fingerprint of the cached catalog") { db in
            try db.alter(table: "catalogFetch") { t in t.add(column: "sourceDigest", .text) }
        }
        migrator.registerMigration(
            "v8: the book's own recipes and their versions, notes, ratings and drinks made", migrate: migrateRecipes)
        migrator.registerMigration("v9: lists of drinks, their entries and share links", migrate: migrateLists)
        migrator.registerMigration(
            "v10: batches of house-made ingredients, the stock of bottles and what each making took",
            migrate: migrateStock)
        migrator.registerMigration("v11: why a shopping list item is there (a party's line)") { db in
            try db.alter(table: "shoppingItem") { t in t.add(column: "reason", .text) }
        }
        migrator.registerMigration("v12: a list's menu may follow a bar") { db in
            try db.alter(table: "drinkList") { t in
                t.add(column: "menuShelfOwnerId", .integer)
                t.add(column: "menuHidesUnavailable", .boolean).notNull().defaults(to: false)
            }
        }
        migrator.registerMigration(
            "v13: house recipes written in the book and their versions", migrate: migrateHouseRecipes)
        migrator.registerMigration(
            "v14: what a drink made took from a batch, and what making a batch took", migrate: migrateBatchDraws)
        migrator.registerMigration(
            "v15: menu prices of lists' drinks, a menu's price display and pour cost, the book's currency",
            migrate: migratePrices)
        migrator.registerMigration(
            "v16: the answers to requests with an Idempotency-Key, per account for a day",
            migrate: migrateIdempotencyKeys)
        migrator.registerMigration(
            "v17: the catalog, imported drinks and favorites named as in PostgreSQL", migrate: renameCatalogAndFavorites
        )
        migrator.registerMigration(
            "v18: settings and idempotency keys named as in PostgreSQL", migrate: renameSettingsAndKeys)
        migrator.registerMigration("v19: the bar named as in PostgreSQL", migrate: renameBar)
        migrator.registerMigration(
            "v20: notes, ratings, drinks made, batches and stock named as in PostgreSQL",
            migrate: renamePersonalAndStock)
        migrator.registerMigration("v21: lists named as in PostgreSQL", migrate: renameLists)
        migrator.registerMigration("v22: own recipes and house recipes named as in PostgreSQL", migrate: renameRecipes)
        migrator.registerMigration(
            "v23: accounts, sessions and API tokens named as in PostgreSQL", migrate: renameAccounts)
        migrator.registerMigration("v24: what each API token may do, and when it stops working") { db in
            for statement in PostgresSchema.tokenScopeMigration(timestamp: "datetime") {
                try db.execute(sql: statement)
            }
        }
        migrator.registerMigration("v25: a menu in the list's own order") { db in
            for statement in PostgresSchema.menuOrderMigration { try db.execute(sql: statement) }
        }
        migrator.registerMigration("v26: accounts' e-mail addresses and their identities at OpenID providers") { db in
            for statement in PostgresSchema.identityMigration(timestamp: "datetime") { try db.execute(sql: statement) }
        }
        migrator.registerMigration("v27: imports waiting for their review, and kept a day to be undone") { db in
            for statement in PostgresSchema.pendingImportMigration(bytes: "blob", timestamp: "datetime") {
                try db.execute(sql: statement)
            }
        }
        return migrator
    }

    static func describe(_ error: any Error) -> String {
        if let error = error as? DatabaseError {
            return error.message ?? "SQLite error \(error.resultCode.rawValue)"
        }
        // Foundation's file errors are not LocalizedError on Linux, but still describe themselves.
        return (error as? LocalizedError)?.errorDescription ?? error.localizedDescription
    }
}
