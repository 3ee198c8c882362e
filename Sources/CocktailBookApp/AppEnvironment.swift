import CocktailBook
import CocktailBookStore
import CocktailsAPI
import Foundation
import Logging

/// The live dependencies of the server, wired once from a configuration: the store, the catalog
/// over it, accounts and imported pictures. (One-shot commands open only
/// the store and the catalog: ``CatalogService/live(configuration:database:logger:)``.)
///
/// The store runs as a service of the app's service group; until it runs, nothing here may be
/// asked of it (``AppStore/whileRunning(_:)`` runs it for a caller without one).
public struct AppEnvironment: Sendable {
    /// The database.
    public let database: any AppStore
    /// The catalog and favorites.
    public let catalog: CatalogService
    /// The pictures downloaded by imports, beside the database.
    public let images: ImportedImageFiles
    /// Accounts, sessions and API tokens.
    public let accounts: Accounts
    /// The use cases the pages, the APIs and the command line share: the book's own recipes and
    /// its drinks' personal parts, house recipes, and lists with their menus and parties.
    package var bar: BarDesk { BarDesk(catalog: catalog, store: database, book: database) }
    package var recipes: RecipeDesk { RecipeDesk(catalog: catalog, store: database) }
    package var houseRecipes: HouseRecipeDesk { HouseRecipeDesk(catalog: catalog, store: database) }
    package var maintenance: MaintenanceDesk { MaintenanceDesk(catalog: catalog, store: database, images: images) }
    package var lists: ListDesk {
        let database = database
        return ListDesk(
            catalog: catalog, store: database, bar: database, book: database,
            sharedBars: {
                var shared: [(id: Int64, name: String)] = []
                for account in try await database.accounts() {
                    if try await database.settings(of: account.id)?.sharesBar == true {
                        shared.append((account.id, account.name))
                    }
                }
                return shared
            })
    }

    /// Opens the database and prepares (but does not start) the catalog service.
    public init(configuration: AppConfiguration, logger: Logger) async throws {
        database = try await AppStores.open(configuration.databasePath, logger: logger)
        images = ImportedImageFiles(store: database.pictures)
        accounts = Accounts(database: database, bcryptCost: configuration.bcryptCost)
        catalog = try CatalogService.live(configuration: configuration, database: database, logger: logger)
        // Several instances on one database: what another instance stored reaches this one's
        // catalog as soon as the store says so.
        let catalog = catalog
        database.onChangeElsewhere { topic in
            switch topic {
            case "catalog": Task { await catalog.adoptStoredCatalog() }
            case "imports", "restore", "recipes": Task { await catalog.reloadImported() }
            default: break
            }
        }
    }
}

extension CatalogService {
    /// The catalog over `database`, fed by the recipe source `configuration` names: another
    /// TheCocktailDB-compatible server, a catalog file, or the bundled catalog (slow and failing
    /// as asked).
    public static func live(configuration: AppConfiguration, database: any AppStore, logger: Logger) throws
        -> CatalogService
    {
        // The file is read at each fetch (not kept in memory); it must be a readable file now.
        if let path = configuration.catalogPath {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
                FileManager.default.isReadableFile(atPath: path)
            else { throw CatalogFileError.unreadable(path: path) }
        }
        let source: any CocktailsAPI
        let failure: FakeCocktailsAPI.Failure =
            configuration.sourceFailures > 0 ? .count(configuration.sourceFailures) : .never
        if let url = configuration.sourceURL {
            source = RemoteCocktailsAPI(baseURL: url)
        } else if let path = configuration.catalogPath {
            source = FakeCocktailsAPI(
                withFailure: failure, latency: configuration.sourceLatency, payloadFile: URL(fileURLWithPath: path))
        } else {
            source = FakeCocktailsAPI(withFailure: failure, latency: configuration.sourceLatency)
        }
        return CatalogService(
            source: source, catalogStore: database, favoritesStore: database, importedStore: database,
            recipeStore: database, houseRecipeStore: database,
            now: { Date() },
            locale: configuration.locale, ingredients: try IngredientTable(json: BundledCatalog.ingredientsData),
            decoding: configuration.catalogDecoding, logger: logger
        )
    }
}

/// A catalog file given on the command line that cannot be used.
package enum CatalogFileError: Error, LocalizedError {
    case unreadable(path: String)

    package var errorDescription: String? {
        switch self {
        case .unreadable(let path): "Cannot read the catalog file at \(path)."
        }
    }
}
