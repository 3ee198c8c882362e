import CocktailBook
import Foundation

/// A signed-in account's settings, so they follow the person to every browser: one row per
/// account, the value in ``Settings/cookieValue``'s format (one format for cookie and row).
extension SQLBook {
    /// The settings `accountId` saved, if any.
    public func settings(of accountId: Int64) async throws -> Settings? {
        try await reading { db in
            try await db.first(String.self, "SELECT value FROM account_settings WHERE account_id = ?", accountId)
        }.map(Settings.init(cookieValue:))
    }

    /// Saves `settings` for `accountId`.
    public func saveSettings(_ settings: Settings, for accountId: Int64) async throws {
        try await writing("settings") { db in
            try await db.execute(
                """
                INSERT INTO account_settings (account_id, value) VALUES (?, ?)
                ON CONFLICT (account_id) DO UPDATE SET value = excluded.value
                """, accountId, settings.cookieValue)
        }
    }
}
