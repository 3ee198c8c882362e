import CocktailBook
import Foundation
import Hummingbird

/// The JSON API under `/api/v1`. Each handler asks the catalog service the same question the
/// matching page asks, and differs from it only in rendering.
struct APIController<Context: AppContext>: Sendable {
    let catalog: CatalogService

    func addRoutes(to group: RouterGroup<Context>) {
        group.get("cocktails", use: list)
        group.get("cocktails/:id", use: show)
        group.get("favorites", use: favorites)
        group.get("filters", use: filters)
        group.get("random", use: random)
        group.put("favorites/:id") { request, context in try await setFavorite(true, context: context) }
        group.delete("favorites/:id") { request, context in try await setFavorite(false, context: context) }
        group.get("catalog", use: status)
        group.post("catalog/refresh", use: refresh)
    }

    @Sendable func list(request: Request, context: Context) async throws -> Response {
        let query = try QueryParameters.query(from: request, paged: false)
        return try APIResponse.json(CocktailListPayload(query: query, page: try await catalog.query(query, for: context.viewer.favoritesOwner)))
    }

    @Sendable func filters(request: Request, context: Context) async throws -> Response {
        try APIResponse.json(try await catalog.facets())
    }

    @Sendable func random(request: Request, context: Context) async throws -> Response {
        let item = try await catalog.randomCocktail()
        return try APIResponse.json(CocktailDetailPayload(try await catalog.details(id: item.cocktail.id, for: context.viewer.favoritesOwner), now: catalog.now(), calendar: catalog.calendar))
    }

    @Sendable func show(request: Request, context: Context) async throws -> Response {
        let id = try context.parameters.require("id")
        return try APIResponse.json(CocktailDetailPayload(try await catalog.details(id: id, for: context.viewer.favoritesOwner), now: catalog.now(), calendar: catalog.calendar))
    }

    @Sendable func favorites(request: Request, context: Context) async throws -> Response {
        try APIResponse.json(FavoritesPayload(try await catalog.list(filter: .all, for: context.viewer.favoritesOwner)))
    }

    func setFavorite(_ isFavorite: Bool, context: Context) async throws -> Response {
        let id = try context.parameters.require("id")
        try await catalog.setFavorite(isFavorite, for: id, owner: try context.favoritesWriter())
        return APIResponse.noContent()
    }

    @Sendable func status(request: Request, context: Context) async throws -> Response {
        try APIResponse.json(CatalogStatusPayload(await catalog.status()))
    }

    @Sendable func refresh(request: Request, context: Context) async throws -> Response {
        try context.require(.admin)
        await catalog.refresh()
        return try APIResponse.json(CatalogStatusPayload(await catalog.status()), status: .accepted)
    }
}
