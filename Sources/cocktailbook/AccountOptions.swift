import ArgumentParser
import CocktailBookApp
import Foundation

/// The options of the commands that only touch accounts (`user …`): the book's. They never read
/// the catalog, so the source's options are not theirs and their help does not list them;
/// scripts written before may still pass them to every command, and they are taken (and
/// checked) as before, unseen.
struct AccountOptions: ParsableArguments {
    @OptionGroup var book: BookOptions
    @OptionGroup(visibility: .hidden) var source: SourceOptions

    func validate() throws {
        _ = try resolved()
    }

    /// The configuration these options describe, as every command reads it.
    func resolved(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> AppConfiguration {
        try CommonOptions.configuration(book: book, source: source, environment: environment)
    }
}
