import CocktailBook
import Foundation
import Logging
import ServiceLifecycle

/// Everything the app keeps: the one contract every storage backend fulfils (SQLite in a file,
/// the embedded default, and PostgreSQL for several instances). The web layer and the CLI only
/// know this protocol; `Tests/CocktailBookStoreTests/StoreContractTests.swift` runs the same
/// expectations against each backend.
///
/// Every call is `async`: a backend never holds a caller's thread while it waits on its
/// database. Changes that belong together happen in one transaction (an import, a restore,
/// creating the first account with the favorites it inherits).
///
/// A store is also a service: the app's service group runs it (``run()``) beside the server, and a
/// one-shot command runs it for as long as it works (``whileRunning(_:)``). Whatever goes wrong
/// in the database comes out of every call as ``StoreError/unavailable(_:)``.
public protocol AppStore: CatalogStore, FavoritesStore, ImportedCocktailsStore, BarStore, RecipeStore,
    HouseRecipeStore, PersonalStore, ListStore, BookSettingsStore, IdempotencyStore, Service
{
    /// Moves whenever the stored content may have changed, also by another process or instance:
    /// what is computed from the store is kept in memory per version.
    var changes: DatabaseChanges { get }
    /// Where the data lives, for people (a file path, or a PostgreSQL address without password).
    var location: String { get }
    /// Where imported pictures' bytes are kept: beside the SQLite file, or in PostgreSQL.
    var pictures: any PictureStore { get }
    /// Where the backups the book takes by itself (before a restore) are kept: a `backups`
    /// folder beside the SQLite file, or PostgreSQL (see ``BackupShelf``).
    var keptBackups: any PictureStore { get }
    /// Calls `handle` with the topic (`"catalog"`, `"imports"`, `"restore"`…) of each change
    /// another instance sharing this store makes; a store only one process serves never calls it.
    func onChangeElsewhere(_ handle: @escaping @Sendable (String) -> Void)
    /// Its size in bytes, when the backend can tell.
    func sizeInBytes() async -> Int?

    // MARK: Accounts
    func hasAccounts() async throws -> Bool
    func hasAdmin() async throws -> Bool
    /// Creates an account; the first one is always an admin and inherits the favorites and bar
    /// kept so far without accounts, in the same transaction.
    /// With `email` (unique per book) and `identity`, an OpenID provider's (issuer, subject)
    /// pair that signs it in from now on, all in the same transaction.
    @discardableResult
    func addAccount(
        name: String, role: Role, passwordHash: String, email: String?, identity: (issuer: String, subject: String)?,
        at date: Date
    ) async throws -> Account
    /// Every account, by name (case-insensitively).
    func accounts() async throws -> [Account]
    func credentials(named name: String) async throws -> (account: Account, passwordHash: String)?
    func account(id: Int64) async throws -> Account?
    /// Removes an account with its sessions, tokens, settings, favorites, bar and lists.
    func removeAccount(named name: String) async throws
    func setRole(_ role: Role, named name: String) async throws
    /// The account a provider's (issuer, subject) pair was linked to.
    func account(issuer: String, subject: String) async throws -> Account?
    /// The account with this e-mail address (case-insensitively).
    func account(email: String) async throws -> Account?
    func email(of accountId: Int64) async throws -> String?
    /// Gives an account an e-mail address, or takes it away (`nil`).
    func setEmail(_ email: String?, named name: String) async throws
    /// Links a provider's (issuer, subject) pair to an account.
    func linkIdentity(issuer: String, subject: String, to accountId: Int64, at date: Date) async throws
    /// Replaces the password hash and ends the account's sessions except `keeping`.
    func setPasswordHash(_ hash: String, named name: String, keeping session: String?) async throws

    // MARK: Sessions and API tokens (stored as hashes)
    func createSession(tokenHash: String, accountId: Int64, at date: Date) async throws
    func sessionAccount(tokenHash: String, now: Date, maximumIdle: TimeInterval) async throws -> Account?
    func deleteSession(tokenHash: String) async throws
    @discardableResult
    func deleteSessions(of accountId: Int64, keeping: String?) async throws -> Int
    func sessionCount(of accountId: Int64) async throws -> Int
    @discardableResult
    func addToken(
        tokenHash: String, prefix: String, label: String?, accountId: Int64, at date: Date, scope: TokenScope,
        expiresAt: Date?
    ) async throws -> APIToken
    func tokenGrant(tokenHash: String, now: Date) async throws -> TokenGrant?
    func tokens(of accountId: Int64) async throws -> [APIToken]
    func revokeToken(prefix: String) async throws
    @discardableResult
    func revokeToken(id: Int64, of accountId: Int64) async throws -> Bool

    // MARK: Settings
    func settings(of accountId: Int64) async throws -> Settings?
    func saveSettings(_ settings: Settings, for accountId: Int64) async throws

    // MARK: Favorites
    func setFavorite(_ isFavorite: Bool, for id: String, owner: FavoritesOwner, at date: Date) async throws
    /// `owner`'s favorites with the time each was added, oldest first.
    func favorites(of owner: FavoritesOwner) async throws -> [(id: String, addedAt: Date)]
    func resetFavorites(of owner: FavoritesOwner) async throws -> Int

    // MARK: Imports
    /// Stores one import's cocktails and pictures in one transaction, upserted by (origin, id).
    func importCocktails(_ cocktails: [Cocktail], images: [ImportedImage], origin: String, at date: Date) async throws
        -> ImportCounts
    func importedImageFile(for sourceURL: String) async throws -> String?
    func importedOrigins() async throws -> [(origin: String, count: Int)]
    func removeImported(origin: String) async throws -> Int
    /// Removes the drink `id` imported from another origin than `keeping`.
    func removeImportedCocktail(id: String, keeping origin: String) async throws -> Int
    /// Keeps an uploaded export until its review is applied or a day has passed.
    func stagePendingImport(_ pending: PendingImport, payload: Data) async throws
    /// A staged import and its file's bytes, if it is still kept.
    func pendingImport(id: String) async throws -> (PendingImport, Data)?
    /// Marks a staged import applied (`true`), unless it was applied already (`false`).
    func markPendingImportApplied(id: String, at date: Date) async throws -> Bool
    /// Removes the drinks an applied import made and marks it undone, in one transaction.
    func undoPendingImport(id: String, origin: String, at date: Date) async throws -> Int
    func importedPictures() async throws -> [String]
    func importedPictureSources() async throws -> [(sourceURL: String, fileName: String)]
    /// Rows per table the catalog lives in, to prove that a refused change changed nothing.
    func rowCounts() async throws -> [String: Int]

    /// Runs `body` unless another import is under way on any instance sharing this store;
    /// `false` when one is (then `body` did not run).
    func withImportLock(_ body: () async throws -> Void) async throws -> Bool

    // MARK: Backup
    /// Everything people put into the book, as one file; pictures' bytes from `pictures`.
    func backup(pictures: (any PictureStore)?, at date: Date) async throws -> Data
    /// Replaces what people put into the book with a backup's, in one transaction; pictures
    /// are saved into `pictures` first and taken back if the restore fails.
    func restore(_ data: Data, pictures: (any PictureStore)?, unusablePasswordHash: String) async throws
        -> Backup.Summary

    // MARK: Health
    /// `nil` when the store can be read and written, or one sentence saying what fails.
    func healthProblem() async -> String?
}

extension AppStore {
    /// Runs the store while `body` works with it, for callers without a service group.
    public func whileRunning<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await self.run() }
            defer { group.cancelAll() }
            return try await body()
        }
    }

    @discardableResult
    public func addAccount(name: String, role: Role, passwordHash: String, at date: Date = Date()) async throws
        -> Account
    {
        try await addAccount(name: name, role: role, passwordHash: passwordHash, email: nil, identity: nil, at: date)
    }

    public func setPasswordHash(_ hash: String, named name: String) async throws {
        try await setPasswordHash(hash, named: name, keeping: nil)
    }

    public func favorites() async throws -> [(id: String, addedAt: Date)] {
        try await favorites(of: .implicit)
    }

    public func importCocktails(_ cocktails: [Cocktail], origin: String, at date: Date) async throws -> ImportCounts {
        try await importCocktails(cocktails, images: [], origin: origin, at: date)
    }

    public func backup(pictures: (any PictureStore)?) async throws -> Data {
        try await backup(pictures: pictures, at: Date())
    }
}

extension AppDatabase: AppStore {
    public var location: String { writer.path }

    /// A SQLite file needs nothing running beside it: this waits for the service group to stop.
    public func run() async throws {
        try? await gracefulShutdown()
    }

    /// One server serves a SQLite book: no other instance changes it.
    public func onChangeElsewhere(_ handle: @escaping @Sendable (String) -> Void) {}

    /// One process serves a SQLite book: the server's own gate is the only one needed.
    public func withImportLock(_ body: () async throws -> Void) async throws -> Bool {
        try await body()
        return true
    }

    /// The `images` folder beside the database file (under the temporary folder for a
    /// database in memory).
    public var pictures: any PictureStore {
        let path = writer.path
        guard !path.isEmpty, path != ":memory:" else {
            return PictureFolder(
                directory: FileManager.default.temporaryDirectory.appendingPathComponent(
                    "cocktailbook-memory-images", isDirectory: true))
        }
        return PictureFolder(
            directory: URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(
                "images", isDirectory: true))
    }

    /// The `backups` folder beside the database file (under the temporary folder for a
    /// database in memory).
    public var keptBackups: any PictureStore {
        let path = writer.path
        guard !path.isEmpty, path != ":memory:" else {
            return PictureFolder(
                directory: FileManager.default.temporaryDirectory.appendingPathComponent(
                    "cocktailbook-memory-backups", isDirectory: true))
        }
        return PictureFolder(
            directory: URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(
                "backups", isDirectory: true))
    }

    public func sizeInBytes() async -> Int? {
        let files = [writer.path, writer.path + "-wal", writer.path + "-shm"]
        let sizes = files.compactMap { try? FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int }
        return sizes.isEmpty ? nil : sizes.reduce(0, +)
    }
}

/// Opens the store a `--database` value names.
public enum AppStores {
    /// Whether `location` names a PostgreSQL server rather than a SQLite file.
    public static func isPostgres(_ location: String) -> Bool {
        location.hasPrefix("postgres://") || location.hasPrefix("postgresql://")
    }

    /// Checks a PostgreSQL address without connecting; `nil` when it is usable, or why not.
    public static func problem(withAddress location: String) -> String? {
        do {
            _ = try PostgresAddress(location)
            return nil
        } catch {
            return (error as? LocalizedError)?.errorDescription ?? "\(error)"
        }
    }

    /// The SQLite file at `location`, or the PostgreSQL database a `postgres://` address names.
    public static func open(_ location: String, logger: Logger) async throws -> any AppStore {
        if isPostgres(location) { return try await PostgresStore(url: location, logger: logger) }
        return try AppDatabase(path: location)
    }
}
