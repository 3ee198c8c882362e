import CocktailBookApp
import Foundation
import Hummingbird

/// A small request body read whole, under a limit.
enum SmallBody {
    /// At most `limit` bytes of `request`'s body. A body that says beforehand it is larger
    /// (`Content-Length`) is answered `413` at once, before a byte of it is waited for.
    static func read(_ request: Request, limit: Int, what: String) async throws -> ByteBuffer {
        let refusal = AppError(
            status: .contentTooLarge, code: "body_too_large", message: "\(what) is larger than \(limit / 1024) KB.")
        if let declared = request.headers[.contentLength].flatMap({ Int($0) }), declared > limit { throw refusal }
        do {
            return try await request.body.collect(upTo: limit)
        } catch let error as HTTPResponseError where error.status == .contentTooLarge {
            throw refusal
        }
    }
}

/// Keeps redirects on this site: only paths such as `/` or `/?filter=alcoholic` pass. Browsers
/// drop tabs and newlines from a `Location` and read `\\` as `/`, so `/\t/evil.example` would
/// become `//evil.example`, another site: a path with any control character, space or
/// backslash, or one that starts with two slashes, is replaced by `/`.
enum LocalPath {
    static func sanitized(_ path: String?) -> String {
        guard let path, path.hasPrefix("/"), path.utf8.count <= 2048,
            path.unicodeScalars.allSatisfy({
                $0.value > 0x20 && $0.value != 0x7F && $0 != "\\" && !$0.properties.isWhitespace
            }),
            !path.hasPrefix("//"),
            let url = URL(string: path), url.host == nil, url.scheme == nil
        else { return "/" }
        return path
    }
}

/// A small JSON request body, decoded or refused with a 400 that names the field (``AppError/decoding(_:from:what:)``).
enum JSONBody {
    static func decode<T: Decodable>(
        _ type: T.Type, from request: Request, limit: Int = 16 * 1024, whenEmpty empty: T? = nil
    ) async throws -> T {
        let body = try await SmallBody.read(request, limit: limit, what: "The body")
        if let empty, body.readableBytes == 0 { return empty }
        return try AppError.decoding(T.self, from: body, what: "JSON of the shape this route reads")
    }
}
