import CocktailBook
import Foundation

/// Accounts as an OpenID Connect provider knows them: a person is matched by the pair of the
/// provider's issuer and its `sub` for them, never by a name; an e-mail address (unique per book,
/// case-insensitively) lets an admin-allowed first sign-in find an existing local account.
extension SQLBook {
    /// The account a provider's (issuer, subject) pair signs in, if one was linked.
    public func account(issuer: String, subject: String) async throws -> Account? {
        guard
            let id = try await reading({ db in
                try await db.first(
                    Int64.self, "SELECT account_id FROM account_identity WHERE issuer = ? AND subject = ?", issuer,
                    subject)
            })
        else { return nil }
        return try await account(id: id)
    }

    /// The account whose e-mail address is `email` (case-insensitively).
    public func account(email: String) async throws -> Account? {
        guard
            let id = try await reading({ db in
                try await db.first(Int64.self, "SELECT id FROM account WHERE lower(email) = lower(?)", email)
            })
        else { return nil }
        return try await account(id: id)
    }

    /// The e-mail address of an account, if it has one.
    public func email(of accountId: Int64) async throws -> String? {
        try await reading { db in
            try await db.first(String?.self, "SELECT email FROM account WHERE id = ?", accountId) ?? nil
        }
    }

    /// Gives the account named `name` an e-mail address (`nil` removes it).
    ///
    /// - Throws: ``StoreError/unknownAccount(_:)``, or ``StoreError/emailTaken(_:)`` when
    ///   another account has it.
    public func setEmail(_ email: String?, named name: String) async throws {
        try await writing("accounts") { db in
            try await db.lockForWriting("account")
            guard let id = try await db.first(Int64.self, "SELECT id FROM account WHERE lower(name) = lower(?)", name)
            else { throw StoreError.unknownAccount(name) }
            if let email,
                try await db.exists("SELECT 1 FROM account WHERE lower(email) = lower(?) AND id <> ?", email, id)
            {
                throw StoreError.emailTaken(email)
            }
            try await db.execute("UPDATE account SET email = ? WHERE id = ?", email, id)
        }
    }

    /// Links a provider's (issuer, subject) pair to an account, for every later sign-in.
    public func linkIdentity(issuer: String, subject: String, to accountId: Int64, at date: Date) async throws {
        try await writing("accounts") { db in
            try await db.execute(
                """
                INSERT INTO account_identity (issuer, subject, account_id, linked_at) VALUES (?, ?, ?, ?)
                ON CONFLICT (issuer, subject) DO UPDATE SET account_id = excluded.account_id
                """, issuer, subject, accountId, date)
        }
    }
}
