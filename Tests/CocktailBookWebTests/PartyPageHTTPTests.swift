import CocktailBookTestSupport
import CocktailBookWeb
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import CocktailBookApp

/// The party planner's page without script and its "Add to shopping list", with the seed
/// catalog's Manhattan (3) and Daiquiri (2) and figures worked out by hand.
@Suite("Party planner page")
struct PartyPageHTTPTests {
    struct Shopping: Decodable {
        struct Item: Decodable {
            var value: String
            var cocktails: [String]
            var reason: String?
        }
        var items: [Item]
        var text: String
    }

    @Test("The form alone, then the plan in ml: bottles, limes, ice, the Manhattan batch's water; in Italian too")
    func page() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let list = try await ListsHTTPTests.make(client, "Saturday", ["3", "2"])
            let listPage = String(buffer: try await client.get("/lists/\(list.id)").body)
            #expect(listPage.contains("href=\"/lists/\(list.id)/plan\""))

            let empty = try await client.get("/lists/\(list.id)/plan")
            #expect(empty.status == .ok)
            let form = String(buffer: empty.body)
            #expect(form.contains("name=\"count.3\"") && form.contains("name=\"count.2\""))
            #expect(!form.contains("data-party-totals"))

            let answer = try await client.get("/lists/\(list.id)/plan?guests=20&perGuest=2&units=ml")
            #expect(answer.status == .ok)
            let page = String(buffer: answer.body)
            // 20 × 2 = 40 drinks, 20 of each.
            #expect(page.contains("20 × Manhattan") && page.contains("20 × Daiquiri"))
            // Rye 50 ml × 20 = 1000 ml (+ 10 %) → 2 × 700 ml; lime juice 400 ml (16 limes) and 20
            // wheels (8 a lime, 2.5) in one row: 19 limes; ice: 20
            // Daiquiris shaken (120 g each) and their batch's 2 bottles on ice (1 kg each); the Manhattan
            // batch waits in the freezer (see PartyHTTPTests).
            #expect(page.contains("1000 ml</td>"))
            #expect(page.contains("2 × 700 ml"))
            #expect(page.contains("<td data-pour>400 ml fresh lime juice, 20 × lime wheel</td>"))
            #expect(page.contains("<td data-buy>19 limes</td>") && !page.contains("16 limes"))
            #expect(page.contains("Ice: 4.4 kg"))
            // Served up in a Nick & Nora: from the freezer, not over ice; the cherries are counted.
            #expect(page.contains("Keep in the freezer; pour into a chilled glass"))
            #expect(!page.contains("Keep cold; pour over ice"))
            #expect(page.contains("<td data-buy>20 pieces</td>") || page.contains("20 pieces</td>"))
            #expect(page.contains("Party plan: Saturday"))
            // Manhattan batch: 1418 ml of mix and 623.5 ml of Arnold's water (see PartyHTTPTests).
            #expect(page.contains("Mix 1418 ml + water 624 ml"))
            #expect(page.contains("Add per serve: 20 ml fresh lime juice"))
            // The Daiquiri's shaken batch (rum and sugar, 65 ml × 20) takes its water from the shaker.
            #expect(page.contains("<p data-batch-mix>Mix 1300 ml</p>") && !page.contains("water 0 ml"))
            // 2042 ml of Manhattan fill three bottles, 1300 ml of Daiquiri two; a small party's one.
            #expect(page.contains("3 × 750 ml bottles, 102 ml a serve") && page.contains("2 × 750 ml bottles,"))
            let small = String(
                buffer: try await client.get("/lists/\(list.id)/plan?guests=2&perGuest=1&units=ml").body)
            #expect(small.contains("1 × 750 ml bottle,") && !small.contains("1 × 750 ml bottles"))
            #expect(page.contains("1.246"))
            // The order on the page is the plan's: drinks, what to buy, the prep sheet, the rules.
            let order = ["party-drinks", "party-buy", "party-prep", "party-rules"].compactMap {
                page.range(of: "id=\"\($0)\"")?.lowerBound
            }
            #expect(order.count == 4 && order == order.sorted())

            let italian = String(
                buffer: try await client.get("/lists/\(list.id)/plan?guests=20&perGuest=2&units=ml&lang=it").body)
            #expect(italian.contains("Ghiaccio: 4,4 kg"))
            #expect(italian.contains("<td data-buy>19 lime</td>"))
            #expect(italian.contains("Miscela 1418 ml + acqua 624 ml"))
        }
    }

    @Test("Guests 0 or a negative count: 400, the form keeps what was typed, nothing planned")
    func refusals() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let list = try await ListsHTTPTests.make(client, "Saturday", ["3", "2"])
            for query in ["guests=0", "guests=10000", "guests=5&count.3=-1", "guests=5&shelf=maybe"] {
                let answer = try await client.get("/lists/\(list.id)/plan?\(query)")
                #expect(answer.status == .badRequest, "\(query)")
                let page = String(buffer: answer.body)
                #expect(page.contains("data-party-error"), "\(query)")
                #expect(!page.contains("data-party-totals"), "\(query)")
            }
            let kept = String(buffer: try await client.get("/lists/\(list.id)/plan?guests=5&count.3=-1").body)
            #expect(kept.contains("value=\"-1\"") && kept.contains("value=\"5\""))
            // A refused "Add to shopping list" writes nothing.
            let refused = try await client.execute(
                uri: "/lists/\(list.id)/plan/shopping", method: .post, headers: TestCSRF.formHeaders,
                body: TestCSRF.body("guests=0"))
            #expect(refused.status == .badRequest)
            #expect(try await client.get("/api/v1/shopping-list").decoded(Shopping.self).items.isEmpty)
        }
    }

    @Test("Add to shopping list: one action, each line with why, twice adds nothing twice; the shelf counted")
    func shopping() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let list = try await ListsHTTPTests.make(client, "Saturday", ["3", "2"])
            let post = {
                try await client.execute(
                    uri: "/lists/\(list.id)/plan/shopping", method: .post, headers: TestCSRF.formHeaders,
                    body: TestCSRF.body("guests=20&perGuest=2"))
            }
            let added = try await post()
            #expect(added.status == .seeOther)
            let location = try #require(added.headers[.location])
            #expect(location.hasPrefix("/lists/\(list.id)/plan?guests=20&perGuest=2&added="))
            let shopping = try await client.get("/api/v1/shopping-list").decoded(Shopping.self)
            let reasons = Dictionary(uniqueKeysWithValues: shopping.items.map { ($0.value, $0.reason ?? "") })
            #expect(reasons["rye whiskey"] == "2 × 700 ml rye whiskey for 20 Manhattans")
            #expect(reasons["sweet vermouth"] == "1 × 750 ml sweet vermouth for 20 Manhattans")
            // 400 ml of juice → 16 limes, and 20 wheels, 8 a lime → 3: 19 limes in one line.
            #expect(reasons["lime"] == "19 limes for 20 Daiquiris")
            #expect(reasons["white rum"] == "2 × 700 ml white rum for 20 Daiquiris")
            #expect(shopping.items.first { $0.value == "lime" }?.cocktails == ["2"])
            #expect(location.hasSuffix("added=\(shopping.items.count)#added"))
            #expect(shopping.text.contains("— 19 limes for 20 Daiquiris"))

            let back = String(buffer: try await client.get(location).body)
            #expect(back.contains("\(shopping.items.count) lines added to your shopping list."))
            let page = String(buffer: try await client.get("/bar/shopping").body)
            #expect(page.contains("2 × 700 ml rye whiskey for 20 Manhattans"))

            // Again: the same lines, none twice.
            _ = try await post()
            let again = try await client.get("/api/v1/shopping-list").decoded(Shopping.self)
            #expect(again.items.map(\.value) == shopping.items.map(\.value))

            // Rye on the shelf: one of the two bottles is in hand.
            let shelved = try await client.execute(
                uri: "/bar/bottles", method: .post, headers: TestCSRF.formHeaders,
                body: TestCSRF.body("action=add&value=rye+whiskey"))
            #expect(shelved.status == .seeOther)
            let plan = try await client.get("/api/v1/lists/\(list.id)/plan?guests=20&shelf=true").jsonObject()
            #expect(plan["shelfCounted"] as? Bool == true)
            let totals = try #require(plan["ingredients"] as? [[String: Any]])
            let rye = try #require(totals.first { $0["ingredient"] as? String == "rye whiskey" })
            #expect(rye["onShelf"] as? Bool == true && rye["bottles"] as? Int == 2 && rye["bottlesToBuy"] as? Int == 1)
            let page2 = String(buffer: try await client.get("/lists/\(list.id)/plan?guests=20&shelf=true").body)
            #expect(page2.contains("1 × 700 ml <span class=\"hint\">(on your shelf)</span>"))
        }
    }
}
