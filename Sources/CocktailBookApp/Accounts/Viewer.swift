import CocktailBook
import CocktailBookStore

/// Who a request acts for.
package enum Viewer: Sendable, Equatable {
    /// The one owner of a book with no accounts, on a loopback address: may do everything.
    case owner
    /// A signed-in account (by session cookie or API token).
    case account(Account)
    /// Nobody in particular: may browse. In a book without accounts (`accountMode` false) that
    /// is opened read-only, nothing can be signed into either.
    case anonymous(accountMode: Bool)

    /// Whose favorites this viewer reads and writes.
    package var favoritesOwner: FavoritesOwner {
        switch self {
        case .owner: .implicit
        case .account(let account): account.owner
        case .anonymous: .nobody
        }
    }

    /// The viewer's role; `nil` for an anonymous visitor.
    package var role: Role? {
        switch self {
        case .owner: .admin
        case .account(let account): account.role
        case .anonymous: nil
        }
    }

    /// The name shown and answered by `/api/v1/me`.
    package var name: String? {
        switch self {
        case .owner: "owner"
        case .account(let account): account.name
        case .anonymous: nil
        }
    }

    package var isAdmin: Bool { role == .admin }

    /// The account signed in, if one is.
    package var account: Account? {
        if case .account(let account) = self { account } else { nil }
    }
}
