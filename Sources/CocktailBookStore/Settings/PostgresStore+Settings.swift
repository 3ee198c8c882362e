import CocktailBook
import Foundation
import PostgresNIO

/// An account's settings.
extension PostgresStore {
    public func settings(of accountId: Int64) async throws -> Settings? {
        try await mapped { [self] in
            try await one(
                client.query("SELECT value FROM account_settings WHERE account_id = \(accountId)", logger: logger),
                as: String.self
            )
            .map(Settings.init(cookieValue:))
        }
    }

    public func saveSettings(_ settings: Settings, for accountId: Int64) async throws {
        try await mapped { [self] in
            try await write("settings") { connection in
                try await connection.query(
                    "INSERT INTO account_settings (account_id, value) VALUES (\(accountId), \(settings.cookieValue)) ON CONFLICT (account_id) DO UPDATE SET value = excluded.value",
                    logger: logger
                )
            }
        }
    }
}
