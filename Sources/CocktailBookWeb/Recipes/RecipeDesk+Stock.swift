import CocktailBook
import Foundation

/// "I made this" and the shelf's stock: a making takes what the recipe pours (times the
/// servings) from the bottles that covered it, the one that stood in for a family included;
/// undoing the making gives exactly that back.
extension RecipeDesk {
    /// Takes what `servings` of the drink `id` pour from `owner`'s bottles with a known level
    /// and from fresh batches (the oldest first), remembered under the making `madeId`; returns
    /// what it drew and the bottles that crossed their low mark (on the shopping list now).
    @discardableResult
    func takeStock(
        for id: String, servings: Int, madeId: Int64, owner: FavoritesOwner
    ) async throws -> (drawn: [StockUse], low: [StockUse]) {
        let cocktail = try await catalog.cocktail(id: id, for: owner).cocktail
        return try await store.takeStock(
            for: cocktail, servings: servings, madeId: madeId, index: try await catalog.barIndex(), at: catalog.now(),
            owner: owner)
    }

    /// Records that `owner` made the drink `id` and takes its pours from the stock; returns the
    /// record and what was drawn.
    func recordMade(
        _ id: String, servings: Int, note: String?, owner: FavoritesOwner
    ) async throws -> (entry: MadeEntry, drawn: [StockUse]) {
        let entry = try await store.recordMade(id, servings: servings, note: note, owner: owner, at: catalog.now())
        let taken = try await takeStock(for: id, servings: servings, madeId: entry.id, owner: owner)
        return (entry, taken.drawn)
    }

    /// Removes the making `entry` and gives its pours back; `false` when there was none.
    func removeMade(_ entry: Int64, owner: FavoritesOwner) async throws -> Bool {
        guard try await store.removeMade(id: entry, owner: owner) else { return false }
        _ = try await store.restoreStock(madeId: entry, owner: owner)
        return true
    }
}
