import CocktailBook
import CocktailBookApp
import CocktailBookStore
import Foundation
import HTTPTypes
import Hummingbird

/// The pages that write house recipes: the editor for a new house-made ingredient or for the
/// book's own version of one, a recipe's history with restoring, and deleting the book's own.
/// Every form works without script; a refused save shows the form again as typed.
struct HouseRecipePageController<Context: AppContext>: Sendable {
    let desk: HouseRecipeDesk
    let renderer: PageRenderer

    func addRoutes(to routes: RouteBuilder<Context>) {
        routes.routes("", .anyone).get("/bar/ingredients/:value/history", use: history)
        let pages = routes.routes("", RoutePolicy(role: .member, form: .init(fieldBytes: 64 * 1024)))
        pages.get("/bar/house/new", use: newForm)
        pages.post("/bar/house/new", use: create)
        pages.get("/bar/ingredients/:value/edit", use: editForm)
        pages.post("/bar/ingredients/:value/edit", use: update)
        pages.post("/bar/ingredients/:value/history/:number/restore", use: restore)
        pages.post("/bar/ingredients/:value/delete", use: delete)
        pages.post("/bar/ingredients/:value/put-back", use: putBack)
    }

    @Sendable func newForm(request: Request, context: Context) async throws -> Response {
        try await editor(HouseRecipeDraft(), isNew: true, version: 0, context: context)
    }

    @Sendable func editForm(request: Request, context: Context) async throws -> Response {
        let entry = try await desk.editableEntry(
            try desk.value(try context.parameters.require("value")), viewer: context.viewer)
        var draft = entry.counting.map { HouseRecipeDraft($0, table: desk.catalog.ingredients) } ?? HouseRecipeDraft()
        draft.ingredient = entry.value
        return try await editor(
            draft, isNew: false, version: entry.ownCounting?.version ?? 0, context: context)
    }

    @Sendable func create(request: Request, context: Context) async throws -> Response {
        let form = try await readForm(request, context: context)
        let typed = (form.ingredient ?? "").trimmingCharacters(in: .whitespaces)
        var draft = HouseEditorPage.draft(form, ingredient: typed)
        if let op = form.op, op != "save", let changed = draft.applying(op) {
            return try await editor(changed, isNew: true, version: 0, isAnswer: true, context: context)
        }
        // The name is checked as a field first, so that a bad one is shown beside the form.
        var nameOnly = HouseRecipeDraft()
        nameOnly.ingredient = typed
        let nameProblems = nameOnly.problems().filter { $0.field == "ingredient" }
        guard nameProblems.isEmpty else {
            return try await editor(
                draft, isNew: true, version: 0, problems: nameProblems, context: context, status: .unprocessableContent)
        }
        let value = try desk.value(typed)
        draft.ingredient = value
        return try await save(
            draft, value: value, isNew: true, expected: Int(form.version ?? "") ?? 0, context: context)
    }

    @Sendable func update(request: Request, context: Context) async throws -> Response {
        let value = try desk.value(try context.parameters.require("value"))
        let form = try await readForm(request, context: context)
        let draft = HouseEditorPage.draft(form, ingredient: value)
        let expected = Int(form.version ?? "")
        if let op = form.op, op != "save", let changed = draft.applying(op) {
            return try await editor(changed, isNew: false, version: expected, isAnswer: true, context: context)
        }
        return try await save(draft, value: value, isNew: false, expected: expected, context: context)
    }

    private func save(_ draft: HouseRecipeDraft, value: String, isNew: Bool, expected: Int?, context: Context)
        async throws -> Response
    {
        do {
            switch try await desk.save(draft, value: value, expectedVersion: expected, viewer: context.viewer) {
            case .saved(let saved):
                return .redirect(to: HouseItem.path(saved.value) + "?saved=1", type: .normal)
            case .problems(let problems):
                return try await editor(
                    draft, isNew: isNew, version: expected, problems: problems, context: context,
                    status: .unprocessableContent)
            }
        } catch OwnHouseRecipeError.stale(let current) {
            // What was typed stays in the form, the version saved meanwhile above it, field by
            // field; saving again saves the form over it.
            let entry = try await desk.entry(value)
            let saved = entry.ownCounting.map { HouseRecipeDraft($0.recipe, table: desk.catalog.ingredients) }
            let versions = try await desk.versions(of: value)
            let base = versions.first { $0.number == expected }.map {
                HouseRecipeDraft($0.content, table: desk.catalog.ingredients)
            }
            let stale = StaleVersion(
                saved: saved ?? HouseRecipeDraft(), base: base, version: current, typed: draft,
                byName: StaleVersion.savedBy(
                    versions.first?.savedByName, viewer: context.viewer, strings: context.strings),
                strings: context.strings)
            return try await editor(
                draft, isNew: isNew, version: current, stale: stale, context: context, status: .conflict)
        }
    }

    @Sendable func history(request: Request, context: Context) async throws -> Response {
        let entry = try await desk.entry(try desk.value(try context.parameters.require("value")))
        guard let own = entry.own else { throw HouseRecipeAPIController<Context>.noRecipe(entry.value) }
        let versions = try await desk.versions(of: own.value)
        return renderer.render(
            HistoryPage(
                own: own, versions: versions, mayRestore: HouseRecipeDesk.mayEdit(own, viewer: context.viewer),
                calendar: desk.catalog.calendar, strings: context.strings), context: context)
    }

    @Sendable func restore(request: Request, context: Context) async throws -> Response {
        guard let number = Int(try context.parameters.require("number")) else { throw HTTPError(.notFound) }
        let value = try desk.value(try context.parameters.require("value"))
        switch try await desk.restore(value: value, version: number, viewer: context.viewer) {
        case .saved(let saved):
            return .redirect(to: HouseItem.path(saved.value) + "?saved=1", type: .normal)
        case .problems(let problems):
            throw AppError(
                status: .conflict, code: "house_recipe_cycle",
                message: problems.map { context.strings($0.message, $0.values) }.joined(separator: " "))
        }
    }

    /// Deletes the book's own recipe (the bundled one, if any, counts again) into the trash,
    /// which opens saying so, with Undo.
    @Sendable func delete(request: Request, context: Context) async throws -> Response {
        let entry = try await desk.delete(
            value: try desk.value(try context.parameters.require("value")), viewer: context.viewer)
        let path = HouseItem.path(entry.value)
        return .redirect(
            to: "/trash?deleted=" + (path.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""),
            type: .normal)
    }

    @Sendable func putBack(request: Request, context: Context) async throws -> Response {
        let entry = try await desk.putBack(
            value: try desk.value(try context.parameters.require("value")), viewer: context.viewer)
        return .redirect(to: HouseItem.path(entry.value) + "?saved=1", type: .normal)
    }

    private func editor(
        _ draft: HouseRecipeDraft, isNew: Bool, version: Int?, problems: [RecipeDraft.Problem] = [],
        stale: StaleVersion? = nil, isAnswer: Bool = false, context: Context, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let strings = context.strings
        let path = HouseItem.path(draft.ingredient)
        let page = HouseEditorPage(
            draft: draft,
            title: isNew
                ? strings["house_new_title"]
                : strings("house_edit_title", ["name": strings.ingredient(draft.ingredient)]),
            action: isNew ? "/bar/house/new" : path + "/edit", backHref: isNew ? "/bar#house" : path, isNew: isNew,
            version: version, problems: problems, stale: stale, isAnswer: isAnswer || !problems.isEmpty || stale != nil,
            suggestions: try await desk.catalog.barIndex().allValues, strings: strings)
        return renderer.render(page, status: status, context: context)
    }

    /// The submitted editor.
    private func readForm(_ request: Request, context: Context) async throws -> HouseEditorForm {
        try context.submittedForm().decode(HouseEditorForm.self)
    }
}
