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
        try await one(client.query("SELECT EXISTS (SELECT 1 FROM account)", logger: logger), as: Bool.self) ?? false
    }

    public func hasAdmin() async throws -> Bool {
        try await one(
            client.query("SELECT EXISTS (SELECT 1 FROM account WHERE role = 'admin')", logger: logger), as: Bool.self)
            ?? false
    }

    @discardableResult
    public func addAccount(name: String, role: Role, passwordHash: String, at date: Date) async throws -> Account {
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
                try await connection.query("UPDATE favorite SET owner_id = \(id) WHERE owner_id = 0", logger: logger)
                for table in PostgresSchema.barTables {
                    try await connection.query(
                        PostgresQuery(
                            unsafeSQL: "UPDATE \(table) SET owner_id = $1 WHERE owner_id = 0", binds: Self.binds(id)),
                        logger: logger)
                }
            }
            return Account(id: id, name: name, role: Role(rawValue: role) ?? .guest, createdAt: date)
        }
    }

    static func binds(_ values: Int64...) -> PostgresBindings {
        var bindings = PostgresBindings()
        for value in values { bindings.append(value) }
        return bindings
    }

    public func accounts() async throws -> [Account] {
        try await all(
            client.query("SELECT id, name, role, created_at FROM account ORDER BY lower(name), id", logger: logger),
            as: (Int64, String, String, Date).self
        ).map(Self.account)
    }

    public func credentials(named name: String) async throws -> (account: Account, passwordHash: String)? {
        let rows = try await client.query(
            "SELECT id, name, role, created_at, password_hash FROM account WHERE lower(name) = lower(\(name))",
            logger: logger)
        for try await (id, name, role, createdAt, hash) in rows.decode((Int64, String, String, Date, String).self) {
            return (Self.account((id, name, role, createdAt)), hash)
        }
        return nil
    }

    public func account(id: Int64) async throws -> Account? {
        try await first(
            client.query("SELECT id, name, role, created_at FROM account WHERE id = \(id)", logger: logger),
            as: (Int64, String, String, Date).self
        ).map(Self.account)
    }

    public func removeAccount(named name: String) async throws {
        try await write("accounts") { connection in
            let (id, role) = try await lockedAccount(named: name, connection)
            try await keepAnAdmin(connection, changing: role, to: nil)
            try await connection.query("DELETE FROM favorite WHERE owner_id = \(id)", logger: logger)
            for table in PostgresSchema.barTables {
                try await connection.query(
                    PostgresQuery(unsafeSQL: "DELETE FROM \(table) WHERE owner_id = $1", binds: Self.binds(id)),
                    logger: logger)
            }
            try await connection.query("DELETE FROM account WHERE id = \(id)", logger: logger)
        }
    }

    public func setRole(_ role: Role, named name: String) async throws {
        try await write("accounts") { connection in
            let (id, current) = try await lockedAccount(named: name, connection)
            try await keepAnAdmin(connection, changing: current, to: role)
            try await connection.query("UPDATE account SET role = \(role.rawValue) WHERE id = \(id)", logger: logger)
        }
    }

    public func setPasswordHash(_ hash: String, named name: String, keeping session: String?) async throws {
        try await write("accounts") { connection in
            let (id, _) = try await lockedAccount(named: name, connection)
            try await connection.query("UPDATE account SET password_hash = \(hash) WHERE id = \(id)", logger: logger)
            try await connection.query(
                "DELETE FROM session WHERE account_id = \(id) AND token_hash IS DISTINCT FROM \(session)",
                logger: logger)
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

    // MARK: Sessions

    public func createSession(tokenHash: String, accountId: Int64, at date: Date) async throws {
        try await write("sessions") { connection in
            try await connection.query(
                "INSERT INTO session (token_hash, account_id, created_at, last_seen_at) VALUES (\(tokenHash), \(accountId), \(date), \(date))",
                logger: logger
            )
        }
    }

    public func sessionAccount(tokenHash: String, now: Date, maximumIdle: TimeInterval) async throws -> Account? {
        guard
            let (accountId, lastSeen) = try await first(
                client.query(
                    "SELECT account_id, last_seen_at FROM session WHERE token_hash = \(tokenHash)", logger: logger),
                as: (Int64, Date).self
            )
        else { return nil }
        if now.timeIntervalSince(lastSeen) > maximumIdle {
            try await deleteSession(tokenHash: tokenHash)
            return nil
        }
        if StoreRules.isDueForTouch(lastSeen, now: now) {
            try await write("sessions") { connection in
                try await connection.query(
                    "UPDATE session SET last_seen_at = \(now) WHERE token_hash = \(tokenHash)", logger: logger)
            }
        }
        return try await account(id: accountId)
    }

    public func deleteSession(tokenHash: String) async throws {
        try await write("sessions") { connection in
            try await connection.query("DELETE FROM session WHERE token_hash = \(tokenHash)", logger: logger)
        }
    }

    @discardableResult
    public func deleteSessions(of accountId: Int64, keeping: String?) async throws -> Int {
        try await write("sessions") { connection in
            try await count(
                connection.query(
                    "DELETE FROM session WHERE account_id = \(accountId) AND token_hash IS DISTINCT FROM \(keeping) RETURNING 1",
                    logger: logger
                ))
        }
    }

    public func sessionCount(of accountId: Int64) async throws -> Int {
        try await count(client.query("SELECT 1 FROM session WHERE account_id = \(accountId)", logger: logger))
    }

    @discardableResult
    public func addToken(tokenHash: String, prefix: String, label: String?, accountId: Int64, at date: Date)
        async throws -> APIToken
    {
        try await write("tokens") { connection in
            let id = try await first(
                connection.query(
                    "INSERT INTO api_token (account_id, token_hash, prefix, label, created_at) VALUES (\(accountId), \(tokenHash), \(prefix), \(label), \(date)) RETURNING id",
                    logger: logger
                ), as: Int64.self)
            return APIToken(id: id ?? 0, prefix: prefix, label: label, createdAt: date)
        }
    }

    public func tokenAccount(tokenHash: String, now: Date) async throws -> Account? {
        guard
            let (id, accountId, lastUsed) = try await first(
                client.query(
                    "SELECT id, account_id, last_used_at FROM api_token WHERE token_hash = \(tokenHash)", logger: logger
                ), as: (Int64, Int64, Date?).self
            )
        else { return nil }
        if StoreRules.isDueForTouch(lastUsed, now: now) {
            try await write("tokens") { connection in
                try await connection.query(
                    "UPDATE api_token SET last_used_at = \(now) WHERE id = \(id)", logger: logger)
            }
        }
        return try await account(id: accountId)
    }

    public func tokens(of accountId: Int64) async throws -> [APIToken] {
        let rows = try await client.query(
            "SELECT id, prefix, label, created_at, last_used_at FROM api_token WHERE account_id = \(accountId) ORDER BY created_at DESC, id DESC",
            logger: logger
        )
        var tokens: [APIToken] = []
        for try await (id, prefix, label, createdAt, lastUsed) in rows.decode(
            (Int64, String, String?, Date, Date?).self)
        {
            tokens.append(APIToken(id: id, prefix: prefix, label: label, createdAt: createdAt, lastUsedAt: lastUsed))
        }
        return tokens
    }

    public func revokeToken(prefix: String) async throws {
        try await write("tokens") { connection in
            var candidates: [Int64] = []
            for try await (id, stored) in try await connection.query("SELECT id, prefix FROM api_token", logger: logger)
                .decode((Int64, String).self)
            where StoreRules.token(prefix, matchesPrefix: stored) {
                candidates.append(id)
            }
            guard candidates.count == 1 else { throw StoreError.tokenPrefix(prefix, matches: candidates.count) }
            try await connection.query("DELETE FROM api_token WHERE id = \(candidates[0])", logger: logger)
        }
    }

    @discardableResult
    public func revokeToken(id: Int64, of accountId: Int64) async throws -> Bool {
        try await write("tokens") { connection in
            try await count(
                connection.query(
                    "DELETE FROM api_token WHERE id = \(id) AND account_id = \(accountId) RETURNING 1", logger: logger))
                > 0
        }
    }
}
