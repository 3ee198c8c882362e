import CocktailBook
import Foundation
import GRDB

extension AppDatabase: IdempotencyStore {
    static func migrateIdempotencyKeys(_ db: Database) throws {
        try db.create(table: "idempotencyKey") { t in
            t.column("ownerId", .integer).notNull()
            t.column("key", .text).notNull()
            t.column("requestHash", .text).notNull()
            t.column("createdAt", .datetime).notNull()
            t.column("status", .integer)
            t.column("headers", .text)
            t.column("body", .blob)
            t.primaryKey(["ownerId", "key"])
        }
    }

    public func claimIdempotencyKey(_ key: String, requestHash: String, owner: FavoritesOwner, at date: Date)
        async throws -> IdempotencyClaim
    {
        try await write { db in
            try db.execute(
                sql: "DELETE FROM idempotencyKey WHERE ownerId = ? AND createdAt < ?",
                arguments: [owner.id, date.addingTimeInterval(-IdempotencyRules.keptFor)])
            if let row = try Row.fetchOne(
                db,
                sql:
                    "SELECT requestHash, createdAt, status, headers, body FROM idempotencyKey WHERE ownerId = ? AND key = ?",
                arguments: [owner.id, key])
            {
                let answer = (row["status"] as Int?).map {
                    KeptAnswer(
                        status: $0, headers: IdempotencyRules.decodedHeaders(row["headers"]),
                        body: row["body"] as Data? ?? Data())
                }
                return IdempotencyRules.claim(
                    requestHash: requestHash, storedHash: row["requestHash"], createdAt: row["createdAt"],
                    answer: answer)
            }
            try db.execute(
                sql: "INSERT INTO idempotencyKey (ownerId, key, requestHash, createdAt) VALUES (?, ?, ?, ?)",
                arguments: [owner.id, key, requestHash, date])
            return .claimed
        }
    }

    public func finishIdempotencyKey(_ key: String, owner: FavoritesOwner, answer: KeptAnswer) async throws {
        try await write { db in
            try db.execute(
                sql: "UPDATE idempotencyKey SET status = ?, headers = ?, body = ? WHERE ownerId = ? AND key = ?",
                arguments: [
                    answer.status, IdempotencyRules.encodedHeaders(answer.headers), answer.body, owner.id, key,
                ])
        }
    }

    public func releaseIdempotencyKey(_ key: String, owner: FavoritesOwner) async throws {
        try await write { db in
            try db.execute(
                sql: "DELETE FROM idempotencyKey WHERE ownerId = ? AND key = ?", arguments: [owner.id, key])
        }
    }
}
