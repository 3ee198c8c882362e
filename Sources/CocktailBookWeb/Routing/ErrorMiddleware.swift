import CocktailBook
import CocktailBookApp
import Foundation
import Hummingbird
import Logging

/// Turns every error, including unknown routes, into an answer the client can read: JSON
/// `{"error":{"code","message"}}` for the API's routes (``RoutePolicy/Surface``), a friendly page everywhere else.
struct ErrorMiddleware<Context: AppContext>: RouterMiddleware {
    let renderer: PageRenderer

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        do {
            return try await next(request, context)
        } catch {
            let appError = AppError.presenting(error)
            if appError.isServerFault {
                context.logger.error("\(request.method) \(request.uri.path) failed: \(String(reflecting: error))")
            }
            var response: Response
            if context.surface == .api {
                response = try APIResponse.error(appError, strings: context.strings)
            } else {
                let page = ErrorPage(
                    appError, returnPath: LocalPath.sanitized(request.uri.description),
                    backTo: ListOrigin(request: request), strings: context.strings)
                response = renderer.render(page, status: appError.status, context: context)
            }
            if let seconds = appError.retryAfter {
                response.headers[.retryAfter] = String(seconds)
            }
            for field in appError.headers { response.headers[field.name] = field.value }
            return response
        }
    }
}
