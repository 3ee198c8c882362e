import CocktailBook
import CocktailBookApp
import CocktailBookStore
import Foundation
import HTTPTypes
import Hummingbird

/// The JSON routes of house recipes under `/api/v1/house-recipes`: read the recipe the bar
/// counts for an ingredient, write the book's own (a new version each time, `If-Match` checked
/// when sent), delete it (the bundled one counts again), its versions and restoring one.
struct HouseRecipeAPIController<Context: AppContext>: Sendable {
    let desk: HouseRecipeDesk

    func addRoutes(to routes: RouteBuilder<Context>) {
        let reads = routes.routes("api/v1", .api())
        reads.get("house-recipes", use: list)
        reads.get("house-recipes/:value", use: show)
        reads.get("house-recipes/:value/versions", use: versions)
        let writes = routes.routes("api/v1", .api(.member))
        writes.put("house-recipes/:value", use: put)
        writes.delete("house-recipes/:value", use: delete)
        writes.post("house-recipes/:value/versions/:number/restore", use: restore)
        writes.post("house-recipes/:value/put-back", use: putBack)
    }

    @Sendable func list(request: Request, context: Context) async throws -> Response {
        let index = try await desk.catalog.barIndex()
        let own = Dictionary(
            try await desk.ownRecipes().map { (OwnHouseRecipe.key($0.value), $0) },
            uniquingKeysWith: { a, _ in a })
        return try APIResponse.json(
            HouseRecipesPayload(
                recipes: index.houseRecipes.recipes.map {
                    HouseRecipePayload(
                        $0, own: own[OwnHouseRecipe.key($0.ingredient)], strings: context.strings)
                }))
    }

    @Sendable func show(request: Request, context: Context) async throws -> Response {
        let entry = try await desk.entry(try desk.value(try context.parameters.require("value")))
        guard let recipe = entry.counting else { throw Self.noRecipe(entry.value) }
        return try Self.answer(recipe, own: entry.ownCounting, strings: context.strings, status: .ok)
    }

    @Sendable func put(request: Request, context: Context) async throws -> Response {
        let value = try desk.value(try context.parameters.require("value"))
        let before = try await desk.editableEntry(value, viewer: context.viewer)
        let current = before.ownCounting?.version ?? 0
        // No If-Match, or `*`: whatever version is current when the save happens.
        let expected = RecipeAPIController<Context>.expectation(inIfMatch: request.headers[.ifMatch])?.version
        let input = try await Self.input(from: request)
        if let named = input.ingredient,
            OwnHouseRecipe.key(HouseRecipeDraft.canonical(named, table: desk.catalog.ingredients))
                != OwnHouseRecipe.key(before.value)
        {
            var error = AppError(
                status: .badRequest, code: "invalid_house_recipe",
                message: "ingredient: the body names another ingredient than the path.")
            error.field = "ingredient"
            throw error
        }
        do {
            let saved = try Self.saved(
                try await desk.save(input.draft, value: value, expectedVersion: expected, viewer: context.viewer))
            return try Self.answer(
                saved.recipe, own: saved, strings: context.strings, status: current == 0 ? .created : .ok)
        } catch OwnHouseRecipeError.stale(let now) {
            var error = AppError(
                status: .preconditionFailed, code: "stale_version",
                message:
                    "Version \(now) of this recipe is the current one, not the version you changed; "
                    + "get it and apply your change to it."
            )
            error.headers[.eTag] = "\"v\(now)\""
            throw error
        }
    }

    @Sendable func delete(request: Request, context: Context) async throws -> Response {
        _ = try await desk.delete(
            value: try desk.value(try context.parameters.require("value")), viewer: context.viewer)
        return APIResponse.noContent()
    }

    @Sendable func versions(request: Request, context: Context) async throws -> Response {
        let entry = try await desk.entry(try desk.value(try context.parameters.require("value")))
        guard let own = entry.own else {
            throw AppError(
                status: .notFound, code: "no_own_house_recipe",
                message: "The book has no recipe of its own for \"\(entry.value.prefix(100))\".")
        }
        let versions = try await desk.versions(of: own.value)
        return try APIResponse.json(
            HouseRecipeVersionsPayload(
                value: own.value, current: own.version, deleted: own.deletedAt != nil,
                versions: versions.map {
                    .init(
                        number: $0.number, savedAt: $0.savedAt, savedBy: $0.savedByName, summary: $0.summary,
                        recipe: HouseRecipePayload($0.content, own: nil, strings: context.strings))
                }))
    }

    @Sendable func restore(request: Request, context: Context) async throws -> Response {
        guard let number = Int(try context.parameters.require("number")), number > 0 else {
            throw AppError(status: .notFound, code: "unknown_version", message: "This recipe has no such version.")
        }
        let value = try desk.value(try context.parameters.require("value"))
        let saved = try Self.saved(try await desk.restore(value: value, version: number, viewer: context.viewer))
        return try Self.answer(saved.recipe, own: saved, strings: context.strings, status: .ok)
    }

    /// Brings a deleted recipe back from the trash as it was (its version unchanged).
    @Sendable func putBack(request: Request, context: Context) async throws -> Response {
        let value = try desk.value(try context.parameters.require("value"))
        let entry = try await desk.putBack(value: value, viewer: context.viewer)
        guard let own = entry.own else { throw Self.noRecipe(value) }
        return try Self.answer(own.recipe, own: own, strings: context.strings, status: .ok)
    }

    static func noRecipe(_ value: String) -> AppError {
        AppError(
            status: .notFound, code: "no_house_recipe",
            message: "There is no house recipe for \"\(value.prefix(100))\".")
    }

    private static func answer(
        _ recipe: HouseRecipe, own: OwnHouseRecipe?, strings: UIStrings, status: HTTPResponse.Status
    )
        throws -> Response
    {
        var response = try APIResponse.json(HouseRecipePayload(recipe, own: own, strings: strings), status: status)
        if let own { response.headers[.eTag] = "\"v\(own.version)\"" }
        return response
    }

    /// The saved recipe of an outcome, or the refusal as a `400` naming the fields.
    static func saved(_ outcome: HouseRecipeDesk.Outcome) throws -> OwnHouseRecipe {
        switch outcome {
        case .saved(let recipe):
            return recipe
        case .problems(let problems):
            throw AppError.refusing(problems, status: .badRequest, code: "invalid_house_recipe")
        }
    }

    /// The body as a house recipe, or a `400` saying what is wrong with it.
    static func input(from request: Request) async throws -> HouseRecipeInput {
        let body = try await SmallBody.read(request, limit: 64 * 1024, what: "A house recipe")
        return try AppError.decoding(HouseRecipeInput.self, from: body, what: "a house recipe in JSON")
    }
}

/// A house recipe as the API shows it, and (its server-set fields ignored) takes it.
struct HouseRecipePayload: Encodable {
    var value: String
    /// The name in the asker's language.
    var name: String
    var names: HouseRecipe.Names?
    /// Whether it is the book's own (else the bundled one), and its version then.
    var own: Bool
    var version: Int?
    var minutes: Int
    var yield: HouseRecipe.Amount
    var shelfLifeDays: Int
    var storage: String
    var storageNote: String?
    var lines: [HouseRecipe.Line]
    var steps: HouseRecipe.Steps

    init(_ recipe: HouseRecipe, own: OwnHouseRecipe?, strings: UIStrings) {
        value = recipe.ingredient
        name = recipe.names?.of(strings.language) ?? strings.ingredient(recipe.ingredient)
        names = recipe.names
        self.own = own != nil
        version = own?.version
        minutes = recipe.minutes
        yield = recipe.yield
        shelfLifeDays = recipe.shelfLifeDays
        storage = recipe.storageNote == nil ? recipe.storage.rawValue : "other"
        storageNote = recipe.storageNote
        lines = recipe.lines
        steps = recipe.steps
    }
}

struct HouseRecipesPayload: Encodable {
    var recipes: [HouseRecipePayload]
}

struct HouseRecipeVersionsPayload: Encodable {
    struct Version: Encodable {
        var number: Int
        var savedAt: Date
        var savedBy: String?
        var summary: String
        var recipe: HouseRecipePayload
    }
    var value: String
    var current: Int
    var deleted: Bool
    var versions: [Version]
}

/// The body of `PUT /api/v1/house-recipes/{value}`: what a `GET` answers, read into the
/// editor's draft so that the API and the form are checked by the same rules.
struct HouseRecipeInput: Decodable {
    struct Amount: Decodable {
        var amount: Double
        var unit: String
    }
    struct Line: Decodable {
        var ingredient: String
        var amount: Double
        var unit: String
    }
    var ingredient: String?
    var names: HouseRecipe.Names?
    var minutes: Int?
    var yield: Amount
    var shelfLifeDays: Int
    var storage: String
    var storageNote: String?
    var lines: [Line]
    var steps: HouseRecipe.Steps

    private enum CodingKeys: String, CodingKey {
        case ingredient = "value"
        case names, minutes, yield, shelfLifeDays, storage, storageNote, lines, steps
    }

    var draft: HouseRecipeDraft {
        var draft = HouseRecipeDraft()
        draft.nameEn = names?.en ?? ""
        draft.translatedNames = names?.translated ?? [:]
        draft.minutes = String(minutes ?? 5)
        draft.yieldAmount = Self.number(yield.amount)
        draft.yieldUnit = yield.unit
        draft.shelfLifeDays = String(shelfLifeDays)
        draft.storage = storage
        draft.storageNote = storageNote ?? ""
        draft.rows = lines.map { .init(amount: Self.number($0.amount), unit: $0.unit, ingredient: $0.ingredient) }
        draft.steps = steps.en
        draft.translatedSteps = steps.translated
        return draft
    }

    /// A number as the editor reads it: `250`, `0.5`; what it cannot read (`1e-300`, `-5`) is
    /// refused there like a typed one.
    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
