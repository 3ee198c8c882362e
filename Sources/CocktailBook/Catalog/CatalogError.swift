import Foundation

/// What can go wrong when the catalog is read or queried.
public enum CatalogError: Error, Equatable, Sendable {
    /// The source's payload could not be read as a catalog at all.
    case malformedPayload(String)
    /// The payload was readable but held no usable cocktail.
    case emptyCatalog
    /// The catalog is still being fetched for the first time.
    case loading
    /// The catalog could not be fetched and nothing is cached.
    case unavailable(String)
    /// No cocktail has this id.
    case unknownCocktail(String)
    /// No cocktail has this name.
    case unknownName(String)
    /// The id is not in the shape ids take.
    case invalidID(String)
    /// A filter name that is not one of `all`, `alcoholic`, `non-alcoholic`.
    case invalidFilter(String)
}

extension CatalogError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .malformedPayload(let detail): "The recipe source sent something unreadable: \(detail)."
        case .emptyCatalog: "The recipe source sent a catalog without any usable cocktail."
        case .loading: "The cocktails are still loading. Please try again in a moment."
        case .unavailable(let message): message
        case .unknownCocktail(let id): "There is no cocktail with id \"\(id)\"."
        case .unknownName(let name): "There is no cocktail with the id or name \"\(name)\"."
        case .invalidID(let id): "\"\(id)\" is not a valid cocktail id (letters, digits, - and _ only)."
        case .invalidFilter(let value):
            "\"\(value)\" is not a filter; use one of \(CocktailFilter.allCases.map(\.rawValue).joined(separator: ", "))."
        }
    }
}
