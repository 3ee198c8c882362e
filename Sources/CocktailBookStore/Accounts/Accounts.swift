import CocktailBook
import Foundation

/// An account of the book, without its secrets.
public struct Account: Sendable, Equatable, Codable {
    public var id: Int64
    public var name: String
    public var role: Role
    public var createdAt: Date

    /// The favorites this account owns.
    public var owner: FavoritesOwner { FavoritesOwner(account: id) }
}

/// The book's accounts. Names compare case-insensitively (`lower(name)`, which a unique index
/// or collation keeps unique on both backends).
extension SQLBook {
    /// Whether the book has any account (then it is no longer in single-user mode).
    public func hasAccounts() async throws -> Bool {
        try await reading { db in try await db.exists("SELECT 1 FROM account LIMIT 1") }
    }

    /// Whether the book has an admin account.
    public func hasAdmin() async throws -> Bool {
        try await reading { db in try await db.exists("SELECT 1 FROM account WHERE role = ? LIMIT 1", "admin") }
    }

    /// Creates an account. The first account of a book is always an admin, and inherits what was
    /// kept so far without accounts (favorites, bar, notes, lists, recipes written), in the same
    /// transaction.
    ///
    /// - Throws: ``StoreError/accountExists(_:)`` when the name is taken (case-insensitively).
    @discardableResult
    public func addAccount(
        name: String, role: Role, passwordHash: String, email: String?, identity: (issuer: String, subject: String)?,
        at date: Date
    ) async throws -> Account {
        try await writing("accounts") { db in
            // One account creation at a time, so that exactly one becomes the first (an admin).
            try await db.lockForWriting("account")
            if try await db.exists("SELECT 1 FROM account WHERE lower(name) = lower(?)", name) {
                throw StoreError.accountExists(name)
            }
            if let email, try await db.exists("SELECT 1 FROM account WHERE lower(email) = lower(?)", email) {
                throw StoreError.emailTaken(email)
            }
            let isFirst = try await !db.exists("SELECT 1 FROM account LIMIT 1")
            let role = isFirst ? Role.admin : role
            guard
                let id = try await db.first(
                    Int64.self,
                    "INSERT INTO account (name, role, password_hash, created_at, email) VALUES (?, ?, ?, ?, ?) RETURNING id",
                    name, role.rawValue, passwordHash, date, email)
            else { throw StoreError.unknownAccount(name) }
            if let identity {
                try await db.execute(
                    "INSERT INTO account_identity (issuer, subject, account_id, linked_at) VALUES (?, ?, ?, ?)",
                    identity.issuer, identity.subject, id, date)
            }
            if isFirst {
                for (table, owner) in BookContents.owned + BookContents.authored {
                    try await db.execute("UPDATE \(table) SET \(owner) = ? WHERE \(owner) = 0", id)
                }
            }
            return Account(id: id, name: name, role: role, createdAt: date)
        }
    }

    /// Every account, by name.
    public func accounts() async throws -> [Account] {
        try await reading { db in
            try await db.all(AccountRow.self, "SELECT id, name, role, created_at FROM account ORDER BY lower(name), id")
        }.map(\.account)
    }

    /// The account named `name` (case-insensitively) and its password hash.
    public func credentials(named name: String) async throws -> (account: Account, passwordHash: String)? {
        try await reading { db in
            try await db.first(
                AccountRow.self,
                "SELECT id, name, role, created_at, password_hash FROM account WHERE lower(name) = lower(?)", name)
        }.map { ($0.account, $0.passwordHash ?? "") }
    }

    /// The account with this id.
    public func account(id: Int64) async throws -> Account? {
        try await reading { db in
            try await db.first(AccountRow.self, "SELECT id, name, role, created_at FROM account WHERE id = ?", id)
        }?.account
    }

    /// Removes an account with its sessions and tokens. What it owns goes with it, except when
    /// it is the book's last account: the book is then back to having no accounts, and its
    /// owner gets everything back (the favorites, bars, lists and recipes the first account
    /// inherited, and what was added since), as the first account once took it.
    ///
    /// - Throws: ``StoreError/unknownAccount(_:)``, or ``StoreError/lastAdmin`` when it is the
    ///   last admin and other accounts remain.
    /// - Returns: whether it was the last account.
    @discardableResult public func removeAccount(named name: String) async throws -> Bool {
        try await writing("accounts") { db in
            let account = try await Self.lockedAccount(named: name, db)
            try await Self.keepAnAdmin(db, changing: account.role, to: nil)
            let isLast = try await db.first(Int.self, "SELECT count(*) FROM account") == 1
            if isLast {
                for (table, owner) in BookContents.owned + BookContents.authored {
                    try await db.execute("UPDATE \(table) SET \(owner) = 0 WHERE \(owner) = ?", account.id)
                }
            } else {
                for (table, owner) in BookContents.owned {
                    try await db.execute("DELETE FROM \(table) WHERE \(owner) = ?", account.id)
                }
            }
            try await db.execute("DELETE FROM account WHERE id = ?", account.id)
            return isLast
        }
    }

    /// Changes an account's role.
    ///
    /// - Throws: ``StoreError/unknownAccount(_:)``, or ``StoreError/lastAdmin`` when it would
    ///   leave no admin.
    public func setRole(_ role: Role, named name: String) async throws {
        try await writing("accounts") { db in
            let account = try await Self.lockedAccount(named: name, db)
            try await Self.keepAnAdmin(db, changing: account.role, to: role)
            try await db.execute("UPDATE account SET role = ? WHERE id = ?", role.rawValue, account.id)
        }
    }

    /// Replaces an account's password hash and ends its sessions, except `keeping` (the hash of
    /// the session that made the change, if it was made on the web).
    public func setPasswordHash(_ hash: String, named name: String, keeping session: String? = nil) async throws {
        try await writing("accounts") { db in
            let account = try await Self.lockedAccount(named: name, db)
            try await db.execute("UPDATE account SET password_hash = ? WHERE id = ?", hash, account.id)
            try await db.execute(
                "DELETE FROM session WHERE account_id = ? AND token_hash IS DISTINCT FROM ?", account.id, session)
        }
    }

    /// The account's id and role, with the accounts locked against a concurrent change of roles.
    private static func lockedAccount(named name: String, _ db: any SQLConnection) async throws -> (
        id: Int64, role: String
    ) {
        try await db.lockForWriting("account")
        guard
            let row = try await db.first(
                AccountRow.self, "SELECT id, name, role, created_at FROM account WHERE lower(name) = lower(?)", name)
        else { throw StoreError.unknownAccount(name) }
        return (row.id, row.role)
    }

    private static func keepAnAdmin(_ db: any SQLConnection, changing role: String, to newRole: Role?) async throws {
        guard StoreRules.mayLoseAdmin(role, to: newRole) else { return }
        let admins = try await db.first(Int.self, "SELECT count(*) FROM account WHERE role = ?", "admin") ?? 0
        let others = (try await db.first(Int.self, "SELECT count(*) FROM account") ?? 0) - 1
        try StoreRules.keepAnAdmin(to: newRole, admins: admins, others: others)
    }
}

private struct AccountRow: Decodable {
    var id: Int64
    var name: String
    var role: String
    var createdAt: Date
    var passwordHash: String?

    var account: Account { Account(id: id, name: name, role: Role(rawValue: role) ?? .guest, createdAt: createdAt) }
}
