import CocktailBook
import CocktailBookApp
import Foundation
import Hummingbird

/// The party planner's page over one of the viewer's lists, and its one action: every line to
/// buy goes on the bar's shopping list with why, and the page comes back with the plan and a
/// confirmation. Both work without script.
struct PartyPageController<Context: AppContext>: Sendable {
    let desk: ListDesk
    let renderer: PageRenderer

    func addRoutes(to routes: RouteBuilder<Context>) {
        let pages = routes.routes("", .member)
        pages.get("/lists/:id/plan", use: page)
        pages.post("/lists/:id/plan/shopping", use: addToShoppingList)
    }

    /// The form alone until guests are given; then the plan, or the form with what was typed
    /// and why it cannot be planned (400).
    @Sendable func page(request: Request, context: Context) async throws -> Response {
        let owner = context.owner
        let list = try await desk.list(try context.parameters.require("id"), owner: owner)
        let query = FormQuery(request)
        let rows = await desk.rows(of: list)
        var plan: PartyPlan?
        var refusal: AppError?
        if let guests = query["guests"], !guests.isEmpty {
            do {
                plan = try await desk.plan(list, try ListDesk.PartyRequest(query), owner: owner)
            } catch let error as AppError where error.status == .badRequest || error.status == .notFound {
                refusal = error
            }
        }
        let added = query["added"].flatMap { Int($0) }.map { max(0, $0) }
        return renderer.render(
            PartyPage(
                list: list, rows: rows, query: query, plan: plan, error: refusal?.message,
                added: plan == nil ? nil : added, units: context.settings.units, strings: context.strings),
            status: refusal == nil ? .ok : .badRequest, context: context)
    }

    /// Puts every line left to buy on the shopping list (an item already there takes the new
    /// reason instead of coming twice) and goes back to the same plan.
    @Sendable func addToShoppingList(request: Request, context: Context) async throws -> Response {
        let form = try context.submittedForm().fields
        let owner = context.owner
        let list = try await desk.list(try context.parameters.require("id"), owner: owner)
        let asked = try ListDesk.PartyRequest(form)
        let plan = try await desk.plan(list, asked, owner: owner)
        let needs = plan.shoppingNeeds(index: try await desk.catalog.barIndex(), strings: context.strings)
        try await desk.bar.addToShoppingList(needs, owner: owner)
        let query = (asked.pairs + [("added", String(needs.count))]).map { name, value in
            (name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "") + "="
                + (value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
        }.joined(separator: "&")
        return .redirect(to: "/lists/\(list.id)/plan?\(query)#added", type: .normal)
    }
}
