import CocktailBook
import CocktailBookStore
import Foundation

/// `/login`: the sign-in form, with the reason of a refusal.
struct LoginPage: PageModel {
    static let template = "login"
    var catalogState = "ready"
    var next: String
    var name = ""
    var message: String?
    /// Whether the book has accounts at all (otherwise the page says how to create one).
    var hasAccounts: Bool

    init(next: String, name: String = "", message: String? = nil, viewer: Viewer) {
        self.next = next
        self.name = name
        self.message = message
        if case .anonymous(let accountMode) = viewer { hasAccounts = accountMode } else { hasAccounts = true }
    }
}

/// `/account`: the signed-in account, its password, API tokens and other sessions.
struct AccountPage: PageModel {
    static let template = "account"
    var catalogState = "ready"
    var name = ""
    var role = ""
    var isImplicitOwner = false
    var tokens: [TokenRow] = []
    var hasTokens = false
    var otherSessions = 0
    var notice: String?
    var newToken: String?
    var message: String?

    struct TokenRow {
        var id: Int64
        var prefix: String
        var label: String
        var created: String
        var lastUsed: String
    }

    static let notices = ["password": "Your password was changed; your other sessions were signed out.",
                          "revoked": "The token was revoked.", "sessions": "Your other sessions were signed out."]

    init(account: Account, tokens: [APIToken], otherSessions: Int, notice: String?, newToken: String?, message: String?) {
        name = account.name
        role = account.role.rawValue
        let format = Date.FormatStyle(date: .abbreviated, time: .shortened)
        self.tokens = tokens.map {
            TokenRow(id: $0.id, prefix: $0.prefix + "…", label: $0.label ?? "—", created: $0.createdAt.formatted(format),
                     lastUsed: $0.lastUsedAt.map { $0.formatted(format) } ?? "never")
        }
        hasTokens = !tokens.isEmpty
        self.otherSessions = otherSessions
        self.notice = notice
        self.newToken = newToken
        self.message = message
    }

    /// The page of a book without accounts: there is nothing to manage yet.
    init(owner: Void) {
        isImplicitOwner = true
    }
}

/// `/admin/users`: every account with its role, and the form to add one.
struct AdminUsersPage: PageModel {
    static let template = "admin-users"
    var catalogState = "ready"
    var rows: [Row]
    var notice: String?
    var message: String?

    struct Row {
        var name: String
        var roles: [Choice]
        var created: String
    }

    struct Choice {
        var value: String
        var isSelected: Bool
    }

    init(accounts: [Account], notice: String?, message: String?) {
        rows = accounts.map { account in
            Row(name: account.name, roles: Role.allCases.map { Choice(value: $0.rawValue, isSelected: $0 == account.role) },
                created: account.createdAt.formatted(date: .abbreviated, time: .omitted))
        }
        self.notice = notice
        self.message = message
    }

    static func notice(for done: String) -> String {
        done == "added" ? "The account was added." : "The change was saved."
    }
}
