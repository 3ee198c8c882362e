import CocktailBookTestSupport
import CocktailsAPI
import Foundation
import HummingbirdTesting
import NIOCore
import Testing

/// The HTML screens and form actions, through the real app: content and order, not just status.
@Suite("HTTP: pages")
struct PagesTests {
    @Test("the main page lists every cocktail in display order under its filter's title")
    func mainPage() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let page = try await client.get("/?filter=alcoholic")
            #expect(page.status == .ok)
            #expect(page.headers[.contentType] == "text/html; charset=utf-8")
            let html = String(buffer: page.body)
            #expect(html.contains("<title>Alcoholic Cocktails · Cocktail Book</title>"))
            #expect(html.contains(#"<h1 class="large-title">Alcoholic Cocktails</h1>"#))
            #expect(html.contains(#"<a class="segment" href="/?filter=alcoholic" aria-current="page">Alcoholic</a>"#))
            #expect(HTML.rowNames(in: html) == WebFixtures.alcoholicNames)
            #expect(html.contains(#"href="/cocktails/3?from=alcoholic""#))
        }
    }

    @Test("a favorite posted through the form is pinned and marked on the list")
    func favoriteForm() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let posted = try await client.execute(
                uri: "/cocktails/11/favorite", method: .post,
                headers: TestCSRF.formHeaders, body: TestCSRF.body("favorite=true&from=non-alcoholic")
            )
            #expect(posted.status == .seeOther)
            #expect(posted.headers[.location] == "/cocktails/11?from=non-alcoholic")
            let html = String(buffer: try await client.get("/?filter=non-alcoholic").body)
            #expect(HTML.rowNames(in: html).first == "Margarita Mocktail")
            #expect(html.contains(#"<a class="row is-favorite" href="/cocktails/11?from=non-alcoholic">"#))
            let details = String(buffer: try await client.get("/cocktails/11?from=non-alcoholic").body)
            #expect(details.contains(#"aria-pressed="true""#))
            #expect(details.contains(#"<input type="hidden" name="favorite" value="false">"#))
            #expect(details.contains(#"<a class="back-link" href="/?filter=non-alcoholic">"#))
            #expect(details.contains("Non-Alcoholic Cocktails</a>"))
        }
    }

    @Test(
        "an IBA drink's page says its recipe is the IBA's and lists each variant beside it, in the chosen units and language"
    )
    func variantsOnDetails() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let html = String(buffer: try await client.get("/cocktails/7").body)
            #expect(html.contains(#"<p class="spec-note">As the IBA specifies it</p>"#))
            let variants = try #require(html.range(of: #"<section class="variants""#))
            let recipe = try #require(html.range(of: #"<section class="ingredients""#))
            #expect(recipe.lowerBound < variants.lowerBound, "the recipe comes first")
            let section = String(html[variants.lowerBound...]).components(separatedBy: "</section>")[0]
            #expect(section.contains(#"<h2 id="variants-heading">Variations</h2>"#))
            #expect(section.contains("<h3>House Margarita</h3>"))
            #expect(
                section.contains("Our everyday pour: more tequila and twice the lime, for a sharper and bigger drink."))
            #expect(section.matches(of: /<span class="ingredient-name">/).count == 4)
            // The variant's own amounts, in the default ounces; the IBA recipe above has its own.
            #expect(
                section.contains(
                    #"<span class="measure">1 oz</span> <span class="ingredient-name">fresh lime juice</span>"#))
            #expect(
                section.contains(
                    #"<span class="measure">2 oz</span> <span class="ingredient-name">blanco tequila</span>"#))
            let ibaPart = String(html[..<variants.lowerBound])
            #expect(
                ibaPart.contains(
                    #"<span class="measure">½ oz</span> <span class="ingredient-name">fresh lime juice</span>"#))
            #expect(
                !ibaPart.contains(
                    #"<span class="measure">2 oz</span> <span class="ingredient-name">blanco tequila</span>"#))

            let scaled = String(buffer: try await client.get("/cocktails/7?servings=2&units=ml").body)
            let scaledVariants = String(
                scaled[try #require(scaled.range(of: #"<section class="variants""#)).lowerBound...])
            #expect(
                scaledVariants.contains(
                    #"<span class="measure">60 ml</span> <span class="ingredient-name">fresh lime juice</span>"#))
            #expect(
                scaledVariants.contains(
                    #"<span class="measure">120 ml</span> <span class="ingredient-name">blanco tequila</span>"#))

            let italian = String(
                buffer: try await client.execute(uri: "/cocktails/7", method: .get, headers: [.acceptLanguage: "it"])
                    .body)
            #expect(
                italian.contains(#"<p class="spec-note">Secondo la ricetta ufficiale IBA</p>"#))
            #expect(italian.contains(#"<h2 id="variants-heading">Varianti</h2>"#))
            #expect(italian.contains("<h3>Margarita della casa</h3>"))
            #expect(italian.contains("succo di lime fresco</span>"))

            // A drink that is neither on an IBA list nor has variants shows neither.
            let plain = String(buffer: try await client.get("/cocktails/9").body)
            #expect(!plain.contains("spec-note") && !plain.contains("variants-heading"))
        }
    }

    @Test("the details page shows time, picture, description and every ingredient, escaped")
    func detailsPage() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let html = String(buffer: try await client.get("/cocktails/9").body)
            #expect(html.contains(#"<h1 class="large-title">Screwdriver</h1>"#))
            #expect(html.contains("<span>1 minute</span>"))
            #expect(html.contains(#"<a class="back-link" href="/">"#))
            #expect(html.contains(#"alt="Illustration: Screwdriver in a highball glass""#))
            let detail: DetailBody = try await client.get("/api/v1/cocktails/9").decoded()
            #expect(html.contains(#"<img src="\#(detail.imageURL)""#))
            #expect(html.matches(of: /<span class="ingredient-name">/).count == detail.ingredients.count)
            #expect(html.contains(#"<span class="measure">1 ½ oz</span> <span class="ingredient-name">vodka</span>"#))
            #expect(
                html.contains(
                    #"<span class="measure">4 oz</span> <span class="ingredient-name">fresh orange juice</span>"#))
            #expect(html.contains("<h2 id=\"instructions-heading\">Instructions</h2>"))
            #expect(html.contains("<dt>Glass</dt><dd>Highball</dd>"))
            #expect(html.contains("≈ 11% ABV") || html.contains("≈ 10% ABV") || html.contains("≈ 12% ABV"))
            // 1 ½ oz of vodka at 40 %: 14.0 g of alcohol, 1.4 drinks of 10 g (1.2 Italian units of 12 g).
            #expect(html.contains(">1.4 standard drinks (10 g)</span>"))
            let italian = String(
                buffer: try await client.execute(uri: "/cocktails/9", method: .get, headers: [.acceptLanguage: "it"])
                    .body)
            #expect(italian.contains(">1,2 unità alcoliche (12 g)</span>"))
            // The region's standard: 14 g in the United States, a unit of 8 g in the United Kingdom.
            for (header, text) in [
                ("en-US,en;q=0.9", ">1 standard drink (14 g)</span>"), ("en-GB", ">1.7 standard drinks (8 g)</span>"),
            ] {
                let page = String(
                    buffer: try await client.execute(
                        uri: "/cocktails/9", method: .get, headers: [.acceptLanguage: header]
                    ).body)
                #expect(page.contains(text), "\(header)")
            }
            // A standard chosen in the settings wins over the region, and survives a switch of language.
            let chosen = String(
                buffer: try await client.execute(
                    uri: "/cocktails/9?lang=it", method: .get,
                    headers: [.acceptLanguage: "en-US", .cookie: "cocktailbook_settings=theme=auto&servings=1&std=8"]
                ).body)
            #expect(chosen.contains(">1,7 unità alcoliche (8 g)</span>"))
            #expect(html.contains("Ingredients</h2>"))
        }
    }

    @Test("bad input gets a friendly page with the right status, and nothing changes")
    func badInput() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let missing = try await client.get("/cocktails/404")
            #expect(missing.status == .notFound)
            #expect(String(buffer: missing.body).contains("Cocktail not found"))
            #expect(String(buffer: missing.body).contains(#"href="/""#))
            let badFilter = try await client.get("/?filter=beer")
            #expect(badFilter.status == .badRequest)
            #expect(String(buffer: badFilter.body).contains("is not a filter"))
            let badForm = try await client.execute(
                uri: "/cocktails/1/favorite", method: .post,
                headers: TestCSRF.formHeaders, body: TestCSRF.body("favorite=maybe")
            )
            #expect(badForm.status == .badRequest)
            #expect(try await client.list().cocktails.allSatisfy { !$0.isFavorite })
        }
    }

    @Test("Try again redirects back to the page it was on, never off the site")
    func refreshRedirect() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            for (field, location) in [
                ("/?filter=alcoholic", "/?filter=alcoholic"), ("//evil.example", "/"), ("https://evil.example", "/"),
            ] {
                let body = "return=" + field.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
                let response = try await client.execute(
                    uri: "/catalog/refresh", method: .post,
                    headers: TestCSRF.formHeaders, body: TestCSRF.body(body)
                )
                #expect(response.status == .seeOther)
                #expect(response.headers[.location] == location)
            }
        }
    }

    @Test("a failed source with nothing cached shows the failure and Try again")
    func failurePage() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path, sourceFailures: 1).test(.router) { client in
            try await client.waitForCatalog { $0.state == "failed" }
            let html = String(buffer: try await client.get("/").body)
            #expect(
                html.contains("We couldn&#39;t load the cocktails") || html.contains("We couldn't load the cocktails"))
            #expect(html.contains(#"<button class="button" type="submit">Try again</button>"#))
            #expect(html.contains(#"data-catalog-state="failed""#))
            #expect(HTML.rowNames(in: html).isEmpty)
        }
    }

    @Test("while loading, the page says so and refreshes itself without JavaScript")
    func loadingPage() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path, sourceLatency: .seconds(600)).test(.router) { client in
            let html = String(buffer: try await client.get("/").body)
            #expect(html.contains("Loading cocktails…"))
            #expect(html.contains(#"<noscript><meta http-equiv="refresh" content="2"></noscript>"#))
            #expect(html.contains(#"data-catalog-state="loading""#))
        }
    }
}

enum HTML {
    /// The cocktail names of the list rows, in page order.
    static func rowNames(in html: String) -> [String] {
        html.matches(of: /<span class="row-name">([^<]*)<\/span>/).map {
            String($0.1).replacingOccurrences(of: "&#39;", with: "'")
        }
    }
}
