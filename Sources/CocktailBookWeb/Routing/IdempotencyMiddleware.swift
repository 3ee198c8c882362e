import CocktailBook
import CocktailBookApp
import CocktailBookStore
import Crypto
import Foundation
import HTTPTypes
import Hummingbird

/// `Idempotency-Key` on the API's POSTs and the forms of signed-in pages (the offline queue sends
/// each form it kept with its own key, so a form whose answer was lost is not done twice): the first request with a key is answered as usual and
/// its answer kept for the account for a day (``IdempotencyStore``); a repeat with the same key
/// and the same request gets that answer again (`Idempotency-Replayed: true`) and writes nothing;
/// the same key with another request is a `422`, and a repeat while the first is still being
/// answered a `409`. A request without the header, or from nobody, is not touched. Routes take
/// part by their group's ``RoutePolicy/keepsIdempotentAnswers``.
struct IdempotencyMiddleware<Context: AppContext>: Sendable {
    let store: any IdempotencyStore

    static var keyField: HTTPField.Name { .init("Idempotency-Key")! }
    static var replayedField: HTTPField.Name { .init("Idempotency-Replayed")! }
    /// The largest body read to tell requests apart: more than any JSON body the API takes.
    static var bodyLimit: Int { 12 * 1_048_576 }
    /// The headers kept with an answer: what describes it, never a cookie.
    static var keptFields: [HTTPField.Name] { [.contentType, .location, .eTag] }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        guard request.method == .post, let key = request.headers[Self.keyField] else {
            return try await next(request, context)
        }
        let owner = context.viewer.favoritesOwner
        guard owner != .nobody else { return try await next(request, context) }
        guard (1...IdempotencyRules.maximumKeyLength).contains(key.utf8.count),
            key.unicodeScalars.allSatisfy({ (0x21...0x7E).contains($0.value) })
        else {
            throw AppError(
                status: .badRequest, code: "invalid_idempotency_key",
                message: "Idempotency-Key is 1 to 255 visible ASCII characters (a UUID, for example).")
        }
        var request = request
        var hasher = SHA256()
        hasher.update(data: Data("\(request.method.rawValue) \(request.uri.description)\n".utf8))
        if let form = context.form {
            // A page's form was read and checked already: its fields tell requests apart (the
            // CSRF field aside, which a form sent again from another page may carry anew).
            for (name, value) in form.fields.pairs where name != CSRFToken.fieldName {
                hasher.update(data: Data("\(name.count):\(name)=\(value.utf8.count):\(value)\n".utf8))
            }
            for file in form.files { hasher.update(data: Data(file.body)) }
        } else {
            let body = try await request.body.collect(upTo: Self.bodyLimit)
            request.body = .init(buffer: body)
            hasher.update(data: Data(buffer: body))
        }
        let hash = hasher.finalize().map { String(format: "%02x", $0) }.joined()
        switch try await store.claimIdempotencyKey(key, requestHash: hash, owner: owner, at: Date()) {
        case .otherRequest:
            throw AppError(
                status: .unprocessableContent, code: "idempotency_key_reused",
                message: "This Idempotency-Key came with another request; send a new key with a new request.")
        case .running:
            throw AppError(
                status: .conflict, code: "idempotency_key_in_use",
                message:
                    "A request with this Idempotency-Key is still being answered, or its answer was lost; ask for what it made before sending it again."
            )
        case .answered(let kept):
            var headers = HTTPFields()
            for (name, value) in kept.headers {
                if let field = HTTPField.Name(name) { headers[field] = value }
            }
            headers[Self.replayedField] = "true"
            return Response(
                status: .init(code: kept.status), headers: headers,
                body: .init(byteBuffer: ByteBuffer(bytes: kept.body)))
        case .claimed:
            break
        }
        let response: Response
        do {
            response = try await next(request, context)
        } catch {
            // Refused or failed: nothing to give again, and a repeat may try once more.
            try? await store.releaseIdempotencyKey(key, owner: owner)
            throw error
        }
        guard response.status.code < 500 else {
            try? await store.releaseIdempotencyKey(key, owner: owner)
            return response
        }
        let collector = BodyCollector()
        try await response.body.write(collector)
        var kept: [String: String] = [:]
        for name in Self.keptFields {
            if let value = response.headers[name] { kept[name.canonicalName] = value }
        }
        try await store.finishIdempotencyKey(
            key, owner: owner,
            answer: KeptAnswer(status: response.status.code, headers: kept, body: Data(buffer: collector.buffer)))
        return Response(status: response.status, headers: response.headers, body: .init(byteBuffer: collector.buffer))
    }
}
