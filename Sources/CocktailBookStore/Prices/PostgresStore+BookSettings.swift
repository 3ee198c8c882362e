import CocktailBook
import Foundation
import PostgresNIO

/// The book's own settings (its currency), as ``AppDatabase`` keeps them; a change is announced
/// to the other instances under the topic `settings`.
extension PostgresStore: BookSettingsStore {
    public func bookCurrency() async throws -> String? {
        try await mapped { [self] in
            try await one(
                client.query(
                    "SELECT value FROM book_setting WHERE key = \(AppDatabase.currencyKey)", logger: logger),
                as: String.self)
        }
    }

    public func setBookCurrency(_ code: String) async throws {
        let code = try BookCurrency.code(code)
        try await mapped { [self] in
            try await write("settings") { connection in try await saveCurrency(connection, code) }
        }
    }

    func saveCurrency(_ connection: PostgresConnection, _ code: String) async throws {
        try await connection.query(
            "INSERT INTO book_setting (key, value) VALUES (\(AppDatabase.currencyKey), \(code)) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            logger: logger)
    }
}
