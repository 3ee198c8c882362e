import CocktailBook
import CocktailBookApp
import CocktailBookStore
import CocktailsAPI
import Foundation
import HTTPTypes
import Hummingbird

/// The pages that write the book: the editor (new, adapt, edit), a recipe's history, the trash,
/// and the forms on a drink's page for a note, a rating and "I made this". Every form works
/// without script; a refused save shows the form again as typed.
struct RecipePageController<Context: AppContext>: Sendable {
    let desk: RecipeDesk
    /// The house recipes, whose deleted ones share the trash.
    let houseDesk: HouseRecipeDesk
    let renderer: PageRenderer
    let pictures: ImportedImageFiles
    /// Which addresses a recipe page may be read from.
    var pagePolicy: AddressPolicy = .publicOnly

    /// The largest editor form: a 10 MB picture and the words.
    static var formLimit: Int { 12 * 1_048_576 }

    func addRoutes(to routes: RouteBuilder<Context>) {
        routes.routes("", .anyone).get("/cocktails/:id/history", use: history)
        let upload = RoutePolicy.Upload(limits: .init(bodyBytes: Self.formLimit, parts: 600, fieldBytes: 32 * 1024)) {
            $0["editor_picture_too_large"]
        }
        let editors = routes.routes("", RoutePolicy.member.uploading(upload, fieldBytes: 512 * 1024))
        editors.get("/cocktails/new", use: newForm)
        editors.post("/cocktails/new", use: create)
        editors.get("/cocktails/:id/edit", use: editForm)
        editors.post("/cocktails/:id/edit", use: update)
        // "Read the page" is a button of the editor's form: what was typed comes along, and stays
        // when the page cannot be read.
        editors.post("/cocktails/new/from-page", use: fromPage)
        let pages = routes.routes("", .member)
        pages.post("/cocktails/:id/history/:number/restore", use: restoreVersion)
        pages.post("/cocktails/:id/delete", use: trash)
        pages.get("/trash", use: trashPage)
        pages.post("/trash/:id/restore", use: restoreFromTrash)
        pages.post("/cocktails/:id/note", use: saveNote)
        pages.post("/cocktails/:id/rating", use: saveRating)
        pages.post("/cocktails/:id/made", use: saveMade)
        pages.post("/cocktails/:id/made/:entry/delete", use: removeMade)
    }

    // MARK: The editor

    @Sendable func newForm(request: Request, context: Context) async throws -> Response {
        let query = FormQuery(request)
        var draft = RecipeDraft()
        var basedOnName: String?
        if let original = query["adapt"] {
            draft = try await desk.adaptation(of: original, strings: context.strings)
            basedOnName = try await desk.catalog.cocktail(id: original).cocktail.name
        }
        return try await editor(
            draft, context: context,
            title: basedOnName == nil ? context.strings["editor_new_title"] : context.strings["editor_adapt_title"],
            action: "/cocktails/new", version: nil, basedOnName: basedOnName,
            fromPage: basedOnName == nil ? .init(url: "") : nil)
    }

    /// A recipe page's address → the editor filled from it, to review before saving; or the
    /// editor as it was typed, with the reason beside the address.
    @Sendable func fromPage(request: Request, context: Context) async throws -> Response {
        let form = try await readForm(request, context: context)
        let address = form.texts["url"] ?? ""
        let title = context.strings["editor_new_title"]
        do {
            let draft = try await desk.draft(fromPage: address, policy: pagePolicy, pictures: pictures)
            let host = URL(string: address.trimmingCharacters(in: .whitespaces))?.host ?? address
            var read = EditorPage.FromPage(
                url: address, notice: context.strings("editor_page_read_notice", ["host": host]))
            try await offerNamesakes(of: draft, in: &read, context: context)
            return try await editor(
                draft, context: context, title: title, action: "/cocktails/new", version: nil, basedOnName: nil,
                fromPage: read)
        } catch let refusal as RecipeDesk.PageRefusal {
            var typed = RecipeDraft(form: form)
            if typed.rows.isEmpty { typed.rows = [RecipeDraft.Row()] }
            if typed.steps.isEmpty { typed.steps = [""] }
            return try await editor(
                typed, context: context, title: title, action: "/cocktails/new", version: nil,
                basedOnName: nil,
                fromPage: .init(url: address, problem: context.strings(refusal.messageKey, refusal.values)),
                status: .unprocessableContent)
        }
    }

    /// Names the book's drinks the page's recipe may already be (open one; Save keeps both;
    /// Cancel skips it), and offers saving it as a new version of the person's own drink of
    /// that name, which its history can undo.
    private func offerNamesakes(of draft: RecipeDraft, in read: inout EditorPage.FromPage, context: Context)
        async throws
    {
        let namesakes = try await desk.namesakes(of: draft.name)
        let strings = context.strings
        read.namesakes = namesakes.prefix(5).map { drink in
            EditorPage.Namesake(
                href: "/cocktails/\(drink.id)", text: strings("editor_page_namesake", ["name": drink.name]))
        }
        for drink in namesakes where OwnRecipe.number(in: drink.id) != nil {
            guard let own = try? await desk.editable(id: drink.id, viewer: context.viewer) else { continue }
            read.versionOf = EditorPage.VersionOf(
                action: "/cocktails/\(own.id)/edit", version: own.version,
                label: strings("editor_page_save_as_version", ["name": drink.name]))
            break
        }
    }

    @Sendable func editForm(request: Request, context: Context) async throws -> Response {
        let recipe = try await desk.editable(id: try context.parameters.require("id"), viewer: context.viewer)
        return try await editor(
            RecipeDraft(recipe.cocktail), context: context, title: context.strings["editor_edit_title"],
            action: "/cocktails/\(recipe.id)/edit", version: recipe.version,
            basedOnName: try await name(of: recipe.cocktail.basedOn))
    }

    @Sendable func create(request: Request, context: Context) async throws -> Response {
        let form = try await readForm(request, context: context)
        var draft = RecipeDraft(form: form)
        let title = draft.basedOn == nil ? context.strings["editor_new_title"] : context.strings["editor_adapt_title"]
        let basedOnName = try await name(of: draft.basedOn)
        let pictureProblem = try await attachPicture(form, to: &draft, strings: context.strings)
        if let op = form.op, op != "save", let changed = draft.applying(op) {
            return try await editor(
                changed, context: context, title: title, action: "/cocktails/new", version: nil,
                basedOnName: basedOnName, pictureProblem: pictureProblem)
        }
        if let pictureProblem {
            return try await editor(
                draft, context: context, title: title, action: "/cocktails/new", version: nil, basedOnName: basedOnName,
                pictureProblem: pictureProblem, status: .unprocessableContent)
        }
        switch try await desk.create(draft, viewer: context.viewer, confirmed: Set(form.confirm)) {
        case .saved(let recipe):
            return .redirect(to: "/cocktails/\(recipe.id)?saved=1", type: .normal)
        case .problems(let problems):
            return try await editor(
                draft, context: context, title: title, action: "/cocktails/new", version: nil, problems: problems,
                basedOnName: basedOnName, status: .unprocessableContent)
        case .newIngredients(let names):
            return try await editor(
                draft, context: context, title: title, action: "/cocktails/new", version: nil, newIngredients: names,
                basedOnName: basedOnName)
        }
    }

    @Sendable func update(request: Request, context: Context) async throws -> Response {
        let recipe = try await desk.editable(id: try context.parameters.require("id"), viewer: context.viewer)
        let form = try await readForm(request, context: context)
        var draft = RecipeDraft(form: form)
        let action = "/cocktails/\(recipe.id)/edit"
        let title = context.strings["editor_edit_title"]
        let basedOnName = try await name(of: recipe.cocktail.basedOn)
        let version = Int(form.version ?? "") ?? recipe.version
        let pictureProblem = try await attachPicture(form, to: &draft, strings: context.strings)
        if let op = form.op, op != "save", let changed = draft.applying(op) {
            return try await editor(
                changed, context: context, title: title, action: action, version: version, basedOnName: basedOnName,
                pictureProblem: pictureProblem)
        }
        if let pictureProblem {
            return try await editor(
                draft, context: context, title: title, action: action, version: version, basedOnName: basedOnName,
                pictureProblem: pictureProblem, status: .unprocessableContent)
        }
        do {
            switch try await desk.update(
                id: recipe.id, draft, expectedVersion: version, viewer: context.viewer,
                confirmed: Set(form.confirm))
            {
            case .saved(let saved):
                return .redirect(to: "/cocktails/\(saved.id)?saved=1", type: .normal)
            case .problems(let problems):
                return try await editor(
                    draft, context: context, title: title, action: action, version: version, problems: problems,
                    basedOnName: basedOnName, status: .unprocessableContent)
            case .newIngredients(let names):
                return try await editor(
                    draft, context: context, title: title, action: action, version: version, newIngredients: names,
                    basedOnName: basedOnName)
            }
        } catch RecipeError.stale(let current) {
            // Both versions on one page: what was typed stays in the form, the saved one above
            // it; saving again (against the current version) keeps what was typed.
            // In a book without accounts, or when the viewer saved it, it was another window.
            let versions = try await desk.versions(of: current.number)
            let byName = StaleVersion.savedBy(
                versions.first?.savedByName, viewer: context.viewer, strings: context.strings)
            let base = versions.first { $0.number == version }.map { RecipeDraft($0.content) }
            // Compared as saving would store it (a description left empty takes the summary).
            let typed =
                draft.cocktail(id: current.cocktail.id, author: nil, dateModified: Date()).map(RecipeDraft.init)
                ?? draft
            let stale = StaleVersion(
                saved: RecipeDraft(current.cocktail), base: base, version: current.version, typed: typed,
                byName: byName, strings: context.strings)
            return try await editor(
                draft, context: context, title: title, action: action, version: current.version, stale: stale,
                basedOnName: basedOnName, status: .conflict)
        }
    }

    /// The editor page for `draft`.
    private func editor(
        _ draft: RecipeDraft, context: Context, title: String, action: String, version: Int?,
        problems: [RecipeDraft.Problem] = [], newIngredients: [String] = [], stale: StaleVersion? = nil,
        basedOnName: String?, pictureProblem: String? = nil, fromPage: EditorPage.FromPage? = nil,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let back =
            action == "/cocktails/new"
            ? (draft.basedOn.map { "/cocktails/\($0)" } ?? "/")
            : String(action.dropLast("/edit".count))
        var page = EditorPage(
            draft: draft, title: title, action: action, backHref: back,
            backTitle: back == "/" ? context.strings["filter_all_title"] : context.strings["common_back"],
            version: version, problems: problems, newIngredients: newIngredients, stale: stale,
            suggestions: try await suggestions(strings: context.strings), basedOnName: basedOnName,
            pictureProblem: pictureProblem, strings: context.strings)
        page.fromPage = fromPage
        return renderer.render(page, status: status, context: context)
    }

    /// The ingredient names the editor suggests: the table's, in the page's language and in
    /// English, and the book's own.
    private func suggestions(strings: UIStrings) async throws -> [String] {
        var names = Set(desk.catalog.ingredients.ingredients.map(\.name))
        if strings.language != .english {
            names.formUnion(desk.catalog.ingredients.ingredients.map { strings.ingredient($0.name) })
        }
        names.formUnion(try await desk.customIngredients())
        return names.sorted { $0.localizedCaseInsensitiveCompare($1) == .orderedAscending }
    }

    private func name(of id: String?) async throws -> String? {
        guard let id else { return nil }
        return try? await desk.catalog.cocktail(id: id).cocktail.name
    }

    /// The submitted editor, multipart (with a picture) or urlencoded.
    private func readForm(_ request: Request, context: Context) async throws -> EditorForm {
        let submitted = try context.submittedForm()
        var form = try submitted.decode(EditorForm.self)
        form.picture = submitted.file("picture").flatMap { $0.body.isEmpty ? nil : $0.body }
        return form
    }

    /// Stores the picture the form carries (its metadata removed) and points the draft at it;
    /// a file that is not a JPEG, PNG or WebP picture under 10 MB gives the sentence saying so.
    private func attachPicture(_ form: EditorForm, to draft: inout RecipeDraft, strings: UIStrings) async throws
        -> String?
    {
        guard let bytes = form.picture else { return nil }
        do {
            draft.imageURL = try await desk.storePicture(bytes, pictures: pictures)
            draft.imageSource = nil
            return nil
        } catch let refusal as RecipeDesk.PictureRefusal {
            return strings(refusal.messageKey)
        }
    }

    // MARK: History and the trash

    @Sendable func history(request: Request, context: Context) async throws -> Response {
        let recipe = try await desk.recipe(id: try context.parameters.require("id"))
        let versions = try await desk.versions(of: recipe.number)
        return renderer.render(
            HistoryPage(
                recipe: recipe, versions: versions, mayRestore: RecipeDesk.mayEdit(recipe, viewer: context.viewer),
                units: context.settings.units, calendar: desk.catalog.calendar, strings: context.strings),
            context: context)
    }

    @Sendable func restoreVersion(request: Request, context: Context) async throws -> Response {
        guard let number = Int(try context.parameters.require("number")) else { throw HTTPError(.notFound) }
        let recipe = try await desk.restore(
            id: try context.parameters.require("id"), version: number, viewer: context.viewer)
        return .redirect(to: "/cocktails/\(recipe.id)?restored=\(number)", type: .normal)
    }

    @Sendable func trash(request: Request, context: Context) async throws -> Response {
        let recipe = try await desk.setTrashed(true, id: try context.parameters.require("id"), viewer: context.viewer)
        return .redirect(to: "/trash?deleted=\(recipe.id)", type: .normal)
    }

    @Sendable func trashPage(request: Request, context: Context) async throws -> Response {
        var page = TrashPage(
            recipes: try await desk.trash(viewer: context.viewer),
            houseRecipes: try await houseDesk.trash(viewer: context.viewer), calendar: desk.catalog.calendar,
            strings: context.strings)
        if let deleted = page.row(id: FormQuery(request)["deleted"]) {
            page.notice = context.strings("trash_moved", ["name": deleted.name])
            page.undoAction = deleted.restoreAction
        }
        return renderer.render(page, context: context)
    }

    @Sendable func restoreFromTrash(request: Request, context: Context) async throws -> Response {
        let recipe = try await desk.setTrashed(false, id: try context.parameters.require("id"), viewer: context.viewer)
        return .redirect(to: "/cocktails/\(recipe.id)", type: .normal)
    }

    // MARK: Note, rating, drinks made

    @Sendable func saveNote(request: Request, context: Context) async throws -> Response {
        let (form, id, owner) = try await personalForm(request, context: context, NoteForm.self)
        let text = (form.note ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.count <= PersonalRules.maximumNoteLength else {
            throw AppError.noteTooLong(in: context.strings)
        }
        try await desk.setNote(text, on: id, owner: owner)
        return .redirect(to: "/cocktails/\(id)#personal", type: .normal)
    }

    @Sendable func saveRating(request: Request, context: Context) async throws -> Response {
        let (form, id, owner) = try await personalForm(request, context: context, RatingForm.self)
        let stars = Int(form.stars ?? "")
        if let stars, !(1...5).contains(stars) {
            throw AppError(
                status: .badRequest, code: "invalid_rating", message: context.strings["details_rating_invalid"])
        }
        try await desk.setRating(stars, on: id, owner: owner)
        return .redirect(to: "/cocktails/\(id)#personal", type: .normal)
    }

    @Sendable func saveMade(request: Request, context: Context) async throws -> Response {
        let (form, id, owner) = try await personalForm(request, context: context, MadeForm.self)
        let servings = Int(form.servings ?? "1") ?? 0
        guard (1...PersonalRules.maximumServings).contains(servings) else {
            throw AppError(
                status: .badRequest, code: "invalid_servings", message: context.strings["details_made_servings_invalid"]
            )
        }
        let note = (form.note ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard note.count <= PersonalRules.maximumNoteLength else {
            throw AppError.noteTooLong(in: context.strings)
        }
        let made = try await desk.recordMade(id, servings: servings, note: note.isEmpty ? nil : note, owner: owner)
        // The page then says what it took from the bar.
        return .redirect(to: "/cocktails/\(id)?made=\(made.entry.id)#personal", type: .normal)
    }

    @Sendable func removeMade(request: Request, context: Context) async throws -> Response {
        let (_, id, owner) = try await personalForm(request, context: context, NoFields.self)
        guard let entry = Int64(try context.parameters.require("entry")),
            try await desk.removeMade(entry, owner: owner)
        else { throw HTTPError(.notFound) }
        return .redirect(to: "/cocktails/\(id)#personal", type: .normal)
    }

    /// A note, rating or "made" form: its fields, the drink (which must exist) and whose it is.
    private func personalForm<Form: PageForm>(_ request: Request, context: Context, _ type: Form.Type)
        async throws -> (Form, String, FavoritesOwner)
    {
        let form = try context.submittedForm().decode(Form.self)
        let owner = context.owner
        let id = try await desk.catalog.cocktail(id: try context.parameters.require("id")).cocktail.id
        return (form, id, owner)
    }
}

/// A drink's rating form: 1–5 stars, or nothing to take the rating back.
struct RatingForm: PageForm { var stars: String? }

/// "I made this": how many, and a few words.
struct MadeForm: PageForm { var servings, note: String? }
