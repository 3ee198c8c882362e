import CocktailBook
import Foundation

/// The answers to requests with an `Idempotency-Key`, per owner, kept for a day: a key is claimed
/// by the request that first brings it, finished with its answer, or released when it failed.
/// Nobody else needs to hear of these writes (``SQLBook/writing(_:_:)`` with no topic).
extension SQLBook {
    public func claimIdempotencyKey(_ key: String, requestHash: String, owner: FavoritesOwner, at date: Date)
        async throws -> IdempotencyClaim
    {
        try await writing(nil) { db in
            try await db.execute(
                "DELETE FROM idempotency_key WHERE owner_id = ? AND created_at < ?", owner.id,
                date.addingTimeInterval(-IdempotencyRules.keptFor))
            // Two requests with one key at once: the second waits for the first's row here.
            let inserted = try await db.execute(
                """
                INSERT INTO idempotency_key (owner_id, key, request_hash, created_at) VALUES (?, ?, ?, ?)
                ON CONFLICT (owner_id, key) DO NOTHING RETURNING 1
                """, owner.id, key, requestHash, date)
            if inserted > 0 { return .claimed }
            guard
                let row = try await db.first(
                    KeptKeyRow.self,
                    "SELECT request_hash, created_at, status, headers, body FROM idempotency_key WHERE owner_id = ? AND key = ?",
                    owner.id, key)
            else { return .running(since: date) }
            let answer = row.status.map {
                KeptAnswer(
                    status: $0, headers: IdempotencyRules.decodedHeaders(row.headers), body: row.body ?? Data())
            }
            return IdempotencyRules.claim(
                requestHash: requestHash, storedHash: row.requestHash, createdAt: row.createdAt, answer: answer)
        }
    }

    public func finishIdempotencyKey(_ key: String, owner: FavoritesOwner, answer: KeptAnswer) async throws {
        try await writing(nil) { db in
            try await db.execute(
                "UPDATE idempotency_key SET status = ?, headers = ?, body = ? WHERE owner_id = ? AND key = ?",
                answer.status, IdempotencyRules.encodedHeaders(answer.headers), answer.body, owner.id, key)
        }
    }

    public func releaseIdempotencyKey(_ key: String, owner: FavoritesOwner) async throws {
        try await writing(nil) { db in
            try await db.execute("DELETE FROM idempotency_key WHERE owner_id = ? AND key = ?", owner.id, key)
        }
    }
}

private struct KeptKeyRow: Decodable {
    var requestHash: String
    var createdAt: Date
    var status: Int?
    var headers: String?
    var body: Data?
}
