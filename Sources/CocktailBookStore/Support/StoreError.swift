import Foundation

/// What can go wrong in the database.
public enum StoreError: Error, Equatable, Sendable {
    /// The database file could not be opened, created or migrated.
    case cannotOpen(path: String, reason: String)
    /// A favorite was requested for an id the cached catalog does not have.
    case unknownCocktail(String)
    /// A stored catalog entry could not be read back.
    case corruptCatalog(String)
    /// A file given to restore is not a usable backup; nothing was changed.
    case invalidBackup(String)
    /// A favorite was written for nobody (an anonymous visitor).
    case noOwner
    /// No account has this name.
    case unknownAccount(String)
    /// An account with this name exists already.
    case accountExists(String)
    /// Another account has this e-mail address.
    case emailTaken(String)
    /// The change would leave the book without an admin while it has accounts.
    case lastAdmin
    /// An API token prefix matches no token, or more than one.
    case tokenPrefix(String, matches: Int)
    /// The database cannot be read or written now (the server does not answer, the disk fails);
    /// nothing was changed. Every backend's own errors come out as this one.
    case unavailable(String)
}

extension StoreError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .cannotOpen(let path, let reason): "Cannot open the database at \(path): \(reason)."
        case .unknownCocktail(let id): "There is no cocktail with id \"\(id)\"."
        case .corruptCatalog(let detail): "The cached catalog is damaged: \(detail)."
        case .invalidBackup(let reason): "That file cannot be restored: \(reason). Nothing was changed."
        case .noOwner: "Sign in to keep favorites."
        case .unknownAccount(let name): "There is no account named \"\(name)\"."
        case .accountExists(let name): "An account named \"\(name)\" exists already."
        case .emailTaken(let email): "Another account has the e-mail address \(email)."
        case .lastAdmin: "The book must keep at least one admin: make another account admin first."
        case .unavailable(let reason): "The database cannot be used right now: \(reason)."
        case .tokenPrefix(let prefix, let matches):
            matches == 0
                ? "No API token starts with \"\(prefix)\"."
                : "\(matches) API tokens start with \"\(prefix)\"; give more of it."
        }
    }
}
