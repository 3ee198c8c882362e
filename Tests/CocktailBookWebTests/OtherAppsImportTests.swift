import CocktailBook
import CocktailBookApp
import CocktailBookStore
import CocktailBookTestSupport
import Foundation
import Testing
import ZIPFoundation

/// Other apps' exports (Tests/Fixtures/imports, written by its make_fixtures.py) imported into a
/// real SQLite book through the same importer as `cocktailbook import` and the Import page.
@Suite("Import: other apps' exports")
struct OtherAppsImportTests {
    static let folder = URL(fileURLWithPath: SeedCatalog.path).deletingLastPathComponent()
        .appendingPathComponent("imports")

    static func fixture(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// A fresh book, its importer and what it holds after `body`.
    struct Book {
        let temporary: TemporaryDatabase
        let database: AppDatabase
        let images: ImportedImageFiles
        var importer: CatalogImporter

        init() throws {
            temporary = try TemporaryDatabase()
            database = try AppDatabase(path: temporary.path)
            images = ImportedImageFiles(databasePath: temporary.path)
            importer = CatalogImporter(database: database, images: images)
        }

        /// The imported drinks by name.
        func drinks() async throws -> [String: Cocktail] {
            Dictionary(try await database.importedCocktails().map { ($0.name, $0) }) { first, _ in first }
        }

        /// The bytes of a drink's stored photo.
        func photo(of drink: Cocktail) throws -> Data {
            let url = try #require(drink.imageURL)
            #expect(url.hasPrefix(ImportedImageFiles.urlPrefix))
            let name = String(url.dropFirst(ImportedImageFiles.urlPrefix.count))
            return try Data(contentsOf: images.directory.appendingPathComponent(name))
        }

        func storedPhotos() -> [String] {
            (try? FileManager.default.contentsOfDirectory(atPath: images.directory.path)) ?? []
        }
    }

    /// Whether `bytes` still hold the fixture's EXIF block.
    static func hasEXIF(_ bytes: Data) -> Bool {
        bytes.range(of: Data("FixtureCam".utf8)) != nil || bytes.range(of: Data("Exif\0\0".utf8)) != nil
    }

    @Test("a Bar Assistant datapack: lines named through its ingredients, steps, glass, method, tags, photos")
    func barAssistantDatapack() async throws {
        let book = try Book()
        defer { book.temporary.remove() }
        let summary = try await book.importer.run(source: Self.fixture("bar-assistant-datapack.zip"))
        #expect(summary.line == "Imported 2 cocktails (2 new, 0 updated), 0 skipped; 2 images stored")
        let drinks = try await book.drinks()
        let plane = try #require(drinks["Paper Plane"])
        #expect(
            plane.ingredients == [
                "22.5 ml Bourbon whiskey", "22.5 ml Aperol", "22.5 ml Amaro Nonino", "22.5 ml Lemon juice",
            ])
        #expect(plane.instructions == ["Shake everything hard with ice.", "Strain into a chilled coupe."])
        #expect(plane.glass == .coupe && plane.method == .shaken)
        #expect(plane.tags == ["equal parts", "modern classic"])
        #expect(plane.recipeSource == "https://bar.example.org/paper-plane")
        #expect(plane.kind == .alcoholic)
        let word = try #require(drinks["Last Word"])
        #expect(word.ingredients.last == "22.5 ml Lime juice, freshly squeezed")
        #expect(word.garnish == "Brandied cherry")
        for drink in [plane, word] {
            let photo = try book.photo(of: drink)
            #expect(photo.starts(with: [0xFF, 0xD8]) && !Self.hasEXIF(photo), "\(drink.name): a JPEG without EXIF")
        }
        #expect(try book.photo(of: plane) != book.photo(of: word))
    }

    @Test("one Bar Assistant cocktail in its recipe schema")
    func barAssistantRecipe() async throws {
        let book = try Book()
        defer { book.temporary.remove() }
        let summary = try await book.importer.run(source: Self.fixture("bar-assistant-paper-plane.json"))
        #expect(summary.counts.new == 1)
        let plane = try #require(try await book.drinks()["Paper Plane"])
        #expect(plane.ingredients.first == "22.5 ml Bourbon whiskey")
        #expect(plane.shortDescription.hasPrefix("Bourbon, two amari and lemon"))
    }

    @Test("Mealie's export: the drink with its photo and source, the dinner passed over, the ice line dropped")
    func mealie() async throws {
        var book = try Book()
        defer { book.temporary.remove() }
        let summary = try await book.importer.run(source: Self.fixture("mealie-export.zip"))
        #expect(
            summary.line
                == "Imported 1 cocktail (1 new, 0 updated), 1 skipped: Lentil soup: not a drink (no spirit, liqueur, wine or mixer, no cocktail tag); 1 image stored"
        )
        let daiquiri = try #require(try await book.drinks()["Daiquiri"])
        #expect(daiquiri.ingredients == ["60 ml white rum", "25 ml lime juice", "15 ml simple syrup"])
        #expect(daiquiri.instructions?.count == 2)
        #expect(daiquiri.recipeSource == "https://drinks.example.net/daiquiri")
        #expect(daiquiri.tags == ["rum"], "the category Cocktails is no tag")
        #expect(!Self.hasEXIF(try book.photo(of: daiquiri)))
        // Asked for every recipe, the dinner comes too; importing again updates the drink.
        book.importer.everyRecipe = true
        let again = try await book.importer.run(source: Self.fixture("mealie-export.zip"))
        #expect(again.counts == ImportCounts(new: 1, updated: 1))
        #expect(try await book.drinks()["Lentil soup"]?.ingredients == ["200 g red lentils", "1 onion, chopped"])
    }

    @Test("one recipe from Mealie's API, in camel case")
    func mealieRecipe() async throws {
        let book = try Book()
        defer { book.temporary.remove() }
        _ = try await book.importer.run(source: Self.fixture("mealie-recipe.json"))
        let gimlet = try #require(try await book.drinks()["Gimlet"])
        #expect(gimlet.ingredients == ["60 ml gin", "20 ml lime cordial"])
        #expect(gimlet.recipeSource == "https://drinks.example.net/gimlet")
    }

    @Test("Tandoor's zip of zips: headers left out, a line without amount kept as garnish, the image stored")
    func tandoor() async throws {
        let book = try Book()
        defer { book.temporary.remove() }
        let summary = try await book.importer.run(source: Self.fixture("tandoor-export.zip"))
        #expect(
            summary.counts.new == 1
                && summary.skipped == [
                    "Soda bread: not a drink (no spirit, liqueur, wine or mixer, no cocktail tag)"
                ])
        let negroni = try #require(try await book.drinks()["Negroni"])
        #expect(
            negroni.ingredients == ["30 ml gin", "30 ml Campari", "30 ml sweet vermouth", "orange peel, to garnish"])
        #expect(negroni.instructions == ["Stir everything with ice.", "Strain over a large cube in a rocks glass."])
        #expect(negroni.tags == ["aperitivo", "stirred"])
        #expect(negroni.method == .stirred)
        #expect(!Self.hasEXIF(try book.photo(of: negroni)))
    }

    @Test("Paprika's gzip-compressed recipes, the photo from base64")
    func paprika() async throws {
        let book = try Book()
        defer { book.temporary.remove() }
        let summary = try await book.importer.run(source: Self.fixture("cocktails.paprikarecipes"))
        #expect(summary.counts.new == 1 && summary.imagesStored == 1, "\(summary.line)")
        let sour = try #require(try await book.drinks()["Whiskey Sour"])
        #expect(
            sour.ingredients == ["50 ml bourbon", "25 ml lemon juice", "20 ml simple syrup", "1 egg white, optional"])
        #expect(sour.recipeSource == "https://drinks.example.net/whiskey-sour")
        #expect(!Self.hasEXIF(try book.photo(of: sour)))
    }

    @Test("Nextcloud Cookbook's folders: schema.org recipe, author and full.jpg")
    func nextcloud() async throws {
        let book = try Book()
        defer { book.temporary.remove() }
        let summary = try await book.importer.run(source: Self.fixture("nextcloud-cookbook.zip"))
        #expect(summary.counts.new == 1 && summary.imagesStored == 1, "\(summary.line)")
        let americano = try #require(try await book.drinks()["Americano"])
        #expect(americano.ingredients == ["30 ml Campari", "30 ml sweet vermouth", "Soda water, to top"])
        #expect(americano.recipeAuthor == "Ada Example" && americano.author == nil)
        #expect(americano.recipeSource == "https://drinks.example.net/americano")
        #expect(americano.tags == ["aperitivo", "bitter", "low abv"])
    }

    @Test("a CSV of recipes: one ingredient per line or separated by semicolons, glass, method, author")
    func csv() async throws {
        let book = try Book()
        defer { book.temporary.remove() }
        _ = try await book.importer.run(source: Self.fixture("recipes.csv"))
        let drinks = try await book.drinks()
        let margarita = try #require(drinks["Margarita"])
        #expect(margarita.ingredients == ["50 ml tequila", "25 ml triple sec", "25 ml lime juice"])
        #expect(margarita.garnish == "Salt rim" && margarita.recipeAuthor == "Sam Shaker" && margarita.glass == .coupe)
        let collins = try #require(drinks["Tom Collins"])
        #expect(collins.ingredients.count == 4 && collins.glass == .highball && collins.method == .built)
    }

    @Test("the format named on the command line wins over what the names suggest")
    func namedFormat() async throws {
        var book = try Book()
        defer { book.temporary.remove() }
        book.importer.format = .tandoor
        await #expect(throws: ImportError.self) {
            _ = try await book.importer.run(source: Self.fixture("recipes.csv"))
        }
        #expect(try await book.drinks().isEmpty)
    }

    @Test("the review says what happens to each recipe and writes nothing")
    func review() async throws {
        let book = try Book()
        defer { book.temporary.remove() }
        // The book's Daiquiri as a different recipe (rum and lime only): the review says so.
        let different = Cocktail(
            id: "daiquiri", name: "Daiquiri", kind: .alcoholic, shortDescription: "", longDescription: "",
            preparationMinutes: 3, imageName: "", ingredients: ["60 ml white rum", "30 ml lime juice"])
        let first = try await book.importer.review(source: Self.fixture("mealie-export.zip")) { name in
            name == "Daiquiri" ? [different] : []
        }
        #expect(first.format == .mealie)
        #expect(
            first.lines == [
                .init(name: "Daiquiri", action: .keepBoth(existing: "Daiquiri")),
                .init(
                    name: "Lentil soup",
                    action: .passedOver("not a drink (no spirit, liqueur, wine or mixer, no cocktail tag)")),
            ])
        #expect(first.drinkCount == 1)
        #expect(first.takeableDinners.count == 1, "the soup may be taken all the same")
        #expect(first.leftOutByDefault == first.takeableDinners)
        // The same recipe, in ounces and another case: skipped unless the person keeps both.
        var same = different
        same.ingredients = ["2 oz White rum", "25 ml lime juice", "15 ml Simple syrup"]
        let again = try await book.importer.review(source: Self.fixture("mealie-export.zip")) { name in
            name == "Daiquiri" ? [different, same] : []
        }
        #expect(again.lines.first == .init(name: "Daiquiri", action: .same(existing: "Daiquiri")))
        #expect(again.drinkCount == 0)
        #expect(again.leftOutByDefault == Set([try #require(again.lines.first?.key)]).union(again.takeableDinners))
        #expect(try await book.drinks().isEmpty)
        _ = try await book.importer.run(source: Self.fixture("mealie-export.zip"))
        let second = try await book.importer.review(source: Self.fixture("mealie-export.zip"))
        #expect(second.lines.first == .init(name: "Daiquiri", action: .update))
        #expect(second.table.split(separator: "\n").first?.hasPrefix("Recipe") == true)
    }

    // MARK: Refused files

    /// Imports `path` and expects a refusal naming `reason`, with nothing written.
    func refused(_ path: String, _ reason: String, limits: ExportReader.Limits = .standard) async throws {
        var book = try Book()
        defer { book.temporary.remove() }
        book.importer.limits = limits
        let before = try await book.database.rowCounts()
        do {
            _ = try await book.importer.run(source: path)
            Issue.record("\(path) was imported")
        } catch let error as ImportError {
            let line = error.localizedDescription
            #expect(line.hasPrefix("Import refused, nothing was changed: ") && line.contains(reason), "\(line)")
            #expect(!line.contains("\n"))
        }
        #expect(try await book.database.rowCounts() == before)
        #expect(book.storedPhotos().isEmpty)
    }

    @Test("not a zip, a path that leaves the archive, a gzip that does not end: one line each, nothing written")
    func brokenArchives() async throws {
        try await refused(Self.fixture("not-a-zip.zip"), "not-a-zip.zip is not a zip")
        try await refused(
            Self.fixture("zip-slip.zip"), "a path in the archive leaves its folder: ../../escaped/recipe.json")
        try await refused(
            Self.fixture("truncated.paprikarecipes"), "the gzip stream of Broken.paprikarecipe does not end")
    }

    /// A zip written here: `entries` of `(path, bytes)`.
    static func zip(_ entries: [(String, Data)], in directory: URL) throws -> String {
        let url = directory.appendingPathComponent("made-\(UUID().uuidString).zip")
        let archive = try Archive(url: url, accessMode: .create)
        for (path, data) in entries {
            try archive.addEntry(
                with: path, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate
            ) { position, size in data.subdata(in: Int(position)..<Int(position) + size) }
        }
        return url.path
    }

    @Test("a zip bomb and too many entries are refused by the limits (set low here), before anything is stored")
    func limits() async throws {
        let scratch = try TemporaryDatabase()
        defer { scratch.remove() }
        let plane = try Data(contentsOf: Self.folder.appendingPathComponent("bar-assistant-paper-plane.json"))
        // 3 MB of zeros pack into a few kilobytes.
        let bomb = try Self.zip(
            [("cocktails/a/data.json", plane), ("padding.bin", Data(count: 3 * 1_048_576))], in: scratch.directory)
        var small = ExportReader.Limits()
        small.expandedBytes = 1_048_576
        try await refused(bomb, "the archive expands to more than 1 MB", limits: small)
        let many = try Self.zip((0..<12).map { ("cocktails/d\($0)/data.json", plane) }, in: scratch.directory)
        var few = ExportReader.Limits()
        few.entries = 10
        try await refused(many, "more than 10 entries in the archive", limits: few)
        var tiny = ExportReader.Limits()
        tiny.bytes = 1_000
        try await refused(many, "the limit is", limits: tiny)
    }

    @Test("a CSV of 5,001 recipes is refused whole: one import takes at most 5,000")
    func tooManyRecipes() async throws {
        let scratch = try TemporaryDatabase()
        defer { scratch.remove() }
        let rows = (1...5_001).map { "Drink \($0),50 ml gin,Stir." }
        let path = scratch.directory.appendingPathComponent("many.csv")
        try Data((["name,ingredients,instructions"] + rows).joined(separator: "\n").utf8).write(to: path)
        try await refused(path.path, "5001 recipes; one import takes at most 5000")
    }

    @Test("a photo that is not a picture leaves the drink without it and says so")
    func notAPicture() async throws {
        let book = try Book()
        defer { book.temporary.remove() }
        var recipe = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: Self.folder.appendingPathComponent("bar-assistant-paper-plane.json")))
                as? [String: Any])
        var inner = try #require(recipe["recipe"] as? [String: Any])
        inner["images"] = [["uri": "paper-plane.jpg"]]
        recipe["recipe"] = inner
        let path = try Self.zip(
            [
                ("cocktails/paper-plane/data.json", try JSONSerialization.data(withJSONObject: inner)),
                ("cocktails/paper-plane/paper-plane.jpg", Data("<svg onload=alert(1)>".utf8)),
            ], in: book.temporary.directory)
        let summary = try await book.importer.run(source: path)
        #expect(summary.counts.new == 1)
        #expect(summary.imagesRejected == ["Paper Plane: the photo is not a picture this book takes"])
        #expect(try await book.drinks()["Paper Plane"]?.imageURL == nil)
        #expect(book.storedPhotos().isEmpty)
    }
}
