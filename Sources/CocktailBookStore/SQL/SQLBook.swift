import Foundation

/// A connection inside one transaction (or, for reads, one snapshot per statement): every query
/// of the book is written once against it, with `?` for its arguments, and runs on SQLite and
/// PostgreSQL alike. Names follow PostgreSQL's style (`owner_id`), and statements use what both
/// dialects understand (`ON CONFLICT … DO UPDATE`, `RETURNING`).
public protocol SQLConnection: Sendable {
    /// Runs one statement and returns the rows it produced (none for most writes).
    func rows(_ sql: String, _ arguments: [SQLValue]) async throws -> [SQLRow]
    /// What ends a `SELECT` that reads a row the transaction will change: PostgreSQL's
    /// `FOR UPDATE` locks it against another transaction; SQLite's write transaction already
    /// holds the whole database, and says nothing.
    var forUpdate: String { get }
    /// Keeps other transactions from writing `table` until this one ends (PostgreSQL's
    /// `LOCK TABLE`; SQLite's write transaction already holds the book).
    func lockForWriting(_ table: String) async throws
    /// After rows were written with their own ids: new rows of `table` are numbered after them
    /// (PostgreSQL's sequence is set; SQLite numbers after the largest id by itself).
    func continueNumbering(_ table: String) async throws
}

extension SQLConnection {
    /// Runs a statement for its effect; returns how many rows it returned (`RETURNING 1` counts
    /// the rows a write touched).
    @discardableResult
    public func execute(_ sql: String, _ arguments: any SQLBindable...) async throws -> Int {
        try await rows(sql, arguments.map(\.sqlValue)).count
    }

    /// Every row, decoded (see ``SQLRow/decode(_:)``).
    public func all<T: Decodable>(_ type: T.Type, _ sql: String, _ arguments: any SQLBindable...) async throws -> [T] {
        try await rows(sql, arguments.map(\.sqlValue)).map { try Self.decoded($0, T.self) }
    }

    /// The first row, decoded, or `nil` when there is none.
    public func first<T: Decodable>(_ type: T.Type, _ sql: String, _ arguments: any SQLBindable...) async throws -> T? {
        try await rows(sql, arguments.map(\.sqlValue)).first.map { try Self.decoded($0, T.self) }
    }

    /// A row that does not decode means the database holds what the code does not expect.
    private static func decoded<T: Decodable>(_ row: SQLRow, _ type: T.Type) throws -> T {
        do {
            return try row.decode(T.self)
        } catch {
            throw StoreError.unavailable("a row cannot be read (\(error))")
        }
    }

    /// Every row as a tuple of its columns, in order: `(Int64, String, Date?)` for
    /// `SELECT owner_id, value, made_at`.
    public func tuples<each Column: Decodable>(
        _ types: (repeat each Column).Type, _ sql: String, _ arguments: any SQLBindable...
    ) async throws -> [(repeat each Column)] {
        try await rows(sql, arguments.map(\.sqlValue)).map { row in
            var index = 0
            func next<T: Decodable>(_ type: T.Type) throws -> T {
                defer { index += 1 }
                guard index < row.values.count else { throw StoreError.unavailable("a row has too few columns") }
                do {
                    return try row.decode(column: index, as: T.self)
                } catch {
                    throw StoreError.unavailable("a row cannot be read (\(error))")
                }
            }
            return (repeat try next((each Column).self))
        }
    }

    /// Whether the statement returns at least one row.
    public func exists(_ sql: String, _ arguments: any SQLBindable...) async throws -> Bool {
        try await !rows(sql, arguments.map(\.sqlValue)).isEmpty
    }
}

/// A store whose contract is fulfilled by statements written once: SQLite (``AppDatabase``) and
/// PostgreSQL (``PostgresStore``) each say only how to read and how to write in a transaction.
public protocol SQLBook: Sendable {
    /// Runs `body` to read; each of its statements sees the committed content.
    func reading<T: Sendable>(_ body: @escaping @Sendable (any SQLConnection) async throws -> T) async throws -> T
    /// Runs `body` to read in one snapshot: every statement sees the same content (a backup).
    func readingSnapshot<T: Sendable>(_ body: @escaping @Sendable (any SQLConnection) async throws -> T)
        async throws -> T
    /// Runs `body` in one write transaction: all of its statements or none. `topic` tells other
    /// instances sharing the store what changed (`"favorites"`, `"lists"`…); a write nobody else
    /// needs to hear of (an idempotency key) has none.
    func writing<T: Sendable>(_ topic: String?, _ body: @escaping @Sendable (any SQLConnection) async throws -> T)
        async throws -> T
}
