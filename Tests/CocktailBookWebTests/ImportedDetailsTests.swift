import CocktailBook
import CocktailBookStore
import CocktailBookTestSupport
import CocktailBookWeb
import CocktailsAPI
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CocktailBookApp

/// What an import brings beyond the recipe: an estimated time, a video and the picture's credit,
/// from the mapping to the details page, the detail API and our TheCocktailDB records.
@Suite("Import: estimated times, videos and picture credits")
struct ImportedDetailsTests {
    static let dumpPath = URL(fileURLWithPath: SeedCatalog.path).deletingLastPathComponent()
        .appendingPathComponent("thecocktaildb-dump.json").path

    static func dumpRecords() throws -> [[String: Any]] {
        let data = try Data(contentsOf: URL(fileURLWithPath: dumpPath))
        return try TheCocktailDBDump.records(in: try JSONSerialization.jsonObject(with: data))
    }

    static func drink(_ instructions: String?, category: String? = nil, ingredients: Int, extra: [String: Any] = [:])
        -> [String: Any]?
    {
        var record: [String: Any] = [
            "idDrink": "1", "strDrink": "Test", "strCategory": category ?? NSNull(),
            "strInstructions": instructions ?? NSNull(),
        ]
        for slot in 0..<ingredients { record["strIngredient\(slot + 1)"] = "Thing \(slot)" }
        return TheCocktailDBDump.catalogObject(from: record.merging(extra) { $1 })
    }

    @Test("strVideo, strImageAttribution and strImageSource are kept; the time is estimated and marked")
    func mapping() throws {
        let objects = try Self.dumpRecords().compactMap(TheCocktailDBDump.catalogObject)
        let afterglow = try #require(objects.first { $0["name"] as? String == "Afterglow" })
        #expect(afterglow["video"] as? String == "https://www.youtube.com/watch?v=afterglow")
        #expect(afterglow["imageAttribution"] as? String == "Ann & Bo <Photo>")
        #expect(afterglow["imageSource"] as? String == "https://commons.wikimedia.org/wiki/File:Afterglow.jpg")
        for object in objects {
            let minutes = try #require(object["preparationMinutes"] as? Int)
            #expect((1...15).contains(minutes), "\(object["name"] ?? "")")
            #expect(object["preparationEstimated"] as? Bool == true)
        }
        let margarita = try #require(objects.first { $0["name"] as? String == "Margarita" })
        for key in ["video", "imageAttribution", "imageSource"] { #expect(margarita[key] == nil, "\(key)") }
    }

    @Test(
        "the estimate follows the method and the ingredient count",
        arguments: [
            ("Pour over ice.", nil, 2, 3), ("Shake with ice and strain.", nil, 3, 5), ("Stir well.", nil, 4, 5),
            ("Blend until smooth.", nil, 4, 7), ("Layer carefully in a shot glass.", nil, 3, 6), (nil, "Shake", 15, 13),
            (nil, nil, 0, 2),
        ] as [(String?, String?, Int, Int)])
    func estimate(instructions: String?, category: String?, ingredients: Int, expected: Int) throws {
        let object = try #require(Self.drink(instructions, category: category, ingredients: ingredients))
        #expect(object["preparationMinutes"] as? Int == expected)
    }

    @Test("only http(s) videos are kept")
    func videoSchemes() throws {
        for (video, kept) in [
            ("javascript:alert(1)", false), ("ftp://x.org/v.mp4", false), ("http://x.org/v", true), ("   ", false),
        ] {
            let object = try #require(Self.drink("Mix.", ingredients: 1, extra: ["strVideo": video]))
            #expect((object["video"] != nil) == kept, "\(video)")
        }
    }

    /// An app on the seed catalog with the fixture dump imported; `body` gets the client and the
    /// imported Afterglow's id.
    func withImportedApp(_ body: @Sendable (any TestClientProtocol, String) async throws -> Void) async throws {
        let book = try TemporaryDatabase()
        defer { book.remove() }
        let importer = CatalogImporter(
            database: try AppDatabase(path: book.path), images: ImportedImageFiles(databasePath: book.path))
        _ = try await importer.run(source: Self.dumpPath)
        let app = try await makeApp(databasePath: book.path)
        try await app.test(.router) { client in
            try await client.waitUntilReady()
            let afterglow = try #require(try await client.list().cocktails.first { $0.name == "Afterglow" })
            #expect(afterglow.id.hasPrefix("imp-"))
            try await body(client, afterglow.id)
        }
    }

    @Test("an imported drink's page shows ≈ minutes, the video link and the picture credit; a bundled one none")
    func detailsPage() async throws {
        try await withImportedApp { client, id in
            let page = String(buffer: try await client.get("/cocktails/\(id)").body)
            #expect(page.contains(/<span>≈ \d+ minutes?<\/span>/), "\(page)")
            #expect(
                page.contains(
                    #"<a href="https://www.youtube.com/watch?v=afterglow" rel="noopener noreferrer">Watch a video</a>"#)
            )
            #expect(page.contains("Picture: Ann &amp; Bo &lt;Photo&gt;"))
            #expect(!page.contains("<Photo>"))

            let bundled = String(buffer: try await client.get("/cocktails/0").body)
            #expect(bundled.contains("<span>7 minutes</span>"))
            #expect(!bundled.contains(/≈ \d+ minute/))
            #expect(!bundled.contains("Watch a video"))
            #expect(!bundled.contains("Picture:"))
        }
    }

    @Test("the detail API reports preparationEstimated, video and imageAttribution, null or false when absent")
    func detailAPI() async throws {
        try await withImportedApp { client, id in
            let imported = try await client.get("/api/v1/cocktails/\(id)").jsonObject()
            #expect(imported["preparationEstimated"] as? Bool == true)
            #expect(imported["video"] as? String == "https://www.youtube.com/watch?v=afterglow")
            #expect(imported["imageAttribution"] as? String == "Ann & Bo <Photo>")
            let bundled = try await client.get("/api/v1/cocktails/0").jsonObject()
            #expect(bundled["preparationEstimated"] as? Bool == false)
            #expect(bundled["video"] is NSNull)
            #expect(bundled["imageAttribution"] is NSNull)
        }
    }

    @Test("our TheCocktailDB records carry strVideo, strImageAttribution and strImageSource when set")
    func cocktailDBRecords() async throws {
        try await withImportedApp { client, id in
            let drink = try #require(try await client.cocktailDB("lookup.php?i=\(id)")?.first)
            #expect(drink["strVideo"] as? String == "https://www.youtube.com/watch?v=afterglow")
            #expect(drink["strImageAttribution"] as? String == "Ann & Bo <Photo>")
            #expect(drink["strImageSource"] as? String == "https://commons.wikimedia.org/wiki/File:Afterglow.jpg")
            let bundled = try #require(try await client.cocktailDB("lookup.php?i=0")?.first)
            for key in ["strVideo", "strImageAttribution", "strImageSource"] {
                #expect(bundled[key] is NSNull, "\(key)")
            }
        }
    }
}
