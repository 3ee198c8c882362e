import CocktailBook
import CocktailBookStore
import Foundation
import Hummingbird

/// `/settings`: theme, units and servings (and `lang`, which the JSON API already answers in;
/// the screen offers it once the interface itself is translated). The form posts `theme`,
/// `units` and `servings` to `POST /settings`, which saves them (in the cookie, and with the account when
/// someone is signed in) and goes back to the page named by `return`.
struct SettingsController<Context: AppContext>: Sendable {
    let database: AppDatabase
    let renderer: PageRenderer

    func addRoutes(to router: Router<Context>) {
        router.get("/settings") { request, context in
            renderer.render(SettingsPage(context.settings, language: context.language, returnPath: LocalPath.sanitized(FormQuery(request)["return"] ?? "/")), context: context)
        }
        router.post("/settings", use: save)
    }

    @Sendable func save(request: Request, context: Context) async throws -> Response {
        let form = try await FormFields(request: request)
        try CSRFToken.verify(form["csrf"], context: context, request: request)
        let settings = context.settings.applying { form[$0] }
        if case .account(let account) = context.viewer { try database.saveSettings(settings, for: account.id) }
        var response = Response.redirect(to: LocalPath.sanitized(form["return"] ?? "/settings"), type: .normal)
        response.headers[.setCookie] = SettingsCookie.set(settings)
        return response
    }
}

/// The settings screen: one group of choices per setting, the current one checked.
struct SettingsPage: PageModel {
    static let template = "settings"
    let catalogState = "ready"
    var themes: [Choice]
    var units: [Choice]
    var servings: [Choice]
    var returnPath: String
    /// Where the form goes back to after saving without script: this screen, still knowing
    /// where "Back" leads.
    var saveReturn: String

    struct Choice {
        var value: String
        var label: String
        var isChecked: Bool
    }

    init(_ settings: Settings, language: Language, returnPath: String) {
        themes = [("auto", "Automatic"), ("light", "Light"), ("dark", "Dark")].map {
            Choice(value: $0.0, label: $0.1, isChecked: settings.theme.rawValue == $0.0)
        }
        units = Settings.Units.allCases.map { Choice(value: $0.rawValue, label: $0.rawValue, isChecked: settings.units == $0) }
        servings = Settings.servingsRange.map { Choice(value: String($0), label: String($0), isChecked: settings.servings == $0) }
        self.returnPath = returnPath
        saveReturn = "/settings?return=" + (returnPath.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "%2F")
    }
}
