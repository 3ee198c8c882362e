import CocktailBook
import Foundation
import GRDB

/// Menu prices: a price per list entry (minor units of the book's currency), a menu's choice
/// to show them and the pour cost it aims at, and the book's own settings (its currency), one
/// row per key.
extension AppDatabase: BookSettingsStore {
    static func migratePrices(_ db: Database) throws {
        try db.alter(table: "drinkListEntry") { t in t.add(column: "priceMinor", .integer) }
        try db.alter(table: "drinkList") { t in
            t.add(column: "menuPrices", .text).notNull().defaults(to: MenuPrices.Display.auto.rawValue)
            t.add(column: "pourCostPercent", .integer)
        }
        try db.create(table: "bookSetting") { t in
            t.primaryKey("key", .text)
            t.column("value", .text).notNull()
        }
    }

    /// The key of the book's currency in `bookSetting`.
    static let currencyKey = "currency"

    public func bookCurrency() async throws -> String? {
        try await read { db in
            try String.fetchOne(db, sql: "SELECT value FROM bookSetting WHERE key = ?", arguments: [Self.currencyKey])
        }
    }

    public func setBookCurrency(_ code: String) async throws {
        let code = try BookCurrency.code(code)
        try await write { db in try Self.saveCurrency(db, code) }
    }

    static func saveCurrency(_ db: Database, _ code: String) throws {
        try db.execute(
            sql:
                "INSERT INTO bookSetting (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            arguments: [currencyKey, code])
    }
}
