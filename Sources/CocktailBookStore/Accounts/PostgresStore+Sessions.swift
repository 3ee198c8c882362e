import CocktailBook
import Foundation
import PostgresNIO

/// Sessions and API tokens, stored as hashes.
extension PostgresStore {
    public func createSession(tokenHash: String, accountId: Int64, at date: Date) async throws {
        try await mapped { [self] in
            try await write("sessions") { connection in
                try await connection.query(
                    "INSERT INTO session (token_hash, account_id, created_at, last_seen_at) VALUES (\(tokenHash), \(accountId), \(date), \(date))",
                    logger: logger
                )
            }
        }
    }

    public func sessionAccount(tokenHash: String, now: Date, maximumIdle: TimeInterval) async throws -> Account? {
        try await mapped { [self] in
            guard
                let (accountId, lastSeen) = try await first(
                    client.query(
                        "SELECT account_id, last_seen_at FROM session WHERE token_hash = \(tokenHash)", logger: logger),
                    as: (Int64, Date).self
                )
            else { return nil }
            if now.timeIntervalSince(lastSeen) > maximumIdle {
                try await deleteSession(tokenHash: tokenHash)
                return nil
            }
            if StoreRules.isDueForTouch(lastSeen, now: now) {
                try await write("sessions") { connection in
                    try await connection.query(
                        "UPDATE session SET last_seen_at = \(now) WHERE token_hash = \(tokenHash)", logger: logger)
                }
            }
            return try await account(id: accountId)
        }
    }

    public func deleteSession(tokenHash: String) async throws {
        try await mapped { [self] in
            try await write("sessions") { connection in
                try await connection.query("DELETE FROM session WHERE token_hash = \(tokenHash)", logger: logger)
            }
        }
    }

    @discardableResult
    public func deleteSessions(of accountId: Int64, keeping: String?) async throws -> Int {
        try await mapped { [self] in
            try await write("sessions") { connection in
                try await count(
                    connection.query(
                        "DELETE FROM session WHERE account_id = \(accountId) AND token_hash IS DISTINCT FROM \(keeping) RETURNING 1",
                        logger: logger
                    ))
            }
        }
    }

    public func sessionCount(of accountId: Int64) async throws -> Int {
        try await mapped { [self] in
            try await count(client.query("SELECT 1 FROM session WHERE account_id = \(accountId)", logger: logger))
        }
    }

    @discardableResult
    public func addToken(tokenHash: String, prefix: String, label: String?, accountId: Int64, at date: Date)
        async throws -> APIToken
    {
        try await mapped { [self] in
            try await write("tokens") { connection in
                let id = try await first(
                    connection.query(
                        "INSERT INTO api_token (account_id, token_hash, prefix, label, created_at) VALUES (\(accountId), \(tokenHash), \(prefix), \(label), \(date)) RETURNING id",
                        logger: logger
                    ), as: Int64.self)
                return APIToken(id: id ?? 0, prefix: prefix, label: label, createdAt: date)
            }
        }
    }

    public func tokenAccount(tokenHash: String, now: Date) async throws -> Account? {
        try await mapped { [self] in
            guard
                let (id, accountId, lastUsed) = try await first(
                    client.query(
                        "SELECT id, account_id, last_used_at FROM api_token WHERE token_hash = \(tokenHash)",
                        logger: logger
                    ), as: (Int64, Int64, Date?).self
                )
            else { return nil }
            if StoreRules.isDueForTouch(lastUsed, now: now) {
                try await write("tokens") { connection in
                    try await connection.query(
                        "UPDATE api_token SET last_used_at = \(now) WHERE id = \(id)", logger: logger)
                }
            }
            return try await account(id: accountId)
        }
    }

    public func tokens(of accountId: Int64) async throws -> [APIToken] {
        try await mapped { [self] in
            let rows = try await client.query(
                "SELECT id, prefix, label, created_at, last_used_at FROM api_token WHERE account_id = \(accountId) ORDER BY created_at DESC, id DESC",
                logger: logger
            )
            var tokens: [APIToken] = []
            for try await (id, prefix, label, createdAt, lastUsed) in rows.decode(
                (Int64, String, String?, Date, Date?).self)
            {
                tokens.append(
                    APIToken(id: id, prefix: prefix, label: label, createdAt: createdAt, lastUsedAt: lastUsed))
            }
            return tokens
        }
    }

    public func revokeToken(prefix: String) async throws {
        try await mapped { [self] in
            try await write("tokens") { connection in
                var candidates: [Int64] = []
                for try await (id, stored) in try await connection.query(
                    "SELECT id, prefix FROM api_token", logger: logger
                )
                .decode((Int64, String).self)
                where StoreRules.token(prefix, matchesPrefix: stored) {
                    candidates.append(id)
                }
                guard candidates.count == 1 else { throw StoreError.tokenPrefix(prefix, matches: candidates.count) }
                try await connection.query("DELETE FROM api_token WHERE id = \(candidates[0])", logger: logger)
            }
        }
    }

    @discardableResult
    public func revokeToken(id: Int64, of accountId: Int64) async throws -> Bool {
        try await mapped { [self] in
            try await write("tokens") { connection in
                try await count(
                    connection.query(
                        "DELETE FROM api_token WHERE id = \(id) AND account_id = \(accountId) RETURNING 1",
                        logger: logger))
                    > 0
            }
        }
    }
}
