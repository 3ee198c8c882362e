import Foundation

extension Backup {
    /// How many of each kind of thing a backup holds: what a restore would put back, shown
    /// before it replaces what the book holds now. A count is `nil` when the backup does not
    /// carry that kind at all (a backup made before it existed), so a restore leaves the
    /// book's own as they are.
    public struct Counts: Sendable, Equatable {
        public var accounts: Int
        public var favorites: Int
        /// Bottles on every shelf, with what each person always has.
        public var bottles: Int
        public var shoppingLines: Int
        public var importedCocktails: Int
        public var pictures: Int
        public var recipes: Int?
        public var lists: Int?
        /// Notes, ratings and drinks made, together.
        public var personalRecords: Int?
        /// Batches of house-made ingredients and bottles with a stock, together.
        public var stock: Int? = nil
        /// House recipes written in the book.
        public var houseRecipes: Int? = nil
    }
}

extension Backup {
    /// This backup's counts.
    public var counts: Counts {
        let personal = [notes?.count, ratings?.count, made?.count].compactMap { $0 }
        return Counts(
            accounts: accounts.count, favorites: favorites.count, bottles: bottles.count + alwaysAvailable.count,
            shoppingLines: shopping.count, importedCocktails: imported.count, pictures: pictures.count,
            recipes: recipes?.count, lists: lists?.count,
            personalRecords: notes == nil && ratings == nil && made == nil ? nil : personal.reduce(0, +),
            stock: batches == nil && stock == nil ? nil : (batches?.count ?? 0) + (stock?.count ?? 0),
            houseRecipes: houseRecipes?.count)
    }
}

extension Backup.Counts {
    /// Every kind a book holds, in the order the restore page and its result name them: the
    /// kind's key (`restore_row_<key>` in the interface's strings) and the count, `nil` when the
    /// backup does not carry that kind.
    public var kinds: [(key: String, count: Int?)] {
        [
            ("accounts", accounts), ("favorites", favorites), ("bottles", bottles), ("shopping", shoppingLines),
            ("imported", importedCocktails), ("pictures", pictures), ("recipes", recipes), ("lists", lists),
            ("personal", personalRecords), ("stock", stock), ("house", houseRecipes),
        ]
    }
}
