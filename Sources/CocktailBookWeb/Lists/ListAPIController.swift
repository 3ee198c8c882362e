import CocktailBook
import CocktailBookApp
import Foundation
import Hummingbird

/// `/api/v1/lists…`: the viewer's lists as JSON, the same store calls as the pages make. A list
/// of another account is a `404`, as if it did not exist; a refused change writes nothing.
struct ListAPIController<Context: AppContext>: Sendable {
    let desk: ListDesk
    /// The bars `owner`'s menus may follow (``ListDesk/followableBars(for:)``).
    private func followable(_ owner: FavoritesOwner) async throws -> Set<Int64> {
        Set(try await desk.followableBars(for: owner).map(\.id))
    }

    struct NameBody: Decodable { var name: String }
    struct EntryBody: Decodable {
        var cocktail: String
        var note: String?
    }
    struct NoteBody: Decodable { var note: String? }
    struct MoveBody: Decodable { var to: Int }
    struct ShareBody: Decodable { var expiresInDays: Int? }
    /// A drink's price in minor units: a number, so that `9.5` is refused by name rather than as
    /// JSON; `null` clears it, and a body without `minor` is refused (it must not clear by accident).
    struct PriceBody: Decodable {
        var minor: Double?

        enum CodingKeys: String, CodingKey { case minor }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            guard container.contains(.minor) else {
                throw DecodingError.keyNotFound(
                    CodingKeys.minor, .init(codingPath: [], debugDescription: "minor is required"))
            }
            minor = try container.decode(Double?.self, forKey: .minor)
        }
    }
    struct MenuPricesBody: Decodable {
        var display: String?
        var pourCostPercent: Double?
    }
    struct MenuShelfBody: Decodable {
        var follows: Int64?
        var unavailable: String?
    }

    func addRoutes(to routes: RouteBuilder<Context>) {
        let group = routes.routes("api/v1", .api(.member))
        group.get("lists") { request, context in
            let lists = try await desk.lists(of: context.owner)
            return try APIResponse.json(
                ListsPayload(lists: lists.map { ListSummaryPayload($0, url: url($0.share, context)) }))
        }
        group.post("lists") { request, context in
            let owner = context.owner
            let body = try await JSONBody.decode(NameBody.self, from: request)
            let list = try await desk.createList(named: body.name, owner: owner)
            return try await payload(list, request, context, status: .created)
        }
        group.get("lists/:id") { request, context in
            try await payload(try await list(context), request, context)
        }
        group.patch("lists/:id") { request, context in
            let list = try await list(context)
            let body = try await JSONBody.decode(NameBody.self, from: request)
            return try await payload(
                try await desk.renameList(
                    id: list.id, to: body.name, owner: context.owner), request,
                context)
        }
        group.delete("lists/:id") { _, context in
            let list = try await list(context)
            _ = try await desk.deleteList(id: list.id, owner: context.owner)
            return APIResponse.noContent()
        }
        group.post("lists/:id/entries") { request, context in
            let list = try await list(context)
            let body = try await JSONBody.decode(EntryBody.self, from: request)
            // The list is there; a drink the body names that is not is a 422, not a 404 (which
            // would say the list itself is gone, as schemathesis read it).
            do {
                _ = try await desk.knownDrink(body.cocktail)
            } catch let error as CatalogError {
                guard case .unknownCocktail = error else { throw error }
                throw AppError(
                    status: .unprocessableContent, code: "unknown_cocktail",
                    message: error.errorDescription ?? "There is no such cocktail.")
            }
            return try await add(body.cocktail, note: body.note, to: list, request, context)
        }
        group.delete("lists/:id/entries/:cocktail") { _, context in
            try await remove(try await list(context), context)
        }
        group.post("lists/:id/entries/:cocktail/move") { request, context in
            let list = try await list(context)
            let body = try await JSONBody.decode(MoveBody.self, from: request)
            let moved = try await desk.moveEntry(
                try context.parameters.require("cocktail"), to: body.to, in: list.id,
                owner: context.owner)
            return try await payload(moved, request, context)
        }
        // The issue's own spelling: put a drink on the list (with an optional note), take it off.
        group.put("lists/:id/cocktails/:cocktail") { request, context in
            let list = try await list(context)
            let body = try await JSONBody.decode(NoteBody.self, from: request, whenEmpty: NoteBody())
            return try await add(
                try context.parameters.require("cocktail"), note: body.note, to: list, request, context)
        }
        group.delete("lists/:id/cocktails/:cocktail") { _, context in
            try await remove(try await list(context), context)
        }
        // A drink's menu price, in minor units of the book's currency (null clears it).
        group.put("lists/:id/cocktails/:cocktail/price") { request, context in
            let list = try await list(context)
            let body = try await JSONBody.decode(PriceBody.self, from: request)
            let changed = try await desk.setEntryPrice(
                try context.parameters.require("cocktail"), minor: try Self.whole(body.minor, or: .invalidPrice),
                in: list.id, owner: context.owner)
            return try await payload(changed, request, context)
        }
        // Whether the menu shows prices, and the pour cost its suggested prices aim at.
        group.put("lists/:id/menu-prices") { request, context in
            let list = try await list(context)
            let body = try await JSONBody.decode(MenuPricesBody.self, from: request)
            guard let display = MenuPrices.Display(rawValue: body.display ?? list.menuPrices.display.rawValue) else {
                throw AppError(
                    status: .badRequest, code: "invalid_display", message: "display is auto, show or hide.")
            }
            let prices = MenuPrices(
                display: display, pourCostPercent: try Self.whole(body.pourCostPercent, or: .invalidPourCost))
            return try await payload(
                try await desk.setMenuPrices(prices, for: list.id, owner: context.owner), request,
                context)
        }
        group.get("lists/:id/plan") { request, context in
            let list = try await list(context)
            let query = FormQuery(request)
            // The page's form sends an empty field for "the default"; the API's caller leaves
            // the parameter out, so an empty one is a number missing.
            if query["perGuest"]?.isEmpty == true {
                throw AppError(
                    status: .badRequest, code: "invalid_per_guest", message: "perGuest must be a whole number.")
            }
            let asked = try ListDesk.PartyRequest(query)
            let plan = try await desk.plan(list, asked, owner: context.owner)
            return try APIResponse.json(PartyPlanPayload(plan, perGuest: asked.perGuest, strings: context.strings))
        }
        group.post("lists/:id/share") { request, context in
            let list = try await list(context)
            let body = try await JSONBody.decode(ShareBody.self, from: request, whenEmpty: ShareBody())
            let shared = try await desk.share(list, days: body.expiresInDays, owner: context.owner)
            guard let share = shared.share else { throw ListError.notFound }
            return try APIResponse.json(
                SharePayload(url: url(share, context) ?? "", token: share.token, expiresAt: share.expiresAt),
                status: .created)
        }
        // The bar the list's menu follows (`follows`: an account's id, 0 in a book without
        // accounts; null for none) and what it does with a drink that bar cannot make now.
        group.put("lists/:id/menu-shelf") { request, context in
            let list = try await list(context)
            let owner = context.owner
            let body = try await JSONBody.decode(MenuShelfBody.self, from: request)
            guard ["hide", "mark", nil].contains(body.unavailable) else {
                throw AppError(
                    status: .badRequest, code: "invalid_unavailable", message: "unavailable is hide or mark.")
            }
            var menuShelf: MenuShelf?
            if let follows = body.follows {
                guard try await followable(owner).contains(follows) else {
                    throw AppError(
                        status: .unprocessableContent, code: "unknown_bar",
                        message: "follows names neither your own bar nor one shared with the household.")
                }
                menuShelf = MenuShelf(ownerID: follows, hidesUnavailable: body.unavailable == "hide")
            }
            return try await payload(
                try await desk.setMenuShelf(menuShelf, for: list.id, owner: owner), request, context)
        }
        // How the list's menu orders its drinks: `style` or `list`.
        group.put("lists/:id/menu-order") { request, context in
            let list = try await list(context)
            let body = try await JSONBody.decode(MenuOrderBody.self, from: request)
            guard let order = MenuOrder(rawValue: body.order) else {
                throw AppError(status: .badRequest, code: "invalid_order", message: "order is style or list.")
            }
            return try await payload(
                try await desk.setMenuOrder(order, for: list.id, owner: context.owner), request, context)
        }
        group.delete("lists/:id/share") { _, context in
            let list = try await list(context)
            // Idempotent: a list without a link is what revoking leaves.
            _ = try await desk.removeShare(of: list.id, owner: context.owner)
            return APIResponse.noContent()
        }
    }

    /// A JSON number that must be a whole one (`9.0` is 9, `9.5` is refused as `error`).
    static func whole(_ number: Double?, or error: ListError) throws -> Int? {
        guard let number else { return nil }
        guard number.isFinite, number.rounded() == number, abs(number) < 1e15 else { throw error }
        return Int(number)
    }

    private func list(_ context: Context) async throws -> DrinkList {
        try await desk.list(try context.parameters.require("id"), owner: context.owner)
    }

    private func add(_ raw: String, note: String?, to list: DrinkList, _ request: Request, _ context: Context)
        async throws -> Response
    {
        let id = try await desk.knownDrink(raw)
        let changed = try await desk.addEntry(
            id, note: note, to: list.id, owner: context.owner)
        return try await payload(changed, request, context, status: list.contains(id) ? .ok : .created)
    }

    private func remove(_ list: DrinkList, _ context: Context) async throws -> Response {
        _ = try await desk.removeEntry(
            try context.parameters.require("cocktail"), from: list.id, owner: context.owner)
        return APIResponse.noContent()
    }

    private func url(_ share: ListShare?, _ context: Context) -> String? {
        share.map { ListDesk.url(of: $0, origin: context.origin) }
    }

    private func payload(
        _ list: DrinkList, _ request: Request, _ context: Context, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        try APIResponse.json(
            ListPayload(
                list, rows: await desk.rows(of: list), url: url(list.share, context),
                currency: try await desk.currency(), strings: context.strings), status: status)
    }
}

/// `PUT /api/v1/lists/{id}/menu-order`.
struct MenuOrderBody: Decodable { var order: String }
