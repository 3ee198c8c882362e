import CocktailBook
import CocktailBookApp
import Foundation
import Hummingbird

enum APIResponse {
    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        Response(
            status: status,
            headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(bytes: try APIJSON.encode(value)))
        )
    }

    static func error(_ error: AppError, strings: UIStrings = .english) throws -> Response {
        try json(ErrorPayload(error, strings: strings), status: error.status)
    }

    static func noContent() -> Response {
        Response(status: .noContent)
    }
}
