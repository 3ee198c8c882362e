import CocktailBook
import CocktailBookApp
import Foundation
import Hummingbird

/// `/bar` and `/bar/shopping`: the shelf, what it makes, what to buy, substitutions and the
/// shopping list, as pages with plain forms (each form posts and comes back to the page).
struct BarPageController<Context: AppContext>: Sendable {
    let desk: BarDesk
    let renderer: PageRenderer
    /// The book's own house recipes: their pages link to the editor and history.
    let houseRecipes: HouseRecipeDesk

    func addRoutes(to routes: RouteBuilder<Context>) {
        let pages = routes.routes("", .page)
        pages.get("/bar", use: page)
        pages.get("/bar/shopping", use: shoppingPage)
        pages.get("/bar/ingredients/:value", use: housePage)
        let router = routes.routes("", .member)
        router.post("/bar/bottles") { request, context in
            try await change(request, context, anchor: "shelf") { form, owner, index in
                let value = try Self.value(form, \.value, field: .bottle, in: index, strings: context.strings)
                try await desk.setOnShelf(value, form.action != "remove", owner: owner)
            }
        }
        router.post("/bar/batches") { request, context in
            try await change(request, context, anchor: "house") { form, owner, index in
                let value = try Self.value(form, \.value, field: .bottle, in: index, strings: context.strings)
                _ = try await desk.makeBatch(value, ml: Self.number(form.ml) ?? 0, owner: owner)
            }
        }
        // Undoing a batch: off the shelf, and what making it took back on the bottles.
        router.post("/bar/batches/:id/remove") { request, context in
            try await change(request, context, anchor: "house") { _, owner, _ in
                _ = try await desk.removeBatch(id: Int64(try context.parameters.require("id")) ?? -1, owner: owner)
            }
        }
        router.post("/bar/stock") { request, context in
            try await change(request, context) { form, owner, index in
                let value = try Self.value(form, \.value, field: .bottle, in: index, strings: context.strings)
                let stock = try Self.stock(form, currency: try await desk.currency(), strings: context.strings)
                try await desk.setStock(value, stock, owner: owner)
            }
        }
        // "I bought a new bottle": its level back to the bottle's size, the line ticked off.
        router.post("/bar/stock/refill") { request, context in
            try await change(request, context, back: "/bar/shopping") { form, owner, index in
                let value = try Self.value(form, \.value, field: .bottle, in: index, strings: context.strings)
                try await desk.refill(value, owner: owner)
            }
        }
        router.post("/bar/always") { request, context in
            try await change(request, context, anchor: "always") { form, owner, index in
                let value = try Self.value(form, \.value, field: .always, in: index, strings: context.strings)
                try await desk.setAlways(value, form.action != "remove", owner: owner)
            }
        }
        router.post("/bar/rules") { request, context in
            try await change(request, context, anchor: "rules") { form, owner, index in
                let use = try Self.value(form, \.use, field: .rule, in: index, strings: context.strings)
                let insteadOf = try Self.value(form, \.insteadOf, field: .rule, in: index, strings: context.strings)
                do {
                    _ = try await desk.addRule(
                        use: use, insteadOf: insteadOf, bothWays: form.bothWays != nil, owner: owner)
                } catch BarDesk.Refusal.sameIngredient {
                    throw FieldProblem(
                        field: .rule, typed: form.insteadOf.text ?? "", message: context.strings["bar_rule_same"],
                        suggestions: [])
                }
            }
        }
        router.post("/bar/rules/:id/remove") { request, context in
            try await change(request, context, anchor: "rules") { _, owner, _ in
                _ = try await desk.removeRule(id: Int64(try context.parameters.require("id")) ?? -1, owner: owner)
            }
        }
        routes.routes("", .anyone).get("/bar/shopping.txt") { _, context in
            let text = await ShoppingListPayload.text(
                try desk.shoppingList(of: context.viewer.favoritesOwner, strings: context.strings),
                strings: context.strings)
            return Response(
                status: .ok, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
                body: .init(byteBuffer: ByteBuffer(string: text + "\n")))
        }
        router.post("/bar/shopping") { request, context in
            let form = try context.submittedForm().decode(BarForm.self)
            if let id = form.cocktail, !id.isEmpty {
                // Back to the drink's row, which now says it is on the list.
                return try await change(
                    form, request, context, back: "/bar?added=\(Self.urlSafe(id))", anchor: "drink-" + Self.urlSafe(id)
                ) {
                    form, owner, _ in try await desk.addMissing(of: id, owner: owner)
                }
            }
            return try await change(form, request, context, back: "/bar/shopping", anchor: "shopping-add-form") {
                form, owner, _ in
                let typed = form.value.text ?? ""
                guard try await desk.addToShoppingList(text: typed, owner: owner) else {
                    let trimmed = typed.trimmingCharacters(in: .whitespacesAndNewlines)
                    throw FieldProblem(
                        field: .shopping, typed: String(trimmed.prefix(ShoppingText.maximumLength)),
                        message: context.strings[trimmed.isEmpty ? "shopping_add_empty" : "shopping_add_too_long"],
                        suggestions: [])
                }
            }
        }
        router.post("/bar/shopping/:id/toggle") { request, context in
            try await change(request, context, back: "/bar/shopping") { form, owner, _ in
                _ = try await desk.setBought(
                    form.bought == "true", itemId: Int64(try context.parameters.require("id")) ?? -1, owner: owner)
            }
        }
        router.post("/bar/shopping/clear") { request, context in
            try await change(request, context, back: "/bar/shopping") { _, owner, _ in
                _ = try await desk.removeFromShoppingList(itemId: nil, owner: owner)
            }
        }
    }

    /// A number typed in a form (`300`, `22,5`), or nil when the field is empty or not one.
    static func number(_ raw: String?) -> Double? {
        let text = (raw ?? "").trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: ".")
        guard !text.isEmpty, text.count <= 20, let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// The stock a level-and-price form describes (a level picked as a fraction of the bottle
    /// wins over typed millilitres), or a 400 that says what is wrong; nil when it is empty.
    /// A price without a currency is in `currency`, the book's.
    static func stock(_ form: BarForm, currency bookCurrency: String, strings: UIStrings) throws -> BottleStock? {
        let invalid = AppError(status: .badRequest, code: "invalid_stock", message: strings["stock_invalid"])
        func field(_ raw: String?) throws -> Double? {
            let raw = (raw ?? "").trimmingCharacters(in: .whitespaces)
            guard !raw.isEmpty else { return nil }
            guard let value = number(raw) else { throw invalid }
            return value
        }
        var stock = BottleStock(
            ml: try field(form.ml), bottleMl: try field(form.bottleMl), lowMl: try field(form.lowMl))
        if let fraction = try field(form.level) {
            guard let bottle = stock.bottleMl, (0...1).contains(fraction) else { throw invalid }
            stock.ml = BottleStock.level(fraction, of: bottle)
        }
        let typed = (form.currency ?? "").trimmingCharacters(in: .whitespaces).uppercased()
        let currency = typed.isEmpty ? bookCurrency : typed
        if let price = form.price, !price.trimmingCharacters(in: .whitespaces).isEmpty {
            guard let minor = Money.minor(price, currency: currency) else { throw invalid }
            stock.price = BottleStock.Price(minor: minor, currency: currency)
        }
        guard stock.problem == nil else { throw invalid }
        return stock == BottleStock() ? nil : stock
    }

    /// The value a form's field names (or the suggestion the person picked), in English or
    /// Italian; a name the bar does not know is a ``FieldProblem`` with the nearest names.
    static func value(
        _ form: BarForm, _ name: KeyPath<BarForm, BarForm.Name>, field: FieldProblem.Field, in index: BarIndex,
        strings: UIStrings
    )
        throws -> String
    {
        let named = form[keyPath: name]
        let pick = "pick-" + named.field
        let text = (named.picked ?? named.text ?? "").trimmingCharacters(in: .whitespaces)
        switch IngredientLookup.resolve(text, in: index) {
        case .known(let value): return value
        case .unknown(let suggestions):
            throw FieldProblem(
                field: field, typed: String(text.prefix(200)),
                message: strings(
                    suggestions.isEmpty ? "bar_unknown_none" : "bar_unknown", ["name": String(text.prefix(200))]),
                suggestions: suggestions.map {
                    FieldProblem.Suggestion(name: pick, value: $0, label: strings.ingredient($0))
                })
        }
    }

    /// A refused change, said on the page.
    static func refusal(_ refusal: BarDesk.Refusal, strings: UIStrings) -> AppError {
        switch refusal {
        case .notHouseMade(let value):
            AppError(
                status: .badRequest, code: "not_house_made",
                message: strings("batch_no_recipe", ["name": strings.ingredient(value)]))
        case .batchAmount: AppError(status: .badRequest, code: "invalid_batch", message: strings["batch_ml_invalid"])
        case .noBottleSize: AppError(status: .badRequest, code: "invalid_stock", message: strings["stock_invalid"])
        case .sameIngredient: AppError(status: .badRequest, code: "invalid_rule", message: strings["bar_rule_same"])
        }
    }

    /// `id` as it may stand in a query.
    static func urlSafe(_ id: String) -> String {
        id.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(.init(charactersIn: "-_."))) ?? ""
    }

    /// Applies `apply` to the viewer's bar, and goes back to the page (to
    /// `anchor` on it); a field the person got wrong shows the page again, with what they typed
    /// and the problem next to that field.
    private func change(
        _ request: Request, _ context: Context, back: String = "/bar", anchor: String? = nil,
        _ apply: (BarForm, FavoritesOwner, BarIndex) async throws -> Void
    ) async throws -> Response {
        try await change(
            try context.submittedForm().decode(BarForm.self), request, context, back: back, anchor: anchor, apply)
    }

    private func change(
        _ form: BarForm, _ request: Request, _ context: Context, back: String, anchor: String?,
        _ apply: (BarForm, FavoritesOwner, BarIndex) async throws -> Void
    ) async throws -> Response {
        let owner = context.owner
        do {
            try await apply(form, owner, try await desk.index())
        } catch let refusal as BarDesk.Refusal {
            throw Self.refusal(refusal, strings: context.strings)
        } catch let problem as FieldProblem {
            return problem.field == .shopping
                ? try await shoppingPage(context: context, problem: problem, status: .badRequest)
                : try await page(context: context, problem: problem, status: .badRequest)
        }
        // A form that names where to return goes exactly there; otherwise back to its own place.
        let target = form.return.map { LocalPath.sanitized($0) } ?? back + (anchor.map { "#" + $0 } ?? "")
        return .redirect(to: target, type: .normal)
    }

    @Sendable func page(request: Request, context: Context) async throws -> Response {
        try await page(context: context, added: FormQuery(request)["added"])
    }

    private func page(
        context: Context, added: String? = nil, problem: FieldProblem? = nil, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let owner = context.viewer.favoritesOwner
        let shelf = try await desk.shelf(of: owner)
        let report = try await desk.report(of: owner)
        let list = try await desk.shoppingList(of: owner)
        var bar = BarPage(
            report: report, shelf: shelf, canKeepBar: owner != .nobody && context.keepsPersonalRecords,
            shoppingCount: list.filter { !$0.isBought }.count, strings: context.strings,
            stock: try await desk.stock(of: owner), batches: try await desk.batches(of: owner),
            now: desk.now(), added: added, currency: try await desk.currency())
        bar.mark(onList: Set(list.filter { !$0.isBought }.map(\.value)), added: added, strings: context.strings)
        bar.show(problem)
        bar.mayWriteHouse = RecipeDesk.mayWrite(context.viewer)
        bar.isGuest = owner != .nobody && !context.keepsPersonalRecords
        return renderer.render(bar, status: status, context: context)
    }

    @Sendable func housePage(request: Request, context: Context) async throws -> Response {
        let owner = context.viewer.favoritesOwner
        let index = try await desk.index()
        let raw = try context.parameters.require("value")
        let decoded = raw.removingPercentEncoding ?? raw
        guard decoded.count <= 200, let value = index.value(for: decoded),
            let recipe = index.houseRecipes.recipe(for: value)
        else {
            throw AppError(
                status: .notFound, code: "no_house_recipe",
                message: context.strings("house_none", ["name": String(decoded.prefix(200))]))
        }
        let shelf = try await desk.shelf(of: owner)
        let latest = try await desk.batches(of: owner).first { $0.value == value }
        var page = HouseRecipePage(
            recipe: recipe, status: index.houseStatus(of: value, on: shelf), batch: latest, now: desk.now(),
            canKeepBar: owner != .nobody && context.keepsPersonalRecords, strings: context.strings,
            recipes: index.houseRecipes)
        if let own = try await houseRecipes.entry(value).own {
            page.hasHistory = true
            if own.deletedAt == nil {
                page.isOwn = true
                page.ownNotice = context.strings(
                    HouseRecipes.bundled.recipe(for: value) == nil ? "house_own_new" : "house_own_override",
                    ["version": String(own.version)])
                page.deleteLabel =
                    context.strings[
                        HouseRecipes.bundled.recipe(for: value) == nil ? "house_delete_new" : "house_delete_override"]
            }
            page.mayWrite = HouseRecipeDesk.mayEdit(own, viewer: context.viewer)
        } else {
            page.mayWrite = HouseRecipeDesk.mayEdit(nil, viewer: context.viewer)
        }
        page.saved = FormQuery(request)["saved"].map { _ in context.strings["house_saved"] }
        return renderer.render(page, context: context)
    }

    @Sendable func shoppingPage(request: Request, context: Context) async throws -> Response {
        try await shoppingPage(context: context)
    }

    private func shoppingPage(context: Context, problem: FieldProblem? = nil, status: HTTPResponse.Status = .ok)
        async throws -> Response
    {
        let owner = context.viewer.favoritesOwner
        let items = try await desk.shoppingList(of: owner)
        let index = try await desk.index()
        var page = ShoppingPage(
            items: items, cocktailNames: await desk.drinkNames(for: items, owner: owner), values: index.allValues,
            canKeepBar: owner != .nobody && context.keepsPersonalRecords,
            strings: context.strings, stock: try await desk.stock(of: owner), index: index)
        page.problem = problem.map(FieldProblem.Model.init)
        return renderer.render(page, status: status, context: context)
    }
}
