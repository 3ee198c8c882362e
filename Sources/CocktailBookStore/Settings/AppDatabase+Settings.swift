import CocktailBook
import Foundation
import GRDB

/// A signed-in account's settings, so they follow the person to every browser.
extension AppDatabase {
    static func migrateSettings(_ db: Database) throws {
        try db.create(table: "accountSettings") { t in
            t.primaryKey("accountId", .integer).references("account", onDelete: .cascade)
            t.column("value", .text).notNull() // Settings.cookieValue: one format for cookie and row
        }
    }

    /// The settings `accountId` saved, if any.
    public func settings(of accountId: Int64) async throws -> Settings? {
        try await read { db in
            try String.fetchOne(
                db, sql: "SELECT value FROM accountSettings WHERE accountId = ?", arguments: [accountId]
            )
            .map(Settings.init(cookieValue:))
        }
    }

    /// Saves `settings` for `accountId`.
    public func saveSettings(_ settings: Settings, for accountId: Int64) async throws {
        try await write { db in
            try db.execute(
                sql:
                    "INSERT INTO accountSettings (accountId, value) VALUES (?, ?) ON CONFLICT(accountId) DO UPDATE SET value = excluded.value",
                arguments: [accountId, settings.cookieValue]
            )
        }
    }
}
