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

/// Every screen in Italian: the language comes from `Accept-Language`, `?lang=` or the
/// setting, `<html lang>` follows it, and no English word of the interface is left on the page.
@Suite("Pages in every language")
struct ItalianPagesTests {
    /// Per language, the English texts a page in it must not show: every catalog value that
    /// differs there, cut at its placeholders (so `{n} results` looks for ` results`), and long
    /// enough to mean something on its own, each with its whole-words pattern.
    static let englishOnly: [Language: [(text: String, pattern: NSRegularExpression?)]] = Dictionary(
        uniqueKeysWithValues: Language.allCases.dropFirst().map { language in
            let english = UIStrings.english.table
            let other = UIStrings.of(language).table
            let texts = english.compactMap { key, value -> String? in
                // The facts of a language (its name, shown in itself; its locale, units and
                // standard drink) are not words of the interface.
                guard other[key] != value, !key.hasPrefix("language_") else { return nil }
                return value.split(separator: "{").map { part in
                    String(part.split(separator: "}", maxSplits: 1).last ?? "")
                }.max { $0.count < $1.count }?.trimmingCharacters(in: .whitespaces)
            }.filter { $0.count >= 4 }
            // A phrase counts anywhere, as whole words; a single word only as a whole text.
            return (
                language,
                texts.map { english in
                    (
                        english,
                        english.contains(" ")
                            ? try? NSRegularExpression(
                                pattern: #"(^|[^\p{L}])"# + NSRegularExpression.escapedPattern(for: english)
                                    + #"($|[^\p{L}])"#) : nil
                    )
                }
            )
        })

    /// The words a reader sees: text between tags and the values of the attributes that are
    /// read aloud or shown (alt, aria-label, placeholder, title, data-confirm, data-t-*).
    static func visibleTexts(_ html: String) -> [String] {
        var texts: [String] = []
        let body = html.replacingOccurrences(
            of: #"<svg[\s\S]*?</svg>|<script[\s\S]*?</script>"#, with: " ", options: .regularExpression)
        for match in body.matches(of: #/>([^<]+)</#) {
            let text = String(match.1).trimmingCharacters(in: .whitespacesAndNewlines)
            if !text.isEmpty { texts.append(text) }
        }
        for match in body.matches(of: #/(?:alt|aria-label|placeholder|title|data-confirm|data-t-[a-z-]+)="([^"]*)"/#) {
            texts.append(String(match.1))
        }
        return texts.map {
            $0.replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&quot;", with: "\"")
                .replacingOccurrences(of: "&amp;", with: "&")
        }
    }

    /// The English strings found on `html`, a page in `language`, with where they were found.
    static func englishLeft(in html: String, language: Language = .italian) -> [String] {
        let texts = visibleTexts(html)
        return (englishOnly[language] ?? []).flatMap { english, pattern in
            texts.filter { text in
                // A single word ("Save") counts when it is the whole text, as on a button; a
                // phrase counts anywhere, as whole words.
                text == english
                    || (pattern.map { $0.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil }
                        ?? false)
            }.map { "\(english) ← \($0)" }
        }
    }

    static let italianHeaders: HTTPFields = [.acceptLanguage: "it-IT,it;q=0.9,en;q=0.8"]

    @Test("both catalogs have the same keys, no empty text and the same placeholders")
    func catalogsMatch() {
        let english = UIStrings.english.table
        let italian = UIStrings.of(.italian).table
        #expect(!english.isEmpty)
        #expect(Set(english.keys).subtracting(italian.keys).sorted() == [], "missing in Italian")
        #expect(Set(italian.keys).subtracting(english.keys).sorted() == [], "missing in English")
        for (key, value) in english {
            let placeholders = { (text: String) in Set(text.matches(of: #/\{[a-z]+\}/#).map { String($0.0) }) }
            #expect(placeholders(value) == placeholders(italian[key] ?? ""), "placeholders of \(key)")
            #expect(!value.isEmpty && !(italian[key] ?? "").isEmpty, "\(key) is empty")
            if key.hasSuffix("_one") {
                #expect(english[String(key.dropLast(4)) + "_other"] != nil, "\(key) has no _other form")
            }
        }
    }

    @Test("the check itself finds English left on a page")
    func checkCanFail() {
        #expect(
            Self.englishLeft(in: #"<p>No cocktails in this list yet.</p>"#) == [
                "No cocktails in this list yet. ← No cocktails in this list yet."
            ])
        #expect(
            Self.englishLeft(in: #"<input placeholder="Search cocktails or ingredients">"#).contains(
                "Search cocktails or ingredients ← Search cocktails or ingredients"))
        #expect(Self.englishLeft(in: #"<p>Nessun cocktail in questo elenco.</p>"#).isEmpty)
    }

    @Test(
        "every screen speaks the browser's language, with no English word of the interface left",
        arguments: ["it", "de", "fr", "es"])
    func everyScreen(_ code: String) async throws {
        let language = try #require(Language(rawValue: code))
        let glossary = try LanguageGlossary(code)
        let headers: HTTPFields = [.acceptLanguage: "\(code);q=0.9,en;q=0.5"]
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path, configure: { $0.catalogPath = nil }).test(.router) { client in
            try await client.waitUntilReady()
            let pages = [
                "/", "/?filter=non-alcoholic", "/?filter=alcoholic", "/search?q=gin", "/search?q=zzzzzz", "/filters",
                "/results?filter=alcoholic&category=Sour", "/results?glass=coupe&filter=non-alcoholic",
                "/results?ingredient=gin",
                "/cocktails/0", "/cocktails/3?servings=2", "/cocktails/0?back=%2Fsearch%3Fq%3Dgin", "/settings",
                "/import",
                "/account", "/nowhere", "/cocktails/999999", "/bar", "/bar/shopping", "/maintenance", "/offline",
                "/?page=2",
                "/?makeable=one-away", "/results?filter=alcoholic&makeable=now",
                "/cocktails/new", "/cocktails/new?adapt=0", "/cocktails/my-1", "/cocktails/my-1/edit",
                "/cocktails/my-1/history", "/trash", "/results?sort=rating&made=never", "/results?rated=yes",
                // Refusals read in Italian too.
                "/?filter=boozy", "/lists/999",
            ]
            // A drink of the book's own, with a second version, a note and a drink made.
            let made = try await client.execute(
                uri: "/api/v1/cocktails", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: #"{"name": "Casa", "ingredients": ["40 ml gin", "20 ml Campari"]}"#))
            #expect(made.status == .created)
            let second = try await client.execute(
                uri: "/api/v1/cocktails/my-1", method: .put,
                headers: [.contentType: "application/json", .ifMatch: #""v1""#],
                body: ByteBuffer(string: #"{"name": "Casa", "ingredients": ["45 ml gin", "20 ml Campari"]}"#))
            #expect(second.status == .ok)
            _ = try await client.execute(
                uri: "/api/v1/cocktails/my-1/note", method: .put, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: #"{"text": "più gin"}"#))
            _ = try await client.execute(uri: "/api/v1/cocktails/my-1/made", method: .post)
            // A list of two drinks: its page, its printed menu and its party sheet.
            let list = try await ListsHTTPTests.make(client, "Sabato", ["3", "2"])
            let listPages = [
                "/lists/\(list.id)", "/lists/\(list.id)/menu", "/lists/\(list.id)/plan?guests=12&perGuest=2",
            ]
            for path in pages + listPages {
                let response = try await client.execute(uri: path, method: .get, headers: headers)
                let html = String(buffer: response.body)
                #expect(html.contains(#"<html lang="\#(code)""#), "\(path) is not marked \(code)")
                #expect(Self.englishLeft(in: html, language: language) == [], "\(path)")
                // Word by word (no English word outside the glossary, no word it avoids), where the page speaks (not in what a form holds to edit, the
                // database's path, Foundation's currency names or the filter values a refusal
                // lists as they are typed).
                let spoken = html.replacingOccurrences(
                    of: #"<textarea[\s\S]*?</textarea>"#, with: " ", options: .regularExpression)
                let problems = Self.visibleTexts(spoken).filter {
                    $0.firstMatch(of: #/^[A-Z]{3} · |^/|: all, alcoholic/#) == nil
                }.flatMap { text in
                    glossary.problems(in: text).map { "\($0) in \"\(text)\"" }
                }
                #expect(problems == [], "\(path)")
            }
        }
    }

    @Test("a recipe's history reads in Italian: its lines in Italian words and the reader's units, English as saved")
    func historyInItalian() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path, configure: { $0.catalogPath = nil }).test(.router) { client in
            try await client.waitUntilReady()
            let made = try await client.execute(
                uri: "/api/v1/cocktails", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(
                    string: #"{"name": "Casa", "ingredients": ["2 oz rye whiskey", "1 oz sweet vermouth"]}"#))
            #expect(made.status == .created)
            let italian = String(
                buffer: try await client.execute(
                    uri: "/cocktails/my-1/history", method: .get, headers: Self.italianHeaders
                ).body)
            #expect(italian.contains("<li>30 ml di vermouth rosso</li>"), "\(italian)")
            #expect(!italian.contains("sweet vermouth"))
            let english = String(buffer: try await client.get("/cocktails/my-1/history").body)
            #expect(english.contains("<li>1 oz sweet vermouth</li>"))
        }
    }

    @Test("a house recipe in Italian: 200 g di zucchero, and the book's own version keeps its Italian name")
    func houseRecipeInItalian() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path, configure: { $0.catalogPath = nil }).test(.router) { client in
            try await client.waitUntilReady()
            let syrup = String(
                buffer: try await client.execute(
                    uri: "/bar/ingredients/simple%20syrup", method: .get, headers: Self.italianHeaders
                ).body)
            #expect(syrup.contains(#"<span class="amount">200 g</span> di zucchero"#), "\(syrup)")
            #expect(syrup.contains(#"<span class="amount">200 ml</span> d&#39;acqua"#))
            // The book's own honey syrup, named in English only.
            let own = try await client.execute(
                uri: "/api/v1/house-recipes/honey%20syrup", method: .put, headers: [.contentType: "application/json"],
                body: ByteBuffer(
                    string: #"{"names": {"en": "honey syrup"}, "minutes": 5, "yield": {"amount": 300, "unit": "ml"}, "#
                        + #""shelfLifeDays": 20, "storage": "fridge", "lines": [{"ingredient": "honey", "amount": 200, "#
                        + #""unit": "g"}, {"ingredient": "water", "amount": 100, "unit": "ml"}], "steps": {"en": ["Stir."]}}"#
                ))
            #expect(own.status == .created)
            let honey = String(
                buffer: try await client.execute(
                    uri: "/bar/ingredients/honey%20syrup", method: .get, headers: Self.italianHeaders
                ).body)
            #expect(honey.contains(#"<h1 class="large-title">sciroppo di miele</h1>"#), "\(honey)")
            #expect(honey.contains(#"<span class="amount">200 g</span> di miele"#))
        }
    }

    @Test("the list, search and details read in Italian: counts, the catalog's own texts, names and measures")
    func italianContent() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path, configure: { $0.catalogPath = nil }).test(.router) { client in
            try await client.waitUntilReady()
            let main = String(
                buffer: try await client.execute(uri: "/", method: .get, headers: Self.italianHeaders).body)
            #expect(main.contains(#"<h1 class="large-title">Tutti i cocktail</h1>"#))
            #expect(main.contains("Cerca cocktail o ingredienti"))
            let first = try #require(CatalogFile.cocktails.first { $0.name == "Mojito" })
            let italian = try #require(first.translations?["it"])
            let mojito = String(
                buffer: try await client.execute(
                    uri: "/cocktails/\(first.id)?units=ml", method: .get, headers: Self.italianHeaders
                ).body)
            #expect(mojito.contains(Self.escaped(italian.longDescription)))
            #expect(mojito.contains("<h2 id=\"ingredients-heading\">Ingredienti</h2>"))
            #expect(mojito.contains(">Preparazione</h2>"))
            #expect(mojito.contains("Bicchiere"))
            for step in italian.instructions ?? [] { #expect(mojito.contains(Self.escaped(step))) }
            #expect(!mojito.contains(Self.escaped(first.longDescription)))
            // One result, many results.
            let one = String(
                buffer: try await client.execute(uri: "/search?q=mojito", method: .get, headers: Self.italianHeaders)
                    .body)
            #expect(one.contains(">1 risultato<") || one.contains("risultati<"))
            let many = String(
                buffer: try await client.execute(uri: "/search?q=gin", method: .get, headers: Self.italianHeaders).body)
            #expect(many.contains(#/>\d+ risultati</#))
            // 22.5 ml is written 22,5 ml: the Margarita's Cointreau at ¾ oz is 22.5 ml.
            let decimal = String(
                buffer: try await client.execute(
                    uri: "/cocktails/0?units=ml", method: .get, headers: Self.italianHeaders
                ).body)
            #expect(decimal.contains("≈") && !decimal.contains(#/\d\.\d ml/#))
        }
    }

    @Test("?lang=it is remembered in the cookie; the setting overrides the browser both ways")
    func languageSetting() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let shared = try await client.get("/cocktails/1?lang=it")
            #expect(String(buffer: shared.body).contains(#"<html lang="it">"#))
            let cookie = try #require(SettingsHTTPTests.settingsCookie(shared))
            let later = String(
                buffer: try await client.execute(uri: "/", method: .get, headers: [.cookie: cookie]).body)
            #expect(later.contains(#"<html lang="it">"#) && later.contains("Tutti i cocktail"))
            // English chosen in the settings wins over an Italian browser.
            let saved = try await client.execute(
                uri: "/settings", method: .post, headers: TestCSRF.formHeaders,
                body: TestCSRF.body("lang=en&return=%2F"))
            let english = try #require(SettingsHTTPTests.settingsCookie(saved))
            var headers = Self.italianHeaders
            headers[.cookie] = english
            let page = String(buffer: try await client.execute(uri: "/", method: .get, headers: headers).body)
            #expect(page.contains(#"<html lang="en">"#) && page.contains("All Cocktails"))
            // The settings screen offers both languages, each named in itself.
            let settings = String(buffer: try await client.get("/settings").body)
            #expect(settings.contains("English") && settings.contains("Italiano") && settings.contains(#"name="lang""#))
        }
    }

    @Test("the JSON API answers in Italian for lang=it or an Italian browser: texts, lines and labels")
    func apiInItalian() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path, configure: { $0.catalogPath = nil }).test(.router) { client in
            try await client.waitUntilReady()
            let cocktail = try #require(CatalogFile.cocktails.first { $0.name == "Daiquiri" })
            let italian = try #require(cocktail.translations?["it"])
            let body = try await client.get("/api/v1/cocktails/\(cocktail.id)?lang=it&units=ml").jsonObject()
            #expect(body["longDescription"] as? String == italian.longDescription)
            #expect(body["instructions"] as? [String] == italian.instructions)
            let lines = (body["ingredients"] as? [[String: Any]])?.compactMap { $0["text"] as? String } ?? []
            #expect(lines.contains { $0.contains("succo di lime") }, "\(lines)")
            let browser = try await client.execute(
                uri: "/api/v1/cocktails/\(cocktail.id)", method: .get, headers: Self.italianHeaders)
            #expect(try browser.jsonObject()["shortDescription"] as? String == italian.shortDescription)
        }
    }

    @Test("search speaks Italian: menta, limone and vermouth rosso find drinks in the API and on the page")
    func searchInItalian() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path, configure: { $0.catalogPath = nil }).test(.router) { client in
            try await client.waitUntilReady()
            func names(_ path: String) async throws -> [String] {
                let body = try await client.get(path + "&perPage=200").jsonObject()
                return (body["cocktails"] as? [[String: Any]])?.compactMap { $0["name"] as? String } ?? []
            }
            let menta = try await names("/api/v1/cocktails?q=menta&lang=it")
            #expect(menta.contains("Mojito") && menta.contains("Mint Julep"), "\(menta)")
            // Every language at once: in English the name with the word leads, then the mint drinks.
            let englishMenta = try await names("/api/v1/cocktails?q=menta&lang=en")
            #expect(englishMenta.first == "Limonata alla Menta" && englishMenta.contains("Mojito"), "\(englishMenta)")
            #expect(try await names("/api/v1/cocktails?q=limone&lang=it").contains("Whiskey Sour"))
            let rosso = try await names("/api/v1/cocktails?q=vermouth%20rosso&lang=it")
            #expect(rosso.contains("Negroni") && !rosso.contains("Dry Martini"), "\(rosso)")
            // The page, with Italian chosen by the browser: the same drinks, under the Italian title.
            let page = String(
                buffer: try await client.execute(uri: "/search?q=menta", method: .get, headers: Self.italianHeaders)
                    .body)
            #expect(page.contains(#"row-name">Mojito<"#) && page.contains(#"row-name">Mint Julep<"#))
            let english = String(buffer: try await client.get("/search?q=menta").body)
            #expect(english.contains(#"row-name">Mojito<"#) && english.contains(#"row-name">Limonata alla Menta<"#))
        }
    }

    @Test("a drink's tags link to the drinks carrying them, named in the page's language")
    func tagsAsLinks() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path, configure: { $0.catalogPath = nil }).test(.router) { client in
            try await client.waitUntilReady()
            let penicillin = try #require(CatalogFile.cocktails.first { $0.name == "Penicillin" })
            let english = String(buffer: try await client.get("/cocktails/\(penicillin.id)").body)
            #expect(english.contains(#"<a href="/results?tag=smoky">smoky</a>"#))
            let italian = String(
                buffer: try await client.execute(
                    uri: "/cocktails/\(penicillin.id)", method: .get, headers: Self.italianHeaders
                ).body)
            #expect(italian.contains(#"<a href="/results?tag=smoky">affumicato</a>"#))
            let results = String(buffer: try await client.get("/results?tag=smoky").body)
            let names = results.matches(of: #/class="row-name">([^<]+)</#).map { String($0.1) }
            #expect(
                names.sorted() == ["Division Bell", "Illegal", "Mezcal Negroni", "Oaxaca Old Fashioned", "Penicillin"])
            let api = try await client.get("/api/v1/cocktails?tag=smoky").jsonObject()
            #expect((api["cocktails"] as? [[String: Any]])?.count == 5)
            #expect(
                try await client.get("/api/v1/cocktails?tag=\(String(repeating: "x", count: 61))").status == .badRequest
            )
        }
    }

    @Test("the Italian details page and API link measure and ingredient with di: 6 rametti di menta fresca")
    func recipeLinesWithDi() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path, configure: { $0.catalogPath = nil }).test(.router) { client in
            try await client.waitUntilReady()
            let mojito = try #require(CatalogFile.cocktails.first { $0.name == "Mojito" })
            let html = String(
                buffer: try await client.execute(
                    uri: "/cocktails/\(mojito.id)?units=ml", method: .get, headers: Self.italianHeaders
                ).body)
            #expect(
                html.contains(
                    #"<span class="measure">6 rametti</span> di <span class="ingredient-name">menta fresca</span>"#))
            #expect(
                html.contains(#"<span class="measure">45 ml</span> di <span class="ingredient-name">rum bianco</span>"#)
            )
            #expect(html.contains(#"<span class="ingredient-name">Soda</span><span class="note">, per colmare</span>"#))
            let body = try await client.get("/api/v1/cocktails/\(mojito.id)?lang=it&units=ml").jsonObject()
            let lines = (body["ingredients"] as? [[String: Any]])?.compactMap { $0["text"] as? String } ?? []
            #expect(lines.contains("6 rametti di menta fresca"), "\(lines)")
            #expect(lines.contains("Soda, per colmare"), "\(lines)")
            let tonic = try #require(CatalogFile.cocktails.first { $0.name == "Gin and Tonic" })
            let gin = String(
                buffer: try await client.execute(
                    uri: "/cocktails/\(tonic.id)?units=ml", method: .get, headers: Self.italianHeaders
                ).body)
            #expect(
                gin.contains(
                    #"<span class="measure">120 ml</span> d&#39;<span class="ingredient-name">acqua tonica</span><span class="note">, fredda</span>"#
                ))
        }
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&#39;")
            .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}

/// The bundled catalog file, read as the app reads it.
enum CatalogFile {
    static let cocktails: [Cocktail] = {
        (try? JSONDecoder().decode([Cocktail].self, from: BundledCatalog.data)) ?? []
    }()
}
