import ArgumentParser
import Foundation

/// The options of the commands that only touch accounts (`user …`): where the book is, how hard
/// new passwords are hashed, and the language. They never read the catalog, so its source's
/// options (`--source-latency`, `--catalog`…) are not theirs and their help does not list them.
struct AccountOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The SQLite file holding the accounts, or a PostgreSQL database shared by several instances, postgres://user@host:5432/db (env: COCKTAILBOOK_DATABASE).",
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
            "The language of the messages: en or it (default: from LANG, English unless it starts with it).",
            valueName: "en|it"))
    var lang: String?

    // Scripts written before may still pass the source's options to every command: they are
    // taken (and checked) as before, but not shown, since they change nothing here.
    @Option(name: .long, help: .hidden) var sourceLatency: Double?
    @Option(name: .long, help: .hidden) var sourceFailures: Int?
    @Option(name: .long, help: .hidden) var catalog: String?
    @Option(name: .long, help: .hidden) var source: String?

    func validate() throws {
        _ = try common()
    }

    /// The same choices as every command's options, with the source's left to their defaults
    /// (and environment variables), checked the same way.
    func common() throws -> CommonOptions {
        var arguments: [String] = []
        if let database { arguments += ["--database", database] }
        if let bcryptCost { arguments += ["--bcrypt-cost", String(bcryptCost)] }
        if let lang { arguments += ["--lang", lang] }
        if let sourceLatency { arguments += ["--source-latency", String(sourceLatency)] }
        if let sourceFailures { arguments += ["--source-failures", String(sourceFailures)] }
        if let catalog { arguments += ["--catalog", catalog] }
        if let source { arguments += ["--source", source] }
        return try CommonOptions.parse(arguments)
    }
}
