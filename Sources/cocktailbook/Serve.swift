import ArgumentParser
import CocktailBookApp
import CocktailBookStore
import CocktailBookWeb
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import ServiceLifecycle

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the web app and the JSON API (the default command).",
        discussion: "The server answers at once; the catalog loads from the recipe source in the background."
    )

    @OptionGroup var common: CommonOptions
    @OptionGroup(title: "Signing in through an OpenID Connect provider") var openID: OpenIDOptions

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The address to listen on (env: COCKTAILBOOK_HOST; default 127.0.0.1).", valueName: "address"))
    var host: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The port to listen on, 0 for any free one (env: COCKTAILBOOK_PORT; default 8080).", valueName: "port"))
    var port: Int?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Chaos mode: seconds every API request waits (env: COCKTAILBOOK_CHAOS_LATENCY).", valueName: "seconds"))
    var chaosLatency: Double?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Chaos mode: how many API requests fail first with a 503 (env: COCKTAILBOOK_CHAOS_FAILURES).",
            valueName: "n"))
    var chaosFailures: Int?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Chaos mode: the share of later API requests that fail, 0 to 1 (env: COCKTAILBOOK_CHAOS_FAILURE_RATE).",
            valueName: "rate"))
    var chaosFailureRate: Double?

    @Flag(
        name: .long,
        help:
            "Let imports started from the web page read servers on private, loopback and link-local addresses (env: COCKTAILBOOK_ALLOW_PRIVATE_IMPORTS=1)."
    )
    var allowPrivateImports = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Comma-separated host names the server answers for, against DNS rebinding (env: COCKTAILBOOK_ALLOWED_HOSTS; default: the loopback names when listening on a loopback address, any otherwise).",
            valueName: "names"))
    var allowedHosts: String?

    @Flag(
        name: .long,
        help:
            "Open a book that has no admin on a network, to browse only: every change is refused (env: COCKTAILBOOK_PUBLIC_READ_ONLY=1)."
    )
    var publicReadOnly = false

    @Flag(name: .long, help: "Require signing in for everything, browsing included (env: COCKTAILBOOK_PRIVATE=1).")
    var `private` = false

    @Flag(
        name: .long,
        help: "Behind a reverse proxy: believe X-Forwarded-Proto and X-Forwarded-For (env: COCKTAILBOOK_TRUST_PROXY=1)."
    )
    var trustProxy = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "With --trust-proxy: the reverse proxies whose forwarded headers are believed, addresses or networks separated by commas (default 127.0.0.0/8,::1; env: COCKTAILBOOK_TRUSTED_PROXIES).",
            valueName: "list"))
    var trustedProxies: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Sign people in by the account a reverse proxy names in this header, e.g. Remote-User (Authelia, Authentik's proxy outpost); believed only from the proxies --trusted-proxies names, which must then be given (env: COCKTAILBOOK_AUTH_HEADER).",
            valueName: "header"))
    var authHeader: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The address guests reach the book by, such as https://bar.example.org: every absolute link it makes (share links, their QR codes, picture URLs) uses it (env: COCKTAILBOOK_PUBLIC_URL).",
            valueName: "url"))
    var publicURL: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Fetch the catalog from its source again once it is this old: 90s, 30m, 6h, 1d, or off (env: COCKTAILBOOK_REFRESH_EVERY; default 6h).",
            valueName: "duration"))
    var refreshEvery: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "How much the server logs: trace, debug, info (one line per request), notice, warning, error or critical (env: COCKTAILBOOK_LOG_LEVEL; default info).",
            valueName: "level"))
    var logLevel: String?

    func validate() throws {
        _ = try resolved()
    }

    func resolved() throws -> AppConfiguration {
        let environment = ProcessInfo.processInfo.environment
        var configuration = try common.resolved(environment: environment)
        configuration.version = BuildVersion.text
        if let host = try value(host, "COCKTAILBOOK_HOST", environment, as: String.self) {
            guard !host.isEmpty else { throw ValidationError("The host must not be empty.") }
            configuration.host = host
        }
        if let port = try value(port, "COCKTAILBOOK_PORT", environment, as: Int.self) {
            guard (0...65535).contains(port) else {
                throw ValidationError("The port must be between 0 and 65535, not \(port).")
            }
            configuration.port = port
        }
        if let latency = try value(chaosLatency, "COCKTAILBOOK_CHAOS_LATENCY", environment, as: Double.self) {
            guard latency >= 0, latency <= 60, latency.isFinite else {
                throw ValidationError("The chaos latency must be between 0 and 60 seconds.")
            }
            configuration.chaosLatency = .milliseconds(Int((latency * 1000).rounded()))
        }
        if let failures = try value(chaosFailures, "COCKTAILBOOK_CHAOS_FAILURES", environment, as: Int.self) {
            guard failures >= 0 else { throw ValidationError("The number of chaos failures must not be negative.") }
            configuration.chaosFailures = failures
        }
        if let rate = try value(chaosFailureRate, "COCKTAILBOOK_CHAOS_FAILURE_RATE", environment, as: Double.self) {
            guard (0...1).contains(rate) else {
                throw ValidationError("The chaos failure rate must be between 0 and 1, not \(rate).")
            }
            configuration.chaosFailureRate = rate
        }
        let isSet = { (name: String) in
            environment[name].map { ["1", "true", "yes"].contains($0.lowercased()) } ?? false
        }
        configuration.allowPrivateImports = allowPrivateImports || isSet("COCKTAILBOOK_ALLOW_PRIVATE_IMPORTS")
        configuration.publicReadOnly = publicReadOnly || isSet("COCKTAILBOOK_PUBLIC_READ_ONLY")
        configuration.privateMode = `private` || isSet("COCKTAILBOOK_PRIVATE")
        configuration.trustProxy = trustProxy || isSet("COCKTAILBOOK_TRUST_PROXY")
        if let url = publicURL ?? environment["COCKTAILBOOK_PUBLIC_URL"], !url.isEmpty {
            guard AppConfiguration.publicOrigin(url) != nil else {
                throw ValidationError(
                    "--public-url takes an http or https address of the book's root, such as https://bar.example.org, not \(url)."
                )
            }
            configuration.publicURL = url
        }
        if let header = authHeader ?? environment["COCKTAILBOOK_AUTH_HEADER"], !header.isEmpty {
            guard HTTPField.Name(header) != nil else {
                throw ValidationError("--auth-header takes a header name such as Remote-User, not \(header).")
            }
            guard trustedProxies ?? environment["COCKTAILBOOK_TRUSTED_PROXIES"] != nil else {
                throw ValidationError(
                    "--auth-header needs --trusted-proxies naming the proxy that signs people in: with the loopback default, any program on this machine could send the header."
                )
            }
            configuration.authHeader = header
        }
        if let list = trustedProxies ?? environment["COCKTAILBOOK_TRUSTED_PROXIES"] {
            let networks = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            if let wrong = AppConfiguration.invalidNetwork(in: networks) {
                throw ValidationError("--trusted-proxies takes addresses or networks such as 10.0.0.0/8, not \(wrong).")
            }
            configuration.trustedProxies = networks
        }
        try openID.apply(to: &configuration, environment: environment)
        if let level = logLevel ?? environment["COCKTAILBOOK_LOG_LEVEL"] {
            guard let parsed = Logger.Level(rawValue: level.lowercased()) else {
                throw ValidationError(
                    "The log level must be one of trace, debug, info, notice, warning, error or critical, not \(level)."
                )
            }
            configuration.logLevel = parsed
        }
        if let every = refreshEvery ?? environment["COCKTAILBOOK_REFRESH_EVERY"] {
            configuration.refreshEvery = try Self.refreshInterval(every)
        }
        if let hosts = allowedHosts ?? environment["COCKTAILBOOK_ALLOWED_HOSTS"] {
            let names = hosts.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
                !$0.isEmpty
            }
            guard !names.isEmpty else { throw ValidationError("--allowed-hosts needs at least one host name.") }
            configuration.allowedHosts = names
        }
        return configuration
    }

    /// `90s`, `30m`, `6h`, `1d` or a number of seconds; `off` (or `0`) for never. At least ten
    /// seconds, so that a slip of the finger cannot hammer the recipe source.
    static func refreshInterval(_ text: String) throws -> Duration? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        if trimmed == "off" || trimmed == "never" || trimmed == "0" { return nil }
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600, "d": 86400]
        let (number, factor) =
            trimmed.last.flatMap { units[$0] }.map { (String(trimmed.dropLast()), $0) } ?? (trimmed, 1)
        guard let value = Double(number), value.isFinite, value * factor >= 10, value * factor <= 366 * 86400 else {
            throw ValidationError(
                "--refresh-every takes a duration from 10s to 366d such as 90s, 30m, 6h or 1d, or off; not \(text).")
        }
        return .milliseconds(Int64((value * factor * 1000).rounded()))
    }

    func run() async throws {
        let configuration = try resolved()
        try await runReportingErrors {
            let app = try await buildApplication(configuration: configuration) { port in
                let shown = port.map(String.init) ?? String(configuration.port)
                let line =
                    "Cocktail Book is running at http://\(configuration.host):\(shown) (database: \(AppStores.isPostgres(configuration.databasePath) ? "PostgreSQL" : configuration.databasePath))\n"
                FileHandle.standardOutput.write(Data(line.utf8))
            }
            // SIGTERM and SIGINT stop the server gracefully; requests still running after eight
            // seconds (a long import, say) are cancelled, so the process is gone within ten.
            var group = ServiceGroupConfiguration(
                services: [app], gracefulShutdownSignals: [.sigterm, .sigint], logger: app.logger)
            group.maximumGracefulShutdownDuration = .seconds(8)
            group.maximumCancellationDuration = .seconds(1)
            do {
                try await ServiceGroup(configuration: group).run()
            } catch  where "\(error)".contains("Address already in use") {
                throw ServeError.portInUse(host: configuration.host, port: configuration.port)
            }
        }
    }
}

enum ServeError: Error, LocalizedError {
    case portInUse(host: String, port: Int)

    var errorDescription: String? {
        switch self {
        case .portInUse(let host, let port):
            "\(host):\(port) is already in use; stop the other server or choose another port with --port."
        }
    }
}
