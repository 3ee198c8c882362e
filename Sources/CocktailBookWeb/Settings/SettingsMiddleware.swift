import CocktailBook
import CocktailBookApp
import CocktailBookStore
import HTTPTypes
import Hummingbird

/// Works out the viewer's settings for a request, in this order: a query parameter (`lang`,
/// `units`, `servings`) › the signed-in account's saved settings › the settings cookie ›
/// the defaults, with the language from `Accept-Language` when none is chosen. `?lang=` on any
/// page also saves the language, so a shared link opens in the sharer's language for good; a
/// request that was refused (any answer of 400 or more) saves nothing, and a read-only book
/// never writes an account's settings.
struct SettingsMiddleware<Context: AppContext>: RouterMiddleware {
    let database: any AppStore
    /// `--public-read-only`: nothing is written to the database.
    let isReadOnly: Bool
    /// Accounts' saved settings, read once per database change.
    private let accountSettings: DatabaseMemo<Int64, Settings?>

    init(database: any AppStore, isReadOnly: Bool) {
        self.database = database
        self.isReadOnly = isReadOnly
        accountSettings = DatabaseMemo(changes: database.changes)
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        var context = context
        let cookie = request.cookies[SettingsCookie.name]?.value
        var saved = cookie.map { Settings(cookieValue: $0) } ?? Settings()
        if case .account(let account) = context.viewer,
            let stored = try? await accountSettings.value(
                for: account.id, reading: { try await database.settings(of: account.id) })
        {
            saved = stored
        }
        // Units nobody chose follow the language: millilitres in Italian, ounces in English; a
        // language switch keeps them following it, and chosen units survive one.
        let unitsChosen = saved.unitsChosen
        let query = FormQuery(request)
        context.pagePath = request.uri.path + (request.uri.query.map { $0.isEmpty ? "" : "?" + $0 } ?? "")
        let sharedLanguage = query["lang"].flatMap(Language.init(rawValue:))
        if let sharedLanguage { saved.language = sharedLanguage }
        context.settings = saved.applying { name in name == "units" || name == "servings" ? query[name] : nil }
        // The browser's languages, read once for the language and the region's standard drink.
        let browser = AcceptLanguage.ranked(request.headers[.acceptLanguage])
        context.language = context.settings.language ?? Language(preferring: browser)
        context.standardDrinkGrams =
            context.settings.standardDrink ?? StandardDrink.grams(for: context.language, rankedTags: browser)
        if !unitsChosen {
            saved.units = Self.defaultUnits(for: context.language)
            if query["units"].flatMap(Settings.Units.init(rawValue:)) == nil { context.settings.units = saved.units }
        }
        var response = try await next(request, context)
        if sharedLanguage != nil, response.status.code < 400 {
            if case .account(let account) = context.viewer, !isReadOnly {
                try? await database.saveSettings(saved, for: account.id)
            }
            response.headers.append(
                HTTPField(name: .setCookie, value: SettingsCookie.set(saved, secure: context.isHTTPS)))
        }
        return response
    }
}

extension SettingsMiddleware {
    /// The units a language's bars pour in, for whoever has not chosen: its strings'
    /// `language_default_units` (`ml` in Italian), ounces when they say none.
    static func defaultUnits(for language: Language) -> Settings.Units {
        UIStrings.of(language).table["language_default_units"].flatMap(Settings.Units.init(rawValue:)) ?? .oz
    }
}

/// The visitor's settings cookie: a year long, readable by our script (it holds no secret).
enum SettingsCookie {
    static let name = "cocktailbook_settings"

    static func set(_ settings: Settings, secure: Bool) -> String {
        "\(name)=\(settings.cookieValue); Path=/; Max-Age=31536000; SameSite=Lax" + (secure ? "; Secure" : "")
    }
}
