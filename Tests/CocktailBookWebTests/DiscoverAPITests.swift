import CocktailBookTestSupport
import CocktailBookWeb
import CocktailsAPI
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CocktailBookApp

/// Builds the real app on `path` serving the 170-cocktail bundled catalog, instantly, quietly.
func makeDiscoverBundledApp(databasePath path: String) async throws -> some ApplicationProtocol {
    try await buildApplication(
        configuration: AppConfiguration.forTests(
            databasePath: path, sourceLatency: .zero, catalogPath: nil, logLevel: .error
        ))
}

/// `GET /api/v1/cocktails` with its paging keys, mirrored independently of the app's types.
struct DiscoverListBody: Decodable, Equatable {
    var title: String
    var filter: String
    var query: String
    var total: Int
    var page: Int
    var perPage: Int
    var nextPage: Int?
    var cocktails: [SummaryBody]
    var names: [String] { cocktails.map(\.name) }
    var ids: [String] { cocktails.map(\.id) }
}

/// `GET /api/v1/cocktails/{id}` and `GET /api/v1/random`, with the fields these tests read.
struct DiscoverDetailBody: Decodable, Equatable {
    var id, name: String
    var ingredients: [LineBody]
    var glass, category, dateModified, lastModifiedLabel: String?
    var isFavorite: Bool
}

/// `GET /api/v1/filters`.
struct DiscoverFacetsBody: Decodable, Equatable {
    struct Value: Decodable, Equatable {
        var value: String
        var count: Int
    }

    var kinds, categories, glasses, ingredients: [Value]
}

extension TestClientProtocol {
    /// Polls until the catalog is ready, patiently: many apps load at once when the tests run in parallel.
    func discoverWaitUntilReady(sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await waitForCatalog(sourceLocation: sourceLocation) { $0.state == "ready" }
    }

    /// The list for `query` with its paging keys, expecting a 200.
    func discoverList(_ query: String = "") async throws -> DiscoverListBody {
        let response = try await get("/api/v1/cocktails\(query)")
        #expect(response.status == .ok, "\(query): \(String(buffer: response.body))")
        return try response.decoded()
    }

    func discoverDetail(_ id: String) async throws -> DiscoverDetailBody {
        let response = try await get("/api/v1/cocktails/\(id)")
        #expect(response.status == .ok, "\(id): \(String(buffer: response.body))")
        return try response.decoded()
    }
}

/// Runs `body` against a ready app serving the bundled catalog.
func withDiscoverBundledApp(_ body: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
    let database = try TemporaryDatabase()
    defer { database.remove() }
    try await makeDiscoverBundledApp(databasePath: database.path).test(.router) { client in
        try await client.discoverWaitUntilReady()
        try await body(client)
    }
}

/// Whether `phrase`'s words appear together among `text`'s words, ignoring case.
private func containsWords(_ text: String, _ phrase: String) -> Bool {
    let words = text.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
    let wanted = phrase.lowercased().split(separator: " ").map(String.init)
    guard wanted.count <= words.count else { return false }
    return (0...(words.count - wanted.count)).contains { Array(words[$0..<($0 + wanted.count)]) == wanted }
}

@Suite("HTTP: Discover API")
struct DiscoverAPITests {
    @Test("q=marg ranks name-prefix matches first, names starting with it leading, then the typos, with paging keys")
    func searchMarg() async throws {
        try await withDiscoverBundledApp { client in
            let response = try await client.get("/api/v1/cocktails?q=marg")
            #expect(response.status == .ok)
            let object = try response.jsonObject()
            #expect(
                Set(object.keys) == ["title", "filter", "query", "total", "page", "perPage", "nextPage", "cocktails"])
            #expect(object["nextPage"] is NSNull)
            let list: DiscoverListBody = try response.decoded()
            #expect(list.query == "marg")
            #expect(
                list.names == [
                    "Margarita", "Margarita Mocktail", "Frozen Margarita", "Grand Margarita", "Tommy's Margarita",
                    "Mary Pickford", "Bloody Mary", "Virgin Mary", "Barracuda", "Illegal", "Kamikaze", "Matador",
                    "Paloma",
                ])
            #expect(list.total == 13 && list.page == 1 && list.perPage == 50 && list.nextPage == nil)
            // Every name with a word starting "marg" comes before every name without one.
            let hasPrefix = list.names.map { $0.lowercased().split(separator: " ").contains { $0.hasPrefix("marg") } }
            #expect(hasPrefix == Array(repeating: true, count: 5) + Array(repeating: false, count: 8))
        }
    }

    @Test("typos and ingredients are searched: negorni finds Negroni, campari every Campari drink")
    func searchTyposAndIngredients() async throws {
        try await withDiscoverBundledApp { client in
            let negorni = try await client.discoverList("?q=negorni")
            #expect(negorni.names.first == "Negroni")
            #expect(negorni.total == negorni.cocktails.count)
            let campari = try await client.discoverList("?q=campari")
            #expect(campari.names.contains("Negroni"))
            let withCampari = try await client.discoverList("?ingredient=Campari")
            #expect(withCampari.total == 17)
            #expect(Set(withCampari.names).isSubset(of: Set(campari.names)), "\(withCampari.names) vs \(campari.names)")
        }
    }

    @Test("kind is another name for filter, and it narrows with glass")
    func kindAndGlass() async throws {
        try await withDiscoverBundledApp { client in
            let byFilter = try await client.discoverList("?filter=alcoholic&glass=coupe")
            let byKind = try await client.discoverList("?kind=alcoholic&glass=coupe")
            #expect(byFilter == byKind)
            #expect(byFilter.total == 50 && byFilter.cocktails.count == 50)
            #expect(byFilter.filter == "alcoholic")
            #expect(byFilter.cocktails.allSatisfy { $0.kind == "alcoholic" })
            #expect(
                byFilter.names == byFilter.names.sorted { $0.localizedCaseInsensitiveCompare($1) == .orderedAscending })
            for row in byFilter.cocktails {
                #expect(try await client.discoverDetail(row.id).glass == "coupe", "\(row.name)")
            }
            let none = try await client.discoverList("?kind=non-alcoholic&glass=coupe")
            let all = try await client.discoverList("?glass=COUPE")
            #expect(byFilter.total + none.total == all.total)
        }
    }

    @Test("repeated ingredients must all be in the drink")
    func ingredientsAllRequired() async throws {
        try await withDiscoverBundledApp { client in
            let both = try await client.discoverList("?ingredient=gin&ingredient=campari")
            #expect(both.names == ["Cardinale", "Enzoni", "Jasmine", "Lucien Gaudin", "Negroni"])
            for row in both.cocktails {
                let names = try await client.discoverDetail(row.id).ingredients.compactMap(\.ingredient)
                #expect(names.contains { containsWords($0, "gin") }, "\(row.name): \(names)")
                #expect(names.contains { containsWords($0, "campari") }, "\(row.name): \(names)")
            }
            let gin = try await client.discoverList("?ingredient=gin")
            #expect(gin.total == 56)
            #expect(Set(both.ids).isSubset(of: Set(gin.ids)))
        }
    }

    @Test("category narrows to its cocktails, ignoring case")
    func category() async throws {
        try await withDiscoverBundledApp { client in
            let sour = try await client.discoverList("?category=Sour&perPage=100")
            #expect(sour.total == 70 && sour.cocktails.count == 70)
            #expect(Array(sour.names.prefix(3)) == ["Amaretto Sour", "Aperitivo Sour", "Army & Navy"])
            #expect(try await client.discoverList("?category=sour&perPage=100") == sour)
            for row in sour.cocktails.prefix(10) {
                #expect(try await client.discoverDetail(row.id).category == "Sour", "\(row.name)")
            }
            let spaced = try await client.discoverList("?category=Tiki%20%26%20Tropical")
            #expect(spaced.total == 18)
        }
    }

    @Test("without page or perPage the first 50 matches and the next page; following it gives every match once")
    func firstPage() async throws {
        try await withDiscoverBundledApp { client in
            let first = try await client.discoverList()
            #expect(first.total == 311 && first.cocktails.count == 50)
            #expect(first.page == 1 && first.perPage == 50 && first.nextPage == 2)
            var ids = first.ids
            var next = first.nextPage
            while let page = next {
                let more = try await client.discoverList("?page=\(page)")
                #expect(more.page == page && more.perPage == 50)
                ids += more.ids
                next = more.nextPage
            }
            #expect(ids.count == 311 && Set(ids).count == 311)
            let widest = try await client.discoverList("?perPage=1000")
            #expect(widest.perPage == 200 && widest.cocktails.count == 200 && widest.nextPage == 2)
            #expect(Array(widest.ids.prefix(50)) == first.ids, "one order, whatever the page size")
        }
    }

    @Test("page and perPage cut one order; the last page has no next; perPage is clamped to 200")
    func paging() async throws {
        try await withDiscoverBundledApp { client in
            let all = try await client.list()
            #expect(all.cocktails.count == 311)
            let ids = all.cocktails.map(\.id)
            let second = try await client.discoverList("?page=2&perPage=50")
            #expect(second.ids == Array(ids[50..<100]))
            #expect(second.total == 311 && second.page == 2 && second.perPage == 50 && second.nextPage == 3)
            let third = try await client.discoverList("?page=3&perPage=50")
            #expect(third.ids == Array(ids[100..<150]) && third.nextPage == 4)
            let lastResponse = try await client.get("/api/v1/cocktails?page=7&perPage=50")
            #expect(try lastResponse.jsonObject()["nextPage"] is NSNull)
            let last: DiscoverListBody = try lastResponse.decoded()
            #expect(last.ids == Array(ids[300..<311]) && last.nextPage == nil && last.page == 7)
            let defaultSize = try await client.discoverList("?page=2")
            #expect(defaultSize.perPage == 50 && defaultSize.ids == second.ids)
            let clamped = try await client.discoverList("?perPage=500")
            #expect(clamped.perPage == 200 && clamped.ids == Array(ids[0..<200]) && clamped.nextPage == 2)
            let beyond = try await client.discoverList("?page=9&perPage=50")
            #expect(beyond.cocktails.isEmpty && beyond.total == 311 && beyond.nextPage == nil)
            let searched = try await client.discoverList("?q=marg&page=2&perPage=4")
            #expect(
                searched.names == ["Tommy's Margarita", "Mary Pickford", "Bloody Mary", "Virgin Mary"]
                    && searched.nextPage == 3
            )
        }
    }

    @Test(
        "a bad page or perPage is a 400 JSON error",
        arguments: [
            ("?page=0", "invalid_page", "\"0\""), ("?page=x", "invalid_page", "\"x\""),
            ("?page=-1", "invalid_page", "\"-1\""),
            ("?perPage=0", "invalid_perPage", "\"0\""), ("?page=2&perPage=lots", "invalid_perPage", "\"lots\""),
            // Every language the book speaks is named, not only the first two it had.
            ("?lang=pt", "invalid_lang", "en, de, es, fr, it, not pt"),
        ])
    func badPage(query: String, code: String, quoted: String) async throws {
        try await withDiscoverBundledApp { client in
            let response = try await client.get("/api/v1/cocktails\(query)")
            #expect(response.status == .badRequest)
            #expect(response.isJSON)
            let error: ErrorBody = try response.decoded()
            #expect(error.error.code == code)
            #expect(error.error.message.contains(quoted), "\(error.error.message)")
        }
    }

    @Test("filters lists each group's values with counts that match the filters")
    func filters() async throws {
        try await withDiscoverBundledApp { client in
            let response = try await client.get("/api/v1/filters")
            #expect(response.status == .ok && response.isJSON)
            let object = try response.jsonObject()
            #expect(Set(object.keys) == ["kinds", "categories", "glasses", "ingredients"])
            for (key, value) in object {
                let rows = try #require(value as? [[String: Any]], "\(key)")
                #expect(!rows.isEmpty, "\(key)")
                #expect(
                    rows.allSatisfy {
                        Set($0.keys) == ["value", "count"] && $0["value"] is String && $0["count"] is Int
                    }, "\(key)")
            }
            let facets: DiscoverFacetsBody = try response.decoded()
            let total = try await client.discoverList().total
            #expect(facets.kinds.map(\.value) == ["alcoholic", "non-alcoholic"])
            #expect(facets.kinds.map(\.count).reduce(0, +) == total)
            #expect(facets.categories.map(\.count).reduce(0, +) == total)
            #expect(facets.glasses.map(\.count).reduce(0, +) == total)
            for group in [facets.categories, facets.glasses, facets.ingredients] {
                #expect(
                    group.map(\.value)
                        == group.map(\.value).sorted { $0.localizedCaseInsensitiveCompare($1) == .orderedAscending })
                #expect(group.allSatisfy { $0.count >= 1 })
            }
            let checks: [(Int?, String)] = [
                (facets.kinds.first { $0.value == "alcoholic" }?.count, "?filter=alcoholic"),
                (facets.glasses.first { $0.value == "coupe" }?.count, "?glass=coupe"),
                (facets.categories.first { $0.value == "Sour" }?.count, "?category=Sour"),
                (facets.categories.first { $0.value == "Tiki & Tropical" }?.count, "?category=Tiki%20%26%20Tropical"),
                (facets.ingredients.first { $0.value == "Campari" }?.count, "?ingredient=Campari"),
                (facets.ingredients.first { $0.value == "London dry gin" }?.count, "?ingredient=London%20dry%20gin"),
            ]
            for (count, query) in checks {
                let filtered = try await client.discoverList(query).total
                #expect(count != nil && count == filtered, "\(query)")
            }
        }
    }

    @Test("random answers a full cocktail of the catalog, the same as its detail")
    func random() async throws {
        try await withDiscoverBundledApp { client in
            let ids = Set(try await client.list().cocktails.map(\.id))
            for _ in 0..<5 {
                let response = try await client.get("/api/v1/random")
                #expect(response.status == .ok && response.isJSON)
                let keys = Set(try response.jsonObject().keys)
                #expect(
                    keys.isSuperset(of: [
                        "id", "name", "ingredients", "instructions", "abv", "lastModifiedLabel", "imageURL",
                    ]))
                let random: DetailBody = try response.decoded()
                #expect(ids.contains(random.id), "\(random.id)")
                #expect(!random.ingredients.isEmpty)
                let detail: DetailBody = try await client.get("/api/v1/cocktails/\(random.id)").decoded()
                #expect(detail == random)
            }
        }
    }

    @Test("every cocktail's lastModifiedLabel is an allowed label that fits its date")
    func lastModifiedLabels() async throws {
        try await withDiscoverBundledApp { client in
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = .current
            let thisYear = calendar.component(.year, from: Date())
            for id in try await client.list().cocktails.map(\.id) {
                let detail = try await client.discoverDetail(id)
                let label = try #require(detail.lastModifiedLabel, "\(detail.name) has no label")
                let date = try #require(
                    detail.dateModified.flatMap { try? Date($0, strategy: .iso8601) }, "\(detail.name)")
                let years = thisYear - calendar.component(.year, from: date)
                if let match = label.wholeMatch(of: /(\d+) years? ago/) {
                    #expect(Int(match.1) == years && years >= 1, "\(detail.name): \(label) for \(date)")
                    #expect((years == 1) == (label == "1 year ago"), "\(label)")
                } else {
                    #expect(
                        ["Today", "This week", "This month", "This year"].contains(label), "\(detail.name): \(label)")
                    #expect(years == 0 || (years == 1 && label == "This week"), "\(detail.name): \(label) for \(date)")
                }
            }
        }
    }
}
