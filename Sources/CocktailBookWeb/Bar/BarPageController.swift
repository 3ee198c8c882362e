import CocktailBook
import Foundation
import Hummingbird

/// `/bar` and `/bar/shopping`: the shelf, what it makes, what to buy, substitutions and the
/// shopping list, as pages with plain forms (each form posts and comes back to the page).
struct BarPageController<Context: AppContext>: Sendable {
    let catalog: CatalogService
    let store: any BarStore
    let renderer: PageRenderer

    func addRoutes(to routes: RouteBuilder<Context>) {
        let pages = routes.routes("", .page)
        pages.get("/bar", use: page)
        pages.get("/bar/shopping", use: shoppingPage)
        let router = routes.routes("", .anyone)
        router.post("/bar/bottles") { request, context in
            try await change(request, context) { form, owner, index in
                let value = try Self.value(form["value"], in: index, strings: context.strings)
                try await store.setOnShelf(value, form["action"] != "remove", owner: owner)
            }
        }
        router.post("/bar/always") { request, context in
            try await change(request, context) { form, owner, index in
                let value = try Self.value(form["value"], in: index, strings: context.strings)
                try await store.setAlwaysAvailable(value, form["action"] != "remove", owner: owner)
            }
        }
        router.post("/bar/rules") { request, context in
            try await change(request, context, anchor: "rules") { form, owner, index in
                let use = try Self.value(form["use"], in: index, strings: context.strings)
                let insteadOf = try Self.value(form["insteadOf"], in: index, strings: context.strings)
                guard use != insteadOf else {
                    throw AppError(
                        status: .badRequest, code: "invalid_rule", message: "A rule needs two different ingredients.")
                }
                _ = try await store.addRule(
                    SubstitutionRule(use: use, insteadOf: insteadOf, bothWays: form["bothWays"] != nil), owner: owner)
            }
        }
        router.post("/bar/rules/:id/remove") { request, context in
            try await change(request, context, anchor: "rules") { _, owner, _ in
                _ = try await store.removeRule(id: Int64(try context.parameters.require("id")) ?? -1, owner: owner)
            }
        }
        router.get("/bar/shopping.txt") { _, context in
            let text = await ShoppingListPayload.text(
                try store.shoppingList(of: context.viewer.favoritesOwner), strings: context.strings)
            return Response(
                status: .ok, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
                body: .init(byteBuffer: ByteBuffer(string: text + "\n")))
        }
        router.post("/bar/shopping") { request, context in
            try await change(request, context, back: "/bar/shopping") { form, owner, index in
                if let id = form["cocktail"], !id.isEmpty {
                    try await Self.addMissing(of: id, owner: owner, catalog: catalog, store: store)
                } else {
                    try await store.addToShoppingList(
                        [try Self.value(form["value"], in: index, strings: context.strings)], for: nil, owner: owner)
                }
            }
        }
        router.post("/bar/shopping/:id/toggle") { request, context in
            try await change(request, context, back: "/bar/shopping") { form, owner, _ in
                _ = try await store.setBought(
                    form["bought"] == "true", itemId: Int64(try context.parameters.require("id")) ?? -1, owner: owner)
            }
        }
        router.post("/bar/shopping/clear") { request, context in
            try await change(request, context, back: "/bar/shopping") { _, owner, _ in
                _ = try await store.removeFromShoppingList(itemId: nil, owner: owner)
            }
        }
    }

    /// Every ingredient the drink `id` lacks on `owner`'s shelf goes on the shopping list.
    static func addMissing(of id: String, owner: FavoritesOwner, catalog: CatalogService, store: any BarStore)
        async throws
    {
        let item = try await catalog.cocktail(id: id, for: owner)
        let report = try await catalog.bar(try store.shelf(of: owner))
        guard let position = report.cocktails.firstIndex(where: { $0.id == item.cocktail.id }) else { return }
        let missing = await report.index.missing(at: position, on: try store.shelf(of: owner))
        try await store.addToShoppingList(missing, for: item.cocktail.id, owner: owner)
    }

    /// The value a form names, or a 400 page that says there is no such ingredient.
    static func value(_ raw: String?, in index: BarIndex, strings: UIStrings) throws -> String {
        let text = (raw ?? "").trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty, text.count <= 200,
            let value = index.value(for: text) ?? Self.italianValue(text, in: index, strings: strings)
        else {
            throw AppError(
                status: .badRequest, code: "unknown_ingredient",
                message: strings("bar_unknown", ["name": String(text.prefix(200))]))
        }
        return value
    }

    /// An ingredient typed by its Italian name (`succo di lime fresco`).
    private static func italianValue(_ text: String, in index: BarIndex, strings: UIStrings) -> String? {
        guard strings.language != .english else { return nil }
        let folded = SearchText.fold(text)
        return index.allValues.first { SearchText.fold(strings.ingredient($0)) == folded }
    }

    /// Checks the form and the viewer, applies `apply`, and goes back to the page.
    private func change(
        _ request: Request, _ context: Context, back: String = "/bar", anchor: String? = nil,
        _ apply: (FormFields, FavoritesOwner, BarIndex) async throws -> Void
    ) async throws -> Response {
        let form = try await FormFields(request: request)
        try CSRFToken.verify(form["csrf"], context: context, request: request)
        let owner = try context.favoritesWriter()
        try await apply(form, owner, try await catalog.barIndex())
        let target = LocalPath.sanitized(form["return"] ?? back)
        return .redirect(to: target + (anchor.map { "#" + $0 } ?? ""), type: .normal)
    }

    @Sendable func page(request: Request, context: Context) async throws -> Response {
        let owner = context.viewer.favoritesOwner
        let shelf = try await store.shelf(of: owner)
        let report = try await catalog.bar(shelf)
        let list = try await store.shoppingList(of: owner)
        return renderer.render(
            BarPage(
                report: report, shelf: shelf, canKeepBar: owner != .nobody,
                shoppingCount: list.filter { !$0.isBought }.count, strings: context.strings), context: context)
    }

    @Sendable func shoppingPage(request: Request, context: Context) async throws -> Response {
        let owner = context.viewer.favoritesOwner
        let items = try await store.shoppingList(of: owner)
        let index = try await catalog.barIndex()
        var names: [String: String] = [:]
        for id in Set(items.flatMap(\.cocktailIds)) {
            names[id] = try? await catalog.cocktail(id: id, for: owner).cocktail.name
        }
        return renderer.render(
            ShoppingPage(
                items: items, cocktailNames: names, values: index.allValues, canKeepBar: owner != .nobody,
                strings: context.strings), context: context)
    }
}
