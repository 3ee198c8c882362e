import CocktailBook
import Foundation

/// An API token as its owner sees it listed: never the token itself.
public struct APIToken: Sendable, Equatable, Codable {
    public var id: Int64
    public var prefix: String
    public var label: String?
    public var createdAt: Date
    public var lastUsedAt: Date?
    /// What it may do (``TokenScope``), as issued: its account's role may narrow it.
    public var scope: TokenScope = .write
    /// When it stops working; `nil` for never.
    public var expiresAt: Date?

    /// Whether it still works at `now`.
    public func isValid(at now: Date) -> Bool { expiresAt.map { now < $0 } ?? true }
}

/// Sessions and API tokens are stored as SHA-256 hashes of the secrets the browser or client
/// holds, so a copy of the database signs nobody in.
extension SQLBook {
    /// Starts a session for `accountId`.
    public func createSession(tokenHash: String, accountId: Int64, at date: Date) async throws {
        try await writing("sessions") { db in
            try await db.execute(
                "INSERT INTO session (token_hash, account_id, created_at, last_seen_at) VALUES (?, ?, ?, ?)", tokenHash,
                accountId, date, date)
        }
    }

    /// The account signed in by the session `tokenHash`, when it was used within `maximumIdle`
    /// of `now`; an expired session is deleted. The last use is recorded at most once a minute.
    public func sessionAccount(tokenHash: String, now: Date, maximumIdle: TimeInterval) async throws -> Account? {
        guard
            let (accountId, lastSeenAt) = try await reading({ db in
                try await db.tuples(
                    (Int64, Date).self, "SELECT account_id, last_seen_at FROM session WHERE token_hash = ?", tokenHash
                ).first
            })
        else { return nil }
        if now.timeIntervalSince(lastSeenAt) > maximumIdle {
            try await deleteSession(tokenHash: tokenHash)
            return nil
        }
        if StoreRules.isDueForTouch(lastSeenAt, now: now) {
            try await writing("sessions") { db in
                try await db.execute("UPDATE session SET last_seen_at = ? WHERE token_hash = ?", now, tokenHash)
            }
        }
        return try await account(id: accountId)
    }

    /// Ends one session.
    public func deleteSession(tokenHash: String) async throws {
        try await writing("sessions") { db in
            try await db.execute("DELETE FROM session WHERE token_hash = ?", tokenHash)
        }
    }

    /// Ends every session of `accountId` except `keeping`; returns how many ended.
    @discardableResult
    public func deleteSessions(of accountId: Int64, keeping: String?) async throws -> Int {
        try await writing("sessions") { db in
            try await db.execute(
                "DELETE FROM session WHERE account_id = ? AND token_hash IS DISTINCT FROM ? RETURNING 1", accountId,
                keeping)
        }
    }

    /// How many sessions `accountId` has open.
    public func sessionCount(of accountId: Int64) async throws -> Int {
        try await reading { db in
            try await db.first(Int.self, "SELECT count(*) FROM session WHERE account_id = ?", accountId) ?? 0
        }
    }

    /// Stores a new API token of `accountId`, with its scope and expiry.
    @discardableResult
    public func addToken(
        tokenHash: String, prefix: String, label: String?, accountId: Int64, at date: Date, scope: TokenScope,
        expiresAt: Date?
    ) async throws -> APIToken {
        let id = try await writing("tokens") { db in
            try await db.first(
                Int64.self,
                """
                INSERT INTO api_token (account_id, token_hash, prefix, label, created_at, scope, expires_at)
                VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id
                """,
                accountId, tokenHash, prefix, label, date, scope.rawValue, expiresAt)
        }
        return APIToken(
            id: id ?? 0, prefix: prefix, label: label, createdAt: date, scope: scope, expiresAt: expiresAt)
    }

    /// The account an API token signs in and what the token may do, unless it has expired;
    /// records its use (at most once a minute).
    public func tokenGrant(tokenHash: String, now: Date) async throws -> TokenGrant? {
        guard
            let row = try await reading({ db in
                try await db.first(TokenRow.self, "\(TokenRow.select) WHERE token_hash = ?", tokenHash)
            }), row.token.isValid(at: now)
        else { return nil }
        if StoreRules.isDueForTouch(row.lastUsedAt, now: now) {
            try await writing("tokens") { db in
                try await db.execute("UPDATE api_token SET last_used_at = ? WHERE id = ?", now, row.id)
            }
        }
        return try await account(id: row.accountId).map {
            TokenGrant(account: $0, scope: row.token.scope.capped(by: $0.role), expiresAt: row.expiresAt)
        }
    }

    /// `accountId`'s tokens, newest first.
    public func tokens(of accountId: Int64) async throws -> [APIToken] {
        try await reading { db in
            try await db.all(
                TokenRow.self, "\(TokenRow.select) WHERE account_id = ? ORDER BY created_at DESC, id DESC", accountId)
        }.map(\.token)
    }

    /// Revokes the one token whose text starts with `prefix` (at least its stored prefix, or
    /// a longer start of it), at once.
    ///
    /// - Throws: ``StoreError/tokenPrefix(_:matches:)`` unless exactly one token matches.
    public func revokeToken(prefix: String) async throws {
        try await writing("tokens") { db in
            let candidates = try await db.all(
                TokenRow.self, TokenRow.select
            ).filter { StoreRules.token(prefix, matchesPrefix: $0.prefix) }
            guard candidates.count == 1 else { throw StoreError.tokenPrefix(prefix, matches: candidates.count) }
            try await db.execute("DELETE FROM api_token WHERE id = ?", candidates[0].id)
        }
    }

    /// Revokes `accountId`'s token `id`; `false` when it has no such token.
    @discardableResult
    public func revokeToken(id: Int64, of accountId: Int64) async throws -> Bool {
        try await writing("tokens") { db in
            try await db.execute("DELETE FROM api_token WHERE id = ? AND account_id = ? RETURNING 1", id, accountId) > 0
        }
    }
}

private struct TokenRow: Decodable {
    static let select =
        "SELECT id, account_id, prefix, label, created_at, last_used_at, scope, expires_at FROM api_token"

    var id: Int64
    var accountId: Int64
    var prefix: String
    var label: String?
    var createdAt: Date
    var lastUsedAt: Date?
    var scope: String
    var expiresAt: Date?

    var token: APIToken {
        APIToken(
            id: id, prefix: prefix, label: label, createdAt: createdAt, lastUsedAt: lastUsedAt,
            scope: TokenScope(rawValue: scope) ?? .read, expiresAt: expiresAt)
    }
}

/// Who an API token signs in, and what it may do for them now.
public struct TokenGrant: Sendable, Equatable {
    public var account: Account
    public var scope: TokenScope
    /// When the token stops working; `nil` for never.
    public var expiresAt: Date?

    public init(account: Account, scope: TokenScope, expiresAt: Date? = nil) {
        self.account = account
        self.scope = scope
        self.expiresAt = expiresAt
    }
}

extension AppStore {
    /// Stores a new `write` token that never expires.
    @discardableResult
    public func addToken(tokenHash: String, prefix: String, label: String?, accountId: Int64, at date: Date)
        async throws -> APIToken
    {
        try await addToken(
            tokenHash: tokenHash, prefix: prefix, label: label, accountId: accountId, at: date, scope: .write,
            expiresAt: nil)
    }

    /// The account a live API token signs in.
    public func tokenAccount(tokenHash: String, now: Date) async throws -> Account? {
        try await tokenGrant(tokenHash: tokenHash, now: now)?.account
    }
}
