import CocktailBook
import CocktailBookTestSupport
import CocktailsAPI
import Foundation
import Testing

@testable import CocktailBookStore

@Suite("AppDatabase: catalog cache")
struct AppDatabaseCatalogTests {
    @Test("an empty database has no cached catalog")
    func emptyCache() async throws {
        #expect(try await AppDatabase.inMemory().loadCatalog() == nil)
    }

    @Test("save then load round-trips every field, in source order, with fetchedAt")
    func roundTrip() async throws {
        let tmp = try TemporaryDatabase()
        defer { tmp.remove() }
        let database = try AppDatabase(path: tmp.path)
        let catalog = CachedCatalog(cocktails: StoreFixtures.handMade, fetchedAt: StoreFixtures.secondDate)
        try await database.saveCatalog(catalog)

        let loaded = try #require(try await database.loadCatalog())
        #expect(loaded == catalog)
        #expect(loaded.cocktails.map(\.id) == ["20", "3", "a-b_c"])
        #expect(loaded.fetchedAt == StoreFixtures.secondDate)
        let zombie = try #require(loaded.cocktails.first)
        #expect(zombie.glass == .tikiMug)
        #expect(zombie.illustration == .init(color: "#AA3300", ice: "crushed", garnishes: ["mint-sprig", "cherry"]))
        #expect(zombie.ingredients == ["1 oz rum", "1 oz more rum", "Lime ✓"])
        #expect(loaded.cocktails[1].glass == nil && loaded.cocktails[1].illustration == nil)
        #expect(loaded.cocktails[1].name == "Ágave Fizz")
    }

    @Test("the bundled catalog round-trips unchanged")
    func bundledRoundTrip() async throws {
        let database = try AppDatabase.inMemory()
        let catalog = CachedCatalog(cocktails: try StoreFixtures.bundled(), fetchedAt: StoreFixtures.firstDate)
        try await database.saveCatalog(catalog)
        #expect(try await database.loadCatalog() == catalog)
    }

    @Test("a second save replaces the first entirely")
    func secondSaveReplaces() async throws {
        let tmp = try TemporaryDatabase()
        defer { tmp.remove() }
        let database = try AppDatabase(path: tmp.path)
        try await database.saveCatalog(
            .init(cocktails: try StoreFixtures.bundled(), fetchedAt: StoreFixtures.firstDate))
        let replacement = CachedCatalog(
            cocktails: Array(StoreFixtures.handMade.reversed()), fetchedAt: StoreFixtures.secondDate)
        try await database.saveCatalog(replacement)

        let loaded = try #require(try await database.loadCatalog())
        #expect(loaded == replacement)
        #expect(loaded.cocktails.map(\.id) == ["a-b_c", "3", "20"])
        #expect(!loaded.cocktails.contains { $0.id == "7" })
    }

    @Test("saving a catalog leaves the favorites alone")
    func saveKeepsFavorites() async throws {
        let database = try AppDatabase.inMemory()
        try await database.saveCatalog(
            .init(cocktails: try StoreFixtures.bundled(), fetchedAt: StoreFixtures.firstDate))
        try await database.setFavorite(true, for: "7", owner: .implicit)
        try await database.saveCatalog(
            .init(cocktails: try StoreFixtures.bundled(), fetchedAt: StoreFixtures.secondDate))
        #expect(try await database.favoriteIDs(of: .implicit) == ["7"])
        #expect(try await database.loadCatalog()?.fetchedAt == StoreFixtures.secondDate)
    }
}

/// A large catalog comes back in its order, each drink as its JSON, and a broken entry is named.
@Suite("Stored catalog rows")
struct StoredCatalogTests {
    static func large() throws -> [Cocktail] {
        let bundled = try StoreFixtures.bundled()
        return (0..<1_000).map { index in
            var cocktail = bundled[index % bundled.count]
            cocktail.id = "c\(index)"
            return cocktail
        }
    }

    @Test("1,000 drinks round-trip through the database in their order")
    func order() async throws {
        let database = try AppDatabase.inMemory()
        let catalog = CachedCatalog(cocktails: try Self.large(), fetchedAt: StoreFixtures.firstDate)
        try await database.saveCatalog(catalog)
        let loaded = try #require(try await database.loadCatalog())
        #expect(loaded == catalog)
        #expect(loaded.cocktails.map(\.id) == (0..<1_000).map { "c\($0)" })
    }

    @Test("a stored drink is the drink's JSON; an unreadable one is named")
    func brokenEntry() throws {
        let cocktail = try Self.large()[901]
        let payload = try StoreRules.payload(cocktail)
        #expect(try JSONDecoder().decode(Cocktail.self, from: payload) == cocktail)
        #expect(try StoreRules.cocktail(id: "c901", payload: payload) == cocktail)
        #expect(throws: StoreError.corruptCatalog("entry c901 is unreadable")) {
            try StoreRules.cocktail(id: "c901", payload: Data("{\"name\": 3}".utf8))
        }
    }
}
