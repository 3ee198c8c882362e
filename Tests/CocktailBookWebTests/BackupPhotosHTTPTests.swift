import CocktailBookTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// A photo uploaded in the recipe editor is part of the book: the maintenance page's backup
/// carries it, and restoring that backup into an empty book serves it again, byte for byte.
@Suite("Maintenance: photos in backups")
struct BackupPhotosHTTPTests {
    /// A real JPEG (one of the catalog's own pictures), so that it survives any cleaning.
    static let jpeg = FileManager.default.contents(
        atPath: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/CocktailBookWeb/Pictures/32-100.jpg").path)

    /// A multipart form: `fields`, then `file` under `fileField` when given.
    static func multipart(_ fields: [(String, String)], file: (field: String, name: String, bytes: Data)?)
        -> (headers: HTTPFields, body: ByteBuffer)
    {
        let boundary = "cocktailbook-test-boundary"
        var body = Data()
        for (name, value) in [("csrf", TestCSRF.token)] + fields {
            body.append(
                Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8))
        }
        if let file {
            body.append(
                Data(
                    "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(file.field)\"; filename=\"\(file.name)\"\r\nContent-Type: application/octet-stream\r\n\r\n"
                        .utf8))
            body.append(file.bytes)
            body.append(Data("\r\n".utf8))
        }
        body.append(Data("--\(boundary)--\r\n".utf8))
        return (
            [.contentType: "multipart/form-data; boundary=\(boundary)", .cookie: TestCSRF.cookie],
            ByteBuffer(bytes: body)
        )
    }

    /// The value of the hidden `name` field in `page`.
    static func hidden(_ name: String, in page: String) -> String? {
        guard let start = page.range(of: "name=\"\(name)\" value=\"") else { return nil }
        return String(page[start.upperBound...].prefix { $0 != "\"" })
    }

    @Test("a photo uploaded in the editor is backed up, counted, and served again after a restore into an empty book")
    func photoRoundTrip() async throws {
        let jpeg = try #require(Self.jpeg)
        let first = try TemporaryDatabase()
        let second = try TemporaryDatabase()
        defer {
            first.remove()
            second.remove()
        }
        let (photoPath, photo, backup) = try await makeApp(databasePath: first.path).test(.router) { client in
            try await client.waitUntilReady()
            let form = Self.multipart(
                RecipePagesTests.fields + [("confirm", "Garden cucumber")],
                file: ("picture", "garden-sour.jpg", jpeg))
            let saved = try await client.execute(
                uri: "/cocktails/new", method: .post, headers: form.headers, body: form.body)
            #expect(saved.status == .seeOther, "\(String(buffer: saved.body))")
            #expect(saved.headers[.location] == "/cocktails/my-1?saved=1")
            let drink = try await client.get("/api/v1/cocktails/my-1").jsonObject()
            let photoPath = try #require(drink["imageURL"] as? String)
            #expect(photoPath.hasPrefix("/images/imported/") && photoPath.hasSuffix(".jpg"))
            let served = try await client.get(photoPath)
            #expect(served.status == .ok)
            let photo = Data(buffer: served.body)
            #expect(photo.starts(with: [0xFF, 0xD8]))

            let download = try await client.get("/maintenance/backup")
            #expect(download.status == .ok)
            let backup = Data(buffer: download.body)
            let json = try #require(try JSONSerialization.jsonObject(with: backup) as? [String: Any])
            let pictures = try #require(json["pictures"] as? [[String: Any]])
            #expect(
                pictures.compactMap { $0["fileName"] as? String } == [String(photoPath.split(separator: "/").last!)])
            #expect(pictures.first?["sourceURL"] as? String == "", "uploaded, not downloaded from anywhere")
            return (photoPath, photo, backup)
        }

        try await makeApp(databasePath: second.path).test(.router) { client in
            try await client.waitUntilReady()
            #expect(try await client.get(photoPath).status == .notFound)
            let upload = Self.multipart([], file: ("file", "backup.json", backup))
            let review = try await client.execute(
                uri: "/maintenance/restore", method: .post, headers: upload.headers, body: upload.body)
            #expect(review.status == .ok)
            let page = String(buffer: review.body)
            #expect(
                page.contains(
                    #"<tr data-count="pictures"><th scope="row">Pictures</th><td data-now>0</td><td data-backup>1</td></tr>"#
                ), "the preview counts the photo")
            let token = try #require(Self.hidden("token", in: page))
            let confirmed = try await client.execute(
                uri: "/maintenance/restore/confirm", method: .post, headers: TestCSRF.formHeaders,
                body: TestCSRF.body("token=\(token)"))
            // What came back, kind by kind: the recipe and its photo among them.
            let notice = String(buffer: confirmed.body)
            #expect(notice.contains("Restored from the backup: ") && notice.contains("Pictures: 1"))
            #expect(notice.contains("Recipes written in the book: 1"))
            let served = try await client.get(photoPath)
            #expect(served.status == .ok)
            #expect(Data(buffer: served.body) == photo)
            let drink = try await client.get("/api/v1/cocktails/my-1").jsonObject()
            #expect(drink["imageURL"] as? String == photoPath)
        }
    }
}
