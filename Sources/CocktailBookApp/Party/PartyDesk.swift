import CocktailBook
import Foundation
import HTTPTypes

/// The party planner over a list, for the page and the API alike: reads `guests`, `perGuest`
/// and `count.{cocktailId}` from the query and works the plan out with ``PartyPlanner``.
extension ListDesk {
    /// What a plan was asked for.
    package struct PartyRequest: Sendable {
        package var guests: Int
        package var perGuest: Int
        package var counts: [String: Int]
        /// Whether the viewer's shelf is counted (``PartyPlan/countingShelf(_:)``).
        package var shelf = false

        /// Drinks per guest when the request does not say.
        package static let defaultPerGuest = 2

        /// Reads the query; a missing or malformed number is a `400` naming the field.
        package init(_ query: FormQuery) throws {
            guests = try Self.number(query["guests"], name: "guests", code: "invalid_guests") ?? 0
            guard (1...PartyPlanner.maximumGuests).contains(guests) else {
                throw AppError(
                    status: .badRequest, code: "invalid_guests",
                    message: "guests is a whole number from 1 to \(PartyPlanner.maximumGuests).")
            }
            perGuest =
                try Self.number(query["perGuest"], name: "perGuest", code: "invalid_per_guest") ?? Self.defaultPerGuest
            guard (1...PartyPlanner.maximumPerGuest).contains(perGuest) else {
                throw AppError(
                    status: .badRequest, code: "invalid_per_guest",
                    message: "perGuest is a whole number from 1 to \(PartyPlanner.maximumPerGuest).")
            }
            // The page's box sends `true` or nothing; an empty value is no boolean (the schema's).
            switch query["shelf"]?.lowercased() {
            case nil, "false", "0": shelf = false
            case "true", "1", "on": shelf = true
            default:
                throw AppError(status: .badRequest, code: "invalid_shelf", message: "shelf is true or false.")
            }
            counts = [:]
            for (name, value) in query.pairs where name.hasPrefix("count.") {
                let id = String(name.dropFirst("count.".count))
                // A page form sends every drink's box; an empty one means "spread it".
                if value.trimmingCharacters(in: .whitespaces).isEmpty { continue }
                guard let count = Int(value.trimmingCharacters(in: .whitespaces)),
                    (0...PartyPlanner.maximumCount).contains(count)
                else {
                    throw AppError(
                        status: .badRequest, code: "invalid_count",
                        message: "\(name) is a whole number from 0 to \(PartyPlanner.maximumCount).")
                }
                counts[id] = count
            }
        }

        package init(guests: Int, perGuest: Int, counts: [String: Int] = [:], shelf: Bool = false) {
            self.guests = guests
            self.perGuest = perGuest
            self.counts = counts
            self.shelf = shelf
        }

        /// The request as query pairs, to ask for the same plan again (the page's form, the
        /// redirect after adding to the shopping list).
        package var pairs: [(name: String, value: String)] {
            [("guests", String(guests)), ("perGuest", String(perGuest))]
                + counts.sorted { $0.key < $1.key }.map { ("count." + $0.key, String($0.value)) }
                + (shelf ? [("shelf", "true")] : [])
        }

        private static func number(_ raw: String?, name: String, code: String) throws -> Int? {
            guard let raw, !raw.isEmpty else { return nil }
            guard let value = Int(raw.trimmingCharacters(in: .whitespaces)) else {
                throw AppError(status: .badRequest, code: code, message: "\(name) must be a whole number.")
            }
            return value
        }
    }

    /// The plan for `list`: its drinks still in the catalog, in the list's order, with
    /// `owner`'s shelf counted when asked.
    package func plan(_ list: DrinkList, _ asked: PartyRequest, owner: FavoritesOwner) async throws -> PartyPlan {
        let plan = try await plan(list, asked)
        guard asked.shelf else { return plan }
        let covers = try await catalog.barIndex().covering(try await bar.shelf(of: owner))
        return plan.countingShelf(covers)
    }

    /// The plan for `list` before any shelf is counted.
    private func plan(_ list: DrinkList, _ asked: PartyRequest) async throws -> PartyPlan {
        let rows = await rows(of: list).compactMap(\.details)
        let ids = rows.map(\.cocktail.id)
        for id in asked.counts.keys.sorted() where !ids.contains(id) {
            throw AppError(status: .notFound, code: "not_on_list", message: "The list has no drink with id \(id).")
        }
        guard !ids.isEmpty else {
            return PartyPlan(guests: asked.guests, drinks: [], totals: [], iceGrams: 0, batches: [])
        }
        let servings: [Int]
        do {
            servings = try PartyPlanner.servings(
                of: ids, guests: asked.guests, perGuest: asked.perGuest, counts: asked.counts)
        } catch {
            throw AppError(status: .badRequest, code: "invalid_party", message: "The party cannot be planned.")
        }
        let drinks = zip(rows, servings).map { PartyPlan.Drink(cocktail: $0.cocktail, servings: $1) }
        var plan = PartyPlanner.plan(drinks, guests: asked.guests, table: catalog.ingredients)
        plan.houseRecipes = try await catalog.barIndex().houseRecipes
        return plan
    }
}

/// `GET /api/v1/lists/{id}/plan`.
package struct PartyPlanPayload: Encodable {
    package struct Drink: Encodable {
        package var cocktail: String
        package var name: String
        package var servings: Int
    }
    package struct Total: Encodable {
        package var ingredient: String
        package var ml: Double?
        package var grams: Double?
        package var bottles: Int?
        package var bottleMl: Int?
        package var fruit: String?
        package var fruitCount: Int?
        package var pieces: Int?
        package var buy: String
        package var cocktails: [String]
        package var onShelf: Bool
        package var bottlesToBuy: Int?
        package var toBuy: Bool
    }
    /// A fruit bought for several ingredients, counted once (``PartyPlan/fruitTotals``).
    package struct Fruit: Encodable {
        package var fruit: String
        package var count: Int
        package var ingredients: [String]
    }
    package struct Syrup: Encodable {
        package struct Part: Encodable {
            package var ingredient: String
            package var amount: Double
            package var unit: String
        }
        package var ingredient: String
        package var ml: Double
        package var lines: [Part]
    }
    package struct Line: Encodable {
        package var ingredient: String
        package var ml: Double
        package var grams: Double?
    }
    package struct Batch: Encodable {
        package var cocktail: String
        package var name: String
        package var kind: String
        package var servedUp: Bool
        package var servings: Int
        package var lines: [Line]
        package var mixMl: Double
        package var waterMl: Double
        package var bottles: Int
        package var pourMl: Double
        package var addPerServe: [String]
    }

    package var guests: Int
    package var perGuest: Int
    package var drinks: [Drink]
    package var ingredients: [Total]
    package var fruits: [Fruit]
    package var iceKg: Double
    package var batches: [Batch]
    package var syrups: [Syrup]
    package var shelfCounted: Bool
    package var rules: [String]

    package init(_ plan: PartyPlan, perGuest: Int, strings: UIStrings) {
        guests = plan.guests
        self.perGuest = perGuest
        drinks = plan.drinks.map { Drink(cocktail: $0.cocktail.id, name: $0.cocktail.name, servings: $0.servings) }
        ingredients = plan.totals.map {
            Total(
                ingredient: $0.ingredient, ml: $0.ml.map(Self.tenth), grams: $0.grams.map(Self.tenth),
                bottles: $0.bottles, bottleMl: $0.bottleMl,
                fruit: $0.fruit, fruitCount: $0.fruitCount, pieces: $0.pieces, buy: $0.buy,
                cocktails: $0.uses.map(\.cocktailId), onShelf: $0.onShelf, bottlesToBuy: $0.bottlesToBuy,
                toBuy: $0.isToBuy)
        }
        fruits = plan.fruitTotals.map { Fruit(fruit: $0.fruit, count: $0.count, ingredients: $0.ingredients) }
        iceKg = plan.iceKg
        batches = plan.batches.map {
            Batch(
                cocktail: $0.cocktailId, name: $0.name, kind: $0.kind.rawValue, servedUp: $0.servedUp,
                servings: $0.servings,
                lines: $0.lines.map {
                    Line(ingredient: $0.ingredient, ml: Self.tenth($0.ml), grams: $0.grams.map(Self.tenth))
                },
                mixMl: Self.tenth($0.mixMl),
                waterMl: Self.tenth($0.waterMl), bottles: $0.bottles, pourMl: Self.tenth($0.pourMl),
                addPerServe: $0.addPerServe)
        }
        syrups = plan.syrups.map {
            Syrup(
                ingredient: $0.ingredient, ml: Self.tenth($0.ml),
                lines: $0.lines.map { Syrup.Part(ingredient: $0.ingredient, amount: $0.amount, unit: $0.unit.rawValue) }
            )
        }
        shelfCounted = plan.shelfCounted
        rules = PartyPlanner.rules.map { strings[$0] }
    }

    /// Millilitres to a tenth.
    package static func tenth(_ value: Double) -> Double { (value * 10).rounded() / 10 }
}
