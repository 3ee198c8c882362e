import ArgumentParser
import CocktailBook
import CocktailBookApp
import CocktailBookStore
import Foundation
import Logging

/// What a one-shot command works with: the store and the catalog over it. No web server, no
/// cache of pages, no services beyond the store itself.
struct Book: Sendable {
    let database: any AppStore
    let catalog: CatalogService

    /// The bar's use cases, as the web app's bar pages and API call them.
    var bar: BarDesk { BarDesk(catalog: catalog, store: database, book: database) }
}

/// Runs `body` with the book the options name, its store running meanwhile, and its catalog: the
/// cache if there is one, else one fetch from the source while a spinner turns on the terminal.
func withBook<T: Sendable>(_ options: CommonOptions, _ body: (Book) async throws -> T) async throws -> T {
    let configuration = try options.resolved()
    return try await withStore(configuration) { database in
        let catalog = try CatalogService.live(configuration: configuration, database: database, logger: quietLogger)
        await catalog.start(refreshingInBackground: false)
        if await catalog.status().isRefreshing {
            await Spinner.whileWaiting(label: "Loading cocktails…") { await catalog.settle() }
        }
        return try await body(Book(database: database, catalog: catalog))
    }
}

/// Runs `body` with the store `configuration` names, running meanwhile; the catalog is not loaded.
func withStore<T: Sendable>(_ configuration: AppConfiguration, _ body: (any AppStore) async throws -> T)
    async throws -> T
{
    let database = try await AppStores.open(configuration.databasePath, logger: quietLogger)
    return try await database.whileRunning { try await body(database) }
}

/// The command reports failures itself, in one line; the services' own warnings would repeat it.
var quietLogger: Logger {
    var logger = Logger(label: "cocktailbook")
    logger.logLevel = .critical
    return logger
}

/// Prints JSON exactly as the API encodes it, followed by a newline.
func printJSON(_ value: some Encodable) throws {
    FileHandle.standardOutput.write(try APIJSON.encode(value) + Data("\n".utf8))
}

enum Spinner {
    /// Shows a spinner on stderr while `work` runs, only when stderr is a terminal.
    static func whileWaiting(label: String, _ work: () async -> Void) async {
        guard isatty(STDERR_FILENO) == 1 else { return await work() }
        let spinner = Task {
            let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
            var index = 0
            while !Task.isCancelled {
                FileHandle.standardError.write(Data("\r\(frames[index % frames.count]) \(label)".utf8))
                index += 1
                try? await Task.sleep(for: .milliseconds(100))
            }
            FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
        }
        await work()
        spinner.cancel()
        await spinner.value
    }
}

/// A command that works on the book its options name: it says what to do with the book, and
/// opening it, running its store meanwhile and reporting a failure in one line are done once.
protocol BookCommand: AsyncParsableCommand {
    var common: CommonOptions { get }
    func run(on environment: Book) async throws
}

extension BookCommand {
    func run() async throws {
        try await runReportingErrors {
            try await withBook(common) { try await run(on: $0) }
        }
    }
}
