import CocktailsAPI
import Foundation
import Logging
import PostgresNIO

/// A throwaway database on the test server `COCKTAILBOOK_TEST_POSTGRES` names
/// (`postgres://user@127.0.0.1:port/postgres`, a role that may create databases;
/// `./scripts/test.sh` starts one), dropped afterwards.
public enum PostgresTestDatabase {
    /// The test server, when one is configured.
    public static var server: String? {
        ProcessInfo.processInfo.environment["COCKTAILBOOK_TEST_POSTGRES"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Runs `body` with the address of a new, empty database on `server`.
    public static func with(server: String, _ body: (String) async throws -> Void) async throws {
        let name = "cocktailbook_test_\(UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: ""))"
        try await admin(server, "CREATE DATABASE \(name)")
        guard var components = URLComponents(string: server) else { throw AddressError(address: server) }
        components.path = "/" + name
        do {
            try await body(components.string ?? server)
        } catch {
            try? await admin(server, "DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
            throw error
        }
        try await admin(server, "DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
    }

    struct AddressError: Error { var address: String }

    /// How many advisory locks sessions hold on the database at `url` (an instance refreshing
    /// the catalog or importing holds one).
    public static func advisoryLocks(on url: String) async throws -> Int {
        guard let components = URLComponents(string: url), let host = components.host else {
            throw AddressError(address: url)
        }
        let configuration = PostgresConnection.Configuration(
            host: host, port: components.port ?? 5432, username: components.user ?? "postgres",
            password: components.password, database: String(components.path.drop { $0 == "/" }), tls: .disable
        )
        let logger = Logger(label: "test-postgres")
        let connection = try await PostgresConnection.connect(configuration: configuration, id: 2, logger: logger)
        defer { Task { try? await connection.close() } }
        let rows = try await connection.query(
            "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND granted", logger: logger)
        for try await count in rows.decode(Int64.self) { return Int(count) }
        return 0
    }

    private static func admin(_ server: String, _ sql: String) async throws {
        guard let components = URLComponents(string: server), let host = components.host else {
            throw AddressError(address: server)
        }
        let configuration = PostgresConnection.Configuration(
            host: host, port: components.port ?? 5432, username: components.user ?? "postgres",
            password: components.password,
            database: String(components.path.drop { $0 == "/" }), tls: .disable
        )
        let logger = Logger(label: "test-postgres")
        let connection = try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
        defer { Task { try? await connection.close() } }
        try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger)
    }
}
