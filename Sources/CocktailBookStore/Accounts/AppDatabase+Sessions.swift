import CocktailBook
import Foundation
import GRDB

/// An API token as its owner sees it listed: never the token itself.
public struct APIToken: Sendable, Equatable, Codable {
    public var id: Int64
    public var prefix: String
    public var label: String?
    public var createdAt: Date
    public var lastUsedAt: Date?
}

struct SessionRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "session"
    var tokenHash: String
    var accountId: Int64
    var createdAt: Date
    var lastSeenAt: Date
}

struct APITokenRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "apiToken"
    enum Columns {
        static let accountId = Column(CodingKeys.accountId)
        static let tokenHash = Column(CodingKeys.tokenHash)
        static let prefix = Column(CodingKeys.prefix)
    }

    var id: Int64?
    var accountId: Int64
    var tokenHash: String
    var prefix: String
    var label: String?
    var createdAt: Date
    var lastUsedAt: Date?

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

/// Sessions and API tokens are stored as SHA-256 hashes of the secrets the browser or client
/// holds, so a copy of the database signs nobody in.
extension AppDatabase {
    /// Starts a session for `accountId`.
    public func createSession(tokenHash: String, accountId: Int64, at date: Date) async throws {
        try await write { db in
            try SessionRecord(tokenHash: tokenHash, accountId: accountId, createdAt: date, lastSeenAt: date).insert(db)
        }
    }

    /// The account signed in by the session `tokenHash`, when it was used within `maximumIdle`
    /// of `now`; an expired session is deleted. The last use is recorded at most once a minute.
    public func sessionAccount(tokenHash: String, now: Date, maximumIdle: TimeInterval) async throws -> Account? {
        guard let session = try await read({ db in try SessionRecord.fetchOne(db, key: tokenHash) }) else {
            return nil
        }
        if now.timeIntervalSince(session.lastSeenAt) > maximumIdle {
            try await deleteSession(tokenHash: tokenHash)
            return nil
        }
        if StoreRules.isDueForTouch(session.lastSeenAt, now: now) {
            try await write { db in
                try db.execute(
                    sql: "UPDATE session SET lastSeenAt = ? WHERE tokenHash = ?",
                    arguments: [now, tokenHash])
            }
        }
        return try await account(id: session.accountId)
    }

    /// Ends one session.
    public func deleteSession(tokenHash: String) async throws {
        _ = try await write { db in try SessionRecord.deleteOne(db, key: tokenHash) }
    }

    /// Ends every session of `accountId` except `keeping`; returns how many ended.
    @discardableResult
    public func deleteSessions(of accountId: Int64, keeping: String?) async throws -> Int {
        try await write { db in
            try db.execute(
                sql: "DELETE FROM session WHERE accountId = ? AND tokenHash IS NOT ?", arguments: [accountId, keeping])
            return db.changesCount
        }
    }

    /// How many sessions `accountId` has open.
    public func sessionCount(of accountId: Int64) async throws -> Int {
        try await read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM session WHERE accountId = ?", arguments: [accountId]) ?? 0
        }
    }

    /// Stores a new API token of `accountId`.
    @discardableResult
    public func addToken(tokenHash: String, prefix: String, label: String?, accountId: Int64, at date: Date)
        async throws -> APIToken
    {
        try await write { db in
            var record = APITokenRecord(
                id: nil, accountId: accountId, tokenHash: tokenHash, prefix: prefix, label: label, createdAt: date)
            try record.insert(db)
            return APIToken(id: record.id ?? 0, prefix: prefix, label: label, createdAt: date)
        }
    }

    /// The account an API token belongs to, recording its use.
    public func tokenAccount(tokenHash: String, now: Date) async throws -> Account? {
        guard
            let token = try await read({ db in
                try APITokenRecord.filter(APITokenRecord.Columns.tokenHash == tokenHash).fetchOne(db)
            })
        else {
            return nil
        }
        if StoreRules.isDueForTouch(token.lastUsedAt, now: now) {
            try await write { db in
                try db.execute(
                    sql: "UPDATE apiToken SET lastUsedAt = ? WHERE id = ?", arguments: [now, token.id])
            }
        }
        return try await account(id: token.accountId)
    }

    /// `accountId`'s tokens, newest first.
    public func tokens(of accountId: Int64) async throws -> [APIToken] {
        try await read { db in
            try APITokenRecord.filter(APITokenRecord.Columns.accountId == accountId).order(
                Column("createdAt").desc, Column("id").desc
            ).fetchAll(db)
                .map {
                    APIToken(
                        id: $0.id ?? 0, prefix: $0.prefix, label: $0.label, createdAt: $0.createdAt,
                        lastUsedAt: $0.lastUsedAt)
                }
        }
    }

    /// Revokes the one token whose text starts with `prefix` (at least its stored prefix, or
    /// a longer start of it), at once.
    ///
    /// - Throws: ``StoreError/tokenPrefix(_:matches:)`` unless exactly one token matches.
    public func revokeToken(prefix: String) async throws {
        try await write { db in
            let candidates = try APITokenRecord.fetchAll(db).filter {
                StoreRules.token(prefix, matchesPrefix: $0.prefix)
            }
            guard candidates.count == 1, let id = candidates[0].id else {
                throw StoreError.tokenPrefix(prefix, matches: candidates.count)
            }
            _ = try APITokenRecord.deleteOne(db, key: id)
        }
    }

    /// Revokes `accountId`'s token `id`; `false` when it has no such token.
    @discardableResult
    public func revokeToken(id: Int64, of accountId: Int64) async throws -> Bool {
        try await write { db in
            try APITokenRecord.filter(Column("id") == id && APITokenRecord.Columns.accountId == accountId).deleteAll(db)
                > 0
        }
    }
}
