import CocktailBook
import Foundation
import PostgresNIO

/// Accounts, sessions and API tokens; names compare case-insensitively, as in SQLite.
extension PostgresStore {
    typealias AccountRow = (Int64, String, String, Date)

    static func account(_ row: AccountRow) -> Account {
        Account(id: row.0, name: row.1, role: Role(rawValue: row.2) ?? .guest, createdAt: row.3)
    }

    public func hasAccounts() async throws -> Bool {
        try await mapped { [self] in
            try await one(client.query("SELECT EXISTS (SELECT 1 FROM account)", logger: logger), as: Bool.self) ?? false
        }
    }

    public func hasAdmin() async throws -> Bool {
        try await mapped { [self] in
            try await one(
                client.query("SELECT EXISTS (SELECT 1 FROM account WHERE role = 'admin')", logger: logger),
                as: Bool.self)
                ?? false
        }
    }

    @discardableResult
    public func addAccount(name: String, role: Role, passwordHash: String, at date: Date) async throws -> Account {
        try await mapped { [self] in
            try await write("accounts") { connection in
                // One account creation at a time, so that exactly one becomes the first (an admin).
                try await connection.query("LOCK TABLE account IN SHARE ROW EXCLUSIVE MODE", logger: logger)
                if try await count(
                    connection.query("SELECT 1 FROM account WHERE lower(name) = lower(\(name))", logger: logger)) > 0
                {
                    throw StoreError.accountExists(name)
                }
                let isFirst = try await count(connection.query("SELECT 1 FROM account LIMIT 1", logger: logger)) == 0
                let role = (isFirst ? Role.admin : role).rawValue
                guard
                    let id = try await one(
                        connection.query(
                            "INSERT INTO account (name, role, password_hash, created_at) VALUES (\(name), \(role), \(passwordHash), \(date)) RETURNING id",
                            logger: logger
                        ), as: Int64.self)
                else { throw StoreError.unknownAccount(name) }
                if isFirst {
                    // The favorites and bar kept so far without accounts go to the first account.
                    try await connection.query(
                        "UPDATE favorite SET owner_id = \(id) WHERE owner_id = 0", logger: logger)
                    for table in PostgresSchema.barTables + PostgresSchema.personalTables {
                        try await connection.query(
                            PostgresQuery(
                                unsafeSQL: "UPDATE \(table) SET owner_id = $1 WHERE owner_id = 0", binds: Self.binds(id)
                            ),
                            logger: logger)
                    }
                    // The recipes written so far are the first account's.
                    try await connection.query(
                        "UPDATE recipe SET author_id = \(id) WHERE author_id = 0", logger: logger)
                    try await connection.query(
                        "UPDATE recipe_version SET saved_by = \(id) WHERE saved_by = 0", logger: logger)
                }
                return Account(id: id, name: name, role: Role(rawValue: role) ?? .guest, createdAt: date)
            }
        }
    }

    static func binds(_ values: Int64...) -> PostgresBindings {
        var bindings = PostgresBindings()
        for value in values { bindings.append(value) }
        return bindings
    }

    public func accounts() async throws -> [Account] {
        try await mapped { [self] in
            try await all(
                client.query("SELECT id, name, role, created_at FROM account ORDER BY lower(name), id", logger: logger),
                as: (Int64, String, String, Date).self
            ).map(Self.account)
        }
    }

    public func credentials(named name: String) async throws -> (account: Account, passwordHash: String)? {
        try await mapped { [self] in
            let rows = try await client.query(
                "SELECT id, name, role, created_at, password_hash FROM account WHERE lower(name) = lower(\(name))",
                logger: logger)
            for try await (id, name, role, createdAt, hash) in rows.decode((Int64, String, String, Date, String).self) {
                return (Self.account((id, name, role, createdAt)), hash)
            }
            return nil
        }
    }

    public func account(id: Int64) async throws -> Account? {
        try await mapped { [self] in
            try await first(
                client.query("SELECT id, name, role, created_at FROM account WHERE id = \(id)", logger: logger),
                as: (Int64, String, String, Date).self
            ).map(Self.account)
        }
    }

    public func removeAccount(named name: String) async throws {
        try await mapped { [self] in
            try await write("accounts") { connection in
                let (id, role) = try await lockedAccount(named: name, connection)
                try await keepAnAdmin(connection, changing: role, to: nil)
                try await connection.query("DELETE FROM favorite WHERE owner_id = \(id)", logger: logger)
                for table in PostgresSchema.barTables + PostgresSchema.personalTables {
                    try await connection.query(
                        PostgresQuery(unsafeSQL: "DELETE FROM \(table) WHERE owner_id = $1", binds: Self.binds(id)),
                        logger: logger)
                }
                try await connection.query("DELETE FROM account WHERE id = \(id)", logger: logger)
            }
        }
    }

    public func setRole(_ role: Role, named name: String) async throws {
        try await mapped { [self] in
            try await write("accounts") { connection in
                let (id, current) = try await lockedAccount(named: name, connection)
                try await keepAnAdmin(connection, changing: current, to: role)
                try await connection.query(
                    "UPDATE account SET role = \(role.rawValue) WHERE id = \(id)", logger: logger)
            }
        }
    }

    public func setPasswordHash(_ hash: String, named name: String, keeping session: String?) async throws {
        try await mapped { [self] in
            try await write("accounts") { connection in
                let (id, _) = try await lockedAccount(named: name, connection)
                try await connection.query(
                    "UPDATE account SET password_hash = \(hash) WHERE id = \(id)", logger: logger)
                try await connection.query(
                    "DELETE FROM session WHERE account_id = \(id) AND token_hash IS DISTINCT FROM \(session)",
                    logger: logger)
            }
        }
    }

    /// The account's id and role, with the accounts locked against a concurrent change of roles.
    private func lockedAccount(named name: String, _ connection: PostgresConnection) async throws -> (Int64, String) {
        try await connection.query("LOCK TABLE account IN SHARE ROW EXCLUSIVE MODE", logger: logger)
        guard
            let row = try await first(
                connection.query("SELECT id, role FROM account WHERE lower(name) = lower(\(name))", logger: logger),
                as: (Int64, String).self)
        else { throw StoreError.unknownAccount(name) }
        return row
    }

    private func keepAnAdmin(_ connection: PostgresConnection, changing role: String, to newRole: Role?) async throws {
        guard StoreRules.mayLoseAdmin(role, to: newRole) else { return }
        let admins = try await count(connection.query("SELECT 1 FROM account WHERE role = 'admin'", logger: logger))
        let others = try await count(connection.query("SELECT 1 FROM account", logger: logger)) - 1
        try StoreRules.keepAnAdmin(to: newRole, admins: admins, others: others)
    }
}
