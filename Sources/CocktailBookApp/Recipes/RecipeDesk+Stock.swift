import CocktailBook
import Foundation

/// "I made this" and the shelf's stock: a making takes what the recipe pours (times the
/// servings) from the bottles that covered it, the one that stood in for a family included;
/// undoing the making gives exactly that back.
extension RecipeDesk {
    /// Records that `owner` made the drink `id` and takes its pours from the stock, in one
    /// transaction; returns the record and what really came off.
    package func recordMade(
        _ id: String, servings: Int, note: String?, owner: FavoritesOwner
    ) async throws -> (entry: MadeEntry, drawn: [StockUse]) {
        let cocktail = try await catalog.cocktail(id: id, for: owner).cocktail
        let made = try await store.recordMade(
            cocktail, servings: servings, note: note, index: try await catalog.barIndex(), at: catalog.now(),
            owner: owner)
        return (made.entry, made.drawn)
    }

    /// Removes the making `entry` and gives its pours back; `false` when there was none.
    package func removeMade(_ entry: Int64, owner: FavoritesOwner) async throws -> Bool {
        guard try await store.removeMade(id: entry, owner: owner) else { return false }
        _ = try await store.restoreStock(madeId: entry, owner: owner)
        return true
    }
}
