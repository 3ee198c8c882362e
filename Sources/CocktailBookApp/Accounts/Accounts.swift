import CocktailBook
import CocktailBookStore
import Foundation
import HummingbirdBcrypt
import NIOPosix
import Synchronization

/// Accounts, passwords, sessions and API tokens: the rules on top of the database's tables.
///
/// Passwords are hashed with bcrypt (cost configurable; never logged). Session and API tokens
/// are 32 random bytes; the database keeps only their SHA-256, so they are shown once.
public struct Accounts: Sendable {
    /// The database holding accounts, sessions and tokens.
    public let database: any AppStore
    /// bcrypt's cost: each step doubles the time a hash takes.
    public let bcryptCost: UInt8
    /// How long a session lasts without being used: 30 days.
    public static let sessionIdleLimit: TimeInterval = 30 * 24 * 3600
    /// The shortest password accepted.
    public static let minimumPasswordLength = 8

    /// What every request asks, kept per database version: whether any account exists, and who
    /// a session or API token signs in (read again at least once a minute, when its last use
    /// is recorded).
    private let accountsExist: DatabaseMemo<Bool, Bool>
    private let sessions: DatabaseMemo<String, Account?>
    private let apiTokens: DatabaseMemo<String, TokenGrant?>

    /// Creates the service over `database`.
    public init(database: any AppStore, bcryptCost: UInt8 = 12) {
        self.database = database
        self.bcryptCost = bcryptCost
        accountsExist = DatabaseMemo(changes: database.changes)
        sessions = DatabaseMemo(changes: database.changes, maximumAge: .seconds(30))
        apiTokens = DatabaseMemo(changes: database.changes, maximumAge: .seconds(30))
    }

    /// Whether the book has any account (without one, a loopback book has an implicit owner).
    public func hasAccounts() async throws -> Bool {
        try await accountsExist.value(for: true) { try await database.hasAccounts() }
    }

    /// Every account, for the admin page and `user list`.
    public func all() async throws -> [Account] { try await database.accounts() }
    /// The account named `name`, if the book has one.
    public func account(named name: String) async throws -> Account? {
        try await database.credentials(named: name)?.account
    }
    /// Gives the account named `name` a role; removes an account with everything it owned.
    public func setRole(_ role: Role, named name: String) async throws { try await database.setRole(role, named: name) }
    /// Removes an account; returns whether it was the book's last (see ``SQLBook/removeAccount(named:)``).
    @discardableResult public func remove(named name: String) async throws -> Bool {
        try await database.removeAccount(named: name)
    }

    /// Refused: the account signed in would remove itself.
    public struct RemovingSelf: Error, Equatable {
        /// The account's name, as it signs in.
        public let name: String
    }

    /// Removes an account for someone signed in, never their own: it would sign them out
    /// mid-page, and the book's last account would leave a book nobody can sign into from afar.
    /// (The command line, run by whoever runs the server, may remove any.)
    ///
    /// - Throws: ``RemovingSelf``, or what ``remove(named:)`` throws.
    package func remove(named name: String, by viewer: Viewer) async throws {
        if let own = viewer.account?.name, own.lowercased() == name.lowercased() { throw RemovingSelf(name: own) }
        try await remove(named: name)
    }

    /// Signs the session whose token hashes to `hash` out.
    public func endSession(hash: String) async throws { try await database.deleteSession(tokenHash: hash) }
    /// Signs every other session of an account out (all of them without `keeping`); how many.
    @discardableResult
    public func endSessions(of accountId: Int64, keeping hash: String?) async throws -> Int {
        try await database.deleteSessions(of: accountId, keeping: hash)
    }
    /// How many sessions the account has open.
    public func sessionCount(of accountId: Int64) async throws -> Int { try await database.sessionCount(of: accountId) }
    /// The account's API tokens (their prefixes, scopes and expiry, never the tokens).
    public func tokens(of accountId: Int64) async throws -> [APIToken] { try await database.tokens(of: accountId) }
    /// Revokes one of the account's tokens; false when it has none with that id.
    @discardableResult
    public func revokeToken(id: Int64, of accountId: Int64) async throws -> Bool {
        try await database.revokeToken(id: id, of: accountId)
    }
    /// Revokes the token shown as `prefix` (`user revoke`).
    public func revokeToken(prefix: String) async throws { try await database.revokeToken(prefix: prefix) }

    /// Why a name or password is refused.
    public struct Refusal: Error, LocalizedError, Equatable {
        public let message: String
        public var errorDescription: String? { message }
    }

    /// A name: 1 to 32 letters, digits, `.`, `-` or `_`, starting with a letter or digit.
    public static func validate(name: String) throws {
        if let problem = AccountName.problem(with: name) { throw Refusal(message: problem) }
    }

    /// A password: at least 8 characters, at most 72 bytes (all bcrypt reads), not the name.
    public static func validate(password: String, name: String) throws {
        guard password.count >= minimumPasswordLength else {
            throw Refusal(message: "A password needs at least \(minimumPasswordLength) characters.")
        }
        guard password.utf8.count <= 72 else { throw Refusal(message: "A password may be at most 72 bytes long.") }
        guard password.lowercased() != name.lowercased() else {
            throw Refusal(message: "A password must not be the account's name.")
        }
    }

    /// An e-mail address as a sign-in provider would give it: one `@` between a name and a
    /// domain, no spaces, at most 254 characters.
    public static func validate(email: String) throws {
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard email.count <= 254, parts.count == 2, !parts[0].isEmpty, parts[1].contains("."),
            !parts[1].hasPrefix("."), !parts[1].hasSuffix("."),
            !email.contains(where: { $0.isWhitespace || $0.isNewline })
        else { throw Refusal(message: "\(email) is not an e-mail address.") }
    }

    /// Creates an account after checking its name, password and e-mail address.
    @discardableResult
    public func createAccount(name: String, role: Role, password: String, email: String? = nil, at date: Date = Date())
        async throws -> Account
    {
        try Self.validate(name: name)
        try Self.validate(password: password, name: name)
        if let email { try Self.validate(email: email) }
        return try await database.addAccount(
            name: name, role: role, passwordHash: await hash(password), email: email, identity: nil, at: date)
    }

    /// Creates an account that signs in only through an OpenID provider (its password is
    /// unusable until an admin sets one), linked to the provider's (issuer, subject) pair.
    public func createAccount(
        name: String, role: Role, email: String?, identity: (issuer: String, subject: String), at date: Date = Date()
    ) async throws -> Account {
        try Self.validate(name: name)
        return try await database.addAccount(
            name: name, role: role, passwordHash: Self.unusablePasswordHash(), email: email, identity: identity,
            at: date)
    }

    /// Gives an account an e-mail address after checking it; `nil` or an empty one removes it.
    public func setEmail(_ email: String?, named name: String) async throws {
        let trimmed = email?.trimmingCharacters(in: .whitespaces)
        let email = trimmed?.isEmpty == false ? trimmed : nil
        if let email { try Self.validate(email: email) }
        try await database.setEmail(email, named: name)
    }

    /// The account's e-mail address, if it has one.
    public func email(of accountId: Int64) async throws -> String? { try await database.email(of: accountId) }

    /// Replaces a password after checking it; every session of the account ends except
    /// `keeping`.
    public func changePassword(of name: String, to password: String, keeping session: String? = nil) async throws {
        try Self.validate(password: password, name: name)
        try await database.setPasswordHash(await hash(password), named: name, keeping: session)
    }

    /// The account when `password` is its password; `nil` for a wrong password and for an
    /// unknown name alike, taking the same time for both.
    public func verify(name: String, password: String) async throws -> Account? {
        let stored = try await database.credentials(named: name)
        let hash = stored?.passwordHash ?? Self.decoyHash(cost: bcryptCost)
        let matches = await run { Bcrypt.verify(password, hash: hash) }
        guard let stored, matches else { return nil }
        return stored.account
    }

    /// Whether the account named `name` has a password it can sign in with (accounts made by a
    /// restore or a first sign-in through the OpenID provider have none until an admin sets one).
    public func hasPassword(named name: String) async throws -> Bool {
        guard let hash = try await database.credentials(named: name)?.passwordHash else { return false }
        return !hash.hasPrefix("!")
    }

    /// A stored "password" nothing matches: restored accounts get one until an admin sets a
    /// real password.
    public static func unusablePasswordHash() -> String { "!restored-" + Secrets.randomToken() }

    /// Starts a session; returns the cookie's token.
    public func startSession(for account: Account, at date: Date = Date()) async throws -> String {
        let token = Secrets.randomToken()
        try await database.createSession(tokenHash: Self.digest(token), accountId: account.id, at: date)
        return token
    }

    /// The account a session cookie signs in, if the session is alive.
    public func account(sessionToken token: String, now: Date = Date()) async throws -> Account? {
        let hash = Self.digest(token)
        return try await sessions.value(for: hash) {
            try await database.sessionAccount(tokenHash: hash, now: now, maximumIdle: Self.sessionIdleLimit)
        }
    }

    /// Who a live API token signs in, and what it may do for them now.
    public func grant(apiToken token: String, now: Date = Date()) async throws -> TokenGrant? {
        let hash = Self.digest(token)
        // Remembered for at most 30 seconds; the expiry is checked at each use all the same.
        let grant = try await apiTokens.value(for: hash) { try await database.tokenGrant(tokenHash: hash, now: now) }
        guard let grant, grant.expiresAt.map({ now < $0 }) ?? true else { return nil }
        return grant
    }

    /// The account a live API token belongs to.
    public func account(apiToken token: String, now: Date = Date()) async throws -> Account? {
        try await grant(apiToken: token, now: now)?.account
    }

    /// Issues a new API token for `name` that may do `scope` (at most what the account's role
    /// allows) until `expiresAt` (`nil`: until it is revoked); the token is returned once and
    /// stored only hashed.
    public func issueToken(
        for name: String, label: String?, scope: TokenScope = .write, expiresAt: Date? = nil, at date: Date = Date()
    ) async throws -> String {
        guard let account = try await database.credentials(named: name)?.account else {
            throw StoreError.unknownAccount(name)
        }
        guard scope <= .widest(for: account.role) else {
            throw Refusal(
                message:
                    "An account with the \(account.role.rawValue) role may not have an \(scope.rawValue) token; the widest it may have is \(TokenScope.widest(for: account.role).rawValue)."
            )
        }
        if let expiresAt, expiresAt <= date { throw Refusal(message: "The token's expiry must be in the future.") }
        let token = "cb_" + Secrets.randomToken()
        try await database.addToken(
            tokenHash: Self.digest(token), prefix: String(token.prefix(11)), label: label, accountId: account.id,
            at: date, scope: scope, expiresAt: expiresAt)
        return token
    }

    /// SHA-256 of `text`, in hex: what the database keeps of a token.
    public static func digest(_ text: String) -> String {
        Secrets.sha256(Data(text.utf8))
    }

    private func hash(_ password: String) async -> String {
        let cost = bcryptCost
        return await run { Bcrypt.hash(password, cost: cost) }
    }

    /// bcrypt is slow on purpose: it runs on NIO's thread pool, off the request threads.
    private func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        (try? await NIOThreadPool.singleton.runIfActive(work)) ?? work()
    }

    /// A hash of a password nobody has, at the configured cost, so that an unknown name costs
    /// the same bcrypt check as a known one. Made on first use, once per cost.
    private static func decoyHash(cost: UInt8) -> String {
        decoys.withLock { table in
            if let hash = table[cost] { return hash }
            let hash = Bcrypt.hash("not a password of anyone", cost: cost)
            table[cost] = hash
            return hash
        }
    }

    private static let decoys = Mutex<[UInt8: String]>([:])
}
