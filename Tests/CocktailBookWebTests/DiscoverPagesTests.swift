import CocktailBookTestSupport
import CocktailsAPI
import Foundation
import HummingbirdTesting
import NIOCore
import Testing

/// Reading the Discover screens' HTML: rows, links and counts, with entities decoded.
enum DiscoverHTML {
    static func unescape(_ text: some StringProtocol) -> String {
        String(text).replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    /// The names of the list rows, in page order.
    static func rowNames(_ html: String) -> [String] {
        html.matches(of: /<span class="row-name">([^<]*)<\/span>/).map { unescape($0.1) }
    }

    /// The hrefs of the rows' links (`class="row…"`), in page order.
    static func rowHrefs(_ html: String) -> [String] {
        html.matches(of: /<a class="row[^"]*" href="([^"]*)">/).map { unescape($0.1) }
    }

    /// The `rel="next"` link, if any.
    static func nextHref(_ html: String) -> String? {
        html.firstMatch(of: /<a class="show-more" rel="next" href="([^"]*)">/).map { unescape($0.1) }
    }

    /// The back link's target and title.
    static func backLink(_ html: String) -> (href: String, title: String)? {
        html.firstMatch(
            of: /<a class="back-link" href="([^"]*)"><span class="chevron" aria-hidden="true">‹<\/span> ([^<]*)<\/a>/
        )
        .map { (unescape($0.1), unescape($0.2)) }
    }

    /// The result count line (`3 results`).
    static func resultCount(_ html: String) -> String? {
        html.firstMatch(of: /<p class="result-count" role="status">(?:<strong>)?([^<]*)</).map { unescape($0.1) }
    }

    /// The value of the `back` query item of a details link.
    static func backParameter(_ href: String) -> String? {
        URLComponents(string: href)?.queryItems?.first { $0.name == "back" }?.value
    }
}

@Suite("HTTP: Discover pages")
struct DiscoverPagesTests {
    @Test("search lists the matches best first, counts them and links back to the search")
    func search() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.discoverWaitUntilReady()
            let response = try await client.get("/search?q=marg")
            #expect(response.status == .ok)
            let html = String(buffer: response.body)
            // The seed catalog: both Margaritas by name prefix, then Bloody Mary as a one-letter typo of "mary".
            #expect(DiscoverHTML.rowNames(html) == ["Margarita", "Margarita Mocktail", "Bloody Mary"])
            #expect(DiscoverHTML.resultCount(html) == "3 results")
            #expect(html.contains(#"<input type="search" name="q" value="marg""#))
            let hrefs = DiscoverHTML.rowHrefs(html)
            #expect(
                hrefs.map { $0.components(separatedBy: "?").first } == [
                    "/cocktails/7", "/cocktails/11", "/cocktails/8",
                ])
            #expect(hrefs.allSatisfy { DiscoverHTML.backParameter($0) == "/search?q=marg" }, "\(hrefs)")
            let details = String(buffer: try await client.get(try #require(hrefs.first)).body)
            #expect(DiscoverHTML.backLink(details)?.href == "/search?q=marg")
            #expect(DiscoverHTML.backLink(details)?.title == "Search")

            let one = String(buffer: try await client.get("/search?q=screwdriver").body)
            #expect(DiscoverHTML.rowNames(one) == ["Screwdriver"])
            #expect(DiscoverHTML.resultCount(one) == "1 result")
        }
    }

    @Test("a search without matches says so and offers to clear it")
    func noMatches() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.discoverWaitUntilReady()
            let response = try await client.get("/search?q=zzzz")
            #expect(response.status == .ok)
            let html = String(buffer: response.body)
            #expect(html.contains("<p>No cocktails match \u{201C}zzzz\u{201D}</p>"))
            #expect(html.contains(#"<a class="button secondary" href="/">Clear search</a>"#))
            #expect(DiscoverHTML.rowNames(html).isEmpty)
            #expect(!html.contains("No cocktails in this list yet."))
            #expect(!html.contains("data-did-you-mean"), "nothing is near zzzz")
            // Words too far off to match: the nearest names, each a search of its own that keeps the filter.
            let near = String(buffer: try await client.get("/search?q=moheeto&filter=alcoholic").body)
            #expect(
                near.contains(
                    #"<p class="did-you-mean" data-did-you-mean>Did you mean: <a href="/search?q=Mojito&amp;filter=alcoholic">Mojito</a></p>"#
                ), "\(near)")
            let italian = String(buffer: try await client.get("/search?q=dakiri&lang=it").body)
            #expect(italian.contains(#"Forse cercavi: <a href="/search?q=Daiquiri">Daiquiri</a>"#))
            #expect(!italian.contains(", </p>"), "no comma after the last name")
            let filtered = String(buffer: try await client.get("/search?q=zzzz&filter=alcoholic").body)
            #expect(filtered.contains(#"href="/?filter=alcoholic">Clear search</a>"#))
        }
    }

    @Test("the main list is cut into pages of 50 with a link to the next")
    func mainListPages() async throws {
        try await withDiscoverBundledApp { client in
            let all = try await client.list().names
            let first = String(buffer: try await client.get("/").body)
            #expect(DiscoverHTML.rowNames(first) == Array(all[0..<50]))
            #expect(DiscoverHTML.nextHref(first) == "/?page=2")
            let second = String(buffer: try await client.get("/?page=2").body)
            #expect(DiscoverHTML.rowNames(second) == Array(all[50..<100]))
            #expect(second.contains(#"<a class="show-more" rel="next" href="/?page=3">"#))
            let last = String(buffer: try await client.get("/?page=7").body)
            #expect(DiscoverHTML.rowNames(last) == Array(all[300..<311]))
            #expect(DiscoverHTML.nextHref(last) == nil)
            let bad = try await client.get("/?page=x")
            #expect(bad.status == .badRequest)
            #expect(String(buffer: bad.body).contains("page must be a whole number"))
        }
    }

    @Test("the filter screen shows every group with the API's values and counts")
    func filtersPage() async throws {
        try await withDiscoverBundledApp { client in
            let facets: DiscoverFacetsBody = try await client.get("/api/v1/filters").decoded()
            let response = try await client.get("/filters")
            #expect(response.status == .ok)
            let html = String(buffer: response.body)
            #expect(
                html.matches(of: /<legend>([^<]*)<\/legend>/).map { String($0.1) } == [
                    "Alcoholic type", "Category", "Glass", "My bar", "Made it", "Ratings", "Order", "Ingredients",
                ])
            #expect(html.contains(#"<form class="filters" action="/results" method="get""#))
            for (name, values) in [
                ("filter", facets.kinds), ("category", facets.categories), ("glass", facets.glasses),
                ("ingredient", facets.ingredients),
            ] {
                let regex = try Regex(
                    #"name="\#(name)" value="([^"]*)"><span>[^<]*</span><span class="count">(\d+)</span>"#)
                let options = html.matches(of: regex).map { match in
                    DiscoverFacetsBody.Value(
                        value: DiscoverHTML.unescape(match.output[1].substring ?? ""),
                        count: Int(match.output[2].substring ?? "") ?? -1)
                }
                #expect(options == values, "\(name)")
            }
            #expect(html.contains(#"value="alcoholic"><span>Alcoholic</span>"#))
            #expect(html.contains(#"value="coupe"><span>Coupe</span><span class="count">50</span>"#))
        }
    }

    @Test(
        "results without a filter go back to the filter screen with a 400 and a note",
        arguments: ["/results", "/results?filter=all"])
    func resultsWithoutFilters(uri: String) async throws {
        try await withDiscoverBundledApp { client in
            let response = try await client.get(uri)
            #expect(response.status == .badRequest)
            let html = String(buffer: response.body)
            #expect(html.contains(#"<p class="notice" role="alert">Choose at least one filter to see results.</p>"#))
            #expect(html.contains("<legend>Alcoholic type</legend>"))
        }
    }

    @Test("results count the matches as the API does, each row a picture linking back to the results")
    func results() async throws {
        try await withDiscoverBundledApp { client in
            let api = try await client.discoverList("?glass=coupe")
            let response = try await client.get("/results?glass=coupe")
            #expect(response.status == .ok)
            let html = String(buffer: response.body)
            #expect(DiscoverHTML.resultCount(html) == "\(api.total) results")
            #expect(api.total == 50)
            #expect(html.contains("<strong>50 results</strong> · Coupe"))
            #expect(DiscoverHTML.rowNames(html) == api.names)
            let rows = html.matches(
                of: /<a class="row result-row[^"]*" href="([^"]*)">\s*<img class="thumb" src="([^"]*)"/)
            #expect(rows.count == api.total)
            for (row, cocktail) in zip(rows, api.cocktails) {
                let href = DiscoverHTML.unescape(row.1)
                #expect(href.hasPrefix("/cocktails/\(cocktail.id)?back="), "\(href)")
                #expect(DiscoverHTML.backParameter(href) == "/results?glass=coupe", "\(href)")
                #expect(DiscoverHTML.unescape(row.2) == cocktail.imageURL)
            }
            let alcoholic = String(buffer: try await client.get("/results?filter=alcoholic").body)
            #expect(DiscoverHTML.resultCount(alcoholic) == "241 results")
            #expect(DiscoverHTML.rowNames(alcoholic).count == 50)
            #expect(DiscoverHTML.nextHref(alcoholic) == "/results?filter=alcoholic&page=2")
        }
    }

    // A GET form submits spaces as "+": what the filter screen sends for "Tiki & Tropical".
    @Test("results read a filter value as the filter form submits it, with + for spaces")
    func resultsFromForm() async throws {
        try await withDiscoverBundledApp { client in
            let api = try await client.discoverList("?category=Tiki%20%26%20Tropical")
            #expect(api.total == 18)
            let html = String(buffer: try await client.get("/results?category=Tiki+%26+Tropical").body)
            #expect(DiscoverHTML.resultCount(html) == "18 results")
            #expect(DiscoverHTML.rowNames(html) == api.names)
            let search = String(buffer: try await client.get("/search?q=bloody+mary").body)
            #expect(search.contains(#"<input type="search" name="q" value="bloody mary""#))
        }
    }

    @Test("a details page opened from results links back to them; anything off-site falls back to the list")
    func backLinks() async throws {
        try await withDiscoverBundledApp { client in
            let fromResults = String(buffer: try await client.get("/cocktails/30?back=%2Fresults%3Fglass%3Dcoupe").body)
            #expect(DiscoverHTML.backLink(fromResults)?.href == "/results?glass=coupe")
            #expect(DiscoverHTML.backLink(fromResults)?.title == "Results")
            #expect(fromResults.contains(#"<h1 class="large-title">Negroni</h1>"#))
            for evil in ["//evil.example", "https%3A%2F%2Fevil.example", "%2F%2Fevil.example%2Fresults"] {
                let html = String(buffer: try await client.get("/cocktails/30?back=\(evil)").body)
                #expect(DiscoverHTML.backLink(html)?.href == "/", "\(evil)")
                #expect(DiscoverHTML.backLink(html)?.title == "All Cocktails", "\(evil)")
                #expect(!html.contains(#"name="back""#), "\(evil)")
                #expect(!html.contains("evil.example"), "\(evil)")
            }
        }
    }

    @Test("Feeling lucky redirects to a cocktail's details")
    func randomPage() async throws {
        try await withDiscoverBundledApp { client in
            let ids = Set(try await client.list().cocktails.map(\.id))
            for _ in 0..<3 {
                let response = try await client.get("/random")
                #expect(response.status == .seeOther)
                let location = try #require(response.headers[.location])
                let id = try #require(location.wholeMatch(of: /\/cocktails\/([0-9]+)/)?.1, "\(location)")
                #expect(ids.contains(String(id)))
                let details = try await client.get(location)
                #expect(details.status == .ok)
                let name = try await client.discoverDetail(String(id)).name
                let heading = String(buffer: details.body).firstMatch(of: /<h1 class="large-title">([^<]*)<\/h1>/)?.1
                #expect(heading.map(DiscoverHTML.unescape) == name)
            }
        }
    }

    @Test("the details page says when the recipe last changed, as the API does")
    func lastModified() async throws {
        try await withDiscoverBundledApp { client in
            for id in ["30", "47", "13"] {
                let label = try #require(try await client.discoverDetail(id).lastModifiedLabel)
                let html = String(buffer: try await client.get("/cocktails/\(id)").body)
                let inSentence = label.prefix(1).lowercased() + label.dropFirst()
                #expect(html.contains(#"<p class="last-modified">Last modified \#(inSentence)</p>"#), "\(id)")
            }
        }
    }

    @Test("the favorite form on a details page opened from results returns to it")
    func favoriteFromResults() async throws {
        try await withDiscoverBundledApp { client in
            let results = String(buffer: try await client.get("/results?glass=coupe").body)
            let href = try #require(DiscoverHTML.rowHrefs(results).dropFirst(3).first)
            let name = DiscoverHTML.rowNames(results)[3]
            let id = try #require(href.firstMatch(of: /\/cocktails\/([0-9]+)\?/)?.1)
            let details = String(buffer: try await client.get(href).body)
            #expect(details.contains(#"<input type="hidden" name="back" value="/results?glass=coupe">"#))
            #expect(details.contains(#"<input type="hidden" name="favorite" value="true">"#))
            #expect(details.contains(#"<form class="favorite-form" method="post" action="/cocktails/\#(id)/favorite""#))
            let posted = try await client.execute(
                uri: "/cocktails/\(id)/favorite", method: .post, headers: TestCSRF.formHeaders,
                body: TestCSRF.body("favorite=true&from=all&back=%2Fresults%3Fglass%3Dcoupe")
            )
            #expect(posted.status == .seeOther)
            let location = try #require(posted.headers[.location])
            #expect(location == href)
            #expect(DiscoverHTML.backParameter(location) == "/results?glass=coupe")
            #expect(try await client.discoverDetail(String(id)).isFavorite)
            let after = String(buffer: try await client.get("/results?glass=coupe").body)
            #expect(DiscoverHTML.rowNames(after).first == name)
            #expect(after.contains(#"<a class="row result-row is-favorite" href="\#(href)">"#))
        }
    }
}
