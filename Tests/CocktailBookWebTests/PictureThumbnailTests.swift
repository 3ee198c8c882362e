import CocktailBook
import CocktailBookApp
import CocktailBookTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CocktailBookWeb

/// Lists show a photo's small copy, made on the server from the stored photo, not the 1,600 px
/// original at 72 px.
@Suite("Small copies of photos for lists")
struct PictureThumbnailTests {
    static var photo: [UInt8] {
        get throws {
            let url = try #require(Bundle.module.url(forResource: "Fixtures/photo-1600x1200", withExtension: "jpg"))
            return [UInt8](try Data(contentsOf: url))
        }
    }

    /// A JPEG's width and height.
    static func size(of jpeg: Data) -> (width: Int, height: Int)? { RasterPicturesTests.jpegSize(jpeg) }

    @Test("a 1600×1200 photo's /medium is a 350×263 JPEG a tenth its size, /preview 100×75; rows show /medium")
    func smallCopies() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        let photo = try Self.photo
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let (headers, body) = PictureUploadTests.form(picture: photo)
            #expect(
                try await client.execute(uri: "/cocktails/new", method: .post, headers: headers, body: body).status
                    == .seeOther)
            let address = try await client.get("/api/v1/cocktails/my-1").decoded(DetailBody.self).imageURL
            let original = try await client.get(address)
            #expect(Self.size(of: Data(original.body.readableBytesView))! == (1600, 1200))
            let medium = try await client.get(address + "/medium")
            #expect(medium.status == .ok && medium.headers[.contentType] == "image/jpeg")
            #expect(medium.headers[.cacheControl]?.contains("immutable") == true)
            let small = Data(medium.body.readableBytesView)
            #expect(Self.size(of: small)! == (350, 263))
            #expect(
                small.count * 5 < original.body.readableBytes, "\(small.count) against \(original.body.readableBytes)")
            #expect(medium.headers[.eTag] != original.headers[.eTag])
            let preview = Data(try await client.get(address + "/preview").body.readableBytesView)
            #expect(Self.size(of: preview)! == (100, 75))
            // The rows of a search show the small copy; the drink's page the photo itself.
            let search = String(buffer: try await client.get("/search?q=garden").body)
            #expect(search.contains(#"src="\#(address)/medium""#))
            let details = String(buffer: try await client.get("/cocktails/my-1").body)
            #expect(details.contains(#"src="\#(address)""#))
        }
    }

    @Test("the copy keeps a sideways photo's Orientation; what is not a JPEG gets no copy")
    func orientationAndOthers() throws {
        let exif = PictureBytes.exifSegment(orientation: 6)
        let photo = try Self.photo
        let sideways = Data(PictureBytes.soi + exif + photo.dropFirst(2))
        let copy = try #require(PictureThumbnail.jpeg(sideways, longest: 350))
        #expect(PictureThumbnail.exifSegment(of: copy) == Data(exif.dropFirst(4)))
        #expect(PictureThumbnail.exifSegment(of: Data(photo)) == nil)
        #expect(PictureThumbnail.jpeg(Data(PictureBytes.pngSignature + [0, 0, 0, 0]), longest: 350) == nil)
        #expect(
            PictureThumbnail.jpeg(Data(photo.prefix(400)), longest: 350) == nil, "a cut JPEG is refused, not a crash")
        // A picture no larger than the copy would be has none: it is served as it is.
        let tiny = try #require(PictureThumbnail.jpeg(Data(photo), longest: 50))
        #expect(Self.size(of: tiny)! == (50, 38))
        #expect(PictureThumbnail.jpeg(tiny, longest: 350) == nil)
        #expect(PictureThumbnail.jpeg(tiny, longest: 50) == nil)
    }
}
