import CocktailBook
import CocktailBookApp
import CocktailBookStore
import Foundation
import Hummingbird

/// `/settings?back=/cocktails/11%3Fservings%3D2`: theme, language, units and servings, with a Back
/// link to the page the person came from (`back`, or the older `return`; only a path on this
/// site, else `/`). The form posts `theme`, `lang`, `units` and `servings` to `POST /settings`,
/// which saves them (in the cookie, and with the account when someone is signed in) and goes
/// back to the page named by `return`: without script, that same page the person came from.
struct SettingsController<Context: AppContext>: Sendable {
    let database: any AppStore
    let renderer: PageRenderer

    func addRoutes(to routes: RouteBuilder<Context>) {
        let router = routes.routes("", .anyone)
        router.get("/settings") { request, context in
            var page = SettingsPage(
                context.settings, language: context.language, returnPath: SettingsPage.backPath(FormQuery(request)),
                regionStandard: StandardDrink.grams(
                    for: context.language, acceptLanguage: request.headers[.acceptLanguage]))
            // Only a member has a bar of their own to share with the household.
            if case .account = context.viewer, context.keepsPersonalRecords {
                page.showBarSharing(context.settings, strings: context.strings)
            }
            return renderer.render(page, context: context)
        }
        router.post("/settings", use: save)
    }

    @Sendable func save(request: Request, context: Context) async throws -> Response {
        let form = try context.submittedForm().decode(SettingsForm.self)
        let settings = context.settings.applying { form.fields[$0] ?? nil }
        if case .account(let account) = context.viewer { try await database.saveSettings(settings, for: account.id) }
        var response = Response.redirect(to: LocalPath.sanitized(form.return ?? "/settings"), type: .normal)
        response.headers[.setCookie] = SettingsCookie.set(settings, secure: context.isHTTPS)
        return response
    }
}

/// The settings screen: one group of choices per setting, the current one checked.
struct SettingsPage: PageModel {
    static let template = "settings"
    let catalogState = "ready"
    var themes: [Choice]
    var languages: [Choice]
    var units: [Choice]
    var servings: [Choice]
    /// Grams in one standard drink: the region's, or one chosen.
    var standardDrinks: [Choice]
    /// Whether the household may follow this person's bar: shown to members only.
    var barSharing: [Choice] = []
    var hasBarSharing = false
    var returnPath: String
    /// Where the form goes after saving without script: back where the person came from. (The
    /// page script saves each change in the background and asks for this screen instead.)
    var saveReturn: String

    /// The link to this screen from the page at `pagePath`: it carries the page as `back`,
    /// unless that is the main list (the default) or this screen itself.
    static func link(from pagePath: String) -> String {
        let path = LocalPath.sanitized(pagePath)
        if path == "/" || path == "/settings" || path.hasPrefix("/settings?") { return "/settings" }
        return "/settings?back=" + (path.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "%2F")
    }

    /// Where Back leads: the local path in `back` (or `return`), else the main list.
    static func backPath(_ query: FormQuery) -> String {
        let path = LocalPath.sanitized(query["back"] ?? query["return"] ?? "/")
        return path == "/settings" || path.hasPrefix("/settings?") ? "/" : path
    }

    init(_ settings: Settings, language: Language, returnPath: String, regionStandard: Int = 10) {
        let strings = UIStrings.of(language)
        themes = Settings.Theme.allCases.map {
            Choice(value: $0.rawValue, label: strings["settings_theme_" + $0.rawValue], selected: settings.theme == $0)
        }
        // Each language is named in itself, so anyone can find their own.
        languages =
            [Choice(value: "auto", label: strings["settings_language_auto"], selected: settings.language == nil)]
            + Language.allCases.map {
                Choice(
                    value: $0.rawValue, label: UIStrings.of($0)["language_name"], selected: settings.language == $0,
                    langAttribute: $0 == language ? nil : $0.rawValue)
            }
        // Until chosen, the units follow the language (the first choice says which it gives).
        units =
            [
                Choice(
                    value: "auto", label: strings("settings_units_auto", ["units": settings.units.rawValue]),
                    selected: !settings.unitsChosen)
            ]
            + Settings.Units.allCases.map {
                Choice(value: $0.rawValue, label: $0.rawValue, selected: settings.unitsChosen && settings.units == $0)
            }
        servings = Settings.servingsRange.map {
            Choice(value: String($0), label: String($0), selected: settings.servings == $0)
        }
        standardDrinks =
            [
                Choice(
                    value: "auto", label: strings("settings_standard_drink_auto", ["g": String(regionStandard)]),
                    selected: settings.standardDrink == nil)
            ]
            + StandardDrink.choices.map {
                Choice(
                    value: String($0), label: strings("settings_standard_drink_" + String($0)),
                    selected: settings.standardDrink == $0)
            }
        self.returnPath = returnPath
        saveReturn = returnPath
    }

    mutating func showBarSharing(_ settings: Settings, strings: UIStrings) {
        barSharing = [("private", false), ("shared", true)].map {
            Choice(value: $0.0, label: strings["settings_bar_" + $0.0], selected: settings.sharesBar == $0.1)
        }
        hasBarSharing = true
    }
}

/// The settings form: each field it sends changes that setting (see ``Settings/applying(_:)``).
struct SettingsForm: PageForm {
    var theme, lang, units, servings, bar, std: String?
    /// The page to go back to (a path of this site).
    var `return`: String?

    var fields: [String: String?] {
        ["theme": theme, "lang": lang, "units": units, "servings": servings, "bar": bar, "std": std]
    }
}
