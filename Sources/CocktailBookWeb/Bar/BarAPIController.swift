import CocktailBook
import CocktailBookApp
import CocktailBookStore
import Foundation
import Hummingbird

/// The bar's JSON routes under `/api/v1`: the shelf, what is always there, substitution rules,
/// suggestions and the shopping list, all the caller's own. Reading works for anyone (an
/// anonymous visitor's bar is empty); changing needs someone who may keep favorites.
struct BarAPIController<Context: AppContext>: Sendable {
    let desk: BarDesk

    func addRoutes(to routes: RouteBuilder<Context>) {
        let cached = routes.routes("api/v1", .api(cached: true))
        let group = routes.routes("api/v1", .api(.member))
        cached.get("bar") { _, context in
            try await APIResponse.json(desk.payload(of: context.viewer.favoritesOwner, strings: context.strings))
        }
        group.put("bar/ingredients/:value", use: putOnShelf)
        group.post("bar/batches", use: addBatch)
        group.delete("bar/batches/:id", use: removeBatch)
        cached.get("bar/house-recipes") { _, _ in
            try await APIResponse.json(["recipes": desk.index().houseRecipes.recipes])
        }
        group.delete("bar/ingredients/:value") { _, context in try await setOnShelf(false, context: context) }
        group.put("bar/always/:value") { _, context in try await setAlways(true, context: context) }
        group.delete("bar/always/:value") { _, context in try await setAlways(false, context: context) }
        cached.get("bar/suggestions", use: suggestions)
        cached.get("bar/rules", use: rules)
        group.post("bar/rules", use: addRule)
        group.delete("bar/rules/:id", use: removeRule)
        cached.get("shopping-list", use: shoppingList)
        group.post("shopping-list", use: addToShoppingList)
        group.put("shopping-list/:id", use: setBought)
        group.delete("shopping-list/:id", use: removeItem)
    }

    /// The canonical value named in the path: a table ingredient or one a recipe names; `404`
    /// otherwise, so a typo never lands on the shelf.
    static func value(_ raw: String, in index: BarIndex) throws -> String {
        let decoded = raw.removingPercentEncoding ?? raw
        guard decoded.count <= 200, let value = index.value(for: decoded) else {
            throw AppError(
                status: .notFound, code: "unknown_ingredient",
                message:
                    "There is no ingredient \"\(decoded.prefix(200))\"; the values are those of GET /api/v1/filters."
            ).said(by: "apperror_unknown_ingredient", ["name": String(decoded.prefix(200))])
        }
        return value
    }

    /// A refused change, said as the API says it: a batch of what is not made is well formed but
    /// not something one makes (422).
    static func refusal(_ refusal: BarDesk.Refusal) -> AppError {
        switch refusal {
        case .notHouseMade(let value):
            return AppError(
                status: .unprocessableContent, code: "not_house_made",
                message: "\"\(value)\" has no house recipe; GET /api/v1/bar/house-recipes lists those that do.")
        case .batchAmount:
            var error = AppError(
                status: .badRequest, code: "invalid_batch", message: "ml is between 1 and \(Int(HouseBatch.maxMl)).")
            error.field = "ml"
            return error
        case .sameIngredient:
            return AppError(
                status: .badRequest, code: "invalid_rule", message: "A rule needs two different ingredients.")
        case .noBottleSize:
            return AppError(status: .badRequest, code: "invalid_stock", message: "The bottle's size is not known.")
        }
    }

    func setOnShelf(_ isOnShelf: Bool, context: Context) async throws -> Response {
        let owner = context.owner
        let value = try Self.value(try context.parameters.require("value"), in: try await desk.index())
        try await desk.setOnShelf(value, isOnShelf, owner: owner)
        return APIResponse.noContent()
    }

    /// The optional body of `PUT /api/v1/bar/ingredients/{value}`: the bottle's stock.
    struct StockBody: Decodable {
        var ml: Double?
        var bottleMl: Double?
        var lowMl: Double?
        var price: BottleStock.Price?

        var stock: BottleStock? {
            ml == nil && bottleMl == nil && lowMl == nil && price == nil
                ? nil : BottleStock(ml: ml, bottleMl: bottleMl, lowMl: lowMl, price: price)
        }

        enum CodingKeys: String, CodingKey, CaseIterable { case ml, bottleMl, lowMl, price }

        init() {}

        /// The four keys and no other: a misspelt one (`bottle_ml`) is refused, not ignored.
        init(from decoder: any Decoder) throws {
            let names = try decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue)
            guard names.allSatisfy({ CodingKeys(rawValue: $0) != nil }) else {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "unknown key"))
            }
            let container = try decoder.container(keyedBy: CodingKeys.self)
            ml = try container.decodeIfPresent(Double.self, forKey: .ml)
            bottleMl = try container.decodeIfPresent(Double.self, forKey: .bottleMl)
            lowMl = try container.decodeIfPresent(Double.self, forKey: .lowMl)
            price = try container.decodeIfPresent(BottleStock.Price.self, forKey: .price)
        }

        struct AnyKey: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init?(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
    }

    /// Puts the bottle on the shelf and, with a body, sets its stock: all checked before
    /// anything is written.
    @Sendable func putOnShelf(request: Request, context: Context) async throws -> Response {
        let owner = context.owner
        let value = try Self.value(try context.parameters.require("value"), in: try await desk.index())
        let body = try await JSONBody.decode(StockBody.self, from: request, whenEmpty: StockBody())
        let stock = body.stock
        if let problem = stock?.problem {
            var error = AppError(status: .badRequest, code: "invalid_stock", message: problem)
            error.field = problem.split(separator: " ").first.map(String.init)
            throw error
        }
        try await desk.putOnShelf(value, stock: stock, owner: owner)
        return APIResponse.noContent()
    }

    struct BatchBody: Decodable {
        var value: String
        var ml: Double
    }

    /// `POST /api/v1/bar/batches`: "I made 300 ml of honey syrup".
    @Sendable func addBatch(request: Request, context: Context) async throws -> Response {
        let owner = context.owner
        let body = try await JSONBody.decode(BatchBody.self, from: request)
        let value = try Self.value(body.value, in: try await desk.index())
        let made: (batch: HouseBatch, drawn: [StockUse], low: [StockUse], recipes: HouseRecipes)
        do {
            made = try await desk.makeBatch(value, ml: body.ml, owner: owner)
        } catch let refusal as BarDesk.Refusal {
            throw Self.refusal(refusal)
        }
        return try APIResponse.json(
            HouseBatchPayload(
                made.batch, now: desk.now(), strings: context.strings, recipes: made.recipes, drawn: made.drawn),
            status: .created)
    }

    /// `DELETE /api/v1/bar/batches/{id}`: the batch was never made (or is thrown away): it
    /// leaves the shelf and what making it took goes back to the bottles.
    @Sendable func removeBatch(request: Request, context: Context) async throws -> Response {
        let owner = context.owner
        guard let id = Int64(try context.parameters.require("id")),
            try await desk.removeBatch(id: id, owner: owner)
        else {
            throw AppError(status: .notFound, code: "unknown_batch", message: "You have no batch with this id.")
        }
        return APIResponse.noContent()
    }

    func setAlways(_ isAlways: Bool, context: Context) async throws -> Response {
        let owner = context.owner
        let value = try Self.value(try context.parameters.require("value"), in: try await desk.index())
        try await desk.setAlways(value, isAlways, owner: owner)
        return APIResponse.noContent()
    }

    @Sendable func suggestions(request: Request, context: Context) async throws -> Response {
        let report = try await desk.report(of: context.viewer.favoritesOwner)
        let payload = report.evaluation.suggestions().map { suggestion in
            BarSuggestionPayload(
                value: suggestion.value, name: context.strings.ingredient(suggestion.value),
                unlocks: suggestion.unlocks,
                cocktails: suggestion.positions.map { report.cocktails[$0].id }, through: suggestion.through
            )
        }
        return try APIResponse.json(payload)
    }

    @Sendable func rules(request: Request, context: Context) async throws -> Response {
        let rules = try await desk.rules(of: context.viewer.favoritesOwner)
        return try APIResponse.json(["rules": rules.map(BarRulePayload.init)])
    }

    struct RuleBody: Decodable {
        var use: String
        var insteadOf: String
        var bothWays: Bool?
    }

    @Sendable func addRule(request: Request, context: Context) async throws -> Response {
        let owner = context.owner
        let body = try await JSONBody.decode(RuleBody.self, from: request)
        let index = try await desk.index()
        let use = try Self.value(body.use, in: index)
        let insteadOf = try Self.value(body.insteadOf, in: index)
        let saved: SubstitutionRule
        do {
            saved = try await desk.addRule(
                use: use, insteadOf: insteadOf, bothWays: body.bothWays ?? false, owner: owner)
        } catch let refusal as BarDesk.Refusal {
            throw Self.refusal(refusal)
        }
        return try APIResponse.json(BarRulePayload(saved), status: .created)
    }

    @Sendable func removeRule(request: Request, context: Context) async throws -> Response {
        let owner = context.owner
        guard let id = Int64(try context.parameters.require("id")), try await desk.removeRule(id: id, owner: owner)
        else {
            throw AppError(status: .notFound, code: "unknown_rule", message: "You have no such rule.")
        }
        return APIResponse.noContent()
    }

    @Sendable func shoppingList(request: Request, context: Context) async throws -> Response {
        try await APIResponse.json(
            ShoppingListPayload(
                try desk.shoppingList(of: context.viewer.favoritesOwner, strings: context.strings),
                strings: context.strings))
    }

    struct ShoppingBody: Decodable {
        /// One ingredient of the book to add…
        var value: String?
        /// …or every ingredient a drink lacks on the caller's shelf…
        var cocktail: String?
        /// …or a line of free text ("olives", "napkins").
        var text: String?

        enum CodingKeys: String, CodingKey, CaseIterable { case value, cocktail, text }

        /// Exactly one of the three keys, and a string (not null) for it.
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            guard CodingKeys.allCases.filter(container.contains).count == 1 else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: [], debugDescription: "one of value, cocktail or text"))
            }
            value = try container.decodeIfPresent(String.self, forKey: .value)
            cocktail = try container.decodeIfPresent(String.self, forKey: .cocktail)
            text = try container.decodeIfPresent(String.self, forKey: .text)
            if value == nil, cocktail == nil, text == nil {
                throw DecodingError.valueNotFound(
                    String.self, .init(codingPath: container.allKeys, debugDescription: "null"))
            }
        }
    }

    @Sendable func addToShoppingList(request: Request, context: Context) async throws -> Response {
        let owner = context.owner
        let body = try await JSONBody.decode(ShoppingBody.self, from: request)
        if let value = body.value {
            try await desk.addToShoppingList([try Self.value(value, in: try await desk.index())], owner: owner)
        } else if let id = body.cocktail {
            try await desk.addMissing(of: id, owner: owner)
        } else if let text = body.text {
            guard try await desk.addToShoppingList(text: text, owner: owner) else {
                throw AppError(
                    status: .unprocessableContent, code: "invalid_text",
                    message: "text is a line of 1 to \(ShoppingText.maximumLength) characters.")
            }
        }
        return try await APIResponse.json(
            ShoppingListPayload(try desk.shoppingList(of: owner, strings: context.strings), strings: context.strings),
            status: .created)
    }

    struct BoughtBody: Decodable {
        var bought: Bool
    }

    @Sendable func setBought(request: Request, context: Context) async throws -> Response {
        let owner = context.owner
        let body = try await JSONBody.decode(BoughtBody.self, from: request)
        guard let id = Int64(try context.parameters.require("id")),
            try await desk.setBought(body.bought, itemId: id, owner: owner)
        else {
            throw AppError(status: .notFound, code: "unknown_item", message: "Your shopping list has no such item.")
        }
        return APIResponse.noContent()
    }

    /// One item by id, or every bought one with the id `bought`.
    @Sendable func removeItem(request: Request, context: Context) async throws -> Response {
        let owner = context.owner
        let raw = try context.parameters.require("id")
        if raw == "bought" {
            _ = try await desk.removeFromShoppingList(itemId: nil, owner: owner)
            return APIResponse.noContent()
        }
        guard let id = Int64(raw), try await desk.removeFromShoppingList(itemId: id, owner: owner) > 0 else {
            throw AppError(status: .notFound, code: "unknown_item", message: "Your shopping list has no such item.")
        }
        return APIResponse.noContent()
    }
}
