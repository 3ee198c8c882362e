import CocktailBook
import Foundation
import Logging
import ServiceLifecycle

/// Everything the app keeps: the one contract every storage backend fulfils (SQLite in a file,
/// the embedded default, and PostgreSQL for several instances). The web layer and the CLI only
/// know this protocol; `Tests/CocktailBookStoreTests/StoreContractTests.swift` runs the same
/// expectations against each backend.
///
/// Its calls are written once, as the statements of each feature's `extension SQLBook`: a
/// backend says how to read and write (``SQLBook``) and does the few things only it can (the
/// requirements below). A new call is one function there, not a declaration here as well.
///
/// Every call is `async`: a backend never holds a caller's thread while it waits on its
/// database. Changes that belong together happen in one transaction (an import, a restore,
/// creating the first account with the favorites it inherits).
///
/// A store is also a service: the app's service group runs it (``run()``) beside the server, and a
/// one-shot command runs it for as long as it works (``whileRunning(_:)``). Whatever goes wrong
/// in the database comes out of every call as ``StoreError/unavailable(_:)``.
public protocol AppStore: SQLBook, CatalogStore, FavoritesStore, ImportedCocktailsStore, BarStore, RecipeStore,
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
    /// Runs `body` unless another import is under way on any instance sharing this store;
    /// `false` when one is (then `body` did not run).
    func withImportLock(_ body: () async throws -> Void) async throws -> Bool
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
