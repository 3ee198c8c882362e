import CocktailBook
import CocktailBookStore
import CocktailBookTestSupport
import CocktailBookWeb
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import CocktailBookApp

/// Menu prices over HTTP: the book's currency (an admin's), a drink's price on a list (API and
/// page), the menus showing them per language, and the owner's suggested prices, which a shared
/// menu never shows. Seed catalog: Gin and Tonic 6 (2 oz London dry gin, 4 oz tonic water),
/// Manhattan 3.
@Suite("Menu prices over HTTP")
struct MenuPricesHTTPTests {
    static let json: HTTPFields = [.contentType: "application/json"]

    static func put(_ client: some TestClientProtocol, _ uri: String, _ body: String, headers: HTTPFields = [:])
        async throws -> TestResponse
    {
        var all = headers
        all[.contentType] = "application/json"
        return try await client.execute(uri: uri, method: .put, headers: all, body: ByteBuffer(string: body))
    }

    static func post(_ client: some TestClientProtocol, _ uri: String, _ fields: String, headers: HTTPFields = [:])
        async throws -> TestResponse
    {
        var all = TestCSRF.formHeaders
        for field in headers { all[field.name] = field.value }
        return try await client.execute(uri: uri, method: .post, headers: all, body: TestCSRF.body(fields))
    }

    /// The menu's drinks in order, each with its price as shown (or nil).
    static func prices(_ page: String) -> [(name: String, price: String?)] {
        page.components(separatedBy: "<li data-menu-item").dropFirst().map { item in
            let name =
                item.components(separatedBy: "<span class=\"menu-name\">").dropFirst().first?
                .components(separatedBy: "</span>").first ?? ""
            let price = item.components(separatedBy: "data-menu-price>").dropFirst().first?
                .components(separatedBy: "</span>").first
            return (name, price)
        }
    }

    static func errorCode(_ response: TestResponse) -> String? {
        ((try? response.jsonObject())?["error"] as? [String: Any])?["code"] as? String
    }

    @Test("the currency: an admin sets it (API and page), a member is refused, an unknown code is a 400")
    func currency() async throws {
        let database = try await AccountsHTTPTests.book()
        defer { database.remove() }
        let accounts = Accounts(database: try AppDatabase(path: database.path), bcryptCost: 4)
        let alice: HTTPFields = [
            .authorization: "Bearer \(try await accounts.issueToken(for: "alice", label: "t", scope: .admin))"
        ]
        let bob: HTTPFields = [.authorization: "Bearer \(try await accounts.issueToken(for: "bob", label: "t"))"]
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let read = { () async throws -> [String: Any] in
                try await client.execute(uri: "/api/v1/settings/currency", method: .get, headers: bob).jsonObject()
            }
            #expect(try await read()["currency"] as? String == "EUR")
            #expect(try await read()["isSet"] as? Bool == false)

            let refused = try await Self.put(client, "/api/v1/settings/currency", #"{"currency":"USD"}"#, headers: bob)
            #expect(refused.status == .forbidden)
            let anonymous = try await Self.put(client, "/api/v1/settings/currency", #"{"currency":"USD"}"#)
            #expect(anonymous.status == .unauthorized)
            #expect(try await read()["currency"] as? String == "EUR")

            let set = try await Self.put(client, "/api/v1/settings/currency", #"{"currency":"JPY"}"#, headers: alice)
            #expect(set.status == .ok)
            #expect(try set.jsonObject()["currency"] as? String == "JPY")
            for bad in [#"{"currency":"XYZ"}"#, #"{"currency":"jpy"}"#, #"{"currency":"EURO"}"#, #"{"code":"EUR"}"#] {
                let response = try await Self.put(client, "/api/v1/settings/currency", bad, headers: alice)
                #expect(response.status == .badRequest, "\(bad)")
            }
            let unknown = try await Self.put(
                client, "/api/v1/settings/currency", #"{"currency":"XYZ"}"#, headers: alice)
            #expect(Self.errorCode(unknown) == "invalid_currency")
            #expect(try await read()["currency"] as? String == "JPY")
            #expect(try await read()["isSet"] as? Bool == true)
            #expect(try await AppDatabase(path: database.path).bookCurrency() == "JPY")
        }
    }

    @Test("a book without accounts: its owner is the admin, on the maintenance page too")
    func ownerSetsCurrency() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let page = String(buffer: try await client.get("/maintenance").body)
            #expect(page.contains("<option value=\"EUR\" selected>EUR · Euro</option>"))
            let saved = try await Self.post(client, "/maintenance/currency", "currency=chf")
            #expect(saved.status == .seeOther)
            #expect(try await AppDatabase(path: database.path).bookCurrency() == "CHF")
            let bad = try await Self.post(client, "/maintenance/currency", "currency=XYZ")
            #expect(bad.status == .badRequest)
            #expect(String(buffer: bad.body).contains("data-maintenance-error"))
            #expect(try await AppDatabase(path: database.path).bookCurrency() == "CHF")
            let put = try await Self.put(client, "/api/v1/settings/currency", #"{"currency":"GBP"}"#)
            #expect(put.status == .ok)
            #expect(try await AppDatabase(path: database.path).bookCurrency() == "GBP")
        }
    }

    @Test(
        "a drink's price through the API: set, shown in the list's JSON; -1, 9.5 or too much is a 400 and nothing changes"
    )
    func apiPrices() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let list = try await ListsHTTPTests.make(client, "Bar", ["6", "3"])
            let path = "/api/v1/lists/\(list.id)/cocktails/6/price"
            let set = try await Self.put(client, path, #"{"minor": 950}"#)
            #expect(set.status == .ok)
            let body = try set.jsonObject()
            #expect(body["currency"] as? String == "EUR")
            let entries = try #require(body["cocktails"] as? [[String: Any]])
            #expect((entries[0]["price"] as? [String: Any])?["minor"] as? Int == 950)
            #expect((entries[0]["price"] as? [String: Any])?["currency"] as? String == "EUR")
            #expect(entries[0]["priceText"] as? String == "€9.50")
            #expect(entries[1]["price"] == nil)
            #expect((body["menuPrices"] as? [String: Any])?["shown"] as? Bool == true)
            let italian = try await client.execute(
                uri: "/api/v1/lists/\(list.id)", method: .get, headers: ItalianPagesTests.italianHeaders)
            let italianEntries = try #require(try italian.jsonObject()["cocktails"] as? [[String: Any]])
            #expect(italianEntries[0]["priceText"] as? String == "9,50\u{A0}€")

            let store = try AppDatabase(path: database.path)
            let before = try #require(try await store.list(id: list.id, owner: .implicit))
            for bad in [#"{"minor": -1}"#, #"{"minor": 9.5}"#, #"{"minor": 1000001}"#, #"{"minor": "9.50"}"#, "[]"] {
                let response = try await Self.put(client, path, bad)
                #expect(response.status == .badRequest, "\(bad)")
            }
            #expect(Self.errorCode(try await Self.put(client, path, #"{"minor": -1}"#)) == "invalid_price")
            #expect(try await store.list(id: list.id, owner: .implicit) == before, "nothing was written")
            #expect(
                try await Self.put(client, "/api/v1/lists/\(list.id)/cocktails/7/price", "{\"minor\": 1}").status
                    == .notFound)

            let cleared = try await Self.put(client, path, #"{"minor": null}"#)
            #expect(cleared.status == .ok)
            #expect(try await store.list(id: list.id, owner: .implicit)?.entries.map(\.priceMinor) == [nil, nil])

            // The menu's choices: a pour cost out of 5-80 is refused and nothing changes.
            let menuPath = "/api/v1/lists/\(list.id)/menu-prices"
            let chosen = try await Self.put(client, menuPath, #"{"display": "hide", "pourCostPercent": 25}"#)
            #expect(chosen.status == .ok)
            #expect(
                (try chosen.jsonObject()["menuPrices"] as? [String: Any])?["pourCostPercent"] as? Int == 25)
            for bad in [#"{"pourCostPercent": 81}"#, #"{"pourCostPercent": 4}"#, #"{"display": "maybe"}"#] {
                #expect(try await Self.put(client, menuPath, bad).status == .badRequest, "\(bad)")
            }
            #expect(
                try await store.list(id: list.id, owner: .implicit)?.menuPrices
                    == MenuPrices(display: .hide, pourCostPercent: 25))
        }
    }

    @Test("prices set on the list page show on the menu in English and Italian; hidden when the menu says so")
    func menuShowsPrices() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let list = try await ListsHTTPTests.make(client, "Bar", ["6", "3"])
            let page = String(buffer: try await client.get("/lists/\(list.id)").body)
            #expect(page.contains("<label for=\"price-6\">Price of Gin and Tonic (EUR)</label>"))
            #expect(
                Self.prices(String(buffer: try await client.get("/lists/\(list.id)/menu").body)).allSatisfy {
                    $0.price == nil
                })

            let saved = try await Self.post(client, "/lists/\(list.id)/entries/6/price", "price=9%2C50")
            #expect(saved.status == .seeOther)
            #expect(saved.headers[.location] == "/lists/\(list.id)#entries")
            #expect(try await Self.post(client, "/lists/\(list.id)/entries/3/price", "price=12").status == .seeOther)
            #expect(
                String(buffer: try await client.get("/lists/\(list.id)").body).contains(
                    "id=\"price-6\" name=\"price\" value=\"9.5\""))
            // A bad price is refused and the one there stays.
            #expect(try await Self.post(client, "/lists/\(list.id)/entries/6/price", "price=-1").status == .badRequest)

            let english = Self.prices(String(buffer: try await client.get("/lists/\(list.id)/menu").body))
            #expect(english.count == 2)
            #expect(english.first { $0.name == "Gin and Tonic" }?.price == "€9.50")
            #expect(english.first { $0.name == "Manhattan" }?.price == "€12.00")
            let italianPage = String(
                buffer: try await client.execute(
                    uri: "/lists/\(list.id)/menu?paper=a5", method: .get, headers: ItalianPagesTests.italianHeaders
                ).body)
            let italian = Self.prices(italianPage)
            #expect(italian.first { $0.name == "Gin and Tonic" }?.price == "9,50\u{A0}€")
            #expect(italian.first { $0.name == "Manhattan" }?.price == "12,00\u{A0}€")
            #expect(italianPage.contains("Prezzi nel menu"))

            // Hidden: no price on the menu; the prices themselves stay.
            let hide = try await Self.post(client, "/lists/\(list.id)/menu-prices", "display=hide&pourCost=20")
            #expect(hide.status == .seeOther)
            #expect(
                Self.prices(String(buffer: try await client.get("/lists/\(list.id)/menu").body)).allSatisfy {
                    $0.price == nil
                })
            #expect(
                try await Self.post(client, "/lists/\(list.id)/menu-prices", "display=auto&pourCost=90").status
                    == .badRequest)
            #expect(
                try await AppDatabase(path: database.path).list(id: list.id, owner: .implicit)?.entries.map(
                    \.priceMinor)
                    == [950, 1200])
        }
    }

    @Test(
        "a price the book does not take shows again in its field, with why, in the reader's language; the saved one stays"
    )
    func refusedPriceInForm() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let list = try await ListsHTTPTests.make(client, "Bar", ["6", "3"])
            #expect(try await Self.post(client, "/lists/\(list.id)/entries/6/price", "price=9.50").status == .seeOther)

            let refused = try await Self.post(client, "/lists/\(list.id)/entries/6/price", "price=20000")
            #expect(refused.status == .badRequest)
            let page = String(buffer: refused.body)
            // The typed text is back in Gin and Tonic's field, marked, and the message names the largest price.
            #expect(
                page.contains(
                    "id=\"price-6\" name=\"price\" value=\"20000\" inputmode=\"decimal\" maxlength=\"12\""))
            #expect(page.contains("aria-invalid=\"true\" aria-describedby=\"price-6-problem\""))
            #expect(page.contains("id=\"price-6-problem\" role=\"alert\""))
            #expect(page.contains("Type a price from 0 to €10,000.00, or leave the field empty for none."))
            // Only that drink's field: Manhattan's is as it was.
            #expect(page.contains("id=\"price-3\" name=\"price\" value=\"\" inputmode"))
            #expect(!page.contains("price-3-problem"))

            let italian = try await Self.post(
                client, "/lists/\(list.id)/entries/3/price", "price=abc", headers: ItalianPagesTests.italianHeaders)
            #expect(italian.status == .badRequest)
            #expect(String(buffer: italian.body).contains("Scrivi un prezzo da 0 a 10.000,00\u{A0}€"))

            #expect(
                try await AppDatabase(path: database.path).list(id: list.id, owner: .implicit)?.entries.map(
                    \.priceMinor)
                    == [950, nil])
        }
    }

    @Test(
        "the owner's menu suggests prices from bottle prices (and says what lacks one); the shared menu shows prices only"
    )
    func suggestions() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let list = try await ListsHTTPTests.make(client, "Bar", ["6", "3"])
            // A 700 ml gin at €21.00 and a litre of tonic at €2.00: 60 ml + 120 ml cost €1.80 + €0.24 =
            // €2.04 a serving; at a 20 % pour cost €10.20, rounded up to €10.50.
            for (value, body) in [
                ("London%20dry%20gin", #"{"bottleMl": 700, "price": {"minor": 2100, "currency": "EUR"}}"#),
                ("tonic%20water", #"{"bottleMl": 1000, "price": {"minor": 200, "currency": "EUR"}}"#),
            ] {
                let response = try await Self.put(client, "/api/v1/bar/ingredients/\(value)", body)
                #expect(response.status == .ok || response.status == .noContent, "\(value)")
            }
            _ = try await Self.put(client, "/api/v1/lists/\(list.id)/cocktails/3/price", #"{"minor": 1200}"#)
            let menu = String(buffer: try await client.get("/lists/\(list.id)/menu").body)
            #expect(menu.contains("Suggested €10.50 at a 20% pour cost"))
            #expect(menu.contains("No price yet for: rye whiskey"))
            #expect(menu.contains("data-menu-pricing"))
            #expect(menu.contains("aria-label=\"Use €10.50 as the price of Gin and Tonic\""))

            // One click: the suggestion becomes the price, and the menu comes back.
            let used = try await Self.post(
                client, "/lists/\(list.id)/entries/6/price", "price=10.5&return=menu")
            #expect(used.headers[.location] == "/lists/\(list.id)/menu#menu-prices")
            #expect(try await Self.post(client, "/lists/\(list.id)/menu/share", "").status == .seeOther)
            let after = String(buffer: try await client.get("/lists/\(list.id)/menu").body)
            #expect(Self.prices(after).first { $0.name == "Gin and Tonic" }?.price == "€10.50")
            #expect(!after.contains("data-use-suggested"), "the price is the suggestion now: nothing to click")

            // At 25 %: €8.16 up to €8.50.
            #expect(
                try await Self.post(client, "/lists/\(list.id)/menu-prices", "display=auto&pourCost=25").status
                    == .seeOther)
            #expect(
                String(buffer: try await client.get("/lists/\(list.id)/menu").body).contains(
                    "Suggested €8.50 at a 25% pour cost"))

            let shareURL = try #require(
                after.components(separatedBy: "<span class=\"menu-url\">").dropFirst().first?
                    .components(separatedBy: "</span>").first)
            let start = try #require(shareURL.range(of: "/s/")).lowerBound
            let shared = String(buffer: try await client.get(String(shareURL[start...]) + "/menu").body)
            #expect(
                Self.prices(shared).map(\.price) == ["€10.50", "€12.00"]
                    || Self.prices(shared).map(\.price)
                        == ["€12.00", "€10.50"]
            )
            for ownerOnly in ["data-menu-suggestion", "data-menu-pricing", "Suggested", "pour cost", "No price yet"] {
                #expect(!shared.contains(ownerOnly), "\(ownerOnly)")
            }
            // The shared list shows the same prices beside each drink's thumbnail.
            let sharedList = String(buffer: try await client.get(String(shareURL[start...])).body)
            #expect(
                sharedList.matches(of: /<span class="row-price" data-shared-price>([^<]+)<\/span>/).map { String($0.1) }
                    .sorted() == ["€10.50", "€12.00"], "\(sharedList)")
            #expect(sharedList.matches(of: /class="row-thumb" src="\/s\/[^"]+\/picture\?v=/).count == 2)
            #expect(
                try await Self.post(client, "/lists/\(list.id)/menu-prices", "display=hide&pourCost=25").status
                    == .seeOther)
            #expect(!String(buffer: try await client.get(String(shareURL[start...])).body).contains("row-price"))
        }
    }

    @Test("the OpenAPI document offers exactly the currencies the server accepts: Foundation's common ISO codes")
    func documentedCurrencies() throws {
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: OpenAPIDocumentTests.file)) as? [String: Any])
        let schemas = (document["components"] as? [String: Any])?["schemas"] as? [String: Any]
        let input = (schemas?["CurrencyInput"] as? [String: Any])?["properties"] as? [String: Any]
        let codes = try #require((input?["currency"] as? [String: Any])?["enum"] as? [String])
        #expect(codes == Locale.commonISOCurrencyCodes.sorted())
        #expect(codes.contains("EUR") && codes.contains("JPY") && !codes.contains("XYZ"))
    }
}
