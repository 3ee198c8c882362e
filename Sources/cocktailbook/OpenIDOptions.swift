import ArgumentParser
import CocktailBookApp
import Foundation

/// `serve`'s options for signing in through an OpenID Connect provider, each also an
/// environment variable.
struct OpenIDOptions: ParsableArguments {
    @Option(
        name: .customLong("oidc-issuer"),
        help: ArgumentHelp(
            "Sign people in through this OpenID Connect provider (its issuer, e.g. https://auth.example.org/application/o/cocktails/); needs --public-url (env: COCKTAILBOOK_OIDC_ISSUER).",
            valueName: "url"))
    var issuer: String?

    @Option(
        name: .customLong("oidc-client-id"),
        help: ArgumentHelp("The book's client id at the provider (env: COCKTAILBOOK_OIDC_CLIENT_ID).", valueName: "id"))
    var clientID: String?

    @Option(
        name: .customLong("oidc-client-secret"),
        help: ArgumentHelp(
            "The book's client secret at the provider; prefer the environment variable, which other users cannot read in the process list (env: COCKTAILBOOK_OIDC_CLIENT_SECRET).",
            valueName: "secret"))
    var clientSecret: String?

    @Option(
        name: .customLong("oidc-admin-group"),
        help: ArgumentHelp(
            "Members of this group (the groups claim) are admins (env: COCKTAILBOOK_OIDC_ADMIN_GROUP).",
            valueName: "group"))
    var adminGroup: String?

    @Option(
        name: .customLong("oidc-member-group"),
        help: ArgumentHelp(
            "Members of this group are members; with it set, a person in none of the book's groups is refused (env: COCKTAILBOOK_OIDC_MEMBER_GROUP).",
            valueName: "group"))
    var memberGroup: String?

    @Option(
        name: .customLong("oidc-guest-group"),
        help: ArgumentHelp(
            "Members of this group are guests (env: COCKTAILBOOK_OIDC_GUEST_GROUP).", valueName: "group"))
    var guestGroup: String?

    @Option(
        name: .customLong("oidc-scopes"),
        help: ArgumentHelp(
            "The scopes asked for, separated by spaces (env: COCKTAILBOOK_OIDC_SCOPES; default \"openid email profile\", plus groups when a group is set).",
            valueName: "scopes"))
    var scopes: String?

    @Option(
        name: .customLong("oidc-name"),
        help: ArgumentHelp(
            "The provider's name on the sign-in button, e.g. Authentik (env: COCKTAILBOOK_OIDC_NAME).",
            valueName: "name"))
    var name: String?

    @Flag(
        name: .customLong("oidc-allow-sign-up"),
        help: "A first sign-in through the provider creates an account (env: COCKTAILBOOK_OIDC_ALLOW_SIGN_UP=1).")
    var allowSignUp = false

    @Flag(
        name: .customLong("oidc-link-verified-email"),
        help:
            "A first sign-in through the provider signs into the local account with the same e-mail address, when the provider says it is verified (env: COCKTAILBOOK_OIDC_LINK_VERIFIED_EMAIL=1)."
    )
    var linkVerifiedEmail = false

    @Flag(
        name: .customLong("no-password-login"),
        help:
            "Only the provider signs people in on the web; the command line stays a way in (env: COCKTAILBOOK_NO_PASSWORD_LOGIN=1)."
    )
    var noPasswordLogin = false

    /// Fills `configuration`'s OpenID settings, checking that they go together.
    func apply(to configuration: inout AppConfiguration, environment: [String: String]) throws {
        func read(_ flag: String?, _ variable: String) -> String? {
            let value = (flag ?? environment[variable])?.trimmingCharacters(in: .whitespaces)
            return value?.isEmpty == false ? value : nil
        }
        let isSet = { (name: String) in
            environment[name].map { ["1", "true", "yes"].contains($0.lowercased()) } ?? false
        }
        configuration.passwordLogin = !(noPasswordLogin || isSet("COCKTAILBOOK_NO_PASSWORD_LOGIN"))
        guard let issuer = read(issuer, "COCKTAILBOOK_OIDC_ISSUER") else {
            guard configuration.passwordLogin else {
                throw ValidationError("--no-password-login needs --oidc-issuer: nobody could sign in on the web.")
            }
            return
        }
        if let problem = OpenIDSettings.problem(withIssuer: issuer) { throw ValidationError(problem) }
        guard configuration.publicURL != nil else {
            throw ValidationError(
                "--oidc-issuer needs --public-url: the provider sends people back to <public url>/auth/oidc/callback, never to an address taken from a request."
            )
        }
        guard let clientID = read(clientID, "COCKTAILBOOK_OIDC_CLIENT_ID"),
            let clientSecret = read(clientSecret, "COCKTAILBOOK_OIDC_CLIENT_SECRET")
        else {
            throw ValidationError("--oidc-issuer needs --oidc-client-id and --oidc-client-secret.")
        }
        var settings = OpenIDSettings(
            issuer: issuer, clientID: clientID, clientSecret: clientSecret,
            adminGroup: read(adminGroup, "COCKTAILBOOK_OIDC_ADMIN_GROUP"),
            memberGroup: read(memberGroup, "COCKTAILBOOK_OIDC_MEMBER_GROUP"),
            guestGroup: read(guestGroup, "COCKTAILBOOK_OIDC_GUEST_GROUP"),
            scopes: read(scopes, "COCKTAILBOOK_OIDC_SCOPES").map { $0.split(separator: " ").map(String.init) },
            displayName: read(name, "COCKTAILBOOK_OIDC_NAME"))
        guard settings.scopes.contains("openid") else {
            throw ValidationError("--oidc-scopes must include openid.")
        }
        settings.allowsSignUp = allowSignUp || isSet("COCKTAILBOOK_OIDC_ALLOW_SIGN_UP")
        settings.linksVerifiedEmail = linkVerifiedEmail || isSet("COCKTAILBOOK_OIDC_LINK_VERIFIED_EMAIL")
        configuration.openID = settings
    }
}
