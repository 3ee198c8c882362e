import CocktailBook
import CocktailBookApp
import Foundation
import Hummingbird
import Synchronization

/// The stylesheet and script, read once at start-up and served under URLs that carry a hash of
/// their content, so browsers may cache them for good and still never see a stale copy.
struct StaticAssets: Sendable {
    struct Asset: Sendable {
        var body: ByteBuffer
        var contentType: String
        var version: String
    }

    /// The versioned URLs pages link to.
    struct URLs: Sendable {
        var css: String
        var js: String
    }

    let assets: [String: Asset]
    let urls: URLs

    init() throws {
        var assets: [String: Asset] = [:]
        for (name, type) in [("app.css", "text/css; charset=utf-8"), ("app.js", "text/javascript; charset=utf-8")] {
            guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Assets") else {
                throw AppError(
                    status: .internalServerError, code: "missing_asset", message: "\(name) is missing from the build.")
            }
            let data = try Data(contentsOf: url)
            assets[name] = Asset(body: ByteBuffer(bytes: data), contentType: type, version: ContentHash.hex(of: data))
        }
        self.assets = assets
        urls = URLs(
            css: "/assets/app.css?v=\(assets["app.css"]!.version)", js: "/assets/app.js?v=\(assets["app.js"]!.version)")
    }

    /// The response for `/assets/{name}`: cached for a year when the URL names the current
    /// version, revalidated otherwise.
    func response(for name: String, request: Request) throws -> Response {
        guard let asset = assets[name] else { throw HTTPError(.notFound) }
        let requested = request.uri.queryParameters["v"].map(String.init)
        return CachedResponse.make(
            body: asset.body, contentType: asset.contentType, etag: asset.version,
            immutable: requested == asset.version, request: request
        )
    }
}

/// Builds responses for content that is identified by a hash: an `ETag`, `304` on a match,
/// and gzip (compressed once per version) for clients that take it.
enum CachedResponse {
    static func make(body: ByteBuffer, contentType: String, etag: String, immutable: Bool, request: Request) -> Response
    {
        // Text compresses; photos and PNGs are compressed already.
        let isText =
            contentType.hasPrefix("text/") || ["json", "javascript", "svg"].contains { contentType.contains($0) }
        let gzip =
            body.readableBytes >= 1024 && isText && ResponseCacheMiddleware<AppRequestContext>.acceptsGzip(request)
        let quoted = "\"\(etag)\(gzip ? "-gz" : "")\""
        var headers: HTTPFields = [
            .eTag: quoted,
            .cacheControl: immutable ? "public, max-age=31536000, immutable" : "public, max-age=0, must-revalidate",
            .vary: "Accept-Encoding",
        ]
        if request.headers[.ifNoneMatch]?.split(separator: ",").contains(where: {
            $0.trimmingCharacters(in: .whitespaces) == quoted
        }) == true {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = contentType
        if gzip, let compressed = Compressed.body(of: body, version: etag) {
            headers[.contentEncoding] = "gzip"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: compressed))
        }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: body))
    }

    /// Compressed bodies by version; a few thousand at most (pictures of a big catalog).
    private enum Compressed {
        static let store = Mutex<[String: ByteBuffer]>([:])

        static func body(of body: ByteBuffer, version: String) -> ByteBuffer? {
            if let kept = store.withLock({ $0[version] }) { return kept }
            guard let gzip = SplicedGzip(literals: [body]) else { return nil }
            var compressed = ByteBuffer()
            for part in gzip.body(filling: []) { compressed.writeImmutableBuffer(part) }
            store.withLock { store in
                if store.count >= 2_000 { store.removeAll() }
                store[version] = compressed
            }
            return compressed
        }
    }
}
