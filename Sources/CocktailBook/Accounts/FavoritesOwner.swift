/// Whose favorites a request reads and writes: a signed-in account's, the implicit owner's of a
/// book without accounts, or nobody's (an anonymous visitor of a book with accounts, who sees no
/// favorites and may not mark any).
public struct FavoritesOwner: Sendable, Hashable {
    /// The account's id; ``implicit`` is 0 and ``nobody`` is -1.
    public let id: Int64

    /// The favorites of the account with this id.
    public init(account id: Int64) {
        self.id = id
    }

    /// The one owner of a book that has no accounts yet. The first account created inherits
    /// this owner's favorites.
    public static let implicit = FavoritesOwner(account: 0)
    /// An anonymous visitor of a book with accounts.
    public static let nobody = FavoritesOwner(account: -1)
}

/// The roles of an account, from most to least allowed.
public enum Role: String, Sendable, Codable, CaseIterable, Comparable {
    /// Everything: imports, catalog refreshes, maintenance and the accounts of others.
    case admin
    /// Browsing, own favorites, own settings and bar shelf.
    case member
    /// Browsing and own favorites only.
    case guest

    private var rank: Int {
        switch self {
        case .admin: 2
        case .member: 1
        case .guest: 0
        }
    }

    public static func < (lhs: Role, rhs: Role) -> Bool { lhs.rank < rhs.rank }
}
