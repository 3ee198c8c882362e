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

/// The party planner over HTTP: `GET /api/v1/lists/{id}/plan` with the seed catalog's Manhattan
/// and Daiquiri, figures worked out by hand, and the refusals.
@Suite("Party planner over HTTP")
struct PartyHTTPTests {
    struct Plan: Decodable {
        struct Drink: Decodable {
            var cocktail: String
            var name: String
            var servings: Int
        }
        struct Total: Decodable {
            var ingredient: String
            var ml: Double?
            var bottles: Int?
            var bottleMl: Int?
            var fruit: String?
            var fruitCount: Int?
            var pieces: Int?
            var buy: String
            var cocktails: [String]
        }
        struct Fruit: Decodable, Equatable {
            var fruit: String
            var count: Int
            var ingredients: [String]
        }
        struct Batch: Decodable {
            var cocktail: String
            var kind: String
            var servedUp: Bool
            var servings: Int
            var mixMl: Double
            var waterMl: Double
            var bottles: Int
            var addPerServe: [String]
        }
        var guests: Int
        var perGuest: Int
        var drinks: [Drink]
        var ingredients: [Total]
        var fruits: [Fruit]
        var iceKg: Double
        var batches: [Batch]
        var rules: [String]

        func total(_ name: String) throws -> Total { try #require(ingredients.first { $0.ingredient == name }) }
    }

    @Test("20 guests, 2 drinks each, Manhattan and Daiquiri: bottles, limes, ice and the batch water")
    func twentyGuests() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let list = try await ListsHTTPTests.make(client, "Saturday", ["3", "2"])
            let answer = try await client.get("/api/v1/lists/\(list.id)/plan?guests=20&perGuest=2")
            #expect(answer.status == .ok)
            let plan = try answer.decoded(Plan.self)
            // 20 × 2 = 40 drinks over two: 20 each.
            #expect(plan.drinks.map(\.servings) == [20, 20])
            #expect(plan.drinks.map(\.name) == ["Manhattan", "Daiquiri"])
            // Rye: 50 ml × 20 = 1000 ml, + 10 % = 1100 ml → 1100 / 700 = 1.57 → 2 bottles of 700 ml.
            let rye = try plan.total("rye whiskey")
            #expect(rye.ml == 1000 && rye.bottles == 2 && rye.bottleMl == 700 && rye.buy == "2 × 700 ml")
            // Vermouth: 20 ml × 20 = 400 ml, + 10 % = 440 ml → one 750 ml bottle.
            let vermouth = try plan.total("sweet vermouth")
            #expect(vermouth.ml == 400 && vermouth.bottles == 1 && vermouth.bottleMl == 750)
            // Lime: 20 ml × 20 = 400 ml; 25 ml a lime → 16 limes.
            let lime = try plan.total("fresh lime juice")
            #expect(lime.ml == 400 && lime.fruit == "lime" && lime.fruitCount == 16 && lime.buy == "16 limes")
            #expect(lime.cocktails == ["2"])
            // With the 20 wheels (2.5 limes), the limes bought once: 16 + 2.5 = 18.5 → 19.
            #expect(plan.fruits == [.init(fruit: "lime", count: 19, ingredients: ["fresh lime juice", "lime wheel"])])
            // Both are served up. The Daiquiri is shaken per serve: 20 × 120 g = 2400 g, and its batch's 2
            // bottles are kept cold on ice, 1 kg each: 2000 g. The Manhattan comes diluted from a batch in
            // the freezer: no ice at all. 4400 g = 4.4 kg.
            #expect(plan.iceKg == 4.4)
            // The Manhattan batch: 20 × (50 + 20 + 0.9) = 1418 ml. Alcohol 1000 × 0.45 + 400 × 0.16
            // + 18 × 0.447 = 450 + 64 + 8.046 = 522.046 ml; x = 0.368157. Water share −1.21 × 0.135540
            // + 1.246 × 0.368157 + 0.145 = 0.439721; 1418 × 0.439721 = 623.5 ml. 2041.5 ml → 3 bottles.
            let manhattan = try #require(plan.batches.first { $0.cocktail == "3" })
            #expect(manhattan.kind == "stirred" && manhattan.mixMl == 1418 && manhattan.bottles == 3)
            #expect(manhattan.servedUp, "a Nick & Nora: from the freezer into a chilled glass")
            #expect(abs(manhattan.waterMl - 623.5) <= 0.1)
            let daiquiri = try #require(plan.batches.first { $0.cocktail == "2" })
            #expect(daiquiri.kind == "shaken" && daiquiri.waterMl == 0 && daiquiri.mixMl == 1300)
            #expect(daiquiri.addPerServe == ["20 ml fresh lime juice"])
            #expect(plan.rules.count == PartyPlanner.rules.count)
            #expect(plan.rules.contains { $0.contains("1.246") })

            // A count fixes one drink; the other takes what is left of 20 × 2.
            let counted = try await client.get("/api/v1/lists/\(list.id)/plan?guests=20&count.3=30")
                .decoded(Plan.self)
            #expect(counted.drinks.map(\.servings) == [30, 10])
        }
    }

    @Test(
        "0 or 10,000 guests, a negative count, a shelf that is not a boolean, a drink not on the list, another person's list: 400 or 404"
    )
    func refusals() async throws {
        let database = try await AccountsHTTPTests.book()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let alice: HTTPFields = [.cookie: try await AccountsHTTPTests.signIn(client, "alice", "alice password")]
            let bob: HTTPFields = [.cookie: try await AccountsHTTPTests.signIn(client, "bob", "bob password")]
            let list = try await ListsHTTPTests.make(client, "Party", ["2"], headers: alice)
            let base = "/api/v1/lists/\(list.id)/plan"
            let cases: [(String, HTTPResponse.Status, String)] = [
                ("guests=0", .badRequest, "invalid_guests"),
                ("guests=10000", .badRequest, "invalid_guests"), ("", .badRequest, "invalid_guests"),
                ("guests=ten", .badRequest, "invalid_guests"),
                ("guests=5&perGuest=0", .badRequest, "invalid_per_guest"),
                // An empty number is a number missing (schemathesis found it taken as the default).
                ("guests=5&perGuest=", .badRequest, "invalid_per_guest"),
                ("guests=5&count.2=-1", .badRequest, "invalid_count"), ("guests=5&count.7=3", .notFound, "not_on_list"),
                // `shelf` is a boolean: empty or anything else is refused, as the API's schema says.
                ("guests=1&shelf=", .badRequest, "invalid_shelf"),
                ("guests=1&shelf=maybe", .badRequest, "invalid_shelf"),
            ]
            for (query, status, code) in cases {
                let answer = try await client.execute(uri: base + "?" + query, method: .get, headers: alice)
                #expect(answer.status == status, "\(query)")
                #expect(try answer.decoded(ListsHTTPTests.Refusal.self).error.code == code, "\(query)")
            }
            let stolen = try await client.execute(uri: base + "?guests=5", method: .get, headers: bob)
            #expect(stolen.status == .notFound)
        }
    }
}
