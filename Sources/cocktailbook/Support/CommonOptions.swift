import ArgumentParser
import CocktailBook
import CocktailBookApp
import CocktailBookStore
import Foundation

/// Where the book is kept, how hard new passwords are hashed and the language: every
/// command's options. Each falls back to an environment variable, then a default.
struct BookOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The SQLite file holding the catalog cache, accounts and favorites, or a PostgreSQL database shared by several instances, postgres://user@host:5432/db (env: COCKTAILBOOK_DATABASE).",
            discussion:
                "Defaults to $XDG_DATA_HOME/cocktailbook/cocktailbook.sqlite, or ~/.local/share/cocktailbook/ when XDG_DATA_HOME is unset.",
            valueName: "path"))
    var database: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "bcrypt's cost for new passwords, 4 to 31 (env: COCKTAILBOOK_BCRYPT_COST; default 12).", valueName: "n"))
    var bcryptCost: Int?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The language of the cocktails' texts and of the labels: \(Language.allCases.map(\.rawValue).joined(separator: ", ")) (default: the language of LANG when the book speaks it, else English).",
            valueName: Language.allCases.map(\.rawValue).joined(separator: "|")))
    var lang: String?

    func validate() throws {
        _ = try language()
    }

    /// The language asked for: `--lang`, else `LANG` (`it_IT.UTF-8` is Italian), else English.
    func language(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Language {
        if let lang {
            guard let language = Language(rawValue: lang.lowercased()) else {
                let codes = Language.allCases.map(\.rawValue).joined(separator: ", ")
                throw ValidationError("--lang must be one of \(codes), not \(lang).")
            }
            return language
        }
        let system = (environment["LC_ALL"].flatMap { $0.isEmpty ? nil : $0 } ?? environment["LANG"] ?? "").lowercased()
        // `it_IT.UTF-8` → `it-it`: the language of the system's locale when the book has it.
        let tag = system.split(separator: ".").first.map { $0.replacingOccurrences(of: "_", with: "-") } ?? ""
        return Language(preferring: [tag])
    }

    /// The words of the chosen language.
    var strings: UIStrings { UIStrings.of((try? language()) ?? .english) }
}

/// The simulated or live recipe source: the options of the commands that read the catalog.
struct SourceOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Seconds the simulated recipe source takes to answer (env: COCKTAILBOOK_SOURCE_LATENCY; default 3).",
            valueName: "seconds"))
    var sourceLatency: Double?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "How many times the recipe source fails before it recovers (env: COCKTAILBOOK_SOURCE_FAILURES; default 0).",
            valueName: "n"))
    var sourceFailures: Int?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A catalog file in Cocktail Book's JSON format for the source to serve instead of the bundled one (env: COCKTAILBOOK_CATALOG).",
            valueName: "path"))
    var catalog: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A live TheCocktailDB-compatible server to read the catalog from, e.g. https://host/api/json/v1/1/ (env: COCKTAILBOOK_SOURCE).",
            discussion: "When given, the catalog comes from this server instead of the simulated source.",
            valueName: "url"))
    var source: String?
}

/// The options of every command that reads the catalog: the book's and the source's.
struct CommonOptions: ParsableArguments {
    @OptionGroup var book: BookOptions
    @OptionGroup var source: SourceOptions

    func validate() throws {
        _ = try resolved()
    }

    /// The words of the chosen language.
    var strings: UIStrings { book.strings }

    /// The configuration these options describe, with environment variables filling the gaps.
    func resolved(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> AppConfiguration {
        try Self.configuration(book: book, source: source, environment: environment)
    }

    /// The configuration of a book's and a source's options, with environment variables filling
    /// the gaps: every command's, whichever of them it shows.
    static func configuration(book: BookOptions, source: SourceOptions, environment: [String: String]) throws
        -> AppConfiguration
    {
        var configuration = AppConfiguration(
            databasePath: AppConfiguration.defaultDatabasePath(environment: environment))
        if let path = try value(book.database, "COCKTAILBOOK_DATABASE", environment, as: String.self) {
            guard !path.isEmpty else { throw ValidationError("The database path must not be empty.") }
            if AppStores.isPostgres(path) {
                if let problem = AppStores.problem(withAddress: path) { throw ValidationError(problem) }
                configuration.databasePath = path
            } else {
                configuration.databasePath = (path as NSString).expandingTildeInPath
            }
        }
        if let latency = try value(source.sourceLatency, "COCKTAILBOOK_SOURCE_LATENCY", environment, as: Double.self) {
            guard latency >= 0, latency <= 600, latency.isFinite else {
                throw ValidationError("The source latency must be between 0 and 600 seconds, not \(latency).")
            }
            configuration.sourceLatency = .milliseconds(Int((latency * 1000).rounded()))
        }
        if let failures = try value(source.sourceFailures, "COCKTAILBOOK_SOURCE_FAILURES", environment, as: Int.self) {
            guard failures >= 0 else { throw ValidationError("The number of source failures must not be negative.") }
            configuration.sourceFailures = failures
        }
        if let path = try value(source.catalog, "COCKTAILBOOK_CATALOG", environment, as: String.self), !path.isEmpty {
            configuration.catalogPath = (path as NSString).expandingTildeInPath
        }
        if let cost = try value(book.bcryptCost, "COCKTAILBOOK_BCRYPT_COST", environment, as: Int.self) {
            guard (4...31).contains(cost) else {
                throw ValidationError("The bcrypt cost must be between 4 and 31, not \(cost).")
            }
            configuration.bcryptCost = UInt8(cost)
        }
        if let raw = try value(source.source, "COCKTAILBOOK_SOURCE", environment, as: String.self), !raw.isEmpty {
            configuration.sourceURL = try sourceURL(raw)
        }
        return configuration
    }

    /// The source flag's URL: http or https with a host, and a trailing `/` so that endpoints
    /// resolve under it.
    private static func sourceURL(_ raw: String) throws -> URL {
        var text = raw.trimmingCharacters(in: .whitespaces)
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            let host = url.host, !host.isEmpty
        else { throw ValidationError("The source must be an http or https URL with a host, not \(raw).") }
        if !text.hasSuffix("/") { text += "/" }
        return URL(string: text) ?? url
    }
}

/// A flag's value if given, else the environment variable's, parsed like the flag.
func value<T: LosslessStringConvertible>(_ flag: T?, _ variable: String, _ environment: [String: String], as: T.Type)
    throws -> T?
{
    if let flag { return flag }
    guard let raw = environment[variable] else { return nil }
    guard let parsed = T(raw.trimmingCharacters(in: .whitespaces)) else {
        throw ValidationError("\(variable)=\(raw) is not a valid value.")
    }
    return parsed
}
