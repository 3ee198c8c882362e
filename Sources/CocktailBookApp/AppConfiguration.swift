import CocktailBook
import Foundation
import Logging

/// Everything that varies between runs of the app, filled from CLI flags and environment variables.
public struct AppConfiguration: Sendable {
    /// The address to listen on.
    public var host: String
    /// The port to listen on; 0 picks a free one.
    public var port: Int
    /// The SQLite file holding the catalog cache and favorites.
    public var databasePath: String
    /// How long the simulated recipe source takes to answer.
    public var sourceLatency: Duration
    /// How many times the simulated recipe source fails before it recovers.
    public var sourceFailures: Int
    /// A catalog file (our JSON format) the simulated source serves instead of the bundled one.
    public var catalogPath: String?
    /// A live TheCocktailDB-compatible server (its API root, e.g. `…/api/json/v1/1/`) to read the
    /// catalog from instead of the simulated source; `nil` uses the simulated one.
    public var sourceURL: URL?
    /// Chaos mode: a delay added to every API request.
    public var chaosLatency: Duration = .zero
    /// Chaos mode: how many API requests fail first.
    public var chaosFailures = 0
    /// Chaos mode: the share of API requests that fail after those, from 0 to 1.
    public var chaosFailureRate = 0.0
    /// Lets imports started from the web read servers on private, loopback and link-local
    /// addresses (a server on the same home network). The CLI import may always.
    public var allowPrivateImports = false
    /// The host names requests may carry in `Host` (against DNS rebinding); `nil` allows the
    /// loopback names when listening on a loopback address, and any name otherwise.
    public var allowedHosts: [String]?
    /// `--public-read-only`: a book without an admin may be opened on a network, browse only.
    public var publicReadOnly = false
    /// `--private`: anonymous visitors see only the sign-in page.
    public var privateMode = false
    /// bcrypt's cost for new password hashes (4 to 31; each step doubles the time).
    public var bcryptCost: UInt8 = 12
    /// `--trust-proxy`: believe `X-Forwarded-Proto` (secure cookies, HSTS) and `X-Forwarded-For`
    /// from the ``trustedProxies``.
    public var trustProxy = false
    /// `--trusted-proxies`: the addresses and networks (`10.0.0.0/8`) of the reverse proxies
    /// whose forwarded headers are believed; a proxy on the same machine by default.
    public var trustedProxies = ["127.0.0.0/8", "::1"]

    /// `--auth-header`: the header (`Remote-User`) in which a reverse proxy that has signed the
    /// person in names their account; believed only from the ``trustedProxies``, which must then
    /// be given explicitly (the loopback default would let any program on the machine send it).
    public var authHeader: String?

    /// `--oidc-issuer` and friends: sign-in through an OpenID Connect provider; needs ``publicURL``.
    public var openID: OpenIDSettings?
    /// `false` with `--no-password-login`: only the provider signs people in on the web (the
    /// command line stays a way in for the owner).
    public var passwordLogin = true

    /// The first entry of `list` that is not an address or a network, if any.
    public static func invalidNetwork(in list: [String]) -> String? {
        list.first { IPNetwork($0) == nil }
    }

    /// `--public-url`: the address guests reach the book by (`https://bar.example.org`), used
    /// for every absolute link it makes (share links, their QR codes, TheCocktailDB's picture
    /// URLs, links in a drink's structured data); `nil` to follow each request's host.
    public var publicURL: String?

    /// `https://host[:port]` of `text`, or `nil` when it is not an http(s) address of a host
    /// alone (no path, query, user or fragment: the book is served from its root).
    public static func publicOrigin(_ text: String) -> String? {
        guard let components = URLComponents(string: text.trimmingCharacters(in: .whitespaces)),
            let scheme = components.scheme?.lowercased(), ["http", "https"].contains(scheme),
            let host = components.host, !host.isEmpty, isPlainHost(host),
            components.path.isEmpty || components.path == "/", components.query == nil, components.fragment == nil,
            components.user == nil, components.password == nil
        else { return nil }
        let shownHost = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host.lowercased()
        return "\(scheme)://\(shownHost)" + (components.port.map { ":\($0)" } ?? "")
    }

    /// `host:port` where the server listens, bracketed for IPv6.
    package var listeningHost: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }

    /// How forwarded headers are read (see ``ProxyTrust``).
    package var proxyTrust: ProxyTrust {
        ProxyTrust(isEnabled: trustProxy, proxies: trustedProxies.compactMap(IPNetwork.init))
    }
    /// The release and commit the running program was built from (`cocktailbook --version`),
    /// which the maintenance page shows; empty when no program set it (an app built by tests).
    public var version = ""
    /// How long one import may take in all.
    public var importTimeLimit: Duration = .seconds(600)
    /// `--refresh-every`: fetch the catalog from its source again once it is this old; `nil`
    /// never (only at start and on request).
    public var refreshEvery: Duration? = .seconds(6 * 3600)
    /// How long a connection may take to send a request's headers.
    public var headerTimeout: Duration = .seconds(10)
    /// How long an idle keep-alive connection stays open.
    public var idleTimeout: Duration = .seconds(60)
    /// How the catalog service reads the source's answer: afresh each time, unless a process
    /// that starts many apps over one catalog (the tests) shares one reading.
    public var catalogDecoding = CatalogDecoding.fresh
    /// The collation used to sort names.
    public var locale: Locale
    /// How much the server logs.
    public var logLevel: Logger.Level

    public init(
        host: String = "127.0.0.1", port: Int = 8080, databasePath: String = AppConfiguration.defaultDatabasePath(),
        sourceLatency: Duration = .seconds(3), sourceFailures: Int = 0, catalogPath: String? = nil,
        sourceURL: URL? = nil, locale: Locale = .catalogDefault,
        logLevel: Logger.Level = .info
    ) {
        self.host = host
        self.port = port
        self.databasePath = databasePath
        self.sourceLatency = sourceLatency
        self.sourceFailures = sourceFailures
        self.catalogPath = catalogPath
        self.sourceURL = sourceURL
        self.locale = locale
        self.logLevel = logLevel
    }

    /// The `Host` names accepted: the configured list, or the loopback names when the server
    /// listens on a loopback address, or `nil` (any) otherwise.
    public var effectiveAllowedHosts: Set<String>? {
        if let allowedHosts { return Set(allowedHosts.map { $0.lowercased() }) }
        guard Self.isLoopback(host) else { return nil }
        return ["localhost", "127.0.0.1", "::1", host.lowercased()]
    }

    /// Whether `host` (a name or an address to listen on) is a loopback one.
    public static func isLoopback(_ host: String) -> Bool {
        let lowered = host.lowercased()
        if lowered == "localhost" || lowered == "::1" || lowered == "[::1]" { return true }
        return lowered.hasPrefix("127.") && lowered.split(separator: ".").count == 4
    }

    /// `$XDG_DATA_HOME/cocktailbook/cocktailbook.sqlite`, or under `~/.local/share` when unset.
    public static func defaultDatabasePath(environment: [String: String] = ProcessInfo.processInfo.environment)
        -> String
    {
        let dataHome: String
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            dataHome = xdg
        } else {
            let home = environment["HOME"] ?? NSHomeDirectory()
            dataHome = (home as NSString).appendingPathComponent(".local/share")
        }
        return (dataHome as NSString).appendingPathComponent("cocktailbook/cocktailbook.sqlite")
    }
}

extension AppConfiguration {
    /// A host name, IPv4 or bracketed IPv6 address with an optional port: nothing that could
    /// turn the URL into another one.
    package static func isPlainHost(_ host: String) -> Bool {
        !host.isEmpty && host.utf8.count <= 255
            && host.utf8.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A)
                    || Array(".-:[]".utf8).contains(byte)
            }
    }
}
