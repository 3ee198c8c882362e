import CocktailBook
import CocktailBookStore
import CocktailBookTestSupport
import CocktailsAPI
import Foundation
import Logging
import Testing

@Suite("AppDatabase: favorites")
struct AppDatabaseFavoritesTests {
    /// A file database with the bundled catalog cached.
    static func withCatalog(_ body: (AppDatabase, TemporaryDatabase) async throws -> Void) async throws {
        let tmp = try TemporaryDatabase()
        defer { tmp.remove() }
        let database = try AppDatabase(path: tmp.path)
        try await database.saveCatalog(
            .init(cocktails: try StoreFixtures.bundled(), fetchedAt: StoreFixtures.firstDate))
        try await body(database, tmp)
    }

    /// The list a catalog service shows from this database's cache, without asking the source.
    static func listedNames(_ database: AppDatabase) async throws -> [String] {
        var logger = Logger(label: "cocktailbook.store-tests")
        logger.logLevel = .critical
        let service = CatalogService(
            source: FakeCocktailsAPI(withFailure: .count(100), latency: .zero), catalogStore: database,
            favoritesStore: database, now: { Date() }, logger: logger
        )
        await service.start(refreshingInBackground: false)
        return try await service.list(filter: .all).items.map { ($0.isFavorite ? "♥ " : "") + $0.cocktail.name }
    }

    @Test("add, add again (keeping the first date), remove, remove again")
    func addAndRemove() async throws {
        try await Self.withCatalog { (database: AppDatabase, _) async throws in
            try await database.setFavorite(true, for: "11", at: StoreFixtures.firstDate)
            await #expect(try database.favoriteIDs(of: .implicit) == ["11"])

            try await database.setFavorite(true, for: "11", at: StoreFixtures.secondDate)
            let favorites = try await database.favorites()
            #expect(favorites.map(\.id) == ["11"])
            #expect(favorites.first?.addedAt == StoreFixtures.firstDate)

            try await database.setFavorite(true, for: "3", at: StoreFixtures.secondDate)
            await #expect(try database.favorites().map(\.id) == ["11", "3"])

            try await database.setFavorite(false, for: "11", owner: .implicit)
            await #expect(try database.favoriteIDs(of: .implicit) == ["3"])
            try await database.setFavorite(false, for: "11", owner: .implicit)
            await #expect(try database.favoriteIDs(of: .implicit) == ["3"])
        }
    }

    @Test("an id that is not in the cached catalog is refused")
    func unknownID() async throws {
        try await Self.withCatalog { (database: AppDatabase, _) async throws in
            await #expect(throws: StoreError.unknownCocktail("999")) {
                try await database.setFavorite(true, for: "999", owner: .implicit)
            }
            await #expect(throws: StoreError.unknownCocktail("999")) {
                try await database.setFavorite(false, for: "999", owner: .implicit)
            }
            await #expect(try database.favoriteIDs(of: .implicit).isEmpty)
        }
        let empty = try AppDatabase.inMemory()
        await #expect(throws: StoreError.unknownCocktail("7")) {
            try await empty.setFavorite(true, for: "7", owner: .implicit)
        }
        #expect(StoreError.unknownCocktail("999").localizedDescription.contains("999"))
    }

    @Test("a favorite outlives its cocktail leaving the catalog and shows again when it returns")
    func favoriteOfDepartedCocktail() async throws {
        try await Self.withCatalog { (database: AppDatabase, _) async throws in
            try await database.setFavorite(true, for: "11", owner: .implicit)
            #expect(try await Self.listedNames(database).first == "♥ Margarita Mocktail")

            let withoutMocktail = try StoreFixtures.bundled().filter { $0.id != "11" }
            try await database.saveCatalog(.init(cocktails: withoutMocktail, fetchedAt: StoreFixtures.secondDate))
            await #expect(try database.favoriteIDs(of: .implicit) == ["11"])
            let listed = try await Self.listedNames(database)
            #expect(listed == StoreFixtures.allNames.filter { $0 != "Margarita Mocktail" })

            try await database.saveCatalog(
                .init(cocktails: try StoreFixtures.bundled(), fetchedAt: StoreFixtures.secondDate))
            let back = try await Self.listedNames(database)
            #expect(back == ["♥ Margarita Mocktail"] + StoreFixtures.allNames.filter { $0 != "Margarita Mocktail" })
        }
    }

    @Test("a favorite whose cocktail left the catalog can still be removed")
    func removeDepartedFavorite() async throws {
        try await Self.withCatalog { (database: AppDatabase, _) async throws in
            try await database.setFavorite(true, for: "11", owner: .implicit)
            try await database.saveCatalog(
                .init(
                    cocktails: try StoreFixtures.bundled().filter { $0.id != "11" }, fetchedAt: StoreFixtures.secondDate
                ))
            try await database.setFavorite(false, for: "11", owner: .implicit)
            await #expect(try database.favoriteIDs(of: .implicit).isEmpty)
        }
    }

    @Test("favorites written through one connection are seen by another on the same file")
    func sharedBetweenConnections() async throws {
        try await Self.withCatalog { (database: AppDatabase, tmp: TemporaryDatabase) async throws in
            let other = try AppDatabase(path: tmp.path)
            try await other.setFavorite(true, for: "2", owner: .implicit)
            await #expect(try database.favoriteIDs(of: .implicit) == ["2"])
            try await database.setFavorite(false, for: "2", owner: .implicit)
            await #expect(try other.favoriteIDs(of: .implicit).isEmpty)
        }
    }
}
