import CocktailBook
import CocktailBookTestSupport
import CocktailBookWeb
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import CocktailBookApp

/// A photo sent with the editor: stored with only what it needs to be drawn, or refused with the
/// sentence saying why, and then nothing is written.
@Suite("Pictures sent with the editor")
struct PictureUploadTests {
    static let boundary = "----CocktailBookPicture1x9"

    /// The editor's fields for a new drink, and `picture` as its photo, as a browser sends them
    /// without the page's script.
    static func form(picture: [UInt8]) -> (HTTPFields, ByteBuffer) {
        var body = Data()
        for (name, value) in [("csrf", TestCSRF.token)] + RecipePagesTests.fields + [("confirm", "Garden cucumber")] {
            body += Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
        }
        body += Data(
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"picture\"; filename=\"photo.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n"
                .utf8)
        body += Data(picture)
        body += Data("\r\n--\(boundary)--\r\n".utf8)
        return (
            [.contentType: "multipart/form-data; boundary=\(boundary)", .cookie: TestCSRF.cookie],
            ByteBuffer(data: body)
        )
    }

    static func storedFiles(_ database: TemporaryDatabase) -> [String] {
        let folder = database.directory.appendingPathComponent("images", isDirectory: true).path
        return (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    }

    @Test(
        "a JPEG with a stray byte after its GPS block, or a 20000×20000 PNG, is refused with the reason and nothing is stored"
    )
    func refused() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        let stray: [UInt8] =
            PictureBytes.soi + PictureBytes.exifSegment(orientation: 1) + [0x00] + PictureBytes.jpeg().dropFirst(2)
        let huge: [UInt8] = PictureBytes.pngSignature + PictureBytes.header(width: 20000, height: 20000)
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            for (picture, sentence) in [
                (stray, "This picture could not be read cleanly; save it again from a photo app and try once more."),
                (huge, "That photo has more than 100 megapixels; save a smaller copy and try again."),
            ] {
                let (headers, body) = Self.form(picture: picture)
                let response = try await client.execute(
                    uri: "/cocktails/new", method: .post, headers: headers, body: body)
                #expect(response.status == .unprocessableContent)
                let page = String(buffer: response.body)
                #expect(page.contains(sentence))
                #expect(page.contains(#"value="Garden Sour""#), "what was typed stays")
                #expect(Self.storedFiles(database).isEmpty, "nothing written to the pictures folder")
                #expect(try await client.get("/api/v1/cocktails/my-1").status == .notFound)
            }
        }
    }

    @Test("a sideways JPEG with GPS is stored without it, keeping only its Orientation, and served so")
    func cleaned() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        let photo: [UInt8] =
            PictureBytes.soi + PictureBytes.exifSegment(orientation: 6) + PictureBytes.xmpSegment
            + PictureBytes.jpeg().dropFirst(2) + PictureBytes.jpeg()
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let (headers, body) = Self.form(picture: photo)
            let response = try await client.execute(uri: "/cocktails/new", method: .post, headers: headers, body: body)
            #expect(response.status == .seeOther)
            let address = try await client.get("/api/v1/cocktails/my-1").decoded(DetailBody.self).imageURL
            #expect(address.hasPrefix("/images/imported/"), "\(address)")
            let served = Data(try await client.get(address).body.readableBytesView)
            #expect(!PictureBytes.contains(served, "GPS") && !PictureBytes.contains(served, "http://ns.adobe.com/xap"))
            #expect(PictureBytes.contains(served, "Exif\0\0MM\0*"), "the minimal EXIF block")
            #expect(served.suffix(2) == Data(PictureBytes.eoi))
            #expect(served.count < photo.count - PictureBytes.jpeg().count, "the second JPEG is gone")
            #expect(Self.storedFiles(database) == [String(address.split(separator: "/").last ?? "")])
        }
    }
}
