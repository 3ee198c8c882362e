import PostgresNIO

/// Transactions and reading rows: what every call of the contract is written with.
extension PostgresStore {
    /// Runs `body` in one transaction and notifies every instance (with `topic`) when it commits.
    @discardableResult
    func write<T: Sendable>(_ topic: String, _ body: (PostgresConnection) async throws -> T) async throws -> T {
        let logger = logger
        let result = try await transaction { connection in
            let value = try await body(connection)
            try await connection.query("SELECT pg_notify(\(Self.channel), \(topic + " " + instance))", logger: logger)
            return value
        }
        changes.bump()
        return result
    }

    /// Runs `body` in one transaction; the error `body` threw comes out as it was thrown.
    ///
    /// Written out rather than through `PostgresClient.withTransaction`, which sends `ROLLBACK`
    /// after any failure. PostgresNIO 1.33 never answers a query written to a connection that
    /// has closed, and a connection the server ended (a crash, `pg_terminate_backend`) closes
    /// just as its last query fails: that `ROLLBACK` would wait for good. So `ROLLBACK` follows
    /// only a refusal of ours or an ordinary error of the server, on a connection that just
    /// answered; after anything else the connection is closed, which ends the transaction on the
    /// server, and the pool opens another.
    @discardableResult
    func transaction<T: Sendable>(_ body: (PostgresConnection) async throws -> T) async throws -> T {
        let logger = logger
        return try await client.withConnection { connection in
            // Should the connection close while this call holds it, the call ends at once.
            let holding = calls.watch(connection)
            defer { calls.release(holding) }
            try await connection.query("BEGIN", logger: logger)
            do {
                let value = try await body(connection)
                try await connection.query("COMMIT", logger: logger)
                return value
            } catch {
                if Self.leavesConnectionUsable(error) {
                    _ = try? await connection.query("ROLLBACK", logger: logger)
                } else {
                    calls.release(holding) // its own error, not the closing, is the answer
                    try? await connection.close()
                }
                throw error
            }
        }
    }

    /// Whether the connection that failed with `error` still answers: the store's own refusals
    /// and the server's ordinary errors (a constraint, say), not a lost or ended connection.
    static func leavesConnectionUsable(_ error: any Error) -> Bool {
        guard let error = error as? PSQLError else { return !(error is CancellationError) }
        return error.code == .server && error.serverInfo?[.severity] == "ERROR"
    }

    func first<each Column: PostgresDecodable & Sendable>(
        _ rows: PostgresRowSequence, as type: (repeat each Column).Type
    ) async throws -> (repeat each Column)? {
        for try await value in rows.decode((repeat each Column).self) { return value }
        return nil
    }

    func all<each Column: PostgresDecodable & Sendable>(
        _ rows: PostgresRowSequence, as type: (repeat each Column).Type
    ) async throws -> [(repeat each Column)] {
        var values: [(repeat each Column)] = []
        for try await value in rows.decode((repeat each Column).self) { values.append(value) }
        return values
    }

    func one<T: PostgresDecodable & Sendable>(_ rows: PostgresRowSequence, as type: T.Type) async throws -> T? {
        for try await value in rows.decode(T.self) { return value }
        return nil
    }

    func many<T: PostgresDecodable & Sendable>(_ rows: PostgresRowSequence, as type: T.Type) async throws -> [T] {
        var values: [T] = []
        for try await value in rows.decode(T.self) { values.append(value) }
        return values
    }

    func count(_ rows: PostgresRowSequence) async throws -> Int {
        var count = 0
        for try await _ in rows { count += 1 }
        return count
    }
}
