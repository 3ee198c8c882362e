import CocktailBook
import CocktailBookApp
import CocktailBookStore
import CocktailsAPI
import Foundation
import HTTPTypes
import Hummingbird

/// The JSON routes that write the book: recipes (create, update with `If-Match`, the trash,
/// versions, adaptations) and what a person keeps about any drink (note, rating, drinks made).
struct RecipeAPIController<Context: AppContext>: Sendable {
    let desk: RecipeDesk
    /// The house recipes, whose deleted ones share the trash.
    let houseDesk: HouseRecipeDesk
    /// Which addresses a recipe page may be read from, and where its picture is kept.
    var pagePolicy: AddressPolicy = .publicOnly
    var pictures: ImportedImageFiles?
    /// The largest body a recipe may be sent in.
    static var bodyLimit: Int { 256 * 1024 }

    func addRoutes(to routes: RouteBuilder<Context>) {
        routes.routes("api/v1", .api()).get("cocktails/:id/versions", use: versions)
        let group = routes.routes("api/v1", .api(.member))
        group.post("cocktails", use: create)
        group.put("cocktails/:id", use: update)
        group.delete("cocktails/:id", use: trash)
        group.post("cocktails/:id/versions/:number/restore", use: restoreVersion)
        group.post("cocktails/:id/adapt", use: adapt)
        group.get("trash", use: trashList)
        group.post("trash/:id/restore", use: restoreFromTrash)
        group.put("cocktails/:id/note", use: setNote)
        group.delete("cocktails/:id/note") { _, context in try await note(nil, context: context) }
        group.put("cocktails/:id/rating", use: setRating)
        group.delete("cocktails/:id/rating") { _, context in try await rating(nil, context: context) }
        group.post("cocktails/:id/made", use: made)
        group.delete("cocktails/:id/made/:entry", use: removeMade)
        group.post("drafts/from-page", use: draftFromPage)
    }

    // MARK: Recipes

    @Sendable func create(request: Request, context: Context) async throws -> Response {
        let input = try await Self.input(from: request, desk: desk)
        let recipe = try Self.saved(try await desk.create(input.draft, viewer: context.viewer, confirmed: nil))
        return try await detail(recipe, context: context, status: .created)
    }

    @Sendable func update(request: Request, context: Context) async throws -> Response {
        let id = try context.parameters.require("id")
        // Who may, and whether it exists, before anything about the request's body.
        _ = try await desk.editable(id: id, viewer: context.viewer)
        guard let expected = Self.expectation(inIfMatch: request.headers[.ifMatch]) else {
            throw AppError(
                status: .preconditionRequired, code: "if_match_required",
                message: "Send If-Match with the ETag of the version you changed (GET /api/v1/cocktails/\(id)).")
        }
        let input = try await Self.input(from: request, desk: desk)
        do {
            let outcome = try await desk.update(
                id: id, input.draft, expectedVersion: expected.version, viewer: context.viewer, confirmed: nil)
            return try await detail(try Self.saved(outcome), context: context, status: .ok)
        } catch RecipeError.stale(let now) {
            var error = AppError(
                status: .preconditionFailed, code: "stale_version",
                message:
                    "Someone saved version \(now.version) of this recipe since the version you changed; get it and apply your change to it."
            )
            error.headers[.eTag] = "\"v\(now.version)\""
            throw error
        }
    }

    @Sendable func trash(request: Request, context: Context) async throws -> Response {
        _ = try await desk.setTrashed(true, id: try context.parameters.require("id"), viewer: context.viewer)
        return APIResponse.noContent()
    }

    @Sendable func versions(request: Request, context: Context) async throws -> Response {
        let recipe = try await desk.recipe(id: try context.parameters.require("id"))
        let versions = try await desk.versions(of: recipe.number)
        return try APIResponse.json(
            RecipeVersionsPayload(
                id: recipe.id, current: recipe.version,
                versions: versions.map {
                    .init(
                        number: $0.number, savedAt: $0.savedAt, savedBy: $0.savedByName, summary: $0.summary,
                        name: $0.content.name, ingredients: $0.content.ingredients,
                        instructions: $0.content.instructions ?? [])
                }))
    }

    @Sendable func restoreVersion(request: Request, context: Context) async throws -> Response {
        guard let number = Int(try context.parameters.require("number")), number > 0 else {
            throw AppError(status: .notFound, code: "unknown_version", message: "This recipe has no such version.")
        }
        let recipe = try await desk.restore(
            id: try context.parameters.require("id"), version: number, viewer: context.viewer)
        return try await detail(recipe, context: context, status: .ok)
    }

    @Sendable func adapt(request: Request, context: Context) async throws -> Response {
        let draft = try await desk.adaptation(of: try context.parameters.require("id"), strings: context.strings)
        let recipe = try Self.saved(try await desk.create(draft, viewer: context.viewer, confirmed: nil))
        return try await detail(recipe, context: context, status: .created)
    }

    @Sendable func trashList(request: Request, context: Context) async throws -> Response {
        let trashed = try await desk.trash(viewer: context.viewer)
        return try APIResponse.json(
            TrashPayload(
                cocktails: trashed.map {
                    .init(id: $0.id, name: $0.cocktail.name, deletedAt: $0.deletedAt ?? $0.updatedAt)
                },
                houseRecipes: try await houseDesk.trash(viewer: context.viewer).map {
                    .init(value: $0.value, deletedAt: $0.deletedAt ?? $0.updatedAt)
                }))
    }

    @Sendable func restoreFromTrash(request: Request, context: Context) async throws -> Response {
        let recipe = try await desk.setTrashed(false, id: try context.parameters.require("id"), viewer: context.viewer)
        return try await detail(recipe, context: context, status: .ok)
    }

    /// The answer to a saved recipe: the drink as `GET` shows it, where it is, and its version.
    private func detail(_ recipe: OwnRecipe, context: Context, status: HTTPResponse.Status) async throws -> Response {
        let details = try await desk.catalog.details(id: recipe.id, for: context.viewer.favoritesOwner)
        var payload = CocktailDetailPayload(
            details, now: desk.catalog.now(), calendar: desk.catalog.calendar, language: context.language)
        try await desk.addBookInfo(to: &payload, viewer: context.viewer)
        var response = try APIResponse.json(payload, status: status)
        response.headers[.location] = "/api/v1/cocktails/\(recipe.id)"
        response.headers[.eTag] = "\"v\(recipe.version)\""
        return response
    }

    /// The saved recipe of an outcome, or the refusal as a `422` naming the fields.
    static func saved(_ outcome: RecipeDesk.Outcome) throws -> OwnRecipe {
        switch outcome {
        case .saved(let recipe):
            return recipe
        case .problems(let problems):
            throw AppError.refusing(problems, status: .unprocessableContent, code: "invalid_recipe")
        case .newIngredients:
            // The API takes new names as the book's own; a confirmation is the web form's.
            throw AppError(status: .internalServerError, code: "unconfirmed", message: "The recipe was not saved.")
        }
    }

    /// The body as a recipe, or a `400` saying what is wrong with it. A picture must be one of
    /// the book's own (`/images/imported/…`); the drawing's address a `GET` answers is ignored.
    static func input(from request: Request, desk: RecipeDesk) async throws -> RecipeInput {
        let body = try await SmallBody.read(request, limit: bodyLimit, what: "A recipe")
        var input = try AppError.decoding(RecipeInput.self, from: body, what: "a recipe in JSON")
        if let image = input.imageURL {
            let file = String(image.dropFirst(ImportedImageFiles.urlPrefix.count))
            var stored = image.hasPrefix(ImportedImageFiles.urlPrefix) && PictureName.isStored(file)
            if stored { stored = try await desk.hasPicture(named: file) }
            input.imageURL = stored ? image : nil
        }
        return input
    }

    /// What an `If-Match` asks a write to match.
    enum Expectation: Equatable {
        /// `*`: whatever version is current when the write happens (RFC 9110 §13.1.1).
        case any
        /// `"v3"` or a `GET` answer's `"v3.…"` tag; a tag that names no version is `-1`, a
        /// version that is never current (not even "none yet").
        case number(Int)

        /// The version to check, `nil` for any.
        var version: Int? {
            if case .number(let number) = self { return number }
            return nil
        }
    }

    /// What an `If-Match` header asks for; `nil` when there is none.
    static func expectation(inIfMatch header: String?) -> Expectation? {
        guard let header = header?.trimmingCharacters(in: .whitespaces), !header.isEmpty else { return nil }
        if header == "*" { return .any }
        for tag in header.split(separator: ",") {
            var text = tag.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("W/") { text.removeFirst(2) }
            text = text.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            guard text.hasPrefix("v") else { continue }
            let digits = text.dropFirst().prefix { $0.isNumber }
            if let number = Int(digits) { return .number(number) }
        }
        return .number(-1)
    }

    struct PageBody: Decodable { var url: String }

    /// A recipe page read into a draft, answered in the shape `POST /api/v1/cocktails` takes;
    /// nothing is saved.
    @Sendable func draftFromPage(request: Request, context: Context) async throws -> Response {
        let body = try await JSONBody.decode(PageBody.self, from: request)
        guard let pictures else { throw AppError(status: .notFound, code: "not_found", message: "Not here.") }
        do {
            let draft = try await desk.draft(fromPage: body.url, policy: pagePolicy, pictures: pictures)
            return try APIResponse.json(RecipeInput(draft))
        } catch let refusal as RecipeDesk.PageRefusal {
            var error = refusal.appError
            error.field = "url"
            throw error
        }
    }

    // MARK: Notes, ratings, drinks made

    /// A note of the longest length, every character written as a JSON escape pair, fits.
    static var personalBodyLimit: Int { 64 * 1024 }

    /// Whether a note is too long, counted as the API document counts (characters as sent).
    static func tooLong(_ text: String?) -> Bool {
        (text?.unicodeScalars.count ?? 0) > PersonalRules.maximumNoteLength
    }

    struct NoteBody: Decodable { var text: String }
    struct RatingBody: Decodable { var stars: Int }
    struct MadeBody: Decodable {
        var servings: Int?
        var note: String?
    }

    @Sendable func setNote(request: Request, context: Context) async throws -> Response {
        let body = try await JSONBody.decode(NoteBody.self, from: request, limit: Self.personalBodyLimit)
        return try await note(body.text, context: context)
    }

    private func note(_ text: String?, context: Context) async throws -> Response {
        let owner = context.owner
        let id = try await knownID(context)
        let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines)
        if Self.tooLong(text) {
            throw AppError.noteTooLong(field: "text")
        }
        try await desk.setNote(trimmed, on: id, owner: owner)
        return APIResponse.noContent()
    }

    @Sendable func setRating(request: Request, context: Context) async throws -> Response {
        let body = try await JSONBody.decode(RatingBody.self, from: request)
        guard (1...5).contains(body.stars) else {
            var error = AppError(
                status: .unprocessableContent, code: "invalid_rating", message: "A rating is 1 to 5 stars.")
            error.field = "stars"
            throw error
        }
        return try await rating(body.stars, context: context)
    }

    private func rating(_ stars: Int?, context: Context) async throws -> Response {
        let owner = context.owner
        let id = try await knownID(context)
        try await desk.setRating(stars, on: id, owner: owner)
        return APIResponse.noContent()
    }

    @Sendable func made(request: Request, context: Context) async throws -> Response {
        // Both fields are optional, and so is the body itself.
        let body = try await JSONBody.decode(
            MadeBody.self, from: request, limit: Self.personalBodyLimit, whenEmpty: MadeBody())
        let servings = body.servings ?? 1
        guard (1...PersonalRules.maximumServings).contains(servings) else {
            var error = AppError(
                status: .unprocessableContent, code: "invalid_servings",
                message: "servings is a whole number from 1 to \(PersonalRules.maximumServings).")
            error.field = "servings"
            throw error
        }
        let note = body.note?.trimmingCharacters(in: .whitespacesAndNewlines)
        if Self.tooLong(body.note) {
            throw AppError.noteTooLong(field: "note")
        }
        let owner = context.owner
        let made = try await desk.recordMade(
            try await knownID(context), servings: servings, note: note?.isEmpty == true ? nil : note, owner: owner)
        return try APIResponse.json(
            MadePayload(made.entry, drawn: made.drawn, strings: context.strings), status: .created)
    }

    @Sendable func removeMade(request: Request, context: Context) async throws -> Response {
        let owner = context.owner
        _ = try await knownID(context)
        guard let entry = Int64(try context.parameters.require("entry")),
            try await desk.removeMade(entry, owner: owner)
        else {
            throw AppError(status: .notFound, code: "unknown_entry", message: "You have no such record of this drink.")
        }
        return APIResponse.noContent()
    }

    /// The drink the path names, which must be in the catalog.
    private func knownID(_ context: Context) async throws -> String {
        try await desk.catalog.cocktail(id: try context.parameters.require("id")).cocktail.id
    }
}

/// `GET /api/v1/cocktails/{id}/versions`.
struct RecipeVersionsPayload: Codable, Sendable {
    struct Version: Codable, Sendable {
        var number: Int
        var savedAt: Date
        @Nullable var savedBy: String?
        var summary: String
        var name: String
        var ingredients: [String]
        var instructions: [String]
    }

    var id: String
    var current: Int
    var versions: [Version]
}

/// `GET /api/v1/trash`.
struct TrashPayload: Codable, Sendable {
    struct Entry: Codable, Sendable {
        var id: String
        var name: String
        var deletedAt: Date
    }

    var cocktails: [Entry]

    /// A deleted house recipe of the book's own, by the ingredient it makes.
    struct HouseEntry: Codable, Sendable {
        var value: String
        var deletedAt: Date
    }

    var houseRecipes: [HouseEntry]
}
