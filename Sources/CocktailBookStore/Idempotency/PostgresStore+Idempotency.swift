import CocktailBook
import Foundation
import PostgresNIO

extension PostgresStore: IdempotencyStore {
    static let idempotencyMigration = [
        """
        CREATE TABLE idempotency_key (
            owner_id bigint NOT NULL, key text NOT NULL, request_hash text NOT NULL,
            created_at timestamptz NOT NULL, status integer, headers text, body bytea,
            PRIMARY KEY (owner_id, key))
        """
    ]

    public func claimIdempotencyKey(_ key: String, requestHash: String, owner: FavoritesOwner, at date: Date)
        async throws -> IdempotencyClaim
    {
        try await mapped { [self] in
            try await transaction { connection in
                let cutOff = date.addingTimeInterval(-IdempotencyRules.keptFor)
                try await connection.query(
                    "DELETE FROM idempotency_key WHERE owner_id = \(owner.id) AND created_at < \(cutOff)",
                    logger: logger)
                // Two requests with one key at once: the second waits for the first's row here.
                let inserted = try await one(
                    connection.query(
                        """
                        INSERT INTO idempotency_key (owner_id, key, request_hash, created_at)
                        VALUES (\(owner.id), \(key), \(requestHash), \(date))
                        ON CONFLICT (owner_id, key) DO NOTHING RETURNING 1
                        """, logger: logger), as: Int.self)
                if inserted != nil { return .claimed }
                guard
                    let (hash, createdAt, status, headers, body) = try await first(
                        connection.query(
                            "SELECT request_hash, created_at, status, headers, body FROM idempotency_key WHERE owner_id = \(owner.id) AND key = \(key)",
                            logger: logger), as: (String, Date, Int?, String?, ByteBuffer?).self)
                else { return .running(since: date) }
                let answer = status.map {
                    KeptAnswer(
                        status: $0, headers: IdempotencyRules.decodedHeaders(headers),
                        body: body.map { Data(buffer: $0) } ?? Data())
                }
                return IdempotencyRules.claim(
                    requestHash: requestHash, storedHash: hash, createdAt: createdAt, answer: answer)
            }
        }
    }

    public func finishIdempotencyKey(_ key: String, owner: FavoritesOwner, answer: KeptAnswer) async throws {
        try await mapped { [self] in
            try await transaction { connection in
                try await connection.query(
                    """
                    UPDATE idempotency_key SET status = \(answer.status),
                    headers = \(IdempotencyRules.encodedHeaders(answer.headers)), body = \(ByteBuffer(bytes: answer.body))
                    WHERE owner_id = \(owner.id) AND key = \(key)
                    """, logger: logger)
            }
        }
    }

    public func releaseIdempotencyKey(_ key: String, owner: FavoritesOwner) async throws {
        try await mapped { [self] in
            try await transaction { connection in
                try await connection.query(
                    "DELETE FROM idempotency_key WHERE owner_id = \(owner.id) AND key = \(key)", logger: logger)
            }
        }
    }
}
