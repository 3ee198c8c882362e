import CocktailBook
import CocktailBookTestSupport
import CocktailsAPI
import Foundation
import Logging
import Testing

@Suite("Imports: parsing payloads and merging imported cocktails into the catalog")
struct ImportedCocktailsTests {
    func service(imported: InMemoryImportedCocktailsStore, catalogStore: InMemoryCatalogStore = InMemoryCatalogStore())
        -> CatalogService
    {
        var logger = Logger(label: "cocktailbook.tests")
        logger.logLevel = .critical
        return CatalogService(
            source: FakeCocktailsAPI(latency: .zero, payload: SeedCatalog.data), catalogStore: catalogStore,
            favoritesStore: InMemoryFavoritesStore(), importedStore: imported, now: { ServiceHarness.fetchDate },
            logger: logger
        )
    }

    @Test("the catalog is the source's cocktails plus the imported ones, also after a refresh")
    func merged() async throws {
        let imported = InMemoryImportedCocktailsStore([Fixtures.cocktail("imp-0000abcd-1", "Imported Sour")])
        let catalogStore = InMemoryCatalogStore()
        let service = service(imported: imported, catalogStore: catalogStore)
        await service.start()
        await service.settle()
        #expect(try await service.list(filter: .all).items.count == 14)
        #expect(try await service.cocktail(id: "imp-0000abcd-1").cocktail.name == "Imported Sour")
        #expect(catalogStore.cached?.cocktails.count == 13, "the cache holds only the source's cocktails")
        await service.refresh().value
        #expect(try await service.list(filter: .all).items.count == 14)
        try await service.setFavorite(true, for: "imp-0000abcd-1")
        #expect(try await service.list(filter: .all).items.first?.cocktail.name == "Imported Sour")
    }

    @Test("reloadImported() shows a new import at once; an id the source has is not shown twice")
    func reload() async throws {
        let imported = InMemoryImportedCocktailsStore()
        let service = service(imported: imported)
        await service.start()
        await service.settle()
        imported.replace(with: [Fixtures.cocktail("imp-1-2", "New One"), Fixtures.cocktail("3", "Impostor")])
        #expect(try await service.list(filter: .all).items.count == 13)
        await service.reloadImported()
        let names = try await service.list(filter: .all).items.map(\.cocktail.name)
        #expect(names.count == 14 && names.contains("New One") && !names.contains("Impostor"))
    }

    @Test("a TheCocktailDB dump maps to cocktails with namespaced ids, estimated times and derived descriptions")
    func parseDump() throws {
        let dump =
            #"{"drinks":[{"idDrink":"11000","strDrink":"Mojito","strAlcoholic":"Alcoholic","strCategory":"Cocktail","strGlass":"Highball glass","strInstructions":"Muddle mint. Add rum.","strIngredient1":"Light rum","strMeasure1":"2 oz ","strIngredient2":"Mint","strMeasure2":null,"strDrinkThumb":null,"dateModified":"2016-11-04 09:17:09"},{"idDrink":"2","strDrink":null}]}"#
        let parsed = try CatalogImport.parse(Data(dump.utf8), origin: "/tmp/dump.json")
        #expect(parsed.skipped == ["entry 1: no idDrink or strDrink"])
        let mojito = try #require(parsed.cocktails.first)
        #expect(mojito.id == CatalogImport.namespacedID("11000", origin: "/tmp/dump.json"))
        #expect(CocktailID.isValid(mojito.id) && mojito.id.hasPrefix("imp-") && mojito.id.hasSuffix("-11000"))
        #expect(mojito.ingredients == ["2 oz Light rum", "Mint"])
        #expect(mojito.glass == .highball)
        #expect(mojito.instructions == ["Muddle mint.", "Add rum."])
        #expect(mojito.longDescription == "Muddle mint. Add rum.")
        #expect(mojito.dateModified == "2016-11-04T09:17:09Z")
        #expect(!mojito.shortDescription.isEmpty)
        #expect(CatalogImport.namespacedID("1", origin: "a") != CatalogImport.namespacedID("1", origin: "b"))
    }

    @Test("wrong types and oversized entries refuse the whole payload")
    func refusals() throws {
        #expect(throws: ImportError.self) { try CatalogImport.parse(Data("[1, 2]".utf8), origin: "x") }
        #expect(throws: ImportError.self) { try CatalogImport.parse(Data(#"{"drinks": {"a": 1}}"#.utf8), origin: "x") }
        #expect(throws: ImportError.self) {
            try CatalogImport.parse(Data(#"[{"idDrink": "1", "strDrink": ["x"]}]"#.utf8), origin: "x")
        }
        let long = String(repeating: "x", count: 201)
        #expect(throws: ImportError.oversizedEntry("id 1: the name is longer than 200 characters")) {
            try CatalogImport.parse(Data(#"[{"idDrink": "1", "strDrink": "\#(long)"}]"#.utf8), origin: "x")
        }
        #expect(try CatalogImport.parse(Data(#"{"drinks": null}"#.utf8), origin: "x").cocktails.isEmpty)
    }
}

@Suite("Import: variants")
struct ImportVariantsTests {
    static func entry(_ variants: String) -> Data {
        Data(
            #"[{"id":"v1","name":"Sour","type":"alcoholic","shortDescription":"S","longDescription":"L.","preparationMinutes":3,"imageName":"x","ingredients":["2 oz gin","1 oz lemon juice"],"variants":\#(variants)}]"#
                .utf8)
    }

    @Test("a drink's variants import with their names, descriptions and lines")
    func imported() throws {
        let parsed = try CatalogImport.parse(
            Self.entry(
                #"[{"name":"Dry","description":"Less sugar.","ingredients":["2 oz gin","1/2 oz lemon juice"]}]"#),
            origin: "x")
        #expect(
            parsed.cocktails.first?.variants == [
                Cocktail.Variant(
                    name: "Dry", description: "Less sugar.", ingredients: ["2 oz gin", "1/2 oz lemon juice"])
            ])
    }

    @Test(
        "a variant of the wrong shape refuses the payload, naming the key",
        arguments: [
            #"{"name":"Dry"}"#, #"[{"name":3,"ingredients":[]}]"#, #"[{"name":"Dry","ingredients":"2 oz gin"}]"#,
            #"[{"name":"Dry","ingredients":[1]}]"#, #"[{"name":"Dry","description":4,"ingredients":[]}]"#, #"["Dry"]"#,
        ])
    func wrongShape(variants: String) {
        #expect(throws: ImportError.wrongType("entry 0 (id v1): variants has the wrong type")) {
            try CatalogImport.parse(Self.entry(variants), origin: "x")
        }
    }

    @Test(
        "every key of a drink is read strictly on import, those a refresh forgives included",
        arguments: [
            (#""video":5"#, "video"), (#""author":["ada"]"#, "author"), (#""basedOn":7"#, "basedOn"),
            (#""translations":{"it":"Acido"}"#, "translations"),
            (#""preparationEstimated":"yes""#, "preparationEstimated"),
            (#""illustration":{"color":1}"#, "illustration"), (#""imageAttribution":true"#, "imageAttribution"),
        ])
    func strictKeys(field: String, key: String) throws {
        let entry = String(decoding: Self.entry("[]"), as: UTF8.self).replacingOccurrences(
            of: #""variants":[]"#, with: field)
        #expect(throws: ImportError.wrongType("entry 0 (id v1): \(key) has the wrong type")) {
            try CatalogImport.parse(Data(entry.utf8), origin: "x")
        }
        // A refresh of the catalog keeps the drink and leaves the stray value out.
        let refreshed = try CatalogDecoder.decode(Data(entry.utf8))
        #expect(refreshed.refused == nil)
        if ["video", "author", "basedOn", "preparationEstimated", "imageAttribution"].contains(key) {
            #expect(refreshed.cocktails.map(\.id) == ["v1"])
        }
    }

    @Test("too many variants, or a variant too long, refuse the payload")
    func oversized() {
        let one = #"{"name":"Dry","ingredients":["2 oz gin"]}"#
        let many = "[" + Array(repeating: one, count: CatalogImport.maximumVariants + 1).joined(separator: ",") + "]"
        #expect(throws: ImportError.self) { try CatalogImport.parse(Self.entry(many), origin: "x") }
        let lines = Array(repeating: #""1 oz gin""#, count: CatalogImport.maximumIngredientLines + 1).joined(
            separator: ",")
        #expect(throws: ImportError.self) {
            try CatalogImport.parse(Self.entry(#"[{"name":"Long","ingredients":[\#(lines)]}]"#), origin: "x")
        }
        let longName = String(repeating: "x", count: CatalogImport.maximumTextLength + 1)
        #expect(throws: ImportError.self) {
            try CatalogImport.parse(Self.entry(#"[{"name":"\#(longName)","ingredients":[]}]"#), origin: "x")
        }
        #expect(throws: Never.self) {
            try CatalogImport.parse(
                Self.entry(
                    "[" + Array(repeating: one, count: CatalogImport.maximumVariants).joined(separator: ",") + "]"),
                origin: "x")
        }
    }
}
