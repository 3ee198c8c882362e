import CocktailBook
import CocktailBookStore
import CocktailsAPI
import Foundation
import Logging

/// The live dependencies of the app, wired once from a configuration. The server and the one-shot
/// CLI commands both start from here, so they read and write the same things the same way.
public struct AppEnvironment: Sendable {
    /// The database.
    public let database: AppDatabase
    /// The catalog and favorites.
    public let catalog: CatalogService

    /// Opens the database and prepares (but does not start) the catalog service.
    public init(configuration: AppConfiguration, logger: Logger) throws {
        database = try AppDatabase(path: configuration.databasePath)
        let source = FakeCocktailsAPI(
            withFailure: configuration.sourceFailures > 0 ? .count(configuration.sourceFailures) : .never,
            latency: configuration.sourceLatency
        )
        catalog = CatalogService(
            source: source, catalogStore: database, favoritesStore: database, now: { Date() },
            locale: configuration.locale, logger: logger
        )
    }
}
