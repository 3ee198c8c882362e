import Foundation

/// A catalog as it was last fetched from the source.
public struct CachedCatalog: Sendable, Equatable {
    /// The cocktails, in source order.
    public var cocktails: [Cocktail]
    /// When the source delivered them.
    public var fetchedAt: Date
    /// A fingerprint of the source's answer they were read from (``ContentHash``), so that a
    /// refresh bringing back the same bytes is known without reading them again.
    public var sourceDigest: String?

    /// Creates a cached catalog.
    public init(cocktails: [Cocktail], fetchedAt: Date, sourceDigest: String? = nil) {
        self.cocktails = cocktails
        self.fetchedAt = fetchedAt
        self.sourceDigest = sourceDigest
    }
}

/// Keeps the last good catalog so that the app can show it without waiting for the source.
public protocol CatalogStore: Sendable {
    /// The cached catalog, or `nil` if none was ever saved.
    func loadCatalog() async throws -> CachedCatalog?
    /// Replaces the cached catalog as a whole.
    func saveCatalog(_ catalog: CachedCatalog) async throws
    /// Records that the source delivered the cached catalog again, unchanged, at `date`.
    func markCatalogFetched(at date: Date) async throws
}

/// A catalog store that several instances of the book share: one of them at a time fetches
/// from the source, stores the result once, and the others adopt it.
public protocol SharedCatalogStore: CatalogStore {
    /// Runs `body` while holding the refresh lock of all instances; returns `false` at once,
    /// without running it, when another instance holds it.
    func withRefreshLock(_ body: @Sendable () async -> Void) async throws -> Bool
}

/// Remembers which cocktails each person marked as favorites.
public protocol FavoritesStore: Sendable {
    /// The ids of all of `owner`'s favorites, including any whose cocktail is no longer in the
    /// catalog. ``FavoritesOwner/nobody`` has none.
    func favoriteIDs(of owner: FavoritesOwner) async throws -> Set<String>
    /// Marks or unmarks a cocktail as `owner`'s favorite; doing it twice is the same as once.
    func setFavorite(_ isFavorite: Bool, for id: String, owner: FavoritesOwner) async throws
}
