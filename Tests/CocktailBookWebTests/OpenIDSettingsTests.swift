import CocktailBook
import Foundation
import Testing

@testable import CocktailBookApp

/// The rules of signing in through an OpenID provider that need no provider: roles from groups,
/// names for new accounts, which issuers are accepted.
@Suite("OpenID settings")
struct OpenIDSettingsTests {
    static func settings(admin: String? = nil, member: String? = nil, guest: String? = nil) -> OpenIDSettings {
        OpenIDSettings(
            issuer: "https://auth.example.org", clientID: "book", clientSecret: "s", adminGroup: admin,
            memberGroup: member, guestGroup: guest)
    }

    @Test("without group settings a role is kept and a new account is a member; groups are not asked for")
    func noGroups() {
        let settings = Self.settings()
        #expect(settings.role(groups: ["admins"], current: .admin) == .admin)
        #expect(settings.role(groups: [], current: .guest) == .guest)
        #expect(settings.role(groups: [], current: nil) == .member)
        #expect(settings.scopes == ["openid", "email", "profile"])
    }

    @Test("with groups, the widest group wins; outside every group: a member, or refused with a member group")
    func groups() {
        let open = Self.settings(admin: "bar-admins", guest: "visitors")
        #expect(open.scopes == ["openid", "email", "profile", "groups"])
        #expect(open.role(groups: ["visitors", "bar-admins"], current: .guest) == .admin)
        #expect(open.role(groups: ["visitors"], current: .admin) == .guest)
        #expect(open.role(groups: ["friends"], current: .guest) == .member)
        let closed = Self.settings(admin: "bar-admins", member: "household")
        #expect(closed.role(groups: ["household"], current: nil) == .member)
        #expect(closed.role(groups: ["friends"], current: .admin) == nil)
        #expect(closed.role(groups: [], current: nil) == nil)
    }

    @Test("an issuer is https, or http on a loopback address only")
    func issuers() {
        #expect(OpenIDSettings.problem(withIssuer: "https://auth.example.org/application/o/book/") == nil)
        #expect(OpenIDSettings.problem(withIssuer: "http://127.0.0.1:9000") == nil)
        #expect(OpenIDSettings.problem(withIssuer: "http://localhost:9000/realms/home") == nil)
        #expect(OpenIDSettings.problem(withIssuer: "http://auth.example.org")?.contains("https") == true)
        #expect(OpenIDSettings.problem(withIssuer: "http://192.168.1.10:9000")?.contains("https") == true)
        #expect(OpenIDSettings.problem(withIssuer: "auth.example.org") != nil)
        #expect(Self.settings().issuerOrigin == "https://auth.example.org")
    }

    @Test("a new account's name comes from the preferred user name, the e-mail or the name, made valid")
    func names() throws {
        func claims(_ fields: [String: Any]) throws -> IDTokenClaims {
            let base: [String: Any] = ["iss": "i", "sub": "s", "aud": "book", "exp": 2_000_000_000, "iat": 1_000]
            let data = try JSONSerialization.data(withJSONObject: base.merging(fields) { $1 })
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .secondsSince1970
            return try decoder.decode(IDTokenClaims.self, from: data)
        }
        #expect(OpenIDSignIn.accountName(from: try claims(["preferred_username": "ada"])) == "ada")
        #expect(OpenIDSignIn.accountName(from: try claims(["email": "max.power@example.org"])) == "max.power")
        #expect(OpenIDSignIn.accountName(from: try claims(["name": "Zoë Müller"])) == "Zoe-Muller")
        #expect(OpenIDSignIn.accountName(from: try claims(["preferred_username": "__"])) == "person")
        // A provider that says "true" as a string, and a single group as a string.
        let loose = try claims(["email_verified": "true", "groups": "household"])
        #expect(loose.emailVerified && loose.groups == ["household"])
        #expect(try claims(["email_verified": "false"]).emailVerified == false)
    }
}
