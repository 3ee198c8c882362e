import Hummingbird

/// What the app's handlers need from a request context beyond Hummingbird's own.
protocol AppContext: RequestContext {
    /// This browser's CSRF token (see ``CSRFToken``): written into every form of the page and
    /// compared with the form field on submission.
    var csrfToken: String { get set }
}

/// The request context of the app.
struct AppRequestContext: AppContext {
    var coreContext: CoreRequestContextStorage
    var csrfToken = ""

    init(source: Source) {
        coreContext = .init(source: source)
    }
}
