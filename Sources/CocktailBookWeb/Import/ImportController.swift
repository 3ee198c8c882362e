import CocktailBook
import CocktailBookApp
import CocktailBookStore
import CocktailsAPI
import Foundation
import Hummingbird
import Synchronization

/// The Import screen: `GET /import` shows the forms. `POST /import` with an uploaded file
/// (`multipart/form-data`, field `file`) reads it and shows its review (``ImportDesk``): what
/// happens to every drink, a choice for each; `POST /import/{id}/apply` imports it and offers
/// `POST /import/{id}/undo` for a day. A server address (`application/x-www-form-urlencoded`,
/// field `url`) is imported at once, as `cocktailbook import` does. Either way the catalog's
/// imported cocktails are reloaded so they show at once.
///
/// One import runs at a time, and the route's gate (``RoutePolicy/oneAtATime``) is taken before a
/// byte of the body is read, so a second upload is refused at once instead of being parsed first. Server addresses and picture
/// URLs must be public unless the operator allows private ones (``AppConfiguration``).
struct ImportController<Context: AppContext>: Sendable {
    let catalog: CatalogService
    let importer: CatalogImporter
    let renderer: PageRenderer
    /// Lets one import run at a time, so two uploads of the same name never share a file.
    let gate = OneAtATime()
    /// Uploads in two steps: the review, then apply (and undo for a day).
    let desk: ImportDesk

    /// The largest request body read: the import limit plus room for the multipart framing.
    static var maximumBodyBytes: Int { ExportReader.maximumBytes + 64 * 1024 }
    /// The largest URL-encoded form read.
    static var maximumFormBytes: Int { 16 * 1024 }

    /// Wires the controller to the app's database, pictures and catalog.
    init(environment: AppEnvironment, renderer: PageRenderer, configuration: AppConfiguration) {
        catalog = environment.catalog
        importer = Self.importer(environment: environment, configuration: configuration)
        self.renderer = renderer
        desk = Self.desk(environment, configuration)
    }

    /// The importer of imports started from the web: public addresses only unless the operator
    /// allows private ones, within the configured time.
    static func importer(environment: AppEnvironment, configuration: AppConfiguration) -> CatalogImporter {
        var importer = CatalogImporter(database: environment.database, images: environment.images)
        importer.addressPolicy = configuration.allowPrivateImports ? .anyAddress : .publicOnly
        importer.timeLimit = configuration.importTimeLimit
        return importer
    }

    /// The imports in two steps (review, then apply) that the API and the review page share.
    static func desk(_ environment: AppEnvironment, _ configuration: AppConfiguration) -> ImportDesk {
        ImportDesk(
            importer: importer(environment: environment, configuration: configuration), catalog: environment.catalog,
            scratch: uploads(configuration))
    }

    /// Where uploads wait only while they are read: beside a SQLite file, or in the data folder
    /// of an instance on PostgreSQL.
    static func uploads(_ configuration: AppConfiguration) -> URL {
        let local =
            AppStores.isPostgres(configuration.databasePath)
            ? AppConfiguration.defaultDatabasePath() : configuration.databasePath
        return URL(fileURLWithPath: local).deletingLastPathComponent().appendingPathComponent(
            "uploads", isDirectory: true)
    }

    func addRoutes(to routes: RouteBuilder<Context>) {
        let upload = RoutePolicy.Upload(limits: .init(bodyBytes: Self.maximumBodyBytes)) { _ in
            ImportLimits.tooLargeMessage
        }
        var policy = RoutePolicy.admin.uploading(upload, fieldBytes: Self.maximumFormBytes)
        policy.oneAtATime = .init(gate: gate) { _ in "Another import is running. Try again when it has finished." }
        let router = routes.routes("", policy)
        router.get("/import") { _, context -> Response in
            renderer.render(ImportPage().written(in: context.strings), context: context)
        }
        router.post("/import", use: submit)
        let steps = routes.routes("", .admin)
        // The result of applying or undoing is the answer to a form; the address opened again
        // (a reload from history, a bookmark) leads back to the Import page, not to a 405.
        for step in ["apply", "undo"] {
            steps.get("/import/:id/\(step)") { _, _ in Response.redirect(to: "/import", type: .normal) }
        }
        steps.post("/import/:id/apply") { request, context in
            let id = try context.parameters.require("id")
            let form = try context.submittedForm()
            let choices = Dictionary(
                form.fields.pairs.filter { $0.name.hasPrefix("choice.") }.map {
                    (String($0.name.dropFirst("choice.".count)), $0.value)
                }, uniquingKeysWith: { first, _ in first })
            // `ingredient-name.N` is the file's name, `ingredient.N` the book's one picked for it
            // (empty: keep it as a new ingredient).
            let fields = form.fields
            let ingredients = Dictionary(
                fields.pairs.filter { $0.name.hasPrefix("ingredient-name.") }.compactMap { pair in
                    let picked = fields["ingredient." + pair.name.dropFirst("ingredient-name.".count)] ?? ""
                    return picked.isEmpty ? nil : (pair.value, picked)
                }, uniquingKeysWith: { first, _ in first })
            do {
                let applied = try await desk.apply(
                    id: id, choices: choices, ingredients: ingredients, owner: context.owner.id,
                    isAdmin: context.viewer.isAdmin, author: RecipeDesk.author(context.viewer))
                return renderer.render(
                    ImportPage(summary: applied.summary, undoID: applied.changedAnything ? id : nil).written(
                        in: context.strings), context: context)
            } catch let error as AppError where error.status != .notFound {
                return refuse(error.message(in: context.strings), status: error.status, context: context)
            }
        }
        steps.post("/import/:id/undo") { request, context in
            let id = try context.parameters.require("id")
            do {
                let undone = try await desk.undo(
                    id: id, owner: context.owner.id, isAdmin: context.viewer.isAdmin,
                    author: RecipeDesk.author(context.viewer))
                var summary = context.strings.count("import_undone", undone.removed)
                if undone.restored > 0 {
                    summary += " " + context.strings.count("import_undone_versions", undone.restored)
                }
                return renderer.render(
                    ImportPage(summary: summary).written(in: context.strings), context: context)
            } catch let error as AppError where error.status != .notFound {
                return refuse(error.message(in: context.strings), status: error.status, context: context)
            }
        }
    }

    /// Runs the import the form asks for; answers the summary, or the Import page with a reason.
    @Sendable func submit(request: Request, context: Context) async throws -> Response {
        let form = try context.submittedForm()
        if MultipartForm.boundary(fromContentType: request.headers[.contentType] ?? "") != nil {
            guard let file = form.file("file"), !(file.filename ?? "").isEmpty || !file.body.isEmpty else {
                return refuse(context.strings["import_choose"], context: context)
            }
            guard !file.body.isEmpty else {
                let name = ImportLimits.safeFileName(file.filename)
                return refuse(context.strings("import_empty_file", ["file": name]), context: context)
            }
            // Read and reviewed first: nothing is imported until the review is applied.
            do {
                let review = try await desk.stage(
                    file.body, fileName: ImportLimits.safeFileName(file.filename), owner: context.owner.id)
                return renderer.render(ImportReviewPage(review, strings: context.strings), context: context)
            } catch let error as AppError {
                // The page has always answered a file it cannot read with a 400 (the API: 422).
                let status: HTTPResponse.Status = error.status == .unprocessableContent ? .badRequest : error.status
                return refuse(error.message(in: context.strings), status: status, context: context)
            }
        }
        let url = try form.decode(ImportForm.self).url?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        guard !url.isEmpty else {
            return refuse(context.strings["import_choose"], context: context)
        }
        guard CatalogImporter.serverURL(url) != nil else {
            return refuse(
                context.strings("import_bad_address", ["example": "https://host/api/json/v1/1/"]), url: url,
                context: context)
        }
        return try await importing(url: url, context: context) { try await importer.run(source: url) }
    }

    /// Runs `work`, reloads the catalog, and turns a refusal into the Import page.
    private func importing(
        url: String = "", context: Context, _ work: () async throws -> CatalogImporter.Summary
    ) async throws -> Response {
        do {
            // One import at a time on every instance that shares the database, too.
            var finished: CatalogImporter.Summary?
            guard try await importer.database.withImportLock({ finished = try await work() }), let summary = finished
            else {
                return refuse(context.strings["import_running"], url: url, status: .conflict, context: context)
            }
            await catalog.reloadImported()
            return renderer.render(ImportPage(summary: summary.line).written(in: context.strings), context: context)
        } catch let error as ImportError {
            if case .fileTooLarge = error {
                return refuse(ImportLimits.tooLargeMessage, url: url, status: .contentTooLarge, context: context)
            }
            return refuse(error.localizedDescription, url: url, context: context)
        }
    }

    /// The Import page with `message`, answered with `status` (400 unless told).
    private func refuse(
        _ message: String, url: String = "", status: HTTPResponse.Status = .badRequest, context: Context
    ) -> Response {
        renderer.render(
            ImportPage(message: message, url: url).written(in: context.strings), status: status, context: context)
    }
}

/// What the Import screen accepts, kept outside the generic controller.
enum ImportLimits {
    /// The uploaded name reduced to letters, digits, `.`, `-` and `_` (never a path);
    /// `upload.json` when nothing usable is left.
    static func safeFileName(_ name: String?) -> String {
        let last = (name ?? "").split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        let kept = String(
            last.unicodeScalars.filter { scalar in
                scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "._-".unicodeScalars.contains(scalar))
            }.prefix(100).map(Character.init))
        let trimmed = kept.trimmingCharacters(in: CharacterSet(charactersIn: "."))
        return trimmed.isEmpty ? "upload.json" : trimmed
    }

    /// The answer to an upload over the limit.
    static let tooLargeMessage = "That file is too large: imports are limited to 200 MB. Nothing was changed."
}

/// The import page's form without a file: the address of a server to import from.
struct ImportForm: PageForm { var url: String? }
