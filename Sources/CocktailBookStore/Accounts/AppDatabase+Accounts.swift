import CocktailBook
import Foundation
import GRDB

/// An account of the book, without its secrets.
public struct Account: Sendable, Equatable, Codable {
    public var id: Int64
    public var name: String
    public var role: Role
    public var createdAt: Date

    /// The favorites this account owns.
    public var owner: FavoritesOwner { FavoritesOwner(account: id) }
}

struct AccountRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "account"
    enum Columns {
        static let name = Column(CodingKeys.name)
        static let role = Column(CodingKeys.role)
    }

    var id: Int64?
    var name: String
    var role: String
    var passwordHash: String
    var createdAt: Date

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    var account: Account {
        Account(id: id ?? 0, name: name, role: Role(rawValue: role) ?? .guest, createdAt: createdAt)
    }
}

extension AppDatabase {
    static func migrateAccounts(_ db: Database) throws {
        try db.create(table: "account") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("name", .text).notNull().unique().collate(.nocase)
            t.column("role", .text).notNull().check { ["admin", "member", "guest"].contains($0) }
            t.column("passwordHash", .text).notNull()
            t.column("createdAt", .datetime).notNull()
        }
        try db.create(table: "session") { t in
            t.primaryKey("tokenHash", .text)
            t.belongsTo("account", onDelete: .cascade).notNull()
            t.column("createdAt", .datetime).notNull()
            t.column("lastSeenAt", .datetime).notNull()
        }
        try db.create(table: "apiToken") { t in
            t.autoIncrementedPrimaryKey("id")
            t.belongsTo("account", onDelete: .cascade).notNull()
            t.column("tokenHash", .text).notNull().unique()
            t.column("prefix", .text).notNull().indexed()
            t.column("label", .text)
            t.column("createdAt", .datetime).notNull()
            t.column("lastUsedAt", .datetime)
        }
        // Favorites gain an owner; the existing ones belong to the implicit owner (0) until the
        // first account is created and inherits them.
        try db.rename(table: "favorite", to: "favoriteV1")
        try db.create(table: "favorite") { t in
            t.column("ownerId", .integer).notNull()
            t.column("cocktailId", .text).notNull()
            t.column("addedAt", .datetime).notNull()
            t.primaryKey(["ownerId", "cocktailId"])
        }
        try db.execute(
            sql: "INSERT INTO favorite (ownerId, cocktailId, addedAt) SELECT 0, cocktailId, addedAt FROM favoriteV1")
        try db.drop(table: "favoriteV1")
    }

    /// Whether the book has any account (then it is no longer in single-user mode).
    public func hasAccounts() async throws -> Bool {
        try await read { db in try AccountRecord.fetchCount(db) > 0 }
    }

    /// Whether the book has an admin account.
    public func hasAdmin() async throws -> Bool {
        try await read { db in
            try AccountRecord.filter(AccountRecord.Columns.role == Role.admin.rawValue).fetchCount(db) > 0
        }
    }

    /// Creates an account. The first account of a book is always an admin, and inherits the
    /// favorites kept so far without accounts, in the same transaction.
    ///
    /// - Throws: ``StoreError/accountExists(_:)`` when the name is taken (case-insensitively).
    @discardableResult
    public func addAccount(name: String, role: Role, passwordHash: String, at date: Date = Date()) async throws
        -> Account
    {
        try await write { db in
            if try AccountRecord.filter(AccountRecord.Columns.name == name).fetchCount(db) > 0 {
                throw StoreError.accountExists(name)
            }
            let isFirst = try AccountRecord.fetchCount(db) == 0
            var record = AccountRecord(
                id: nil, name: name, role: (isFirst ? .admin : role).rawValue, passwordHash: passwordHash,
                createdAt: date)
            try record.insert(db)
            if isFirst, let id = record.id {
                try db.execute(sql: "UPDATE favorite SET owner_id = ? WHERE owner_id = 0", arguments: [id])
                // The bar, notes, ratings and drinks made so far go with the favorites, and the
                // recipes written so far are the first account's.
                for (table, owner) in Self.ownedTables {
                    try db.execute(sql: "UPDATE \(table) SET \(owner) = ? WHERE \(owner) = 0", arguments: [id])
                }
                try db.execute(sql: "UPDATE recipe SET author_id = ? WHERE author_id = 0", arguments: [id])
                try db.execute(sql: "UPDATE recipe_version SET saved_by = ? WHERE saved_by = 0", arguments: [id])
            }
            return record.account
        }
    }

    /// Every account, by name.
    public func accounts() async throws -> [Account] {
        try await read { db in
            try AccountRecord.order(AccountRecord.Columns.name.collating(.nocase)).fetchAll(db).map(\.account)
        }
    }

    /// The account named `name` (case-insensitively) and its password hash.
    public func credentials(named name: String) async throws -> (account: Account, passwordHash: String)? {
        try await read { db in
            try AccountRecord.filter(AccountRecord.Columns.name == name).fetchOne(db).map {
                ($0.account, $0.passwordHash)
            }
        }
    }

    /// The account with this id.
    public func account(id: Int64) async throws -> Account? {
        try await read { db in try AccountRecord.fetchOne(db, key: id)?.account }
    }

    /// Removes an account with its sessions, tokens and favorites.
    ///
    /// - Throws: ``StoreError/unknownAccount(_:)``, or ``StoreError/lastAdmin`` when it is the
    ///   last admin and other accounts remain.
    public func removeAccount(named name: String) async throws {
        try await write { db in
            guard let record = try AccountRecord.filter(AccountRecord.Columns.name == name).fetchOne(db),
                let id = record.id
            else {
                throw StoreError.unknownAccount(name)
            }
            try Self.keepAnAdmin(db, changing: record, to: nil)
            try db.execute(sql: "DELETE FROM favorite WHERE owner_id = ?", arguments: [id])
            for (table, owner) in Self.ownedTables {
                try db.execute(sql: "DELETE FROM \(table) WHERE \(owner) = ?", arguments: [id])
            }
            _ = try AccountRecord.deleteOne(db, key: id)
        }
    }

    /// Changes an account's role.
    ///
    /// - Throws: ``StoreError/unknownAccount(_:)``, or ``StoreError/lastAdmin`` when it would
    ///   leave no admin.
    public func setRole(_ role: Role, named name: String) async throws {
        try await write { db in
            guard var record = try AccountRecord.filter(AccountRecord.Columns.name == name).fetchOne(db) else {
                throw StoreError.unknownAccount(name)
            }
            try Self.keepAnAdmin(db, changing: record, to: role)
            record.role = role.rawValue
            try record.update(db)
        }
    }

    /// Replaces an account's password hash and ends its sessions, except `keeping` (the hash of
    /// the session that made the change, if it was made on the web).
    public func setPasswordHash(_ hash: String, named name: String, keeping session: String? = nil) async throws {
        try await write { db in
            guard var record = try AccountRecord.filter(AccountRecord.Columns.name == name).fetchOne(db),
                let id = record.id
            else {
                throw StoreError.unknownAccount(name)
            }
            record.passwordHash = hash
            try record.update(db)
            try db.execute(
                sql: "DELETE FROM session WHERE accountId = ? AND tokenHash IS NOT ?", arguments: [id, session])
        }
    }

    private static func keepAnAdmin(_ db: Database, changing record: AccountRecord, to role: Role?) throws {
        guard StoreRules.mayLoseAdmin(record.role, to: role) else { return }
        let admins = try AccountRecord.filter(AccountRecord.Columns.role == Role.admin.rawValue).fetchCount(db)
        try StoreRules.keepAnAdmin(to: role, admins: admins, others: try AccountRecord.fetchCount(db) - 1)
    }
}
