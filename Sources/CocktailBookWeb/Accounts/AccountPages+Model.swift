import CocktailBook
import CocktailBookApp
import CocktailBookStore
import Foundation

/// `/login`: the sign-in form, with the reason of a refusal.
struct LoginPage: PageModel {
    static let template = "login"
    var catalogState = "ready"
    var next: String
    var name = ""
    var message: String?
    /// Why the person was sent to sign in, if a button sent them.
    var reason: String?
    /// Whether the book has accounts at all (otherwise the page says how to create one).
    var hasAccounts: Bool
    var noAccountsText: String
    /// Signing in with a password (off with `--no-password-login`).
    var passwordLogin = true
    /// The OpenID provider's button, when the book has one.
    var hasProvider = false
    var providerButton = ""
    var providerHref = ""

    init(
        next: String, name: String = "", message: String? = nil, viewer: Viewer,
        choices: SignInChoices = SignInChoices(), strings: UIStrings = .english
    ) {
        self.next = next
        passwordLogin = choices.passwordLogin
        if let provider = choices.providerName {
            hasProvider = true
            providerButton = strings("login_with_provider", ["provider": provider])
            var query = URLComponents()
            query.queryItems = [URLQueryItem(name: "next", value: next)]
            providerHref = "/auth/oidc/login?" + (query.percentEncodedQuery ?? "")
        }
        noAccountsText = strings(
            "login_no_accounts", ["command": "cocktailbook user add NAME --admin --password-stdin"])
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
    var roleText = ""
    var implicitText = ""
    var otherSessionsText = ""
    var isImplicitOwner = false
    var tokens: [TokenRow] = []
    var otherSessions = 0
    var notice: String?
    var newToken: String?
    var message: String?
    /// The scopes this account's tokens may have, widest last, and how long a new one may work.
    var scopes: [Choice] = []
    var lifetimes: [Choice] = []
    /// The account's e-mail address ("" without one).
    var email = ""
    /// Whether it has a password to change (one made at a first sign-in through the identity
    /// provider has none: the page says so instead of asking for the current one).
    var hasPassword = true
    var noPasswordText = ""

    struct TokenRow {
        var id: Int64
        var prefix: String
        var label: String
        var scope: String
        var created: String
        var lastUsed: String
        var expiry: String?
    }

    /// The notice shown after `done=` (`password`, `revoked`, `sessions`), in the viewer's language.
    static func notice(_ done: String?, strings: UIStrings) -> String? {
        guard let done, ["password", "revoked", "sessions", "email"].contains(done) else { return nil }
        return strings["account_notice_" + done]
    }

    init(
        account: Account, tokens: [APIToken], otherSessions: Int, notice: String?, newToken: String?, message: String?,
        email: String? = nil, strings: UIStrings = .english
    ) {
        name = account.name
        self.email = email ?? ""
        role = account.role.rawValue
        roleText = strings["role_" + account.role.rawValue]
        let format = { (date: Date) in DateText.dayAndTime(date, strings: strings) }
        let now = Date()
        self.tokens = tokens.map {
            TokenRow(
                id: $0.id, prefix: $0.prefix + "…", label: $0.label ?? "—",
                scope: strings["account_token_scope_" + $0.scope.capped(by: account.role).rawValue],
                created: strings("account_token_created", ["date": format($0.createdAt)]),
                lastUsed: strings(
                    "account_token_last_used",
                    ["date": $0.lastUsedAt.map(format) ?? strings["account_token_never"]]),
                expiry: $0.expiresAt.map { date in
                    strings(
                        date > now ? "account_token_expires" : "account_token_expired", ["date": format(date)]
                    )
                })
        }
        scopes = TokenScope.allCases.filter { $0 <= .widest(for: account.role) }.map {
            Choice(value: $0.rawValue, label: strings["account_token_scope_" + $0.rawValue], selected: $0 == .write)
        }
        if !scopes.contains(where: \.selected), !scopes.isEmpty { scopes[scopes.count - 1].selected = true }
        lifetimes = TokenLifetime.choices.map {
            Choice(value: $0, label: strings["account_token_lifetime_" + $0], selected: $0 == "never")
        }
        otherSessionsText = strings("account_other_sessions", ["n": String(otherSessions)])
        self.otherSessions = otherSessions
        self.notice = notice
        self.newToken = newToken
        self.message = message
    }

    /// The page of a book without accounts: there is nothing to manage yet.
    init(owner: Void, strings: UIStrings = .english) {
        isImplicitOwner = true
        implicitText = strings("account_implicit", ["command": "cocktailbook user add NAME --admin --password-stdin"])
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
        var since: String
        var roleOf: String
        /// What the remove button asks; `nil` for the account signed in, which has no button.
        var confirmRemove: String?
    }

    init(accounts: [Account], signedIn: String?, notice: String?, message: String?, strings: UIStrings = .english) {

        rows = accounts.map { account in
            Row(
                name: account.name,
                roles: Role.allCases.map {
                    Choice(value: $0.rawValue, label: strings["role_" + $0.rawValue], selected: $0 == account.role)
                },
                since: strings("admin_since", ["date": DateText.day(account.createdAt, strings: strings)]),
                roleOf: strings("admin_role_of", ["name": account.name]),
                confirmRemove: account.name.lowercased() == signedIn?.lowercased()
                    ? nil : strings("admin_remove_confirm", ["name": account.name]))
        }
        self.notice = notice
        self.message = message
    }

    static func notice(for done: String, strings: UIStrings = .english) -> String {
        done == "added" ? strings["admin_added"] : strings["admin_saved"]
    }
}
