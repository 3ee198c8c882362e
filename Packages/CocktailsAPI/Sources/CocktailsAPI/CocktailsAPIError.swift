import Foundation

/// The ways a recipe source can fail to deliver the catalog.
public enum CocktailsAPIError: Error, Equatable, Sendable {
    /// The source could not be reached or did not answer in time; trying again later may work.
    case unavailable
}

extension CocktailsAPIError: LocalizedError {
    /// A sentence that can be shown to the person using the app as it is.
    public var errorDescription: String? {
        switch self {
        case .unavailable:
            return "The cocktail source is unavailable right now. Please try again in a moment."
        }
    }
}
