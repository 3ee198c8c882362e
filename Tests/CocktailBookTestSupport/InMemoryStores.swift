import CocktailBook
import CocktailsAPI
import Foundation

/// The error the in-memory stores throw when a test tells them to fail.
public struct SimulatedStoreFailure: Error, Equatable, Sendable, LocalizedError {
    /// Which operation was told to fail, e.g. `saveCatalog`.
    public var operation: String

    /// Creates the failure for `operation`.
    public init(operation: String) {
        self.operation = operation
    }

    /// A sentence naming the operation that failed.
    public var errorDescription: String? { "The in-memory store was told to fail \(operation)." }
}

/// A ``CatalogStore`` that keeps the catalog in memory: the test double of the SQLite store.
///
/// Thread-safe, so the same instance can be shared by a ``CatalogService`` and the test that
/// inspects it. Set ``failsOnLoad`` or ``failsOnSave`` to exercise the error paths.
public final class InMemoryCatalogStore: CatalogStore, @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`.
    private var storedCatalog: CachedCatalog?
    private var storedFailsOnLoad = false
    private var storedFailsOnSave = false
    private var storedSaveCount = 0

    /// Creates a store holding `cached`, or nothing.
    public init(_ cached: CachedCatalog? = nil) {
        storedCatalog = cached
    }

    /// The catalog currently held, as ``loadCatalog()`` would return it (without failing).
    public var cached: CachedCatalog? { lock.withLock { storedCatalog } }

    /// How many times ``saveCatalog(_:)`` succeeded.
    public var saveCount: Int { lock.withLock { storedSaveCount } }

    /// When `true`, ``loadCatalog()`` throws ``SimulatedStoreFailure``.
    public var failsOnLoad: Bool {
        get { lock.withLock { storedFailsOnLoad } }
        set { lock.withLock { storedFailsOnLoad = newValue } }
    }

    /// When `true`, ``saveCatalog(_:)`` throws ``SimulatedStoreFailure`` and keeps the old catalog.
    public var failsOnSave: Bool {
        get { lock.withLock { storedFailsOnSave } }
        set { lock.withLock { storedFailsOnSave = newValue } }
    }

    /// Notes a refresh that brought the same catalog: only its date changes.
    public func markCatalogFetched(at date: Date) throws {
        try lock.withLock {
            if storedFailsOnSave { throw SimulatedStoreFailure(operation: "markCatalogFetched") }
            storedCatalog?.fetchedAt = date
        }
    }

    /// The held catalog.
    ///
    /// - Throws: ``SimulatedStoreFailure`` when ``failsOnLoad`` is set.
    public func loadCatalog() throws -> CachedCatalog? {
        try lock.withLock {
            if storedFailsOnLoad { throw SimulatedStoreFailure(operation: "loadCatalog") }
            return storedCatalog
        }
    }

    /// Replaces the held catalog.
    ///
    /// - Throws: ``SimulatedStoreFailure`` when ``failsOnSave`` is set.
    public func saveCatalog(_ catalog: CachedCatalog) throws {
        try lock.withLock {
            if storedFailsOnSave { throw SimulatedStoreFailure(operation: "saveCatalog") }
            storedCatalog = catalog
            storedSaveCount += 1
        }
    }
}

/// A ``FavoritesStore`` that keeps the favorite ids in memory: the test double of the SQLite store.
///
/// Unlike the SQLite store it accepts any id; the ``CatalogService`` is what checks ids against
/// the catalog. Set ``failsOnRead`` or ``failsOnSave`` to exercise the error paths.
public final class InMemoryFavoritesStore: FavoritesStore, @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`.
    private var stored: [FavoritesOwner: Set<String>]
    private var storedFailsOnRead = false
    private var storedFailsOnSave = false

    /// Creates a store holding `ids` as the implicit owner's favorites.
    public init(_ ids: Set<String> = []) {
        stored = [.implicit: ids]
    }

    /// The implicit owner's favorite ids, as ``favoriteIDs(of:)`` would return them (without failing).
    public var ids: Set<String> { lock.withLock { stored[.implicit] ?? [] } }

    /// When `true`, ``favoriteIDs(of:)`` throws ``SimulatedStoreFailure``.
    public var failsOnRead: Bool {
        get { lock.withLock { storedFailsOnRead } }
        set { lock.withLock { storedFailsOnRead = newValue } }
    }

    /// When `true`, ``setFavorite(_:for:owner:)`` throws ``SimulatedStoreFailure`` and changes nothing.
    public var failsOnSave: Bool {
        get { lock.withLock { storedFailsOnSave } }
        set { lock.withLock { storedFailsOnSave = newValue } }
    }

    /// The held favorite ids.
    ///
    /// - Throws: ``SimulatedStoreFailure`` when ``failsOnRead`` is set.
    public func favoriteIDs(of owner: FavoritesOwner) throws -> Set<String> {
        try lock.withLock {
            if storedFailsOnRead { throw SimulatedStoreFailure(operation: "favoriteIDs") }
            return stored[owner] ?? []
        }
    }

    /// Adds or removes `id`; doing it twice is the same as doing it once.
    ///
    /// - Throws: ``SimulatedStoreFailure`` when ``failsOnSave`` is set.
    public func setFavorite(_ isFavorite: Bool, for id: String, owner: FavoritesOwner) throws {
        try lock.withLock {
            if storedFailsOnSave { throw SimulatedStoreFailure(operation: "setFavorite") }
            if isFavorite { stored[owner, default: []].insert(id) } else { stored[owner]?.remove(id) }
        }
    }
}

/// An ``ImportedCocktailsStore`` held in memory: the test double of the SQLite store.
public final class InMemoryImportedCocktailsStore: ImportedCocktailsStore, @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`.
    private var stored: [Cocktail]

    /// Creates a store holding `cocktails`.
    public init(_ cocktails: [Cocktail] = []) {
        stored = cocktails
    }

    /// Replaces the held cocktails, as an import would.
    public func replace(with cocktails: [Cocktail]) {
        lock.withLock { stored = cocktails }
    }

    /// The held cocktails.
    public func importedCocktails() throws -> [Cocktail] {
        lock.withLock { stored }
    }
}
