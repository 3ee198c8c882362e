import CocktailBook
import Foundation

/// How the book signs people in through an OpenID Connect provider (`--oidc-*`).
public struct OpenIDSettings: Sendable, Equatable {
    /// The provider's issuer, exactly as its discovery document and ID tokens name it.
    public var issuer: String
    public var clientID: String
    public var clientSecret: String
    /// The `groups` claim's values that make an account an admin, a member or a guest; with
    /// any of them set, the role follows the groups at every sign-in.
    public var adminGroup: String?
    public var memberGroup: String?
    public var guestGroup: String?
    /// The scopes asked for: `openid email profile`, plus `groups` when a group is set.
    public var scopes: [String]
    /// The provider's name on the sign-in button ("Authentik").
    public var displayName: String
    /// A first sign-in creates an account (else the person is told to ask an admin).
    public var allowsSignUp = false
    /// A first sign-in links the local account with the same e-mail address, when the
    /// provider says the address is verified.
    public var linksVerifiedEmail = false

    public init(
        issuer: String, clientID: String, clientSecret: String, adminGroup: String? = nil, memberGroup: String? = nil,
        guestGroup: String? = nil, scopes: [String]? = nil, displayName: String? = nil
    ) {
        self.issuer = issuer
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.adminGroup = adminGroup
        self.memberGroup = memberGroup
        self.guestGroup = guestGroup
        let usesGroups = adminGroup != nil || memberGroup != nil || guestGroup != nil
        self.scopes = scopes ?? (["openid", "email", "profile"] + (usesGroups ? ["groups"] : []))
        self.displayName = displayName ?? "your identity provider"
    }

    /// `scheme://host[:port]` of the issuer: where its pages (sign-out among them) live.
    public var issuerOrigin: String? {
        guard let components = URLComponents(string: issuer), let scheme = components.scheme, let host = components.host
        else { return nil }
        return "\(scheme)://\(host)" + (components.port.map { ":\($0)" } ?? "")
    }

    /// Whether the groups claim decides roles.
    public var usesGroups: Bool { adminGroup != nil || memberGroup != nil || guestGroup != nil }

    /// The role the groups give; `nil` when the person is in none of them while a member group
    /// is set (refused). Without any group setting, `current` is kept (a new account: member).
    public func role(groups: [String], current: Role?) -> Role? {
        guard usesGroups else { return current ?? .member }
        let groups = Set(groups)
        if let adminGroup, groups.contains(adminGroup) { return .admin }
        if let memberGroup, groups.contains(memberGroup) { return .member }
        if let guestGroup, groups.contains(guestGroup) { return .guest }
        return memberGroup == nil ? .member : nil
    }

    /// Why `issuer` cannot be used, if it cannot: not an http(s) address, or plain http to
    /// anything but a loopback address (the provider's answers would travel in clear).
    public static func problem(withIssuer issuer: String) -> String? {
        guard let components = URLComponents(string: issuer), let scheme = components.scheme?.lowercased(),
            let host = components.host, !host.isEmpty, components.query == nil, components.fragment == nil
        else { return "--oidc-issuer takes the provider's https address, not \(issuer)." }
        if scheme == "https" { return nil }
        if scheme == "http", AppConfiguration.isLoopback(host) { return nil }
        return "--oidc-issuer must be an https address (http only on a loopback address, for tests), not \(issuer)."
    }
}
