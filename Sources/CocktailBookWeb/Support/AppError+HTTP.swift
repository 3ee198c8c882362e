import CocktailBookApp
import Foundation
import Hummingbird
import NIOHTTP1

extension AppError {
    /// Any error a request ends with, as the client sees it: the framework's own (a body framed
    /// wrongly, too large, an unknown address or method) here, the use cases' through
    /// ``AppError/init(_:)``.
    static func presenting(_ error: any Error) -> AppError {
        switch error {
        case is HTTPParserError:
            // A body the client framed wrongly (a bad chunk size, say): its error, not ours.
            return AppError(status: .badRequest, code: "malformed_request", message: "The request's body is malformed.")
                .said(by: "apperror_malformed_request")
        case let error as HTTPResponseError where error.status == .contentTooLarge:
            return AppError(status: .contentTooLarge, code: "body_too_large", message: "The request body is too large.")
                .said(by: "apperror_body_too_large")
        case let error as HTTPError:
            switch error.status {
            case .notFound:
                return AppError(status: .notFound, code: "not_found", message: "There is nothing at this address.")
                    .said(by: "apperror_not_found")
            case .contentTooLarge:
                return AppError(
                    status: .contentTooLarge, code: "body_too_large", message: "The request body is too large.")
            case .methodNotAllowed:
                return AppError(
                    status: .methodNotAllowed, code: "method_not_allowed",
                    message: "This address does not accept that method."
                )
                .said(by: "apperror_method_not_allowed")
            default:
                return AppError(
                    status: error.status, code: "bad_request", message: error.body ?? error.status.reasonPhrase)
            }
        default:
            return AppError(error)
        }
    }

    /// `body` read as a `T` in JSON, or a `400 invalid_body` naming the field that is missing or
    /// of the wrong type (`rows.2.amount`); `what` names the whole (`a recipe`, `a house recipe`).
    /// Every JSON body of the API is read through here, so every refusal of one reads alike.
    static func decoding<T: Decodable>(_ type: T.Type, from body: ByteBuffer, what: String) throws -> T {
        do {
            return try JSONDecoder().decode(T.self, from: Data(buffer: body))
        } catch let error as DecodingError {
            throw invalidBody(error, what: what)
        } catch {
            throw AppError(status: .badRequest, code: "invalid_body", message: "The body is not \(what).")
        }
    }
}
