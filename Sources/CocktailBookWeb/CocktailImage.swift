import CocktailBook
import Foundation
import Hummingbird
import Synchronization

/// A cocktail's picture as served: the illustration's SVG and its content hash, drawn once per
/// version of the cocktail and kept, because list answers name every picture's versioned URL.
public enum CocktailImage {
    struct Rendered: Sendable {
        var body: ByteBuffer
        var version: String
    }

    private static let cache = Mutex<[String: (cocktail: Cocktail, rendered: Rendered)]>([:])

    static func rendered(for cocktail: Cocktail) -> Rendered {
        if let hit = cache.withLock({ $0[cocktail.id] }), hit.cocktail == cocktail { return hit.rendered }
        // Drawn outside the lock: two requests may draw the same picture at once, and both get
        // the same bytes, since the drawing is a pure function of the cocktail.
        let svg = CocktailIllustration.svg(for: cocktail)
        let rendered = Rendered(body: ByteBuffer(string: svg), version: String(ContentHash.hex(of: svg.utf8).prefix(12)))
        cache.withLock { $0[cocktail.id] = (cocktail, rendered) }
        return rendered
    }

    /// The picture's path on this server; the version in it changes whenever the picture does.
    /// An imported cocktail's downloaded photo is used as it is (its name is its content hash).
    public static func url(for cocktail: Cocktail) -> String {
        if let photo = cocktail.imageURL, photo.hasPrefix(ImportedImageFiles.urlPrefix) { return photo }
        return "/images/cocktails/\(cocktail.id).svg?v=\(rendered(for: cocktail).version)"
    }

    /// The picture's alt text.
    public static func altText(for cocktail: Cocktail, strings: UIStrings = .english) -> String {
        if cocktail.imageURL?.hasPrefix(ImportedImageFiles.urlPrefix) == true { return strings("alt_photo", ["name": cocktail.name]) }
        if let glass = cocktail.glass {
            let glassName = strings.language == .english ? glass.replacingOccurrences(of: "-", with: " ") : strings.glass(glass)
            return strings("alt_illustration_glass", ["name": cocktail.name, "glass": glassName])
        }
        return strings("alt_illustration", ["name": cocktail.name])
    }

    /// The response for `/images/cocktails/{id}.svg`: cached for good when the URL names the
    /// current version, revalidated by ETag otherwise.
    static func response(for cocktail: Cocktail, request: Request) -> Response {
        let rendered = rendered(for: cocktail)
        return CachedResponse.make(
            body: rendered.body, contentType: "image/svg+xml", etag: rendered.version,
            immutable: request.uri.queryParameters["v"].map(String.init) == rendered.version, request: request
        )
    }
}
