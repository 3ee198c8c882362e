import CocktailBook
import CocktailBookTestSupport
import Foundation
import Testing

@testable import CocktailBookStore

/// The book's own house recipes, their versions, deleting and backups, against every backend
/// (see ``StoreContractTests``).
@Suite("Store contract: the book's own house recipes", .serialized)
struct StoreContractHouseRecipeTests {
    static let backends: [Backend] = Backend.configured
    static let day = Date(timeIntervalSince1970: 1_780_000_000)
    static let owner = RecipeAuthor(id: 0, name: nil)

    static func rosemary(days: Int = 14, grams: Double = 200) -> HouseRecipe {
        HouseRecipe(
            ingredient: "rosemary syrup", minutes: 20, yield: .init(amount: 300, unit: .ml), shelfLifeDays: days,
            storage: .fridge,
            lines: [
                .init(ingredient: "rosemary", amount: 3, unit: .pieces),
                .init(ingredient: "sugar", amount: grams, unit: .g),
            ],
            steps: .init(en: ["Simmer.", "Strain."]),
            names: .init(en: "rosemary syrup", translated: ["it": "sciroppo di rosmarino"]))
    }

    @Test("save, versions newest first, a stale save refused, delete keeps the versions", arguments: backends)
    func versions(_ backend: Backend) async throws {
        try await backend.withStore { store in
            #expect(try await store.ownHouseRecipes().isEmpty)
            let first = try await store.saveHouseRecipe(
                Self.rosemary(), expectedVersion: 0, summary: "created", by: Self.owner, at: Self.day)
            #expect(first.version == 1 && first.value == "rosemary syrup" && first.deletedAt == nil)
            let second = try await store.saveHouseRecipe(
                Self.rosemary(days: 21), expectedVersion: 1, summary: "keeping", by: RecipeAuthor(id: 0, name: "ada"),
                at: Self.day.addingTimeInterval(60))
            #expect(second.version == 2 && second.createdAt == Self.day)
            await #expect(throws: OwnHouseRecipeError.stale(current: 2)) {
                try await store.saveHouseRecipe(
                    Self.rosemary(days: 1), expectedVersion: 1, summary: "x", by: Self.owner, at: Self.day)
            }
            #expect(try await store.ownHouseRecipes().map(\.recipe) == [Self.rosemary(days: 21)])
            #expect(try await store.ownHouseRecipe(value: "Rosemary Syrup")?.version == 2, "found by its folded name")
            let versions = try await store.houseRecipeVersions(value: "rosemary syrup")
            #expect(versions.map(\.number) == [2, 1])
            #expect(versions.map(\.summary) == ["keeping", "created"])
            #expect(versions.map(\.savedByName) == ["ada", nil])
            #expect(versions.map(\.content.shelfLifeDays) == [21, 14])

            let deleted = try await store.deleteHouseRecipe(value: "rosemary syrup", by: Self.owner, at: Self.day)
            #expect(deleted.deletedAt == Self.day)
            #expect(try await store.ownHouseRecipes().isEmpty)
            #expect(try await store.ownHouseRecipe(value: "rosemary syrup")?.deletedAt == Self.day)
            #expect(try await store.houseRecipeVersions(value: "rosemary syrup").count == 2, "versions kept")
            await #expect(throws: OwnHouseRecipeError.notFound) {
                try await store.deleteHouseRecipe(value: "rosemary syrup", by: Self.owner, at: Self.day)
            }
            // The trash holds it; putting it back keeps its version, and it is no longer in the trash.
            #expect(try await store.trashedHouseRecipes().map(\.value) == ["rosemary syrup"])
            let putBack = try await store.restoreHouseRecipe(value: "Rosemary Syrup")
            #expect(putBack.version == 2 && putBack.deletedAt == nil && putBack.recipe == Self.rosemary(days: 21))
            #expect(try await store.trashedHouseRecipes().isEmpty)
            #expect(try await store.ownHouseRecipes().map(\.version) == [2])
            await #expect(throws: OwnHouseRecipeError.notFound) {
                try await store.restoreHouseRecipe(value: "rosemary syrup")
            }
            _ = try await store.deleteHouseRecipe(value: "rosemary syrup", by: Self.owner, at: Self.day)
            // Saving again brings it back as the next version.
            let back = try await store.saveHouseRecipe(
                Self.rosemary(), expectedVersion: 0, summary: "restored version 1", by: Self.owner, at: Self.day)
            #expect(back.version == 3 && back.deletedAt == nil)
            #expect(try await store.ownHouseRecipes().map(\.version) == [3])
        }
    }

    @Test("a batch of the book's own house-made ingredient keeps for its recipe's shelf life", arguments: backends)
    func batchShelfLife(_ backend: Backend) async throws {
        try await backend.withStore { store in
            _ = try await store.addBatch(
                "rosemary syrup", ml: 300, at: Date().addingTimeInterval(-10 * 86_400), owner: .implicit)
            #expect(try await store.shelf(of: .implicit).freshBatches.isEmpty, "no recipe: no shelf life")
            _ = try await store.saveHouseRecipe(
                Self.rosemary(days: 14), expectedVersion: nil, summary: "created", by: Self.owner, at: Self.day)
            #expect(try await store.shelf(of: .implicit).freshBatches == ["rosemary syrup"])
            _ = try await store.saveHouseRecipe(
                Self.rosemary(days: 7), expectedVersion: nil, summary: "keeping", by: Self.owner, at: Self.day)
            #expect(try await store.shelf(of: .implicit).freshBatches.isEmpty, "10 days old: past 7 days")
        }
    }

    @Test("house recipes survive a backup and restore; an old backup without them leaves them", arguments: backends)
    func backup(_ backend: Backend) async throws {
        try await backend.withStore { store in
            let alice = try await store.addAccount(name: "alice", role: .admin, passwordHash: "h", at: Self.day)
            let author = RecipeAuthor(id: alice.id, name: "alice")
            _ = try await store.saveHouseRecipe(
                Self.rosemary(), expectedVersion: 0, summary: "created", by: author, at: Self.day)
            _ = try await store.saveHouseRecipe(
                Self.rosemary(grams: 250), expectedVersion: 1, summary: "lines", by: author, at: Self.day)
            var honey = try #require(HouseRecipes.bundled.recipe(for: "honey syrup"))
            honey.shelfLifeDays = 20
            _ = try await store.saveHouseRecipe(honey, expectedVersion: 0, summary: "created", by: author, at: Self.day)
            _ = try await store.deleteHouseRecipe(value: "honey syrup", by: author, at: Self.day)
            let file = try await store.backup(pictures: nil, at: Self.day)
            #expect(String(decoding: file, as: UTF8.self).contains("\"houseRecipes\""))
            try await backend.withStore { fresh in
                _ = try await fresh.restore(file, pictures: nil, unusablePasswordHash: "!")
                #expect(try await fresh.backup(pictures: nil, at: Self.day) == file)
                #expect(try await fresh.ownHouseRecipes().map(\.recipe) == [Self.rosemary(grams: 250)])
                #expect(try await fresh.houseRecipeVersions(value: "rosemary syrup").map(\.number) == [2, 1])
                #expect(try await fresh.ownHouseRecipe(value: "honey syrup")?.deletedAt == Self.day)
                // A backup from before house recipes existed leaves the book's as they are.
                var old = try JSONSerialization.jsonObject(with: file) as? [String: Any] ?? [:]
                old["houseRecipes"] = nil
                _ = try await fresh.restore(
                    try JSONSerialization.data(withJSONObject: old), pictures: nil, unusablePasswordHash: "!")
                #expect(try await fresh.ownHouseRecipes().map(\.recipe) == [Self.rosemary(grams: 250)])
            }
            // A shelf life of 10⁹ days in a file is refused, and nothing changes.
            let text = String(decoding: file, as: UTF8.self)
            let bad = text.replacingOccurrences(of: "\"shelfLifeDays\" : 14", with: "\"shelfLifeDays\" : 1000000000")
            #expect(bad != text)
            await #expect(throws: StoreError.self) {
                try await store.restore(Data(bad.utf8), pictures: nil, unusablePasswordHash: "!")
            }
            #expect(try await store.backup(pictures: nil, at: Self.day) == file)
        }
    }
}
