/// What an API token may do, each scope within the next: reading; reading and writing the
/// account's own things (favorites, recipes, lists, the bar); and, for an admin's token, the
/// admin routes (catalog refresh, imports, the book's settings). A token never does more than
/// its account's role allows at the time it is used, and never manages accounts, tokens,
/// sessions or passwords: those need a browser's session.
public enum TokenScope: String, Sendable, Codable, CaseIterable, Comparable {
    case read
    case write
    case admin

    private var rank: Int {
        switch self {
        case .read: 0
        case .write: 1
        case .admin: 2
        }
    }

    public static func < (lhs: TokenScope, rhs: TokenScope) -> Bool { lhs.rank < rhs.rank }

    /// The widest scope an account of `role` may hold: an admin's may administer, a member's
    /// and a guest's write (a guest writes only favorites: the routes' roles see to the rest).
    /// Tokens made before scopes existed became `write`, an admin's `admin` and, to be safe, a
    /// guest's `read`.
    public static func widest(for role: Role) -> TokenScope {
        switch role {
        case .admin: .admin
        case .member, .guest: .write
        }
    }

    /// This scope as far as `role` allows it now (an admin's token of an account since made a
    /// member writes, no more).
    public func capped(by role: Role) -> TokenScope { min(self, .widest(for: role)) }
}
