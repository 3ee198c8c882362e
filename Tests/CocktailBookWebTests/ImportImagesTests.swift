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

/// Pictures named by an imported catalog: stored when they are pictures of a sane size, left out
/// otherwise, and a server that stops answering refuses the whole import.
@Suite("Import: picture downloads")
struct ImportImagesTests {
    /// The smallest PNG, a 1×1 transparent picture: clean already, so it is stored as it came.
    static let png = Data(
        base64Encoded:
            "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="
    )!

    /// A server with one good picture, one too large and one that is a web page.
    static func pictureServer() -> some ApplicationProtocol {
        let router = Router()
        router.get("/ok.png") { _, _ in
            Response(status: .ok, headers: [.contentType: "image/png"], body: .init(byteBuffer: ByteBuffer(bytes: png)))
        }
        router.get("/big.png") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "image/png"],
                body: .init(byteBuffer: ByteBuffer(bytes: png + Data(count: 5 * 1_048_576))))
        }
        router.get("/page.png") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/html"],
                body: .init(byteBuffer: ByteBuffer(string: "<html></html>")))
        }
        // Answers long after any import's time limit.
        router.get("/slow.png") { _, _ -> Response in
            try await Task.sleep(for: .seconds(10))
            return Response(status: .ok)
        }
        router.get("/drawing.svg") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "image/svg+xml"],
                body: .init(
                    byteBuffer: ByteBuffer(
                        string: #"<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>"#)))
        }
        // A phone's photo with its GPS block, and one cut short inside its picture data.
        router.get("/gps.jpg") { _, _ in
            let photo: [UInt8] =
                PictureBytes.soi + PictureBytes.exifSegment(orientation: 1) + PictureBytes.jpeg().dropFirst(2)
            return Response(
                status: .ok, headers: [.contentType: "image/jpeg"], body: .init(byteBuffer: ByteBuffer(bytes: photo)))
        }
        router.get("/cut.jpg") { _, _ in
            let photo: [UInt8] =
                PictureBytes.soi + PictureBytes.exifSegment(orientation: 1) + PictureBytes.jpeg().dropFirst(2)
            return Response(
                status: .ok, headers: [.contentType: "image/jpeg"],
                body: .init(byteBuffer: ByteBuffer(bytes: photo.dropLast(4))))
        }
        return Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
    }

    @Test("a downloaded photo is stored without its GPS block; one that cannot be read cleanly is left out")
    func cleanedAndRefused() async throws {
        let book = try TemporaryDatabase()
        defer { book.remove() }
        let database = try AppDatabase(path: book.path)
        let images = ImportedImageFiles(databasePath: book.path)
        try await Self.pictureServer().test(.live) { client in
            let root = "http://127.0.0.1:\(try #require(client.port))"
            let file = try Self.catalog(["a": "\(root)/gps.jpg", "b": "\(root)/cut.jpg"], in: book.directory)
            let summary = try await CatalogImporter(database: database, images: images).run(source: file)
            #expect(summary.imagesStored == 1, "\(summary.line)")
            #expect(
                summary.imagesRejected == ["\(root)/cut.jpg: refused: the JPEG ends inside its picture data"],
                "\(summary.line)")
            let stored = try FileManager.default.contentsOfDirectory(atPath: images.directory.path)
            #expect(stored.count == 1)
            let bytes = try Data(contentsOf: images.directory.appendingPathComponent(stored[0]))
            #expect(bytes == Data(PictureBytes.jpeg()), "the photo without its EXIF, nothing else changed")
        }
    }

    static func catalog(_ images: [String: String], in directory: URL) throws -> String {
        let entries = images.sorted { $0.key < $1.key }.map { id, url in
            [
                "id": id, "name": "Drink \(id)", "type": "alcoholic", "shortDescription": "s", "longDescription": "l",
                "preparationMinutes": 3, "imageName": id, "ingredients": ["1 oz gin"], "imageURL": url,
            ] as [String: Any]
        }
        let path = directory.appendingPathComponent("catalog-\(UUID().uuidString).json")
        try JSONSerialization.data(withJSONObject: entries).write(to: path)
        return path.path
    }

    @Test("a picture is stored content-addressed; too large and non-pictures are left out")
    func storedAndRejected() async throws {
        let book = try TemporaryDatabase()
        defer { book.remove() }
        let database = try AppDatabase(path: book.path)
        let images = ImportedImageFiles(databasePath: book.path)
        try await Self.pictureServer().test(.live) { client in
            let root = "http://127.0.0.1:\(try #require(client.port))"
            let file = try Self.catalog(
                [
                    "a": "\(root)/ok.png", "b": "\(root)/big.png", "c": "\(root)/page.png", "d": "\(root)/ok.png",
                    "e": "\(root)/drawing.svg",
                ], in: book.directory
            )
            let summary = try await CatalogImporter(database: database, images: images).run(source: file)
            #expect(summary.counts.new == 5)
            #expect(summary.imagesStored == 2, "\(summary.line)")
            #expect(summary.imagesRejected.count == 3, "\(summary.line)")
            #expect(
                summary.imagesRejected.contains { $0.hasPrefix("\(root)/drawing.svg") && $0.hasSuffix("not an image") },
                "SVG can carry script")
            #expect(
                summary.line.contains("larger than 5 MB") && summary.line.contains("not an image"), "\(summary.line)")
            let stored = try FileManager.default.contentsOfDirectory(atPath: images.directory.path)
            #expect(stored.count == 1 && stored[0].hasSuffix(".png") && stored[0].count == 64 + 4)
            let cocktails = try await database.importedCocktails()
            #expect(cocktails.filter { $0.imageURL == "/images/imported/\(stored[0])" }.count == 2)
        }
    }

    @Test(
        "pictures whose server does not answer are not fetched: the drinks come in with their links and drawings, and the summary says so"
    )
    func unreachablePictures() async throws {
        let book = try TemporaryDatabase()
        defer { book.remove() }
        let database = try AppDatabase(path: book.path)
        let file = try Self.catalog(
            ["a": "http://127.0.0.1:9/gone.png", "b": "http://127.0.0.1:9/also-gone.png"], in: book.directory)
        var importer = CatalogImporter(database: database, images: ImportedImageFiles(databasePath: book.path))
        // A refused connection fails at once: the import ends long before this limit.
        importer.timeLimit = .seconds(60)
        let summary = try await importer.run(source: file)
        #expect(summary.counts.new == 2)
        #expect(summary.imagesStored == 0)
        #expect(summary.imagesUnfetched.count == 2, "\(summary.line)")
        #expect(summary.line.contains("2 could not be fetched"), "\(summary.line)")
        let imported = try await database.importedCocktails().sorted { $0.id < $1.id }
        #expect(imported.map(\.imageURL) == ["http://127.0.0.1:9/gone.png", "http://127.0.0.1:9/also-gone.png"])
        // Pages and both APIs draw them meanwhile: a remote link is never served as the picture.
        #expect(imported.allSatisfy { CocktailImage.url(for: $0).hasPrefix("/images/cocktails/") })
    }
}
