import Foundation

/// What can go wrong in the database.
public enum StoreError: Error, Equatable, Sendable {
    /// The database file could not be opened, created or migrated.
    case cannotOpen(path: String, reason: String)
    /// A favorite was requested for an id the cached catalog does not have.
    case unknownCocktail(String)
    /// A stored catalog entry could not be read back.
    case corruptCatalog(String)
}

extension StoreError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .cannotOpen(let path, let reason): "Cannot open the database at \(path): \(reason)."
        case .unknownCocktail(let id): "There is no cocktail with id \"\(id)\"."
        case .corruptCatalog(let detail): "The cached catalog is damaged: \(detail)."
        }
    }
}
