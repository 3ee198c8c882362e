import CocktailBook
import Foundation
import PostgresNIO

/// The locks that keep two instances from refreshing the catalog or importing at once.
extension PostgresStore {
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
