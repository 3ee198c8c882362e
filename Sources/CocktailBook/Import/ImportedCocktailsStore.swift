import Foundation

/// Keeps the cocktails imported from other books and dumps, apart from the source's catalog:
/// a refresh of the source never touches them, and every catalog the service installs is the
/// source's cocktails plus these.
public protocol ImportedCocktailsStore: Sendable {
    /// Every imported cocktail, with ids already namespaced so that they cannot collide with the
    /// source's.
    func importedCocktails() async throws -> [Cocktail]
}
