import Foundation

/// Keeps the cocktails imported from other books and dumps, apart from the source's catalog:
/// a refresh of the source never touches them, and every catalog the service installs is the
/// source's cocktails plus these.
public protocol ImportedCocktailsStore: Sendable {
    /// Every imported cocktail, with ids already namespaced so that they cannot collide with the
    /// source's.
    func importedCocktails() async throws -> [Cocktail]
}

/// An ``ImportedCocktailsStore`` held in memory: the test double of the SQLite store.
public final class InMemoryImportedCocktailsStore: ImportedCocktailsStore, @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`.
    private var stored: [Cocktail]

    /// Creates a store holding `cocktails`.
    public init(_ cocktails: [Cocktail] = []) {
        stored = cocktails
    }

    /// Replaces the held cocktails, as an import would.
    public func replace(with cocktails: [Cocktail]) {
        lock.withLock { stored = cocktails }
    }

    /// The held cocktails.
    public func importedCocktails() throws -> [Cocktail] {
        lock.withLock { stored }
    }
}
