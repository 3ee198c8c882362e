import CocktailBook
import Foundation

/// "I made this" and the shelf's stock: a making takes what the recipe pours (times the
/// servings) from the bottles that covered it, the one that stood in for a family included;
/// undoing the making gives exactly that back.
extension RecipeDesk {
    /// Takes what `servings` of the drink `id` pour from `owner`'s bottles with a known level,
    /// remembered under the making `madeId`; returns the bottles that crossed their low mark
    /// (they are on the shopping list now).
    @discardableResult
    func takeStock(for id: String, servings: Int, madeId: Int64, owner: FavoritesOwner) async throws -> [StockUse] {
        let cocktail = try await catalog.cocktail(id: id, for: owner).cocktail
        let shelf = try await store.shelf(of: owner)
        let uses = try await catalog.barIndex().pours(of: cocktail, servings: servings, on: shelf)
        guard !uses.isEmpty else { return [] }
        return try await store.useStock(uses, madeId: madeId, owner: owner)
    }

    /// Records that `owner` made the drink `id` and takes its pours from the stock.
    func recordMade(_ id: String, servings: Int, note: String?, owner: FavoritesOwner) async throws -> MadeEntry {
        let entry = try await store.recordMade(id, servings: servings, note: note, owner: owner, at: catalog.now())
        try await takeStock(for: id, servings: servings, madeId: entry.id, owner: owner)
        return entry
    }

    /// Removes the making `entry` and gives its pours back; `false` when there was none.
    func removeMade(_ entry: Int64, owner: FavoritesOwner) async throws -> Bool {
        guard try await store.removeMade(id: entry, owner: owner) else { return false }
        _ = try await store.restoreStock(madeId: entry, owner: owner)
        return true
    }
}
