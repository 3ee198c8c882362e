import CocktailBook
import CocktailBookApp
import Foundation
import Hummingbird

/// `POST /api/v1/imports` reads an export (multipart field `file`, or the raw body with its
/// content type) and answers its review with an id; `POST /api/v1/imports/{id}/apply` imports it
/// with a choice per drink; `DELETE /api/v1/imports/{id}` undoes it for a day. Admins and members
/// import; guests may not.
struct ImportAPIController<Context: AppContext>: Sendable {
    let desk: ImportDesk
    /// One upload read at a time, on this instance.
    let gate = OneAtATime()

    struct ApplyBody: Decodable {
        var choices: [String: String]?
        /// The file's unknown ingredients, named as the book does (the review's suggestions).
        var ingredients: [String: String]?
    }

    /// The file name a raw body of this media type gets, so the import can tell its format.
    static func fileName(forContentType type: String) -> String {
        let lowered = type.lowercased()
        if lowered.contains("zip") { return "upload.zip" }
        if lowered.contains("csv") { return "upload.csv" }
        if lowered.contains("gzip") { return "upload.gz" }
        return "upload.json"
    }

    func addRoutes(to routes: RouteBuilder<Context>) {
        var uploads = RoutePolicy.api(.member)
        uploads.oneAtATime = .init(gate: gate) { _ in "Another import is being read. Try again in a moment." }
        routes.routes("api/v1", uploads).post("imports") { request, context in
            let (data, name) = try await Self.file(in: request)
            let review = try await desk.stage(data, fileName: name, owner: context.owner.id)
            return try APIResponse.json(review, status: .created)
        }
        let group = routes.routes("api/v1", .api(.member))
        group.post("imports/:id/apply") { request, context in
            let id = try context.parameters.require("id")
            let body = try await JSONBody.decode(ApplyBody.self, from: request, whenEmpty: ApplyBody())
            let applied = try await desk.apply(
                id: id, choices: body.choices ?? [:], ingredients: body.ingredients ?? [:], owner: context.owner.id,
                isAdmin: context.viewer.isAdmin, author: RecipeDesk.author(context.viewer))
            return try APIResponse.json(applied)
        }
        group.delete("imports/:id") { _, context in
            let id = try context.parameters.require("id")
            let undone = try await desk.undo(
                id: id, owner: context.owner.id, isAdmin: context.viewer.isAdmin,
                author: RecipeDesk.author(context.viewer))
            return try APIResponse.json(["removed": undone.removed, "restored": undone.restored])
        }
    }

    /// The uploaded file and its name: the multipart part `file`, or the whole body.
    static func file(in request: Request) async throws -> (Data, String) {
        let limit = ExportReader.maximumBytes + 64 * 1024
        let tooLarge = AppError(
            status: .contentTooLarge, code: "body_too_large",
            message: "That file is too large: imports are limited to 200 MB. Nothing was changed.")
        // Well formed, but nothing to read: the file is refused, not the request.
        let emptyFile = AppError(
            status: .unprocessableContent, code: "empty_file",
            message: "The file is empty: send the export as the body, or as the field file.")
        let contentType = request.headers[.contentType] ?? ""
        if let boundary = MultipartForm.boundary(fromContentType: contentType) {
            let form: MultipartForm
            do {
                form = try await MultipartForm.read(
                    request.body, declaredLength: request.headers[.contentLength], boundary: boundary,
                    limits: .init(bodyBytes: limit))
            } catch MultipartForm.Failure.tooLarge {
                throw tooLarge
            } catch {
                throw AppError(status: .badRequest, code: "invalid_form", message: "The multipart body is malformed.")
            }
            guard let part = form.parts.first(where: { $0.name == "file" && $0.filename != nil }) else {
                throw AppError(status: .badRequest, code: "no_file", message: "Send the export as the field file.")
            }
            guard !part.body.isEmpty else { throw emptyFile }
            return (part.body, ImportLimits.safeFileName(part.filename))
        }
        let body = try await SmallBody.read(request, limit: limit, what: "The file")
        guard body.readableBytes > 0 else { throw emptyFile }
        return (Data(buffer: body), fileName(forContentType: contentType))
    }
}
