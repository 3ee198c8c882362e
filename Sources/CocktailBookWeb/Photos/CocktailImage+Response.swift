import CocktailBook
import CocktailBookApp
import Hummingbird

extension CocktailImage {
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
