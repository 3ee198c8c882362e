import Foundation

/// One filtered view of the catalog in display order: favorites pinned first, then the rest,
/// each group alphabetical.
public struct CocktailList: Sendable, Equatable {
    /// One row of the list.
    public struct Item: Sendable, Equatable {
        /// The cocktail shown in the row.
        public var cocktail: Cocktail
        /// Whether the row is pinned as a favorite.
        public var isFavorite: Bool
        /// For a `makeable` query: what the bar lacks for it and how the rest is covered.
        public var bar: BarEvaluation.Entry?

        /// Creates a row.
        public init(cocktail: Cocktail, isFavorite: Bool, bar: BarEvaluation.Entry? = nil) {
            self.cocktail = cocktail
            self.isFavorite = isFavorite
            self.bar = bar
        }
    }

    /// The filter that produced the list.
    public var filter: CocktailFilter
    /// The rows, in display order.
    public var items: [Item]

    /// The list's title, which follows the filter.
    public var title: String { filter.title }

    /// Builds the list for `filter` from an alphabetically ordered catalog.
    ///
    /// The filter applies to favorites too; the pinned group keeps the catalog's relative order.
    public init(catalog: AlphabeticalCatalog, favorites: Set<String>, filter: CocktailFilter) {
        self.filter = filter
        var pinned: [Item] = []
        var rest: [Item] = []
        for cocktail in catalog.cocktails where filter.includes(cocktail) {
            if favorites.contains(cocktail.id) {
                pinned.append(Item(cocktail: cocktail, isFavorite: true))
            } else {
                rest.append(Item(cocktail: cocktail, isFavorite: false))
            }
        }
        items = pinned + rest
    }
}
