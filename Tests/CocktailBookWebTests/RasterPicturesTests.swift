import CocktailBook
import CocktailBookTestSupport
import CocktailsAPI
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CocktailBookApp
@testable import CocktailBookWeb

/// The JPEG renderings of the bundled drawings, for TheCocktailDB clients that cannot draw SVG.
@Suite("TheCocktailDB API: raster pictures")
struct RasterPicturesTests {
    /// Width and height from a JPEG's start-of-frame marker.
    static func jpegSize(_ bytes: Data) -> (width: Int, height: Int)? {
        let b = [UInt8](bytes)
        guard b.starts(with: [0xFF, 0xD8]) else { return nil }
        var i = 2
        while i + 9 < b.count {
            guard b[i] == 0xFF else { return nil }
            let marker = b[i + 1]
            let length = Int(b[i + 2]) << 8 | Int(b[i + 3])
            if (0xC0...0xC3).contains(marker) {
                return (Int(b[i + 7]) << 8 | Int(b[i + 8]), Int(b[i + 5]) << 8 | Int(b[i + 6]))
            }
            i += 2 + length
        }
        return nil
    }

    @Test("every bundled cocktail has renderings of its current drawing (else run scripts/render-pictures.py)")
    func upToDate() throws {
        let cocktails = try JSONDecoder().decode([Cocktail].self, from: BundledCatalog.data)
        let stale = cocktails.filter { !RasterPictures.isAvailable(for: $0) }.map(\.name)
        #expect(stale.isEmpty, "stale or missing renderings: \(stale)")
        #expect(RasterPictures.manifest.count == cocktails.count)
    }

    @Test("strDrinkThumb is a JPEG, and /small, /medium, /large and /preview are 100, 350, 700 and 100 px squares")
    func sizes() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path, configure: { $0.catalogPath = nil }).test(.router) { client in
            try await client.waitUntilReady()
            let drink = try #require(
                try await client.get("/api/json/v1/1/lookup.php?i=30").jsonObject()["drinks"] as? [[String: Any]])
            let thumb = try #require(drink.first?["strDrinkThumb"] as? String)
            #expect(thumb.hasSuffix("/images/cocktails/30.jpg"))
            let start = try #require(thumb.range(of: "/images/")).lowerBound
            let path = String(thumb[start...])
            for (suffix, edge) in [("", 700), ("/small", 100), ("/medium", 350), ("/large", 700), ("/preview", 100)] {
                let response = try await client.get(path + suffix)
                #expect(response.status == .ok, "\(suffix)")
                #expect(response.headers[.contentType] == "image/jpeg", "\(suffix)")
                let size = Self.jpegSize(Data(buffer: response.body))
                #expect(size?.width == edge && size?.height == edge, "\(suffix): \(String(describing: size))")
            }
            #expect(try await client.get("/images/cocktails/30.svg/small").headers[.contentType] == "image/svg+xml")
            #expect(try await client.get(path + "/huge").status == .notFound)
        }
    }
}
