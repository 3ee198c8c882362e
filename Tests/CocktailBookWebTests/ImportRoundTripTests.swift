import CocktailBook
import CocktailBookStore
import CocktailBookTestSupport
import CocktailBookWeb
import CocktailsAPI
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@testable import CocktailBookApp

/// One of our servers imports from another of our servers (through its TheCocktailDB API) and
/// ends with the same cocktails, pictures included, served while the first server is gone.
@Suite("Import: round trip between two of our servers")
struct ImportRoundTripTests {
    /// A one-cocktail catalog for the importing book's own source, so imported cocktails stand out.
    static func houseCatalog(in directory: URL) throws -> String {
        let path = directory.appendingPathComponent("house.json")
        let house =
            #"[{"id":"house","name":"House Special","type":"alcoholic","shortDescription":"Ours.","longDescription":"Ours alone.","preparationMinutes":2,"imageName":"house","ingredients":["2 oz gin"]}]"#
        try Data(house.utf8).write(to: path)
        return path.path
    }

    @Test("importing from a live seed server gives the same 13 names, with its JPEG pictures served offline")
    func roundTrip() async throws {
        let seedDatabase = try TemporaryDatabase()
        let book = try TemporaryDatabase()
        defer {
            seedDatabase.remove()
            book.remove()
        }
        let configuration = AppConfiguration.forTests(
            port: 0, databasePath: book.path, sourceLatency: .zero,
            catalogPath: try Self.houseCatalog(in: book.directory), logLevel: .error
        )
        let seed = try await buildApplication(
            configuration: AppConfiguration.forTests(
                port: 0, databasePath: seedDatabase.path, sourceLatency: .zero, catalogPath: SeedCatalog.path,
                logLevel: .error
            ))
        let logger = {
            var logger = Logger(label: "test")
            logger.logLevel = .critical
            return logger
        }()
        try await seed.test(.live) { client in
            try await client.waitUntilReady()
            let port = try #require(client.port)
            let base = "http://127.0.0.1:\(port)/api/json/v1/1/"
            let environment = try await AppEnvironment(configuration: configuration, logger: logger)
            let importer = CatalogImporter(database: environment.database, images: environment.images)
            let first = try await importer.run(source: base)
            // Another Cocktail Book hands TheCocktailDB clients JPEG renderings of its drawings
            // (SVG, which can carry script, would be refused: see ImportImagesTests).
            #expect(
                first.line == "Imported 13 cocktails (13 new, 0 updated), 0 skipped; 13 images stored", "\(first.line)")
            let again = try await importer.run(source: base)
            #expect(again.counts == ImportCounts(new: 0, updated: 13))
        }
        // The first server is gone: the importing book works from its own database and files.
        let app = try await buildApplication(configuration: configuration)
        try await app.test(.router) { client in
            try await client.waitUntilReady()
            let list = try await client.list()
            let imported = list.cocktails.filter { $0.id.hasPrefix("imp-") }
            #expect(imported.map(\.name).sorted() == WebFixtures.allNames.sorted())
            #expect(list.names.sorted() == (WebFixtures.allNames + ["House Special"]).sorted())
            for cocktail in imported {
                #expect(
                    cocktail.imageURL.hasPrefix("/images/imported/") && cocktail.imageURL.hasSuffix(".jpg"),
                    "\(cocktail.name): \(cocktail.imageURL)")
                let image = try await client.get(cocktail.imageURL)
                #expect(image.status == .ok, "\(cocktail.name)")
                #expect(image.headers[.contentType] == "image/jpeg")
                #expect(image.headers[.xContentTypeOptions] == "nosniff")
            }
            let details = try await client.get("/cocktails/\(try #require(imported.first).id)")
            #expect(details.status == .ok)
            #expect(String(buffer: details.body).contains("/images/imported/"))
            #expect(try FileManager.default.contentsOfDirectory(atPath: environmentImages(configuration)).count == 13)
            // Our TheCocktailDB API hands out the imported photo, and its size suffixes answer it:
            // a copy at most that size, or the photo itself when it is no larger.
            let first = try #require(imported.first)
            let lookup = try await client.get("/api/json/v1/1/lookup.php?i=\(first.id)").jsonObject()
            let thumb = try #require(((lookup["drinks"] as? [[String: Any]])?.first?["strDrinkThumb"]) as? String)
            #expect(thumb.hasSuffix(first.imageURL), "\(thumb)")
            let photo = try await client.get(first.imageURL)
            let photoSize = try #require(PictureThumbnailTests.size(of: Data(photo.body.readableBytesView)))
            for (size, pixels) in [("preview", 100), ("small", 100), ("medium", 350), ("large", 700)] {
                let sized = try await client.get(first.imageURL + "/" + size)
                #expect(sized.status == .ok && sized.headers[.contentType] == "image/jpeg", "\(size)")
                if max(photoSize.width, photoSize.height) <= pixels {
                    #expect(sized.body == photo.body, "\(size) is the stored photo")
                } else {
                    let copy = try #require(PictureThumbnailTests.size(of: Data(sized.body.readableBytesView)))
                    #expect(max(copy.width, copy.height) == pixels, "\(size): \(copy)")
                    #expect(sized.body.readableBytes < photo.body.readableBytes, "\(size)")
                }
            }
            #expect(try await client.get(first.imageURL + "/huge").status == .notFound)
            #expect(try await client.get("/images/imported/0123456789abcdef.png").status == .notFound)
            #expect(try await client.get("/images/imported/..%2F..%2Fetc%2Fpasswd").status == .notFound)
            #expect(try await client.get("/images/imported/..%2Fcocktailbook.sqlite").status == .notFound)
        }
    }

    private func environmentImages(_ configuration: AppConfiguration) -> String {
        let directory = ImportedImageFiles(databasePath: configuration.databasePath).directory.path
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory
    }
}
