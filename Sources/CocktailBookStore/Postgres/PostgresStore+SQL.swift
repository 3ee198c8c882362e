import Foundation
import PostgresNIO

/// PostgreSQL runs the statements written once (``SQLBook``): reads on the pool, writes in one
/// transaction that notifies the other instances, each call one of the calls in flight that an
/// outage ends (see ``mapped(_:)``).
extension PostgresStore: SQLBook {
    public func reading<T: Sendable>(_ body: @escaping @Sendable (any SQLConnection) async throws -> T)
        async throws -> T
    {
        try await Refusal.unwrapped {
            try await mapped { [self] in
                try await Refusal.sorting {
                    try await body(PostgresSQLConnection(target: .pool(client), logger: logger))
                }
            }
        }
    }

    public func readingSnapshot<T: Sendable>(_ body: @escaping @Sendable (any SQLConnection) async throws -> T)
        async throws -> T
    {
        try await writing(nil) { db in
            _ = try await db.rows("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY", [])
            return try await body(db)
        }
    }

    public func writing<T: Sendable>(
        _ topic: String?, _ body: @escaping @Sendable (any SQLConnection) async throws -> T
    ) async throws -> T {
        try await Refusal.unwrapped {
            try await mapped { [self] in
                let logger = logger
                let run: (PostgresConnection) async throws -> T = { connection in
                    try await Refusal.sorting {
                        try await body(PostgresSQLConnection(target: .connection(connection), logger: logger))
                    }
                }
                guard let topic else { return try await transaction(run) }
                return try await write(topic, run)
            }
        }
    }
}

/// Keeps apart what a body of statements throws itself (a refusal of the store, which comes out
/// as it was thrown, after a `ROLLBACK`) from what the database or its connection did (which the
/// transaction and ``PostgresStore/mapped(_:)`` handle as they always do).
struct Refusal: Error {
    let error: any Error

    /// The database's failure, thrown by a statement.
    struct DatabaseFailure: Error {
        let underlying: any Error
    }

    static func sorting<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let failure as DatabaseFailure {
            throw failure.underlying
        } catch {
            throw Refusal(error: error)
        }
    }

    static func unwrapped<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let refusal as Refusal {
            throw refusal.error
        }
    }
}

/// Statements on the pool or on a transaction's connection, `?` numbered as PostgreSQL wants.
private struct PostgresSQLConnection: SQLConnection {
    enum Target: Sendable {
        case pool(PostgresClient)
        case connection(PostgresConnection)
    }

    let target: Target
    let logger: Logger
    var forUpdate: String { " FOR UPDATE" }

    func continueNumbering(_ table: String) async throws {
        _ = try await rows(
            "SELECT setval(pg_get_serial_sequence('\(table)', 'id'), COALESCE((SELECT max(id) FROM \(table)), 0) + 1, false)",
            [])
    }

    func lockForWriting(_ table: String) async throws {
        _ = try await rows("LOCK TABLE \(table) IN SHARE ROW EXCLUSIVE MODE", [])
    }

    func rows(_ sql: String, _ arguments: [SQLValue]) async throws -> [SQLRow] {
        var binds = PostgresBindings(capacity: arguments.count)
        for argument in arguments {
            switch argument {
            case .null: binds.appendNull()
            case .integer(let integer): try binds.append(integer)
            case .real(let real): try binds.append(real)
            case .text(let text): try binds.append(text)
            case .blob(let data): try binds.append(data)
            case .bool(let flag): try binds.append(flag)
            case .date(let date): try binds.append(date)
            }
        }
        let query = PostgresQuery(unsafeSQL: SQLPlaceholders.numbered(sql), binds: binds)
        do {
            let sequence =
                switch target {
                case .pool(let client): try await client.query(query, logger: logger)
                case .connection(let connection): try await connection.query(query, logger: logger)
                }
            var rows: [SQLRow] = []
            // The rows of one statement share one array of column names.
            var columns: (names: [String], keys: [String])?
            for try await row in sequence {
                let shared =
                    columns
                    ?? {
                        let names = row.map(\.columnName)
                        return (names, SQLRow.keys(of: names))
                    }()
                columns = shared
                rows.append(SQLRow(columns: shared.names, values: try row.map(Self.value), keys: shared.keys))
            }
            return rows
        } catch {
            throw Refusal.DatabaseFailure(underlying: error)
        }
    }

    static func value(_ cell: PostgresCell) throws -> SQLValue {
        guard cell.bytes != nil else { return .null }
        switch cell.dataType {
        case .int8: return .integer(try cell.decode(Int64.self))
        case .int4: return .integer(Int64(try cell.decode(Int32.self)))
        case .int2: return .integer(Int64(try cell.decode(Int16.self)))
        case .float8: return .real(try cell.decode(Double.self))
        case .float4: return .real(Double(try cell.decode(Float.self)))
        case .bool: return .bool(try cell.decode(Bool.self))
        case .bytea: return .blob(try cell.decode(Data.self))
        case .timestamptz, .timestamp: return .date(try cell.decode(Date.self))
        default: return .text(try cell.decode(String.self))
        }
    }
}
