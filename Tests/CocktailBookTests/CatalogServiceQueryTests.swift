import CocktailBook
import CocktailBookTestSupport
import CocktailsAPI
import Foundation
import Testing

@Suite("CatalogService: favorites and lookups")
struct CatalogServiceQueryTests {
    @Test("marking a favorite pins it; unmarking puts it back in its place")
    func setFavorite() async throws {
        let harness = await ServiceHarness.ready()
        try await harness.service.setFavorite(true, for: "11")
        #expect(harness.favoritesStore.ids == ["11"])
        let pinned = try await harness.service.list(filter: .all)
        #expect(pinned.names.first == "Margarita Mocktail")
        #expect(pinned.names.dropFirst() == ArraySlice(Fixtures.allNames.filter { $0 != "Margarita Mocktail" }))
        #expect(pinned.items.map(\.isFavorite) == [true] + Array(repeating: false, count: 12))

        try await harness.service.setFavorite(true, for: "11")
        #expect(harness.favoritesStore.ids == ["11"])

        try await harness.service.setFavorite(false, for: "11")
        #expect(harness.favoritesStore.ids.isEmpty)
        #expect(try await harness.service.list(filter: .all).names == Fixtures.allNames)
    }

    @Test("a favorite for an unknown id is refused and nothing is stored")
    func unknownID() async throws {
        let harness = await ServiceHarness.ready()
        await #expect(throws: CatalogError.unknownCocktail("999")) {
            try await harness.service.setFavorite(true, for: "999")
        }
        await #expect(throws: CatalogError.unknownCocktail("999")) {
            try await harness.service.setFavorite(false, for: "999")
        }
        #expect(harness.favoritesStore.ids.isEmpty)
    }

    @Test(
        "a favorite for a malformed id is refused as invalid",
        arguments: ["a b", "bad!id", "", String(repeating: "1", count: 65)])
    func invalidID(id: String) async throws {
        let harness = await ServiceHarness.ready()
        await #expect(throws: CatalogError.invalidID(id)) { try await harness.service.setFavorite(true, for: id) }
        await #expect(throws: CatalogError.invalidID(id)) { try await harness.service.cocktail(id: id) }
        #expect(harness.favoritesStore.ids.isEmpty)
    }

    @Test("favorites cannot be set while the catalog is still loading")
    func favoriteWhileLoading() async throws {
        let harness = ServiceHarness(source: FakeCocktailsAPI(latency: .seconds(5), payload: SeedCatalog.data))
        await harness.service.start()
        await #expect(throws: CatalogError.loading) { try await harness.service.setFavorite(true, for: "7") }
        #expect(harness.favoritesStore.ids.isEmpty)
    }

    @Test("a store failure while saving a favorite reaches the caller")
    func favoriteStoreFailure() async throws {
        let harness = await ServiceHarness.ready()
        harness.favoritesStore.failsOnSave = true
        await #expect(throws: SimulatedStoreFailure(operation: "setFavorite")) {
            try await harness.service.setFavorite(true, for: "7")
        }
        #expect(harness.favoritesStore.ids.isEmpty)
    }

    @Test("cocktail(id:) returns the cocktail and whether it is a favorite")
    func cocktailByID() async throws {
        let harness = await ServiceHarness.ready(favorites: ["7"])
        let margarita = try await harness.service.cocktail(id: "7")
        #expect(margarita.cocktail.name == "Margarita")
        #expect(margarita.isFavorite)
        #expect(try await harness.service.cocktail(id: "3").isFavorite == false)
        await #expect(throws: CatalogError.unknownCocktail("13")) { try await harness.service.cocktail(id: "13") }
    }

    @Test(
        "cocktail(idOrName:) finds by id and by name regardless of case and accents",
        arguments: [
            ("pina colada", "0"), ("PIÑA COLADA", "0"), ("Piña Colada", "0"), ("7", "7"), ("margarita mocktail", "11"),
        ])
    func cocktailByIDOrName(query: String, expectedID: String) async throws {
        let harness = await ServiceHarness.ready()
        #expect(try await harness.service.cocktail(idOrName: query).cocktail.id == expectedID)
    }

    @Test("cocktail(idOrName:) throws unknownName when nothing matches")
    func unknownName() async throws {
        let harness = await ServiceHarness.ready()
        await #expect(throws: CatalogError.unknownName("999")) { try await harness.service.cocktail(idOrName: "999") }
        await #expect(throws: CatalogError.unknownName("Pina")) { try await harness.service.cocktail(idOrName: "Pina") }
    }

    @Test("preparation time reads 1 minute or N minutes")
    func preparationTimeText() async throws {
        let harness = await ServiceHarness.ready()
        #expect(try await harness.service.cocktail(id: "9").cocktail.preparationTimeText == "1 minute")
        #expect(try await harness.service.cocktail(id: "7").cocktail.preparationTimeText == "5 minutes")
        #expect(try await harness.service.cocktail(id: "1").cocktail.preparationTimeText == "10 minutes")
        #expect(Fixtures.cocktail("x", "Water", minutes: 0).preparationTimeText == "0 minutes")
    }

    @Test("error messages name the id or name in question")
    func errorMessages() {
        #expect(CatalogError.unknownCocktail("999").localizedDescription == #"There is no cocktail with id "999"."#)
        #expect(CatalogError.unknownName("x").localizedDescription == #"There is no cocktail with the id or name "x"."#)
        #expect(CatalogError.invalidID("a b").localizedDescription.contains(#""a b" is not a valid cocktail id"#))
    }
}
