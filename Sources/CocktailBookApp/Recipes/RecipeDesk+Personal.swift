import CocktailBook
import Foundation

/// What a member keeps of a drink (a note, stars), and what the editor and history read of the
/// book's own recipes, for the pages and the API alike.
extension RecipeDesk {
    /// `owner`'s ratings, notes and drinks made (of `only` one drink, or all).
    package func personalView(of owner: FavoritesOwner, only cocktailID: String? = nil) async throws -> PersonalView {
        try await store.personalView(of: owner, only: cocktailID)
    }

    /// Sets or clears (`nil`) `owner`'s note on a drink, dated now.
    package func setNote(_ text: String?, on cocktailID: String, owner: FavoritesOwner) async throws {
        try await store.setNote(text, on: cocktailID, owner: owner, at: catalog.now())
    }

    /// Sets or clears (`nil`) `owner`'s stars for a drink, dated now.
    package func setRating(_ stars: Int?, on cocktailID: String, owner: FavoritesOwner) async throws {
        try await store.setRating(stars, on: cocktailID, owner: owner, at: catalog.now())
    }

    /// Every version of recipe `number`, newest first.
    package func versions(of number: Int64) async throws -> [RecipeVersion] {
        try await store.recipeVersions(number: number)
    }

    /// The ingredients the book's own recipes name that the table does not know.
    package func customIngredients() async throws -> [String] { try await store.customIngredients() }

    /// Whether the book keeps a picture by this name (an upload's).
    package func hasPicture(named file: String) async throws -> Bool {
        try await store.pictures.picture(named: file) != nil
    }

    /// The book's own recipe `number`, if there is one (in the trash too).
    package func ownRecipe(number: Int64) async throws -> OwnRecipe? { try await store.ownRecipe(number: number) }

    /// `owner`'s record of making a drink, newest first.
    package func madeEntries(of cocktailID: String, owner: FavoritesOwner) async throws -> [MadeEntry] {
        try await store.madeEntries(of: cocktailID, owner: owner)
    }

    /// `owner`'s note on a drink.
    package func note(on cocktailID: String, owner: FavoritesOwner) async throws -> String? {
        try await store.note(on: cocktailID, owner: owner)
    }

    /// `owner`'s lists, which a drink's page offers to add it to.
    package func lists(of owner: FavoritesOwner) async throws -> [DrinkList] { try await store.lists(of: owner) }
}
