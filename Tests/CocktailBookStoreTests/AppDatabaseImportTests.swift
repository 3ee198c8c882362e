import CocktailBook
import CocktailsAPI
import Foundation
import Testing

@testable import CocktailBookStore

@Suite("AppDatabase: imported cocktails")
struct AppDatabaseImportTests {
    static func cocktail(_ id: String, _ name: String) -> Cocktail {
        Cocktail(
            id: id, name: name, kind: .alcoholic, shortDescription: "s", longDescription: "l", preparationMinutes: 3,
            imageName: "x", ingredients: ["1 oz gin"])
    }

    @Test("imports upsert by origin and id, and a refresh of the bundled catalog keeps them")
    func upsertAndRefresh() async throws {
        let database = try AppDatabase.inMemory()
        try await database.saveCatalog(
            .init(cocktails: try StoreFixtures.bundled(), fetchedAt: StoreFixtures.firstDate))
        let first = try await database.importCocktails(
            [Self.cocktail("imp-a-1", "One"), Self.cocktail("imp-a-2", "Two")], origin: "a", at: StoreFixtures.firstDate
        )
        #expect(first == ImportCounts(new: 2, updated: 0))
        let second = try await database.importCocktails(
            [Self.cocktail("imp-a-2", "Two again"), Self.cocktail("imp-a-3", "Three")], origin: "a",
            at: StoreFixtures.secondDate)
        #expect(second == ImportCounts(new: 1, updated: 1))
        #expect(try await database.importedCocktails().map(\.name) == ["One", "Two again", "Three"])

        try await database.saveCatalog(
            .init(cocktails: Array(try StoreFixtures.bundled().prefix(2)), fetchedAt: StoreFixtures.secondDate))
        #expect(try await database.importedCocktails().count == 3)
        #expect(try await database.rowCounts()["catalogCocktail"] == 2)
        try await database.setFavorite(true, for: "imp-a-3", at: StoreFixtures.secondDate)
        #expect(try await database.favoriteIDs(of: .implicit) == ["imp-a-3"])
    }

    @Test("a failing import writes nothing: one transaction")
    func atomic() async throws {
        let database = try AppDatabase.inMemory()
        _ = try await database.importCocktails(
            [Self.cocktail("imp-a-1", "One")], origin: "a", at: StoreFixtures.firstDate)
        let before = try await database.rowCounts()
        // A trigger makes the second row of the import fail; the first must not stay behind.
        try await database.writer.write { db in
            try db.execute(
                sql:
                    "CREATE TRIGGER refuse BEFORE INSERT ON imported_cocktail WHEN NEW.name = 'Bad' BEGIN SELECT RAISE(ABORT, 'refused'); END"
            )
        }
        await #expect(throws: (any Error).self) {
            try await database.importCocktails(
                [Self.cocktail("imp-a-2", "Good"), Self.cocktail("imp-a-3", "Bad")], origin: "a",
                at: StoreFixtures.secondDate)
        }
        #expect(try await database.rowCounts() == before)
    }
}
