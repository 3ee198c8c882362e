import CocktailBook
import CocktailBookApp
import Foundation
import Hummingbird

/// The bundled cocktails' drawings as JPEG, square, at 100, 350 and 700 px, rendered ahead of
/// time by `scripts/render-pictures.py` (native TheCocktailDB clients such as UIImage cannot draw
/// SVG). Each is served only while the cocktail's drawing still has the version it was rendered
/// from; any other cocktail (an import, a changed drawing) keeps its SVG.
enum RasterPictures {
    /// TheCocktailDB's size suffixes and the edge length each stands for; the bare URL is `large`.
    static let sizes = ["preview": 100, "small": 100, "medium": 350, "large": 700]

    /// The drawing version each bundled picture was rendered from, by cocktail id.
    static let manifest: [String: String] = {
        guard let url = Bundle.module.url(forResource: "manifest", withExtension: "json", subdirectory: "Pictures"),
            let data = try? Data(contentsOf: url),
            let versions = try? JSONDecoder().decode([String: String].self, from: data)
        else { return [:] }
        return versions
    }()

    /// Whether `cocktail` has an up-to-date rendering.
    static func isAvailable(for cocktail: Cocktail) -> Bool {
        manifest[cocktail.id] == CocktailImage.version(for: cocktail)
    }

    /// The JPEG of `cocktail` at `size` px, or `nil` when there is none for its current drawing.
    static func response(for cocktail: Cocktail, size: Int, request: Request) -> Response? {
        guard isAvailable(for: cocktail),
            let url = Bundle.module.url(
                forResource: "\(cocktail.id)-\(size)", withExtension: "jpg", subdirectory: "Pictures"),
            let bytes = try? Data(contentsOf: url)
        else { return nil }
        return CachedResponse.make(
            body: ByteBuffer(bytes: bytes), contentType: "image/jpeg",
            etag: "\(CocktailImage.version(for: cocktail))-\(size)",
            immutable: false, request: request
        )
    }
}
