import CocktailBook
import CocktailBookApp
import Foundation
import Hummingbird

/// A page's form, read once by ``RoutePolicyMiddleware`` under the route's ``RoutePolicy/FormRule``
/// and checked against CSRF before any handler sees it: the fields of an
/// `application/x-www-form-urlencoded` body, or of a `multipart/form-data` upload with its files.
struct SubmittedForm: Sendable {
    /// The text fields, in order.
    var fields: FormQuery
    /// The parts that are files (they have a file name), in order.
    var files: [MultipartForm.Part] = []

    /// The first file sent as `name`.
    func file(_ name: String) -> MultipartForm.Part? { files.first { $0.name == name } }

    /// Reads `request`'s body as `rule` allows. An upload the route does not take is read as no
    /// fields at all, so that the token check refuses it.
    static func read(_ request: inout Request, rule: RoutePolicy.FormRule, strings: UIStrings) async throws
        -> SubmittedForm
    {
        let contentType = request.headers[.contentType] ?? ""
        if let boundary = MultipartForm.boundary(fromContentType: contentType) {
            guard let upload = rule.upload else {
                throw AppError(
                    status: .unsupportedMediaType, code: "upload_not_taken",
                    message: "This form takes no files.")
            }
            let multipart: MultipartForm
            do {
                multipart = try await MultipartForm.read(
                    request.body, declaredLength: request.headers[.contentLength], boundary: boundary,
                    limits: upload.limits)
            } catch MultipartForm.Failure.tooLarge {
                throw AppError(status: .contentTooLarge, code: "body_too_large", message: upload.tooLarge(strings))
            } catch MultipartForm.Failure.malformed(let reason) {
                throw AppError(
                    status: .badRequest, code: "invalid_form",
                    message: strings("form_unreadable", ["reason": reason])
                ).said(by: "form_unreadable", ["reason": reason])
            }
            let texts = multipart.parts.filter { $0.filename == nil }
            return SubmittedForm(
                fields: FormQuery(pairs: texts.map { ($0.name, String(decoding: $0.body, as: UTF8.self)) }),
                files: multipart.parts.filter { $0.filename != nil })
        }
        let body = try await SmallBody.read(request, limit: rule.fieldBytes, what: "The form")
        return SubmittedForm(fields: FormQuery(encoded: String(buffer: body)))
    }
}

extension AppContext {
    /// The form the route's middleware read and checked; a route that writes through a page has
    /// one (see ``RoutePolicyMiddleware``).
    func submittedForm() throws -> SubmittedForm {
        guard let form else {
            throw AppError(status: .internalServerError, code: "internal_error", message: "The form was not read.")
        }
        return form
    }

    /// Whose records a route declared for a signed-in role writes (see ``RoutePolicy/Role``).
    var owner: FavoritesOwner { viewer.favoritesOwner }
}
