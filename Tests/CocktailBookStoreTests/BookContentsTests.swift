import CocktailBook
import CocktailBookTestSupport
import Foundation
import GRDB
import Logging
import PostgresNIO
import Testing

@testable import CocktailBookStore

/// ``BookContents`` names every table a book has, on both backends, with what a backup does
/// with it; and a book with a row in every table a backup carries gets every row back.
@Suite("A book's contents, declared once")
struct BookContentsTests {
    @Test(
        "every table of the schema is declared: carried by backups, or left out saying why",
        arguments: StoreContractTests.backends)
    func everyTableDeclared(_ backend: Backend) async throws {
        try await backend.withStore { store in
            let tables = try await Self.tables(in: store, backend)
            let declared = BookContents.names(sqlite: backend == .sqlite)
            #expect(
                tables.subtracting(declared).isEmpty,
                "tables no declaration names: \(tables.subtracting(declared).sorted())")
            #expect(
                declared.subtracting(tables).isEmpty,
                "declared tables the schema lacks: \(declared.subtracting(tables).sorted())")
        }
    }

    @Test(
        "a book with a row in every table a backup carries gets every row back from its backup",
        arguments: StoreContractTests.backends)
    func everyRowComesBack(_ backend: Backend) async throws {
        try await backend.withStore { store in
            try await Self.fill(store)
            let before = try await Self.rowCounts(in: store, backend)
            let empty = before.filter { $0.value == 0 }.map(\.key).sorted()
            #expect(empty.isEmpty, "the fixture leaves these carried tables empty: \(empty)")
            let file = try await store.backup(pictures: store.pictures, at: StoreFixtures.secondDate)
            try await backend.withStore { fresh in
                _ = try await fresh.restore(file, pictures: fresh.pictures, unusablePasswordHash: "!")
                let after = try await Self.rowCounts(in: fresh, backend)
                let lost = before.keys.filter { after[$0] != before[$0] }.sorted().map {
                    "\($0): \(before[$0] ?? 0) → \(after[$0] ?? 0)"
                }
                #expect(lost.isEmpty, "rows not brought back: \(lost)")
                // Columns come back too: the list's menu keeps the owner's order.
                let ada = try #require(try await fresh.credentials(named: "ada")?.account)
                #expect(try await fresh.lists(of: ada.owner).map(\.menuOrder) == [.asListed])
            }
        }
    }

    @Test(
        "a backup's file holds the declared parts under their keys, and the restore page counts each kind",
        arguments: StoreContractTests.backends)
    func fileFollowsTheDeclaration(_ backend: Backend) async throws {
        try await backend.withStore { store in
            try await Self.fill(store)
            let file = try await store.backup(pictures: store.pictures, at: StoreFixtures.secondDate)
            let object = try #require(try JSONSerialization.jsonObject(with: file) as? [String: Any])
            let declared = ["format", "version", "createdAt", "accounts"] + BookContents.parts.map(\.key)
            #expect(Set(object.keys) == Set(declared), "keys: \(object.keys.sorted())")
            let counts = try Backup.validated(file).counts
            #expect(
                counts.kinds.map(\.key) == [
                    "accounts", "favorites", "bottles", "shopping", "imported", "pictures", "recipes", "lists",
                    "personal", "stock", "house",
                ])
            // bottles: one on the shelf and one always at hand; personal: a note, a rating, a drink made.
            #expect(counts.kinds.map { $0.count ?? -1 } == [1, 1, 2, 1, 1, 1, 1, 1, 3, 2, 1])
            var old = try Backup.validated(file)
            (old.notes, old.ratings, old.made, old.houseRecipes) = (nil, nil, nil, nil)
            #expect(old.counts["personal"] == nil && old.counts["house"] == nil && old.counts["lists"] == 1)
        }
    }

    /// Something of everything a backup carries, through the store's own writes.
    static func fill(_ store: any AppStore) async throws {
        let day = StoreFixtures.firstDate
        try await store.saveCatalog(CachedCatalog(cocktails: StoreFixtures.handMade, fetchedAt: day))
        let ada = try await store.addAccount(name: "ada", role: .admin, passwordHash: "h", at: day)
        let owner = ada.owner
        try await store.setFavorite(true, for: "3", owner: owner, at: day)
        try await store.saveSettings(Settings(units: .ml), for: ada.id)
        try await store.linkIdentity(issuer: "https://auth.example.org", subject: "ada-1", to: ada.id, at: day)
        try await store.setOnShelf("gin", true, owner: owner)
        try await store.setAlwaysAvailable("ice", true, owner: owner)
        _ = try await store.addRule(SubstitutionRule(use: "a", insteadOf: "b"), owner: owner)
        try await store.addToShoppingList(["campari"], for: "3", owner: owner)
        try await store.setStock("gin", BottleStock(ml: 500, bottleMl: 700), owner: owner)
        _ = try await store.addBatch("honey syrup", ml: 200, at: day, drawing: [], owner: owner)
        let bytes = Data([0x89, 0x50, 0x4E, 0x47] + Array(repeating: 7, count: 60))
        let picture = try #require(PictureName.name(for: bytes))
        _ = try await store.pictures.savePicture(bytes, named: picture)
        var imported = StoreFixtures.handMade[0]
        imported.id = "imp-y-1"
        imported.imageURL = "/images/imported/" + picture
        _ = try await store.importCocktails(
            [imported],
            images: [
                ImportedImage(sourceURL: "https://example.org/a.png", fileName: picture, contentType: "image/png")
            ],
            origin: "y", at: day)
        let author = RecipeAuthor(id: ada.id, name: "ada")
        let recipe = try await store.createRecipe(by: author, at: day) { number in
            Cocktail(
                id: OwnRecipe.cocktailID(number), name: "House Sour", kind: .alcoholic, shortDescription: "Ours.",
                longDescription: "A drink of the house.", preparationMinutes: 3, imageName: "x",
                ingredients: ["2 oz bourbon", "1 oz yuzu juice"])
        }
        try await store.addCustomIngredients(["yuzu juice"], at: day)
        try await store.setNote("less sugar", on: "3", owner: owner, at: day)
        try await store.setRating(5, on: recipe.cocktail.id, owner: owner, at: day)
        _ = try await store.recordMade("3", servings: 2, note: nil, owner: owner, at: day)
        let list = try await store.createList(named: "Saturday", owner: owner, at: day)
        _ = try await store.addEntry("3", note: "double", to: list.id, owner: owner, at: day)
        _ = try await store.setMenuOrder(.asListed, for: list.id, owner: owner)
        let honey = try #require(HouseRecipes.bundled.recipe(for: "honey syrup"))
        _ = try await store.saveHouseRecipe(honey, expectedVersion: 0, summary: "created", by: author, at: day)
        try await store.setBookCurrency("EUR")
    }

    /// The schema's tables, as the database lists them.
    static func tables(in store: any AppStore, _ backend: Backend) async throws -> Set<String> {
        switch backend {
        case .sqlite:
            let database = try #require(store as? AppDatabase)
            return try await database.writer.read { db in
                Set(
                    try String.fetchAll(
                        db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"))
            }
        case .postgres:
            let database = try #require(store as? PostgresStore)
            var names = Set<String>()
            for try await name in try await database.client.query(
                "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"
            ).decode(String.self) {
                names.insert(name)
            }
            return names
        }
    }

    /// How many rows each table a backup carries holds.
    static func rowCounts(in store: any AppStore, _ backend: Backend) async throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for table in BookContents.backedUp(sqlite: backend == .sqlite) {
            switch backend {
            case .sqlite:
                let database = try #require(store as? AppDatabase)
                counts[table] = try await database.writer.read { db in
                    try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table)") ?? 0
                }
            case .postgres:
                let database = try #require(store as? PostgresStore)
                for try await count in try await database.client.query(
                    PostgresQuery(unsafeSQL: "SELECT COUNT(*)::int8 FROM \(table)")
                ).decode(Int.self) {
                    counts[table] = count
                }
            }
        }
        return counts
    }
}
