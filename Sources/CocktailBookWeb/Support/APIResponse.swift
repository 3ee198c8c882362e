import CocktailBook
import Foundation
import Hummingbird

/// Encodes API payloads. The CLI's `--json` output uses the same encoder, so it is byte for byte
/// what the API answers.
public enum APIJSON {
    /// Encodes `value` as the API does: ISO 8601 dates, slashes unescaped, keys sorted so that the
    /// same data always gives the same bytes.
    public static func encode(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        return try encoder.encode(value)
    }
}

enum APIResponse {
    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        Response(
            status: status,
            headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(bytes: try APIJSON.encode(value)))
        )
    }

    static func error(_ error: AppError, strings: UIStrings = .english) throws -> Response {
        try json(
            ErrorPayload(
                error: .init(
                    code: error.code, message: error.message(in: strings), field: error.field, problems: error.problems)
            ),
            status: error.status)
    }

    static func noContent() -> Response {
        Response(status: .noContent)
    }
}

struct ErrorPayload: Codable {
    struct Body: Codable {
        var code: String
        var message: String
        /// The first field a refused input is wrong in, and all its problems.
        var field: String?
        var problems: [Problem]?
    }

    /// One field's problem, in words.
    struct Problem: Codable, Sendable, Equatable {
        var field: String
        var message: String
    }

    var error: Body
}
