import CocktailBook
import Foundation
import Hummingbird

/// The Import screen: `GET /import` shows the forms, `POST /import` runs the same import as
/// `cocktailbook import` (``CatalogImporter``) from an uploaded file (`multipart/form-data`,
/// field `file`) or a server address (`application/x-www-form-urlencoded`, field `url`), then
/// reloads the catalog's imported cocktails so they show at once.
///
/// No authentication: the server binds to 127.0.0.1 by default, and the page says that anyone
/// who can reach it can import.
struct ImportController<Context: RequestContext>: Sendable {
    let catalog: CatalogService
    let importer: CatalogImporter
    let renderer: PageRenderer
    /// Where uploaded files are written for the importer (beside the database), one at a time.
    let uploads: URL
    /// Lets one import run at a time, so two uploads of the same name never share a file.
    let gate = ImportGate()

    /// The largest request body read: the import limit plus room for the multipart framing.
    static var maximumBodyBytes: Int { CatalogImport.maximumBytes + 64 * 1024 }

    /// Wires the controller to the app's database, pictures and catalog.
    init(environment: AppEnvironment, renderer: PageRenderer) {
        catalog = environment.catalog
        importer = CatalogImporter(database: environment.database, images: environment.images)
        self.renderer = renderer
        uploads = environment.images.directory.deletingLastPathComponent().appendingPathComponent("uploads", isDirectory: true)
    }

    func addRoutes(to router: Router<Context>) {
        router.get("/import") { _, _ in renderer.render(ImportPage()) }
        router.post("/import", use: submit)
    }

    /// Runs the import the form asks for; answers the summary, or the Import page with a reason.
    @Sendable func submit(request: Request, context: Context) async throws -> Response {
        let contentType = request.headers[.contentType] ?? ""
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: Self.maximumBodyBytes)
        } catch let error as HTTPResponseError where error.status == .contentTooLarge {
            return refuse(ImportLimits.tooLargeMessage, status: .contentTooLarge)
        }
        let data = Data(buffer: body)
        if contentType.lowercased().hasPrefix("multipart/form-data") {
            guard let form = MultipartForm(contentType: contentType, body: data) else {
                return refuse("The upload could not be read. Choose a JSON file and try again.")
            }
            guard let file = form["file"], !file.body.isEmpty else {
                return refuse("Choose a JSON file to upload, or give a server address below.")
            }
            return try await importing { try await importFile(file) }
        }
        let url = FormQuery(encoded: String(decoding: data, as: UTF8.self))["url"]?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        guard !url.isEmpty else {
            return refuse("Choose a JSON file to upload, or give a server address.")
        }
        guard CatalogImporter.serverURL(url) != nil else {
            return refuse("The address must start with http:// or https://, e.g. https://host/api/json/v1/1/.", url: url)
        }
        return try await importing(url: url) { try await importer.run(source: url) }
    }

    /// Runs `work` alone, reloads the catalog, and turns a refusal into the Import page.
    private func importing(
        url: String = "", _ work: () async throws -> CatalogImporter.Summary
    ) async throws -> Response {
        guard await gate.enter() else {
            return refuse("Another import is running. Try again when it has finished.", url: url, status: .conflict)
        }
        do {
            let summary = try await work()
            await gate.leave()
            await catalog.reloadImported()
            return renderer.render(ImportPage(summary: summary.line))
        } catch let error as ImportError {
            await gate.leave()
            if case .fileTooLarge = error { return refuse(ImportLimits.tooLargeMessage, url: url, status: .contentTooLarge) }
            return refuse(error.localizedDescription, url: url)
        } catch {
            await gate.leave()
            throw error
        }
    }

    /// Writes the upload where the importer can read it, imports it, and removes it. The path is
    /// the same for the same file name, so uploading a file again updates its cocktails.
    private func importFile(_ file: MultipartForm.Part) async throws -> CatalogImporter.Summary {
        try FileManager.default.createDirectory(at: uploads, withIntermediateDirectories: true)
        let path = uploads.appendingPathComponent(ImportLimits.safeFileName(file.filename))
        try file.body.write(to: path)
        defer { try? FileManager.default.removeItem(at: path) }
        return try await importer.run(source: path.path)
    }

    /// The Import page with `message`, answered with `status` (400 unless told).
    private func refuse(_ message: String, url: String = "", status: HTTPResponse.Status = .badRequest) -> Response {
        renderer.render(ImportPage(message: message, url: url), status: status)
    }
}

/// What the Import screen accepts, kept outside the generic controller.
enum ImportLimits {
    /// The uploaded name reduced to letters, digits, `.`, `-` and `_` (never a path);
    /// `upload.json` when nothing usable is left.
    static func safeFileName(_ name: String?) -> String {
        let last = (name ?? "").split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        let kept = String(last.unicodeScalars.filter { scalar in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "._-".unicodeScalars.contains(scalar))
        }.prefix(100).map(Character.init))
        let trimmed = kept.trimmingCharacters(in: CharacterSet(charactersIn: "."))
        return trimmed.isEmpty ? "upload.json" : trimmed
    }

    /// The answer to an upload over the limit.
    static let tooLargeMessage = "That file is too large: imports are limited to 50 MB. Nothing was changed."
}

/// One import at a time.
actor ImportGate {
    private var busy = false

    /// Takes the gate; `false` when an import is already running.
    func enter() -> Bool {
        if busy { return false }
        busy = true
        return true
    }

    /// Releases the gate.
    func leave() {
        busy = false
    }
}
