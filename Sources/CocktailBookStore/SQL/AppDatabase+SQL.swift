import Foundation
import GRDB

/// SQLite runs the statements written once (``SQLBook``).
///
/// GRDB runs a transaction inside one synchronous closure, but a statement written once awaits
/// between statements (PostgreSQL answers over the network). So a write transaction here is
/// opened and closed by statements of its own (`BEGIN IMMEDIATE` … `COMMIT`), each statement one
/// access to GRDB's writer, and ``AppDatabase/writeLock`` keeps every other write of this
/// process out until it ends (GRDB's ``Configuration/allowsUnsafeTransactions`` lets a
/// transaction outlive one access). Another process (the CLI beside the server) waits on SQLite's
/// own lock, as before.
extension AppDatabase: SQLBook {
    public func reading<T: Sendable>(_ body: @escaping @Sendable (any SQLConnection) async throws -> T)
        async throws -> T
    {
        try await mappingErrors {
            if writer is DatabasePool {
                // Readers have their own connections: nothing to wait for.
                return try await body(SQLiteConnection(writer: writer, inTransaction: false))
            }
            // A single connection (in memory) is shared with writes.
            return try await writeLock.withLock {
                try await body(SQLiteConnection(writer: writer, inTransaction: true))
            }
        }
    }

    /// A snapshot is a transaction on the writer: no write of this process comes between its
    /// statements.
    public func readingSnapshot<T: Sendable>(_ body: @escaping @Sendable (any SQLConnection) async throws -> T)
        async throws -> T
    {
        try await writing(nil, body)
    }

    public func writing<T: Sendable>(
        _ topic: String?, _ body: @escaping @Sendable (any SQLConnection) async throws -> T
    ) async throws -> T {
        let writer = writer
        let lock = writeLock
        // Its own task, so that a caller going away never leaves the transaction open.
        return try await Task {
            try await Self.mappingErrors {
                try await lock.withLock {
                    let connection = SQLiteConnection(writer: writer, inTransaction: true)
                    try await writer.writeWithoutTransaction { db in try db.execute(sql: "BEGIN IMMEDIATE") }
                    do {
                        let value = try await body(connection)
                        try await writer.writeWithoutTransaction { db in try db.execute(sql: "COMMIT") }
                        return value
                    } catch {
                        try? await writer.writeWithoutTransaction { db in
                            if db.isInsideTransaction { try db.execute(sql: "ROLLBACK") }
                        }
                        throw error
                    }
                }
            }
        }.value
    }

    private func mappingErrors<T>(_ body: () async throws -> T) async throws -> T {
        try await Self.mappingErrors(body)
    }

    /// SQLite's errors come out as ``StoreError/unavailable(_:)``, the store's refusals as thrown.
    static func mappingErrors<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as DatabaseError {
            throw StoreError.unavailable(describe(error))
        }
    }
}

/// Statements on GRDB's writer (inside a transaction) or on a reader (each its own snapshot).
private struct SQLiteConnection: SQLConnection {
    let writer: any DatabaseWriter
    let inTransaction: Bool
    var forUpdate: String { "" }

    func lockForWriting(_ table: String) async throws {}

    func continueNumbering(_ table: String) async throws {}

    func rows(_ sql: String, _ arguments: [SQLValue]) async throws -> [SQLRow] {
        let statementArguments = StatementArguments(arguments.map(Self.databaseValue))
        let fetch: @Sendable (Database) throws -> [SQLRow] = { db in
            // The rows of one statement share one array of column names.
            var columns: (names: [String], keys: [String])?
            return try Row.fetchAll(db, sql: sql, arguments: statementArguments).map { row in
                let shared =
                    columns
                    ?? {
                        let names = Array(row.columnNames)
                        return (names, SQLRow.keys(of: names))
                    }()
                columns = shared
                return Self.row(row, columns: shared)
            }
        }
        if inTransaction { return try await writer.writeWithoutTransaction(fetch) }
        return try await writer.read(fetch)
    }

    static func databaseValue(_ value: SQLValue) -> DatabaseValue {
        switch value {
        case .null: .null
        case .integer(let integer): integer.databaseValue
        case .real(let real): real.databaseValue
        case .text(let text): text.databaseValue
        case .blob(let data): data.databaseValue
        case .bool(let flag): flag.databaseValue
        case .date(let date): date.databaseValue
        }
    }

    static func row(_ row: Row, columns: (names: [String], keys: [String])) -> SQLRow {
        SQLRow(
            columns: columns.names,
            values: row.databaseValues.map { value in
                switch value.storage {
                case .null: .null
                case .int64(let integer): .integer(integer)
                case .double(let real): .real(real)
                case .string(let text): .text(text)
                case .blob(let data): .blob(data)
                }
            }, keys: columns.keys)
    }
}
