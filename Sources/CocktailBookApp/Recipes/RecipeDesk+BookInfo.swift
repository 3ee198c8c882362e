import CocktailBook
import Foundation

/// What the book knows about a drink beyond the catalog: its recipe's version and author, its
/// adaptations, and the caller's note, rating and record.
extension RecipeDesk {
    package func addBookInfo(to payload: inout CocktailDetailPayload, viewer: Viewer) async throws {
        if let number = OwnRecipe.number(in: payload.id), let recipe = try await store.ownRecipe(number: number) {
            payload.version = recipe.version
            payload.basedOn = recipe.cocktail.basedOn
            payload.author = recipe.cocktail.author
            payload.editable = Self.mayEdit(recipe, viewer: viewer)
        }
        payload.adaptations = try await adaptations(of: payload.id).map {
            .init(id: $0.id, name: $0.cocktail.name)
        }
        // Ratings, notes and drinks made are the members': a visitor who is nobody sees none.
        let owner = viewer.favoritesOwner
        guard owner != .nobody else { return }
        let view = try await store.personalView(of: owner)
        let summary = view.ratings[payload.id]
        payload.rating = .init(
            average: summary.map { ($0.average * 10).rounded() / 10 }, count: summary?.count ?? 0,
            mine: view.myRatings[payload.id])
        payload.note = try await store.note(on: payload.id, owner: owner)
        let entries = try await store.madeEntries(of: payload.id, owner: owner)
        payload.made = .init(count: entries.count, last: entries.first?.madeAt, entries: Array(entries.prefix(20)))
    }
}
