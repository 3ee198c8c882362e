import CocktailBook
import Foundation

/// The people of a book, by their id in the database and by their name in a backup (`""` and 0
/// for the owner of a book without accounts), for the parts to name owners in the file and find
/// them again on restore.
struct BookPeople: Sendable {
    private var names: [Int64: String] = [0: ""]
    private var ids: [String: Int64] = ["": 0]
    /// When the backup was made: the date of rows the file keeps none for.
    let backupDate: Date

    init(backupDate: Date) { self.backupDate = backupDate }

    mutating func add(_ name: String, id: Int64) {
        names[id] = name
        ids[name.lowercased()] = id
    }

    /// The owner of a row, who must be an account of the book.
    func owner(_ id: Int64) throws -> String {
        guard let name = names[id] else { throw StoreError.invalidBackup("a row belongs to no account (owner \(id))") }
        return name
    }

    /// The name of an account the book has, if it still has it.
    func name(_ id: Int64) -> String? { names[id] }

    /// Who wrote something: an account since removed is the book's owner.
    func person(_ id: Int64) -> String { names[id] ?? "" }

    /// The id of the account a backup names (the book's owner for one the restore does not know).
    func id(_ name: String) -> Int64 { ids[name.lowercased()] ?? 0 }
}

/// One part of a book as a backup carries it: its key in the file, the tables it fills, how its
/// rows are read and put back, and what the restore page counts it as. ``BookContents/parts``
/// lists them; backup, restore, the restore page's counts and its result all go through that
/// list, so a table is in backups because it is declared, never because someone remembered.
public struct BookPart: Sendable {
    /// Its key in a backup's JSON.
    public let key: String
    /// The tables it fills, children first: a restore empties them in this order.
    public let tables: [String]
    /// What the restore page counts it under (`restore_row_<kind>`); `nil` for what it does not
    /// count (settings, rules, names of ingredients, the currency).
    public let kind: String?
    /// What else a restore of this part forgets (rows that point into it and cannot follow).
    let forgets: [String]
    /// How many rows the backup holds of it; `nil` when the file does not carry it (a backup
    /// made before it existed), and a restore then leaves the book's as it is.
    let count: @Sendable (Backup) -> Int?
    /// The account names its rows name, which a backup must list.
    let people: @Sendable (Backup) -> [String]
    let read: @Sendable (any SQLConnection, BookPeople, inout Backup) async throws -> Void
    let restore: @Sendable (Backup, any SQLConnection, BookPeople) async throws -> Void

    init<Row: Sendable>(
        _ key: String, _ path: WritableKeyPath<Backup, [Row]?> & Sendable, kind: String?, tables: [String],
        forgets: [String] = [], people: @escaping @Sendable (Row) -> [String] = { _ in [] },
        read: @escaping @Sendable (any SQLConnection, BookPeople) async throws -> [Row],
        restore: @escaping @Sendable (Row, any SQLConnection, BookPeople) async throws -> Void,
        then finish: (@Sendable (any SQLConnection) async throws -> Void)? = nil
    ) {
        self.init(
            key, get: { $0[keyPath: path] }, set: { $0[keyPath: path] = $1 }, kind: kind, tables: tables,
            forgets: forgets, people: people, read: read, restore: restore, then: finish)
    }

    /// A part every backup carries (made since the first format).
    init<Row: Sendable>(
        _ key: String, always path: WritableKeyPath<Backup, [Row]> & Sendable, kind: String?, tables: [String],
        people: @escaping @Sendable (Row) -> [String] = { _ in [] },
        read: @escaping @Sendable (any SQLConnection, BookPeople) async throws -> [Row],
        restore: @escaping @Sendable (Row, any SQLConnection, BookPeople) async throws -> Void
    ) {
        self.init(
            key, get: { $0[keyPath: path] }, set: { $0[keyPath: path] = $1 }, kind: kind, tables: tables,
            people: people, read: read, restore: restore)
    }

    /// A part with its own way of being kept in the file.
    init<Row: Sendable>(
        _ key: String, get: @escaping @Sendable (Backup) -> [Row]?,
        set: @escaping @Sendable (inout Backup, [Row]) -> Void,
        kind: String?, tables: [String], forgets: [String] = [], people: @escaping @Sendable (Row) -> [String],
        read: @escaping @Sendable (any SQLConnection, BookPeople) async throws -> [Row],
        restore: @escaping @Sendable (Row, any SQLConnection, BookPeople) async throws -> Void,
        then finish: (@Sendable (any SQLConnection) async throws -> Void)? = nil
    ) {
        self.key = key
        self.tables = tables
        self.kind = kind
        self.forgets = forgets
        count = { get($0)?.count }
        self.people = { (get($0) ?? []).flatMap(people) }
        self.read = { db, people, backup in set(&backup, try await read(db, people)) }
        self.restore = { backup, db, people in
            for row in get(backup) ?? [] { try await restore(row, db, people) }
            try await finish?(db)
        }
    }
}
