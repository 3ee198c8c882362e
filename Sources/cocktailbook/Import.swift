import ArgumentParser
import CocktailBook
import CocktailBookApp
import Foundation
import Logging

struct Import: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Import cocktails from a file or a TheCocktailDB-compatible server into the book.",
        discussion: """
            SOURCE is a file — a TheCocktailDB dump ({"drinks":[…]} or an array of drinks) or a catalog in \
            Cocktail Book's own format — or the API root of a TheCocktailDB-compatible server, e.g. \
            https://host/api/json/v1/1/. Pictures are downloaded next to the database. The import is one \
            transaction: a malformed file, a wrong type, an oversized entry or a broken download changes \
            nothing. Imported cocktails are kept apart from the bundled catalog, so refreshing it never removes \
            them; importing the same source again updates them in place. A running server shows them after its \
            next catalog refresh or restart.
            """
    )

    @OptionGroup var common: CommonOptions

    @Argument(
        help: ArgumentHelp(
            "A file path, or an http(s) URL of a TheCocktailDB-compatible API root.", valueName: "source"))
    var source: String

    func run() async throws {
        try await runReportingErrors {
            let configuration = try common.resolved()
            let environment = try await AppEnvironment(configuration: configuration, logger: quietLogger)
            try await environment.database.whileRunning {
                var importer = CatalogImporter(database: environment.database, images: environment.images)
                let onTerminal = isatty(STDERR_FILENO) == 1
                if onTerminal {
                    importer.progress = { step in FileHandle.standardError.write(Data("\r\u{1B}[K\(step.bar())".utf8)) }
                }
                defer { if onTerminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) } }
                let summary = try await importer.run(source: source)
                if onTerminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
                print(summary.line)
            }
        }
    }
}
