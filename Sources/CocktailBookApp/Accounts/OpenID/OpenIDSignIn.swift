import CocktailBook
import CocktailBookStore
import Foundation
import Logging

/// Who a verified ID token signs in: the account linked to its (issuer, subject) pair; on a
/// first sign-in, the local account with the same verified e-mail address when the admin allowed
/// linking, or a new account when the admin allowed sign-up. Never an account found by name.
/// With group settings, the role follows the `groups` claim at every sign-in, except that the
/// last admin who can sign in is never demoted (that is logged instead).
public struct OpenIDSignIn: Sendable {
    public let accounts: Accounts
    public let settings: OpenIDSettings
    public let logger: Logger

    public init(accounts: Accounts, settings: OpenIDSettings, logger: Logger) {
        self.accounts = accounts
        self.settings = settings
        self.logger = logger
    }

    /// Why the person is not signed in, for the page that says so.
    public enum Refusal: Error, Equatable, Sendable {
        /// No account is linked and the book does not create one.
        case noAccount
        /// A member group is set and the person is in none of the book's groups.
        case notInGroups
    }

    /// The account `claims` sign in, its role brought in line with the groups.
    public func account(for claims: IDTokenClaims) async throws -> Account {
        let database = accounts.database
        let identity = (issuer: settings.issuer, subject: claims.sub)
        var account = try await database.account(issuer: identity.issuer, subject: identity.subject)
        if account == nil, settings.linksVerifiedEmail, claims.emailVerified, let email = claims.email,
            let existing = try await database.account(email: email)
        {
            guard settings.role(groups: claims.groups, current: existing.role) != nil else {
                throw Refusal.notInGroups
            }
            try await database.linkIdentity(
                issuer: identity.issuer, subject: identity.subject, to: existing.id, at: Date())
            logger.notice("OpenID: \(existing.name) linked to \(identity.issuer) by verified e-mail")
            account = existing
        }
        guard let account else { return try await signUp(claims, identity: identity) }
        guard let role = settings.role(groups: claims.groups, current: account.role) else {
            throw Refusal.notInGroups
        }
        guard role != account.role else { return account }
        do {
            try await accounts.setRole(role, named: account.name)
        } catch StoreError.lastAdmin {
            logger.warning(
                "OpenID: \(account.name) is no longer in the admin group, but stays admin: the book has no other admin")
            return account
        }
        var changed = account
        changed.role = role
        return changed
    }

    private func signUp(_ claims: IDTokenClaims, identity: (issuer: String, subject: String)) async throws -> Account {
        guard settings.allowsSignUp else { throw Refusal.noAccount }
        guard let role = settings.role(groups: claims.groups, current: nil) else { throw Refusal.notInGroups }
        // An address the provider has not verified is not kept: it would let the next linking
        // take someone else's account.
        var email = claims.emailVerified ? claims.email : nil
        if let address = email, try await accounts.database.account(email: address) != nil { email = nil }
        let base = Self.accountName(from: claims)
        for attempt in 1...50 {
            let name = attempt == 1 ? base : String(base.prefix(28)) + "-\(attempt)"
            do {
                let account = try await accounts.createAccount(name: name, role: role, email: email, identity: identity)
                logger.notice("OpenID: account \(name) created at first sign-in through \(identity.issuer)")
                return account
            } catch StoreError.accountExists {
                continue
            }
        }
        throw Refusal.noAccount
    }

    /// A name for a new account from what the provider says: the preferred user name, else the
    /// e-mail address's local part, else the name, reduced to what account names allow.
    static func accountName(from claims: IDTokenClaims) -> String {
        let candidates = [claims.preferredUsername, claims.email.map { String($0.prefix { $0 != "@" }) }, claims.name]
        for candidate in candidates.compactMap({ $0 }) {
            let folded = candidate.folding(options: [.diacriticInsensitive, .widthInsensitive], locale: nil)
            var name = String(
                folded.unicodeScalars.map { scalar -> Character in
                    scalar.isASCII
                        && (CharacterSet.alphanumerics.contains(scalar) || "._-".unicodeScalars.contains(scalar))
                        ? Character(scalar) : "-"
                })
            name = String(name.drop { !($0.isLetter || $0.isNumber) }.prefix(32))
            if AccountName.problem(with: name) == nil { return name }
        }
        return "person"
    }
}
