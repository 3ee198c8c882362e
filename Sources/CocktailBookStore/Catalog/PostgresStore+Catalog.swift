import CocktailBook
import Foundation
import PostgresNIO

/// The cached catalog, stored once for every instance, and the locks that keep two instances
/// from refreshing or importing at once.
extension PostgresStore {
    public func loadCatalog() async throws -> CachedCatalog? {
        try await mapped { [self] in
            guard
                let (fetchedAt, digest) = try await first(
                    client.query("SELECT fetched_at, source_digest FROM catalog_fetch WHERE id = 1", logger: logger),
                    as: (Date, String?).self)
            else { return nil }
            let rows = try await client.query(
                "SELECT id, payload FROM catalog_cocktail ORDER BY position", logger: logger)
            var cocktails: [Cocktail] = []
            for try await (id, payload) in rows.decode((String, ByteBuffer).self) {
                cocktails.append(try StoreRules.cocktail(id: id, payload: payload.readableBytesView))
            }
            return CachedCatalog(cocktails: cocktails, fetchedAt: fetchedAt, sourceDigest: digest)
        }
    }

    public func markCatalogFetched(at date: Date) async throws {
        try await mapped { [self] in
            try await write("catalog") { connection in
                try await connection.query(
                    "UPDATE catalog_fetch SET fetched_at = \(date) WHERE id = 1", logger: logger)
            }
        }
    }

    public func saveCatalog(_ catalog: CachedCatalog) async throws {
        try await mapped { [self] in
            try await write("catalog") { connection in
                try await connection.query("DELETE FROM catalog_cocktail", logger: logger)
                // Each drink is encoded as it is written: the catalog's JSON is never all held at once.
                for (position, cocktail) in catalog.cocktails.enumerated() {
                    let payload = ByteBuffer(bytes: try StoreRules.payload(cocktail))
                    try await connection.query(
                        "INSERT INTO catalog_cocktail (id, position, name, payload) VALUES (\(cocktail.id), \(position), \(cocktail.name), \(payload))",
                        logger: logger
                    )
                }
                try await connection.query(
                    "INSERT INTO catalog_fetch (id, fetched_at, source_digest) VALUES (1, \(catalog.fetchedAt), \(catalog.sourceDigest)) ON CONFLICT (id) DO UPDATE SET fetched_at = excluded.fetched_at, source_digest = excluded.source_digest",
                    logger: logger
                )
            }
        }
    }

    static func payloads(_ cocktails: [Cocktail]) throws -> [ByteBuffer] {
        try cocktails.map { ByteBuffer(bytes: try StoreRules.payload($0)) }
    }

    public func withRefreshLock(_ body: @Sendable () async -> Void) async throws -> Bool {
        // A session-level lock, held on one connection for as long as the fetch takes; it goes
        // with the connection if this instance dies.
        try await mappingErrors {
            try await client.withConnection { connection in
                guard
                    try await one(
                        connection.query("SELECT pg_try_advisory_lock(\(Self.refreshLock))", logger: logger),
                        as: Bool.self)
                        == true
                else {
                    return false
                }
                await body()
                await Self.unlock(connection)
                return true
            }
        }
    }

    /// Ends the lock by closing its connection (the server lets go of a session's locks with it)
    /// rather than asking `pg_advisory_unlock` on it: the connection may have closed during the
    /// long work it guarded, and PostgresNIO 1.33 never answers a query written to a closed one.
    /// The pool opens another.
    private static func unlock(_ connection: PostgresConnection) async {
        try? await connection.close()
    }

    public func withImportLock(_ body: () async throws -> Void) async throws -> Bool {
        // The import's own failure comes out as it was thrown; the lock's, as an outage.
        var failure: (any Error)?
        let locked = try await mappingErrors {
            try await client.withConnection { connection in
                guard
                    try await one(
                        connection.query("SELECT pg_try_advisory_lock(\(Self.importLock))", logger: logger),
                        as: Bool.self) == true
                else { return false }
                // Unlocked on this connection before it goes back to the pool, whatever `body` did.
                do {
                    try await body()
                } catch {
                    failure = error
                }
                await Self.unlock(connection)
                return true
            }
        }
        if let failure { throw failure }
        return locked
    }

}
