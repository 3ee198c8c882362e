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

    /// What `owner`'s making `entry` took from the bottles and batches, in `strings`' words:
    /// `45 ml London dry gin, 30 ml Campari`, then each bottle it left low ("Campari low: about
    /// 80 ml left"); nil when it took nothing (no bottle of it has a known level).
    package func takenText(by entry: Int64, owner: FavoritesOwner, strings: UIStrings) async throws
        -> (taken: String, low: [String])?
    {
        let taken = try await store.stockTaken(madeId: entry, owner: owner)
        guard !taken.isEmpty else { return nil }
        let index = try await catalog.barIndex()
        let stock = try await store.stock(of: owner)
        // As a recipe line of the language: `45 ml London dry gin`, `45 ml di gin`, `2 limes`.
        let words = taken.map { use in
            let unit = index.stockUnit(of: use.value)
            let reading = RecipeLine(
                text: use.value, amount: .init(use.ml), unit: unit == .pieces ? nil : .ml, ingredient: use.value)
            var words = strings.words(
                for: reading, measure: strings.stockAmount(use.ml, unit: unit), canonical: use.value)
            if unit == .pieces { words.link = "" }
            return words.text
        }
        let low = taken.filter { $0.batchId == nil }.compactMap { use in
            stock[use.value].flatMap {
                StockText.low(use.value, $0, unit: index.stockUnit(of: use.value), strings: strings)
            }
        }
        return (words.joined(separator: ", "), low)
    }

    /// Removes the making `entry` and gives its pours back; `false` when there was none.
    package func removeMade(_ entry: Int64, owner: FavoritesOwner) async throws -> Bool {
        guard try await store.removeMade(id: entry, owner: owner) else { return false }
        _ = try await store.restoreStock(madeId: entry, owner: owner)
        return true
    }
}
