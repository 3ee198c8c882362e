import CocktailBook
import CocktailBookWeb
import Foundation
import Logging

/// The catalog as a one-shot command sees it: the cache if there is one, else one fetch from
/// the source while a spinner turns on the terminal.
func openCatalog(_ options: CommonOptions) async throws -> AppEnvironment {
    var logger = Logger(label: "cocktailbook")
    // The command reports failures itself, in one line; the service's own warnings would repeat it.
    logger.logLevel = .critical
    let environment = try await AppEnvironment(configuration: try options.resolved(), logger: logger)
    await environment.catalog.start(refreshingInBackground: false)
    if await environment.catalog.status().isRefreshing {
        await Spinner.whileWaiting(label: "Loading cocktails…") { await environment.catalog.settle() }
    }
    return environment
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
