import CMemoryRelease
import CocktailBook
import CocktailBookStore
import CocktailsAPI
import Foundation
import Logging
import Synchronization

/// The live dependencies of the app, wired once from a configuration. The server and the one-shot
/// CLI commands both start from here, so they read and write the same things the same way.
public struct AppEnvironment: Sendable {
    /// The database.
    public let database: any AppStore
    /// The catalog and favorites.
    public let catalog: CatalogService
    /// The pictures downloaded by imports, beside the database.
    public let images: ImportedImageFiles
    /// Accounts, sessions and API tokens.
    public let accounts: Accounts
    /// Pages and API answers made once per state (see ``ResponseCache``).
    let responses = ResponseCache()

    /// Opens the database and prepares (but does not start) the catalog service.
    public init(configuration: AppConfiguration, logger: Logger) async throws {
        MemoryRelease.configure()
        database = try await AppStores.open(configuration.databasePath, logger: logger)
        images = ImportedImageFiles(store: database.pictures)
        accounts = Accounts(database: database, bcryptCost: configuration.bcryptCost)
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
        catalog = CatalogService(
            source: source, catalogStore: database, favoritesStore: database, importedStore: database, now: { Date() },
            locale: configuration.locale, ingredients: try IngredientTable(json: BundledCatalog.ingredientsData),
            logger: logger,
            afterInstall: { MemoryRelease.trimAfterInstall() }
        )
        // Several instances on one database: what another instance stored reaches this one's
        // catalog as soon as the store says so.
        let catalog = catalog
        database.onChangeElsewhere { topic in
            switch topic {
            case "catalog": Task { await catalog.adoptStoredCatalog() }
            case "imports", "restore": Task { await catalog.reloadImported() }
            default: break
            }
        }
    }
}

/// A catalog file given on the command line that cannot be used.
enum CatalogFileError: Error, LocalizedError {
    case unreadable(path: String)

    var errorDescription: String? {
        switch self {
        case .unreadable(let path): "Cannot read the catalog file at \(path)."
        }
    }
}

/// Decoding a catalog and building its snapshot leaves megabytes of freed memory that glibc
/// keeps for later; handing it back after each install keeps the resident set near what is used.
enum MemoryRelease {
    /// malloc itself is set up before `main` (`CMemoryRelease`: two arenas, long blocks in their
    /// own mappings, 1 MB kept at a heap's top). This drops the loader's relocation tables, which
    /// nothing reads after start (see `dropRelocationTables`).
    static func configure() {
        _ = droppedAtStart
    }

    /// The tables are read before `main` only: dropping them once per process is enough, however
    /// many environments (tests make many) are wired.
    private static let droppedAtStart = dropRelocationTables()

    /// Unmaps the relocation tables (`.rela.dyn`) of the executable and its libraries: the
    /// loader reads them once, before `main`, to fix up addresses, and never again. They are
    /// clean pages of the files, 2 MB for the server and 1.7 MB for Foundation, ICU and the
    /// Swift runtime, that would otherwise count in the resident set for the process's life.
    /// Linking with packed relative relocations (`-z pack-relative-relocs`) would shrink the
    /// executable's table instead, but needs glibc 2.36 to run and leaves the libraries' ones.
    ///
    /// Returns the bytes dropped.
    static func dropRelocationTables() -> Int {
        Int(cb_drop_relocation_tables())
    }

    private static func trim() {
        #if canImport(Glibc)
            _ = glibcMallocTrim(0)
        #endif
    }

    /// Trims in the background half a second after an install, not on the catalog actor: by
    /// then the building's temporaries and the replaced snapshot are freed, and so is what the
    /// catalog was decoded from (the stored rows, the fetched drinks), which whoever installed
    /// it holds until it returns.
    static func trimAfterInstall() {
        trimInBackground(after: .milliseconds(500))
    }

    /// When the last trim after a long answer was.
    private static let lastTrim = Atomic<UInt64>(0)

    /// Trims in the background after a long answer was made (a list of 10,000 drinks, TheCocktailDB's
    /// search): its thousands of small temporaries are freed by then, but glibc keeps the
    /// pages they were spread over. At most once a second, and never on a request's way.
    static func trimAfterLongAnswer() {
        let now = DispatchTime.now().uptimeNanoseconds
        let last = lastTrim.load(ordering: .relaxed)
        guard now &- last >= 1_000_000_000 || last == 0,
            lastTrim.compareExchange(expected: last, desired: now, ordering: .relaxed).exchanged
        else { return }
        trimInBackground(after: .zero)
    }

    private static func trimInBackground(after delay: Duration) {
        Task.detached(priority: .background) {
            if delay > .zero { try? await Task.sleep(for: delay) }
            trim()
        }
    }
}

#if canImport(Glibc)
    /// glibc's `malloc_trim`, which the Glibc module does not export.
    @_silgen_name("malloc_trim")
    private func glibcMallocTrim(_ pad: Int) -> Int32

#endif
