import CocktailBook
import CocktailBookStore
import CocktailBookTestSupport
import CocktailBookWeb
import CocktailsAPI
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CocktailBookApp

/// Settings over HTTP: the theme in <html>, the language, units and servings.
@Suite("Settings over HTTP")
struct SettingsHTTPTests {
    /// A form's headers carrying the CSRF cookie and the settings cookie `settings`.
    static func form(with settings: String) -> HTTPFields {
        [.contentType: "application/x-www-form-urlencoded", .cookie: TestCSRF.cookie + "; " + settings]
    }

    static func settingsCookie(_ response: TestResponse) -> String? {
        response.headers[values: .setCookie].first { $0.hasPrefix("cocktailbook_settings=") }?.split(separator: ";")
            .first.map(String.init)
    }

    @Test("the form saves theme, language, units and servings in a cookie; pages follow it without script")
    func formAndCookie() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let plain = String(buffer: try await client.get("/").body)
            #expect(plain.contains(#"<html lang="en">"#))
            #expect(plain.contains(#"<meta name="color-scheme" content="light dark">"#))
            #expect(plain.contains(#"href="/settings""#))
            let saved = try await client.execute(
                uri: "/settings", method: .post, headers: TestCSRF.formHeaders,
                body: TestCSRF.body("theme=dark&lang=en&units=ml&servings=2&return=%2Fcocktails%2F11")
            )
            #expect(saved.status == .seeOther)
            #expect(saved.headers[.location] == "/cocktails/11")
            let cookie = try #require(Self.settingsCookie(saved))
            #expect(cookie == "cocktailbook_settings=theme=dark&lang=en&units=ml&servings=2")
            let details = String(
                buffer: try await client.execute(uri: "/cocktails/11", method: .get, headers: [.cookie: cookie]).body)
            #expect(details.contains(#"<html lang="en" data-theme="dark">"#))
            #expect(details.contains(#"<meta name="color-scheme" content="dark">"#))
            #expect(
                details.contains(
                    #"<span class="measure">60 ml</span> <span class="ingredient-name">fresh lime juice</span>"#))
            #expect(details.contains("2 servings"))
            #expect(details.contains("Total ≈ 300 ml")) // 2 × (1 + 1 ½ + ½ + 2 oz soda) in ml
            // One serving in ml: 1 oz is 30 ml; the query wins over the cookie for this request.
            let one = String(
                buffer: try await client.execute(
                    uri: "/cocktails/11?servings=1", method: .get, headers: [.cookie: cookie]
                ).body)
            #expect(
                one.contains(
                    #"<span class="measure">30 ml</span> <span class="ingredient-name">fresh lime juice</span>"#))
            #expect(one.contains(#"href="/cocktails/11?servings=2""#))
            let page = String(
                buffer: try await client.execute(uri: "/settings", method: .get, headers: [.cookie: cookie]).body)
            #expect(
                page.contains(#"value="dark" checked"#) && page.contains(#"value="ml" checked"#)
                    && page.contains(#"value="2" selected"#))
        }
    }

    @Test("the settings link carries the page it is on; Back and the plain form return there, never off the site")
    func backToWhereThePersonCameFrom() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let drink = String(buffer: try await client.get("/cocktails/11?servings=3").body)
            #expect(drink.contains(#"href="/settings?back=%2Fcocktails%2F11%3Fservings%3D3""#))
            let filters = String(buffer: try await client.get("/filters").body)
            #expect(filters.contains(#"href="/settings?back=%2Ffilters""#))
            #expect(String(buffer: try await client.get("/").body).contains(#"href="/settings""#))

            let settings = String(buffer: try await client.get("/settings?back=%2Fcocktails%2F11%3Fservings%3D3").body)
            #expect(settings.contains(#"class="back-link" href="/cocktails/11?servings=3""#))
            #expect(settings.contains(#"name="return" value="/cocktails/11?servings=3""#))
            for hostile in ["https%3A%2F%2Fevil.example", "%2F%2Fevil.example", "%2F%5Cevil.example", "%2Fsettings"] {
                let page = String(buffer: try await client.get("/settings?back=" + hostile).body)
                #expect(page.contains(#"class="back-link" href="/""#), "back=\(hostile)")
            }
            let saved = try await client.execute(
                uri: "/settings", method: .post, headers: TestCSRF.formHeaders,
                body: TestCSRF.body("units=ml&return=%2Fcocktails%2F11%3Fservings%3D3"))
            #expect(saved.headers[.location] == "/cocktails/11?servings=3")
        }
    }

    @Test("an Italian browser gets Italian pages; ?lang=it is remembered")
    func language() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let italian = try await client.execute(
                uri: "/", method: .get, headers: [.acceptLanguage: "it-IT,it;q=0.9,en;q=0.8"])
            #expect(String(buffer: italian.body).contains(#"<html lang="it">"#))
            let shared = try await client.get("/cocktails/1?lang=it")
            let cookie = try #require(Self.settingsCookie(shared))
            #expect(cookie.contains("lang=it"))
            #expect(String(buffer: try await client.get("/settings").body).contains("Italiano"))
        }
    }

    @Test(
        "units follow the language until chosen: a switch to Italian pours in ml, chosen ounces survive it, and By language brings it back"
    )
    func unitsFollowTheLanguage() async throws {
        let database = try await AccountsHTTPTests.book()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            func measure(_ cookie: String) async throws -> String? {
                let page = String(
                    buffer: try await client.execute(uri: "/cocktails/11", method: .get, headers: [.cookie: cookie])
                        .body)
                return page.firstMatch(of: /<span class="measure">([^<]+)<\/span>/).map { String($0.1) }
            }
            // A visitor who never chose: English pours in ounces; the switch to Italian, in ml.
            #expect(String(buffer: try await client.get("/cocktails/11").body).contains(#"class="measure">1 oz<"#))
            let switched = try #require(Self.settingsCookie(try await client.get("/cocktails/11?lang=it")))
            #expect(!switched.contains("units="), "a language switch chooses no units: \(switched)")
            #expect(try await measure(switched) == "30 ml")
            // Ounces chosen on purpose stay ounces in Italian and back in English.
            let chose = try await client.execute(
                uri: "/settings", method: .post, headers: Self.form(with: switched),
                body: TestCSRF.body("units=oz"))
            let ounces = try #require(Self.settingsCookie(chose))
            #expect(ounces.contains("units=oz") && ounces.contains("lang=it"))
            #expect(try await measure(ounces) == "1 oz")
            let english = try #require(
                Self.settingsCookie(
                    try await client.execute(uri: "/cocktails/11?lang=en", method: .get, headers: [.cookie: ounces])))
            #expect(english.contains("units=oz") && english.contains("lang=en"))
            // The settings page offers "By language" and checks it until units are chosen.
            let settings = String(
                buffer: try await client.execute(uri: "/settings", method: .get, headers: [.cookie: switched]).body)
            #expect(settings.contains(#"name="units" value="auto" checked> Secondo la lingua (ml)"#))
            let auto = try #require(
                Self.settingsCookie(
                    try await client.execute(
                        uri: "/settings", method: .post, headers: Self.form(with: ounces),
                        body: TestCSRF.body("units=auto"))))
            let autoMeasure = try await measure(auto)
            #expect(!auto.contains("units=") && autoMeasure == "30 ml")

            // An account that never chose: the switch to Italian is stored without units.
            let alice = try await AccountsHTTPTests.signIn(client, "alice", "alice password")
            _ = try await client.execute(uri: "/cocktails/11?lang=it", method: .get, headers: [.cookie: alice])
            #expect(try await measure(alice) == "30 ml")
        }
        let stored = try await AppDatabase(path: database.path).settings(of: 1)
        #expect(stored?.language == .italian && stored?.unitsChosen == false)
    }

    @Test("a signed-in account keeps its settings in the database, in every browser")
    func accountSettings() async throws {
        let database = try await AccountsHTTPTests.book()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let alice = try await AccountsHTTPTests.signIn(client, "alice", "alice password")
            _ = try await client.execute(
                uri: "/settings", method: .post, headers: AccountsHTTPTests.form(alice),
                body: TestCSRF.body("theme=light&units=cl"))
            let elsewhere = try await AccountsHTTPTests.signIn(client, "alice", "alice password")
            let page = String(
                buffer: try await client.execute(uri: "/cocktails/11", method: .get, headers: [.cookie: elsewhere]).body
            )
            #expect(page.contains(#"data-theme="light""#))
            #expect(
                page.contains(
                    #"<span class="measure">3 cl</span> <span class="ingredient-name">fresh lime juice</span>"#))
        }
        let stored = try await AppDatabase(path: database.path).settings(of: 1)
        #expect(stored?.units == .cl && stored?.theme == .light)
    }

    @Test("the detail API converts on request and answers 400 for units or servings it cannot use")
    func apiConversion() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let body = try await client.get("/api/v1/cocktails/11?units=ml&servings=4").jsonObject()
            let first = try #require((body["ingredients"] as? [[String: Any]])?.first)
            #expect(first["amount"] as? Double == 120)
            #expect(first["unit"] as? String == "ml")
            #expect(first["text"] as? String == "120 ml fresh lime juice")
            let plain = try await client.get("/api/v1/cocktails/11").jsonObject()
            #expect(((plain["ingredients"] as? [[String: Any]])?.first?["text"] as? String) == "1 oz fresh lime juice")
            #expect(try await client.get("/api/v1/cocktails/11?units=gallons").status == .badRequest)
            #expect(try await client.get("/api/v1/cocktails/11?servings=13").status == .badRequest)
        }
    }
}
