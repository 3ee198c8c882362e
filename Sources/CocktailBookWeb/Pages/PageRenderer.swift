import CocktailBook
import CocktailBookApp
import Foundation
import HTTPTypes
import Hummingbird
import Mustache

/// Renders page models with the bundled Mustache templates. Templates escape every value by
/// default, so catalog text can never turn into markup.
struct PageRenderer: Sendable {
    private let library: MustacheLibrary
    let assets: StaticAssets

    init(assets: StaticAssets) async throws {
        guard let directory = Bundle.module.url(forResource: "Templates", withExtension: nil) else {
            throw AppError(
                status: .internalServerError, code: "missing_templates",
                message: "The page templates are missing from the build.")
        }
        library = try await MustacheLibrary(directory: directory.path)
        self.assets = assets
    }

    /// Renders `page` with its template into an HTML response; its forms carry `context`'s
    /// CSRF token.
    func render<Page: PageModel>(_ page: Page, status: HTTPResponse.Status = .ok, context: some AppContext) -> Response
    {
        let frame = PageFrame(
            page: page, assets: assets.urls, catalogState: page.catalogState, csrfToken: context.csrfToken,
            viewer: ViewerModel(context.viewer),
            settingsHref: SettingsPage.link(from: context.pagePath),
            strings: context.strings, theme: context.settings.theme,
            // A page made for the response cache gets a hole here, filled when it is served.
            renderedAt: context.csrfToken == ResponseCache.csrfHole ? ResponseCache.renderedAtHole : RenderTime.now()
        )
        let html = library.render(frame, withTemplate: Page.template) ?? "Page template \(Page.template) is missing."
        // Not kept by the browser's HTTP cache: the service worker keeps pages for offline use,
        // and with both, Chromium aborted the navigation after a form's redirect when the page
        // was in its cache (test_catalog_states). The ETag still answers conditional requests.
        var headers: HTTPFields = [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"]
        // The service worker keeps only pages worth opening offline: of a route that says so
        // (``RoutePolicy/offline``), with a ready catalog and no error.
        if status == .ok, page.catalogState == "ready", context.keepsOffline { headers[.offlineCache] = "page" }
        // Whose pages these are: the service worker keeps each account's apart and empties the
        // one whose pages stop coming (a sign-out, another account on the same phone).
        headers[.offlineOwner] = frame.viewer.offlineOwner
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: html)))
    }
}

/// What every page model provides to the shared layout.
protocol PageModel: Sendable {
    /// The template's name, without extension.
    static var template: String { get }
    /// `loading`, `ready` or `failed`: tells the page script whether to wait for the catalog.
    var catalogState: String { get }
}

extension HTTPField.Name {
    /// `X-Offline-Cache: page|asset|picture` says how the service worker may keep an answer
    /// (``RoutePolicy/Offline``).
    static let offlineCache = HTTPField.Name("X-Offline-Cache")!
    /// `X-Offline-Owner`: who a page was made for (``ViewerModel/offlineOwner``).
    static let offlineOwner = HTTPField.Name("X-Offline-Owner")!
}

/// The page model plus what the layout needs, merged so templates can read both by name.
struct PageFrame<Page: PageModel>: MustacheParent {
    let page: Page
    let assets: StaticAssets.URLs
    let catalogState: String
    let csrfToken: String
    let viewer: ViewerModel
    /// Settings, remembering this page for its Back link.
    let settingsHref: String
    let strings: UIStrings
    let theme: Settings.Theme
    let renderedAt: String

    func child(named name: String) -> Any? {
        switch name {
        case "viewer": viewer
        case "settingsHref": settingsHref
        case "language": strings.language.rawValue
        case "dateLocale": DateText.localeTag(strings)
        // The interface's words: `{{t.key}}` in every template.
        case "t": strings.table
        // The chosen theme is written into <html> so the first paint is right, with or without script.
        case "themeAttribute": theme == .auto ? nil : theme.rawValue
        case "colorScheme": theme == .auto ? "light dark" : theme.rawValue
        case "assets": assets
        case "catalogState": catalogState
        case "csrfToken": csrfToken
        // When the page was made: the offline banner says how old a saved page is.
        case "renderedAt": renderedAt
        default: Self.unwrapped(Mirror(reflecting: page).children.first { $0.label == name }?.value)
        }
    }

    /// An absent optional must read as missing, or `{{#notice}}` would show for `nil`.
    private static func unwrapped(_ value: Any?) -> Any? {
        guard let value else { return nil }
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        return mirror.children.first.map(\.value)
    }
}

/// Who is looking, as every page's header needs it.
struct ViewerModel {
    /// The signed-in account's name; `nil` for the implicit owner and anonymous visitors.
    var name: String?
    /// May import, refresh and manage accounts.
    var isAdmin: Bool
    /// An anonymous visitor of a book with accounts: offered a Sign in link.
    var canSignIn: Bool
    /// May write recipes: offered New recipe and the trash.
    var canWrite: Bool
    /// Whose offline copies and queued changes a page's are: `owner` (a book without accounts),
    /// `account-7`, or `anonymous`. Only ever sent to that viewer.
    var offlineOwner: String
    /// The owner of a book without accounts: their page (new recipe, the trash) is linked by
    /// "My book", as an account's is by its name.
    var isOwner = false

    init(_ viewer: Viewer) {
        isAdmin = viewer.isAdmin
        canWrite = RecipeDesk.mayWrite(viewer)
        switch viewer {
        case .account(let account):
            name = account.name
            canSignIn = false
            offlineOwner = "account-\(account.id)"
        case .owner:
            canSignIn = false
            isOwner = true
            offlineOwner = "owner"
        case .anonymous(let accountMode):
            canSignIn = accountMode
            offlineOwner = "anonymous"
        }
    }
}
