import CocktailsAPI
import Crypto
import Foundation
import JWTKit

/// The book's side of an OpenID Connect provider: its discovery document and keys (fetched
/// through a ``BoundedFetcher`` and kept; the keys fetched again when a token names one not
/// seen yet), the authorization code exchanged for tokens, and the ID token verified.
///
/// The issuer is the one the admin configured, so it may be on the home network or on this
/// machine (an identity provider beside the book), unlike addresses people type.
public actor OpenIDProvider {
    public nonisolated let settings: OpenIDSettings
    /// `<public url>/auth/oidc/callback`: never built from a request's Host header.
    public nonisolated let redirectURI: String
    private let fetcher = BoundedFetcher(policy: .anyAddress, timeout: .seconds(10))
    private static let maximumBytes = 512 * 1024
    /// How far clocks may disagree when `exp` and `iat` are checked.
    static let leeway: TimeInterval = 60

    /// What the provider's discovery document says.
    public struct Metadata: Decodable, Sendable {
        var issuer: String
        public var authorizationEndpoint: URL
        var tokenEndpoint: URL
        var jwksURI: URL
        public var endSessionEndpoint: URL?
        var tokenEndpointAuthMethodsSupported: [String]?

        enum CodingKeys: String, CodingKey {
            case issuer
            case authorizationEndpoint = "authorization_endpoint"
            case tokenEndpoint = "token_endpoint"
            case jwksURI = "jwks_uri"
            case endSessionEndpoint = "end_session_endpoint"
            case tokenEndpointAuthMethodsSupported = "token_endpoint_auth_methods_supported"
        }
    }

    /// Why a sign-in through the provider was refused, in one line for the person.
    public struct Refusal: Error, Equatable, Sendable, CustomStringConvertible {
        public let reason: String
        /// Whether the provider could not be reached (a 502 rather than a 400).
        public var isUnreachable = false
        public var description: String { reason }
    }

    private var metadata: (value: Metadata, fetchedAt: Date)?
    private var keys: (collection: JWTKeyCollection, kids: Set<String>, fetchedAt: Date)?

    public init(settings: OpenIDSettings, publicOrigin: String) {
        self.settings = settings
        redirectURI = publicOrigin + "/auth/oidc/callback"
    }

    /// The discovery document, fetched at most once an hour.
    public func discovery() async throws(Refusal) -> Metadata {
        if let metadata, Date().timeIntervalSince(metadata.fetchedAt) < 3600 { return metadata.value }
        let base = settings.issuer.hasSuffix("/") ? String(settings.issuer.dropLast()) : settings.issuer
        let document: Metadata = try await fetchJSON(URL(string: base + "/.well-known/openid-configuration"))
        // The document must be the configured issuer's own (OpenID Connect Discovery, 4.3).
        guard Self.sameIssuer(document.issuer, settings.issuer) else {
            throw Refusal(reason: "The provider's discovery document names another issuer (\(document.issuer)).")
        }
        metadata = (document, Date())
        return document
    }

    /// The address to send the person to: the authorization request with `state`, `nonce` and
    /// the PKCE challenge of `verifier`.
    public func authorizationURL(state: String, nonce: String, verifier: String) async throws(Refusal) -> URL {
        let metadata = try await discovery()
        guard var components = URLComponents(url: metadata.authorizationEndpoint, resolvingAgainstBaseURL: false)
        else { throw Refusal(reason: "The provider's authorization address is unusable.") }
        let asked = [
            URLQueryItem(name: "response_type", value: "code"),
            URLQueryItem(name: "client_id", value: settings.clientID),
            URLQueryItem(name: "redirect_uri", value: redirectURI),
            URLQueryItem(name: "scope", value: settings.scopes.joined(separator: " ")),
            URLQueryItem(name: "state", value: state),
            URLQueryItem(name: "nonce", value: nonce),
            URLQueryItem(name: "code_challenge", value: Self.challenge(for: verifier)),
            URLQueryItem(name: "code_challenge_method", value: "S256"),
        ]
        components.queryItems = (components.queryItems ?? []) + asked
        guard let url = components.url else {
            throw Refusal(reason: "The provider's authorization address is unusable.")
        }
        return url
    }

    /// PKCE's S256 challenge: the verifier's SHA-256, base64url without padding.
    static func challenge(for verifier: String) -> String {
        Data(SHA256.hash(data: Data(verifier.utf8))).base64URLEncoded
    }

    /// Exchanges the authorization `code` for the ID token, proving the `verifier`, and verifies it.
    public func signIn(code: String, verifier: String, nonce: String) async throws(Refusal) -> IDTokenClaims {
        let metadata = try await discovery()
        var form = [
            ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirectURI),
            ("code_verifier", verifier),
        ]
        var headers: [(String, String)] = []
        let methods = metadata.tokenEndpointAuthMethodsSupported ?? ["client_secret_basic"]
        if methods.contains("client_secret_basic") || !methods.contains("client_secret_post") {
            // RFC 6749, 2.3.1: each part form-encoded before the Basic encoding.
            let pair =
                BoundedFetcher.formEncoded(settings.clientID) + ":" + BoundedFetcher.formEncoded(settings.clientSecret)
            headers.append(("Authorization", "Basic " + Data(pair.utf8).base64EncodedString()))
        } else {
            form += [("client_id", settings.clientID), ("client_secret", settings.clientSecret)]
        }
        let response: BoundedFetcher.Response
        do {
            response = try await fetcher.post(
                metadata.tokenEndpoint, form: form, headers: headers, accept: "application/json",
                maximumBytes: Self.maximumBytes)
        } catch {
            throw Refusal(reason: "The identity provider did not answer: \(error).", isUnreachable: true)
        }
        struct TokenAnswer: Decodable {
            var idToken: String?
            var error: String?
            enum CodingKeys: String, CodingKey {
                case idToken = "id_token"
                case error
            }
        }
        let answer = try? JSONDecoder().decode(TokenAnswer.self, from: response.body)
        guard response.status == 200, let idToken = answer?.idToken else {
            let said = answer?.error.map { " (\($0))" } ?? ""
            throw Refusal(reason: "The identity provider refused the sign-in code\(said): start again.")
        }
        return try await verify(idToken, nonce: nonce)
    }

    /// The ID token's claims once its signature, issuer, audience, times and nonce are right.
    public func verify(_ token: String, nonce: String, now: Date = Date()) async throws(Refusal) -> IDTokenClaims {
        let header = Self.header(of: token)
        guard let algorithm = header?.alg, Self.algorithms.contains(algorithm) else {
            throw Refusal(reason: "The sign-in token is not signed with a public key.")
        }
        let collection = try await keys(for: header?.kid)
        let claims: IDTokenClaims
        do {
            claims = try await collection.verify(token, as: IDTokenClaims.self)
        } catch {
            throw Refusal(reason: "The sign-in token's signature is not the provider's.")
        }
        guard Self.sameIssuer(claims.iss, settings.issuer) else {
            throw Refusal(reason: "The sign-in token comes from another issuer (\(claims.iss)).")
        }
        guard claims.aud.value.contains(settings.clientID) else {
            throw Refusal(reason: "The sign-in token was made for another application.")
        }
        if claims.aud.value.count > 1 || claims.azp != nil, claims.azp != settings.clientID {
            throw Refusal(reason: "The sign-in token was handed to another application.")
        }
        guard claims.exp.value.addingTimeInterval(Self.leeway) > now else {
            throw Refusal(reason: "The sign-in token has expired: start again.")
        }
        guard claims.iat.value.addingTimeInterval(-Self.leeway) <= now else {
            throw Refusal(reason: "The sign-in token was issued in the future: check the clocks.")
        }
        guard let said = claims.nonce, Secrets.same(said, nonce) else {
            throw Refusal(reason: "The sign-in token is not the answer to this sign-in (nonce).")
        }
        return claims
    }

    /// The asymmetric algorithms accepted: never `none`, never an HMAC keyed with public data.
    static let algorithms: Set<String> = [
        "RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA",
    ]

    /// The provider's keys; fetched again (at most every ten seconds) when `kid` is not among them.
    private func keys(for kid: String?) async throws(Refusal) -> JWTKeyCollection {
        if let keys, kid.map(keys.kids.contains) ?? true { return keys.collection }
        if let keys, Date().timeIntervalSince(keys.fetchedAt) < 10 {
            throw Refusal(reason: "The sign-in token is signed with a key the provider does not list.")
        }
        let metadata = try await discovery()
        let data = try await fetch(metadata.jwksURI)
        struct KeyIDs: Decodable {
            struct Key: Decodable { var kid: String? }
            var keys: [Key]
        }
        let collection = JWTKeyCollection()
        guard let listed = try? JSONDecoder().decode(KeyIDs.self, from: data),
            (try? await collection.add(jwksJSON: String(decoding: data, as: UTF8.self))) != nil
        else { throw Refusal(reason: "The provider's keys cannot be read.", isUnreachable: true) }
        let kids = Set(listed.keys.compactMap(\.kid))
        keys = (collection, kids, Date())
        if let kid, !kids.contains(kid) {
            throw Refusal(reason: "The sign-in token is signed with a key the provider does not list.")
        }
        return collection
    }

    private func fetchJSON<T: Decodable>(_ url: URL?) async throws(Refusal) -> T {
        guard let url else { throw Refusal(reason: "The provider's address is unusable.") }
        let data = try await fetch(url)
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch {
            throw Refusal(reason: "The provider's discovery document cannot be read.", isUnreachable: true)
        }
    }

    private func fetch(_ url: URL) async throws(Refusal) -> Data {
        do {
            let response = try await fetcher.get(url, accept: "application/json", maximumBytes: Self.maximumBytes)
            guard response.status == 200 else {
                throw Refusal(reason: "The identity provider answered \(response.status).", isUnreachable: true)
            }
            return response.body
        } catch let refusal as Refusal {
            throw refusal
        } catch {
            throw Refusal(reason: "The identity provider did not answer: \(error).", isUnreachable: true)
        }
    }

    /// The token's header (`alg`, `kid`), read before anything is trusted.
    static func header(of token: String) -> (alg: String, kid: String?)? {
        guard let first = token.split(separator: ".", omittingEmptySubsequences: false).first,
            let data = Data(base64URLEncoded: String(first)),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let alg = object["alg"] as? String
        else { return nil }
        return (alg, object["kid"] as? String)
    }

    static func sameIssuer(_ a: String, _ b: String) -> Bool {
        func trimmed(_ s: String) -> String { s.hasSuffix("/") ? String(s.dropLast()) : s }
        return trimmed(a) == trimmed(b)
    }
}

/// The claims of an ID token the book reads.
public struct IDTokenClaims: JWTPayload, Equatable {
    public var iss: String
    public var sub: String
    public var aud: AudienceClaim
    public var exp: ExpirationClaim
    public var iat: IssuedAtClaim
    public var nonce: String?
    public var azp: String?
    public var email: String?
    /// Some providers send it as a string ("true"); anything but true is false.
    public var emailVerified: Bool
    public var preferredUsername: String?
    public var name: String?
    public var groups: [String]

    enum CodingKeys: String, CodingKey {
        case iss, sub, aud, exp, iat, nonce, azp, email, name, groups
        case emailVerified = "email_verified"
        case preferredUsername = "preferred_username"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        iss = try container.decode(String.self, forKey: .iss)
        sub = try container.decode(String.self, forKey: .sub)
        aud = try container.decode(AudienceClaim.self, forKey: .aud)
        exp = try container.decode(ExpirationClaim.self, forKey: .exp)
        iat = try container.decode(IssuedAtClaim.self, forKey: .iat)
        nonce = try container.decodeIfPresent(String.self, forKey: .nonce)
        azp = try container.decodeIfPresent(String.self, forKey: .azp)
        email = try? container.decodeIfPresent(String.self, forKey: .email)
        if let flag = try? container.decodeIfPresent(Bool.self, forKey: .emailVerified) {
            emailVerified = flag
        } else {
            emailVerified = (try? container.decodeIfPresent(String.self, forKey: .emailVerified)) == "true"
        }
        preferredUsername = try? container.decodeIfPresent(String.self, forKey: .preferredUsername)
        name = try? container.decodeIfPresent(String.self, forKey: .name)
        if let list = try? container.decodeIfPresent([String].self, forKey: .groups) {
            groups = list
        } else {
            groups = (try? container.decodeIfPresent(String.self, forKey: .groups)).flatMap { $0.map { [$0] } } ?? []
        }
    }

    /// The signature is checked by the key collection; the claims by ``OpenIDProvider/verify(_:nonce:now:)``.
    public func verify(using algorithm: some JWTAlgorithm) async throws {}
}

extension Data {
    /// base64url without padding (RFC 7515, appendix C).
    package var base64URLEncoded: String {
        base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    package init?(base64URLEncoded text: String) {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        self.init(base64Encoded: base64)
    }
}
