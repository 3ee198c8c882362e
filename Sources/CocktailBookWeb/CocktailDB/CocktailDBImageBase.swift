import CocktailBook
import CocktailBookApp
import Hummingbird

/// Where pictures live as seen by the client that asked: TheCocktailDB's `strDrinkThumb` is an
/// absolute URL, and clients load it as is (often with `/preview` appended), so it has to name
/// the host the client reached us by rather than the address we listen on.
struct CocktailDBImageBase: Sendable, Equatable {
    /// `http://host[:port]`, without a trailing slash.
    var origin: String

    /// The origin of `request`: its `Host` header, or `fallbackHost` when it has none or one we
    /// would not dare to echo into a URL. When `forwarded` (the request came from a proxy the
    /// book trusts, ``ProxyTrust``), the proxy's `X-Forwarded-Host` and `X-Forwarded-Proto` name
    /// what the client really reached; from anyone else they are ignored. The book's public
    /// address (`--public-url`), when set, replaces all of this (see ``SecurityHeadersMiddleware``).
    static func origin(of request: Request, fallbackHost: String, forwarded: Bool) -> String {
        // Under HTTP/1 the Host header arrives as the authority; test clients may send it as a header.
        var candidates = [request.headers[.init("Host")!], request.head.authority]
        if forwarded {
            let host = request.headers[.init("X-Forwarded-Host")!]?.split(separator: ",").first.map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            candidates.insert(host, at: 0)
        }
        let host = candidates.compactMap { $0 }.first(where: AppConfiguration.isPlainHost)
        let proto =
            forwarded
            ? request.headers[.init("X-Forwarded-Proto")!]?.split(separator: ",").first?.trimmingCharacters(
                in: .whitespaces
            ).lowercased() : nil
        return "\(proto == "https" ? "https" : "http")://\(host ?? fallbackHost)"
    }

    /// The picture's absolute URL: the JPEG rendering when there is an up-to-date one, else the
    /// SVG; an imported drink's own photo is its picture here too. Unversioned, unlike our own API's, because clients append `/preview`, `/small`,
    /// `/medium` or `/large` to it and a query string would end up in the middle.
    func url(for cocktail: Cocktail) -> String {
        if let photo = cocktail.imageURL, photo.hasPrefix(ImportedImageFiles.urlPrefix) { return origin + photo }
        return "\(origin)/images/cocktails/\(cocktail.id).\(RasterPictures.isAvailable(for: cocktail) ? "jpg" : "svg")"
    }
}
