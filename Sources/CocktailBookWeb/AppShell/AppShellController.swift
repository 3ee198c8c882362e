import CocktailBook
import CocktailBookApp
import CocktailDrawings
import Foundation
import Hummingbird

/// What makes the book an installable app: the web app manifest, the icons, the service worker
/// and the offline page it falls back to.
struct AppShellController<Context: AppContext>: Sendable {
    let shell: AppShellFiles
    let renderer: PageRenderer

    func addRoutes(to routes: RouteBuilder<Context>) {
        // Nothing of the book's content: answered to everyone, a private book's visitors too.
        let router = routes.routes("", RoutePolicy(openWhenPrivate: true, offline: .asset))
        let worker = routes.routes("", .open)
        router.get("/manifest.webmanifest") { request, context in
            CachedResponse.make(
                body: shell.manifest(strings: context.strings), contentType: "application/manifest+json",
                etag: shell.version + context.language.rawValue, immutable: false, request: request)
        }
        router.get("/icons/:name") { request, context in
            guard let icon = shell.icons[try context.parameters.require("name")] else { throw HTTPError(.notFound) }
            return CachedResponse.make(
                body: icon.body, contentType: icon.contentType, etag: icon.version, immutable: false, request: request)
        }
        router.get("/favicon.ico") { request, _ in
            guard let icon = shell.icons["favicon-32.png"] else { throw HTTPError(.notFound) }
            return CachedResponse.make(
                body: icon.body, contentType: icon.contentType, etag: icon.version, immutable: false, request: request)
        }
        worker.get("/sw.js") { request, _ in
            var response = CachedResponse.make(
                body: shell.serviceWorker, contentType: "text/javascript; charset=utf-8", etag: shell.version,
                immutable: false, request: request)
            // Browsers check for a new worker on every navigation; it must never come from a cache.
            response.headers[.cacheControl] = "no-cache"
            // The worker fetches pages, assets and pictures of this site, and nothing else.
            response.headers[.contentSecurityPolicy] = "default-src 'self'"
            return response
        }
        routes.routes("", RoutePolicy(openWhenPrivate: true, offline: .page)).get("/offline") { _, context in
            renderer.render(OfflinePage(), context: context)
        }
    }
}

/// The offline page: shown by the service worker for a page never visited, with a way to what
/// is saved.
struct OfflinePage: PageModel {
    static let template = "offline"
    let catalogState = "ready"
}

/// The icons, the manifest and the service worker, read once at start-up. `version` changes
/// whenever any file of the shell does, and names the worker's caches.
struct AppShellFiles: Sendable {
    let icons: [String: StaticAssets.Asset]
    let version: String
    let serviceWorker: ByteBuffer
    private let assetURLs: StaticAssets.URLs

    init(assets: StaticAssets) throws {
        var icons: [String: StaticAssets.Asset] = [:]
        let names = [
            "icon-192.png", "icon-512.png", "icon-maskable-512.png", "apple-touch-icon.png", "favicon-32.png",
            "favicon.svg",
        ]
        for name in names {
            guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Assets/icons")
            else {
                throw AppError(
                    status: .internalServerError, code: "missing_asset", message: "\(name) is missing from the build.")
            }
            let data = try Data(contentsOf: url)
            icons[name] = StaticAssets.Asset(
                body: ByteBuffer(bytes: data), contentType: name.hasSuffix(".svg") ? "image/svg+xml" : "image/png",
                version: ContentHash.hex(of: data))
        }
        guard let workerURL = Bundle.module.url(forResource: "sw.js", withExtension: nil, subdirectory: "Assets") else {
            throw AppError(
                status: .internalServerError, code: "missing_asset", message: "sw.js is missing from the build.")
        }
        let template = try String(contentsOf: workerURL, encoding: .utf8)
        let shellURLs =
            [assets.urls.css, assets.urls.js, "/offline", "/manifest.webmanifest"] + names.map { "/icons/\($0)" }
        // The version covers the worker itself, the assets it caches and every icon.
        let fingerprint = [template, assets.urls.css, assets.urls.js] + names.map { icons[$0]?.version ?? "" }
        version = ContentHash.hex(of: Array(fingerprint.joined(separator: "\n").utf8))
        let shellList = "[" + shellURLs.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
        serviceWorker = ByteBuffer(
            string: template.replacingOccurrences(of: "__VERSION__", with: version).replacingOccurrences(
                of: "__SHELL__", with: shellList))
        self.icons = icons
        assetURLs = assets.urls
    }

    /// The web app manifest, named in the asker's language.
    func manifest(strings: UIStrings) -> ByteBuffer {
        let icons: [[String: String]] = [
            ["src": "/icons/icon-192.png", "sizes": "192x192", "type": "image/png", "purpose": "any"],
            ["src": "/icons/icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "any"],
            ["src": "/icons/icon-maskable-512.png", "sizes": "512x512", "type": "image/png", "purpose": "maskable"],
        ]
        let manifest: [String: Any] = [
            "id": "/", "name": strings["app_name"], "short_name": strings["manifest_short_name"],
            "description": strings["manifest_description"], "lang": strings.language.rawValue,
            "start_url": "/", "scope": "/", "display": "standalone", "orientation": "any",
            "theme_color": "#6a35c9", "background_color": "#f2f2f7", "icons": icons,
            "categories": ["food", "lifestyle"],
        ]
        let data = (try? JSONSerialization.data(withJSONObject: manifest, options: [.sortedKeys])) ?? Data()
        return ByteBuffer(bytes: data)
    }
}
