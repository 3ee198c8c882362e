import CocktailBook
import Foundation

/// The book's own settings (its currency), one row per key of `book_setting`.
extension SQLBook {
    public func bookCurrency() async throws -> String? {
        try await reading { db in
            try await db.first(String.self, "SELECT value FROM book_setting WHERE key = ?", BookSettingKey.currency)
        }
    }

    public func setBookCurrency(_ code: String) async throws {
        let code = try BookCurrency.code(code)
        try await writing("settings") { db in try await db.saveCurrency(code) }
    }
}

extension SQLConnection {
    func saveCurrency(_ code: String) async throws {
        try await execute(
            "INSERT INTO book_setting (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            BookSettingKey.currency, code)
    }
}

/// The keys of `book_setting`.
enum BookSettingKey {
    static let currency = "currency"
}
