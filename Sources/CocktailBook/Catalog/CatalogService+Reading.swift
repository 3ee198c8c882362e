import CocktailsAPI
import Foundation

/// What the catalog answers from memory: lists, drinks, queries, the bar, facets. Each throws
/// ``CatalogError/loading`` or ``CatalogError/unavailable(_:)`` while there is no catalog yet.
extension CatalogService {
    /// The catalog for `filter` in display order.
    ///
    /// - Throws: ``CatalogError/loading`` or ``CatalogError/unavailable(_:)`` when there is no
    ///   catalog to show yet.
    ///
    /// The `owner` parameters below say whose favorites are pinned and marked; they default to
    /// the implicit owner of a book without accounts.
    public func list(filter: CocktailFilter, for owner: FavoritesOwner = .implicit) async throws -> CocktailList {
        CocktailList(
            catalog: try available(), favorites: try await favoritesStore.favoriteIDs(of: owner), filter: filter)
    }

    /// The cocktail with this id and whether it is `owner`'s favorite.
    public func cocktail(id: String, for owner: FavoritesOwner = .implicit) async throws -> CocktailList.Item {
        guard CocktailID.isValid(id) else { throw CatalogError.invalidID(id) }
        guard let cocktail = try available().cocktail(id: id) else { throw CatalogError.unknownCocktail(id) }
        return .init(cocktail: cocktail, isFavorite: try await favoritesStore.favoriteIDs(of: owner).contains(id))
    }

    /// The cocktail with this id, with its recipe read against the ingredient table.
    public func details(id: String, for owner: FavoritesOwner = .implicit) async throws -> CocktailDetails {
        await CocktailDetails(try cocktail(id: id, for: owner), table: ingredients)
    }

    /// The cocktail with this id or, failing that, this name (case- and diacritic-insensitive).
    public func cocktail(idOrName query: String, for owner: FavoritesOwner = .implicit) async throws
        -> CocktailList.Item
    {
        let catalog = try available()
        if CocktailID.isValid(query), catalog.contains(id: query) { return try await cocktail(id: query, for: owner) }
        guard let match = catalog.cocktail(named: query, locale: locale) else { throw CatalogError.unknownName(query) }
        return try await cocktail(id: match.id, for: owner)
    }

    /// One page of the cocktails matching `query`.
    public func query(
        _ query: CocktailQuery, for owner: FavoritesOwner = .implicit, shelf: Shelf = Shelf(),
        personal: PersonalView = PersonalView()
    ) async throws -> CocktailPage {
        let snapshot = try availableSnapshot()
        return snapshot.answer(
            query, favorites: try await favoritesStore.favoriteIDs(of: owner), shelf: shelf, personal: personal,
            now: now())
    }

    /// What `shelf` makes in the current catalog, with the catalog to name the drinks.
    public func bar(_ shelf: Shelf) throws -> BarReport {
        let snapshot = try availableSnapshot()
        return BarReport(
            index: snapshot.bar, evaluation: snapshot.bar.evaluate(shelf), cocktails: snapshot.catalog.cocktails)
    }

    /// The bar's reading of the current catalog (which values a shelf may hold).
    public func barIndex() throws -> BarIndex {
        try availableSnapshot().bar
    }

    /// The filter values present in the catalog, with counts.
    public func facets() throws -> Facets {
        try availableSnapshot().facets()
    }

    /// The filter values, each counted among the drinks `query`'s other choices leave.
    public func facets(given query: CocktailQuery) throws -> Facets {
        try availableSnapshot().facets(given: query)
    }

    /// A cocktail picked at random.
    public func randomCocktail(for owner: FavoritesOwner = .implicit, in filter: CocktailFilter = .all) async throws
        -> CocktailList.Item
    {
        let cocktails = try available().cocktails
        // Picked among the list the person is looking at, not the whole catalog.
        guard let cocktail = cocktails.filter(filter.includes).randomElement() else { throw CatalogError.emptyCatalog }
        return try await self.cocktail(id: cocktail.id, for: owner)
    }

    /// Marks or unmarks a cocktail of the current catalog as `owner`'s favorite.
    public func setFavorite(_ isFavorite: Bool, for id: String, owner: FavoritesOwner = .implicit) async throws {
        guard CocktailID.isValid(id) else { throw CatalogError.invalidID(id) }
        guard try available().contains(id: id) else { throw CatalogError.unknownCocktail(id) }
        try await favoritesStore.setFavorite(isFavorite, for: id, owner: owner)
    }

    func available() throws -> AlphabeticalCatalog {
        try availableSnapshot().catalog
    }

    func availableSnapshot() throws -> CatalogSnapshot {
        if let snapshot { return snapshot }
        if let failureMessage, refreshTask == nil { throw CatalogError.unavailable(failureMessage) }
        throw CatalogError.loading
    }
}
