import CocktailBook
import CocktailBookApp
import Foundation
import Hummingbird

/// The JSON API under `/api/v1`. Each handler asks the catalog service the same question the
/// matching page asks, and differs from it only in rendering.
struct APIController<Context: AppContext>: Sendable {
    let catalog: CatalogService
    /// Where shelves are kept, for `?makeable=`.
    let bar: any BarStore
    /// The book's own recipes and what people keep about drinks, for a drink's answer.
    var desk: RecipeDesk?

    func addRoutes(to routes: RouteBuilder<Context>) {
        let cached = routes.routes("api/v1", .api(cached: true))
        cached.get("cocktails", use: list)
        cached.get("cocktails/:id", use: show)
        cached.get("favorites", use: favorites)
        cached.get("filters", use: filters)
        routes.routes("api/v1", .api(.admin)).post("catalog/refresh", use: refresh)
        let favorites = routes.routes("api/v1", .api(.guest))
        favorites.put("favorites/:id") { request, context in try await setFavorite(true, context: context) }
        favorites.delete("favorites/:id") { request, context in try await setFavorite(false, context: context) }
        let group = routes.routes("api/v1", .api())
        group.get("random", use: random)
        group.get("catalog", use: status)
        group.get("openapi.json") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
                body: .init(byteBuffer: OpenAPIDocument.bytes))
        }
    }

    @Sendable func list(request: Request, context: Context) async throws -> Response {
        let query = try QueryParameters.query(from: request, language: context.language)
        let owner = context.viewer.favoritesOwner
        let shelf = await query.makeable == nil ? Shelf() : try bar.shelf(of: owner)
        return try APIResponse.json(
            CocktailListPayload(
                query: query,
                page: try await catalog.query(
                    query, for: owner, shelf: shelf,
                    personal: try await desk?.personal(for: query, owner: owner) ?? PersonalView()),
                language: context.language
            ))
    }

    @Sendable func filters(request: Request, context: Context) async throws -> Response {
        try APIResponse.json(try await catalog.facets())
    }

    @Sendable func random(request: Request, context: Context) async throws -> Response {
        let item = try await catalog.randomCocktail()
        return try APIResponse.json(
            CocktailDetailPayload(
                try await catalog.details(id: item.cocktail.id, for: context.viewer.favoritesOwner), now: catalog.now(),
                calendar: catalog.calendar))
    }

    @Sendable func show(request: Request, context: Context) async throws -> Response {
        let id = try context.parameters.require("id")
        let details = try await catalog.details(id: id, for: context.viewer.favoritesOwner)
        var payload = CocktailDetailPayload(
            details, now: catalog.now(), calendar: catalog.calendar, language: context.language,
            conversion: try Self.conversion(request)
        )
        if let desk { try await desk.addBookInfo(to: &payload, viewer: context.viewer) }
        var response = try APIResponse.json(payload)
        // The version leads the tag the cache gives the answer, for `If-Match` (see RecipeAPIController).
        if let version = payload.version { response.headers[.eTag] = "\"v\(version)\"" }
        return response
    }

    /// `?units=oz|ml|cl&servings=1…12`, when either is given; anything else is a 400.
    static func conversion(_ request: Request) throws -> (units: Settings.Units, servings: Int)? {
        let query = FormQuery(request)
        guard query["units"] != nil || query["servings"] != nil else { return nil }
        guard let units = Settings.Units(rawValue: query["units"] ?? "oz") else {
            throw AppError(status: .badRequest, code: "invalid_units", message: "units must be oz, ml or cl.")
        }
        guard let servings = Int(query["servings"] ?? "1"), Settings.servingsRange.contains(servings) else {
            throw AppError(
                status: .badRequest, code: "invalid_servings", message: "servings must be a whole number from 1 to 12.")
        }
        return (units, servings)
    }

    @Sendable func favorites(request: Request, context: Context) async throws -> Response {
        try APIResponse.json(FavoritesPayload(try await catalog.list(filter: .all, for: context.viewer.favoritesOwner)))
    }

    func setFavorite(_ isFavorite: Bool, context: Context) async throws -> Response {
        let id = try context.parameters.require("id")
        try await catalog.setFavorite(isFavorite, for: id, owner: context.owner)
        return APIResponse.noContent()
    }

    @Sendable func status(request: Request, context: Context) async throws -> Response {
        try APIResponse.json(CatalogStatusPayload(await catalog.status()))
    }

    @Sendable func refresh(request: Request, context: Context) async throws -> Response {
        await catalog.refresh()
        return try APIResponse.json(CatalogStatusPayload(await catalog.status()), status: .accepted)
    }
}

/// The OpenAPI 3.1 description of this API, kept in the repository beside the code
/// (`Sources/CocktailBookWeb/OpenAPI/openapi.json`) and served as it is.
enum OpenAPIDocument {
    static let bytes: ByteBuffer = {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "json", subdirectory: "OpenAPI"),
            let data = try? Data(contentsOf: url)
        else {
            return ByteBuffer(
                string:
                    #"{"error":{"code":"missing_document","message":"The OpenAPI document is missing from the build."}}"#
            )
        }
        return ByteBuffer(bytes: data)
    }()
}
