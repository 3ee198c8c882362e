import CocktailBookApp
import Foundation
import Hummingbird
import MultipartKit
import NIOCore

/// The parts of a `multipart/form-data` body (RFC 7578), as a browser's file upload sends them,
/// read with multipart-kit's streaming parser under hard limits: the body, the number of parts,
/// each part's headers and each plain field are bounded, and reading stops at the first limit
/// broken, so a hostile body costs at most its limit in bytes and never more parse work.
struct MultipartForm: Sendable {
    /// One field of the form.
    struct Part: Sendable, Equatable {
        /// The field's `name`.
        var name: String
        /// The uploaded file's name, when the part is a file.
        var filename: String?
        /// The part's own `Content-Type`, if given.
        var contentType: String?
        /// The part's bytes, exactly as sent (without the CRLF before the next delimiter).
        var body: Data
    }

    /// The parts in body order.
    let parts: [Part]

    /// The first part named `name`.
    subscript(name: String) -> Part? {
        parts.first { $0.name == name }
    }

    /// The boundary from a `multipart/form-data; boundary=…` content type (quoted or not);
    /// `nil` for any other content type or a missing or over-long boundary.
    static func boundary(fromContentType contentType: String) -> String? {
        let fields = Self.parameters(contentType)
        guard let type = fields.first, type.key.lowercased() == "multipart/form-data", type.value == nil,
            let boundary = fields.dropFirst().first(where: { $0.key.lowercased() == "boundary" })?.value,
            (1...70).contains(boundary.utf8.count)
        else { return nil }
        return boundary
    }

    /// The bounds a form is read under.
    struct Limits: Sendable {
        /// The whole body, in bytes.
        var bodyBytes: Int
        /// How many parts.
        var parts = 8
        /// The headers of one part, in bytes.
        var headerBytes = 8 * 1024
        /// One part that is not a file upload, in bytes.
        var fieldBytes = 16 * 1024
    }

    /// Why a body was refused.
    enum Failure: Error, Equatable {
        case tooLarge
        case malformed(String)
    }

    /// Parses `body` sent with `contentType`; `nil` when it is not a well-formed multipart form.
    init?(contentType: String, body: Data) {
        guard let boundary = Self.boundary(fromContentType: contentType) else { return nil }
        self.init(boundary: boundary, body: body)
    }

    /// Parses `body` delimited by `boundary`; `nil` when it is not well formed.
    init?(boundary: String, body: Data) {
        var reader = Reader(boundary: boundary, limits: Limits(bodyBytes: body.count))
        guard (try? reader.feed(ByteBuffer(bytes: body))) != nil, let parts = try? reader.finish() else { return nil }
        self.parts = parts
    }

    private init(parts: [Part]) {
        self.parts = parts
    }

    /// Reads a form from a request body as it arrives.
    ///
    /// - Throws: ``Failure``, or the body's own errors.
    ///
    /// A body whose `Content-Length` (`declaredLength`) is already over the limit is refused
    /// before a byte of it is read.
    static func read(_ body: RequestBody, declaredLength: String? = nil, boundary: String, limits: Limits) async throws
        -> MultipartForm
    {
        if let declared = declaredLength.flatMap({ Int($0) }), declared > limits.bodyBytes { throw Failure.tooLarge }
        var reader = Reader(boundary: boundary, limits: limits)
        for try await chunk in body {
            try reader.feed(chunk)
        }
        return MultipartForm(parts: try reader.finish())
    }

    /// multipart-kit's callbacks gathered into parts, with the limits checked as bytes arrive.
    private struct Reader {
        let parser: MultipartParser
        let limits: Limits
        let state = State()
        var received = 0
        var tail: [UInt8] = []
        let closing: [UInt8]

        final class State {
            var parts: [Part] = []
            var headers: [(String, String)] = []
            var headerBytes = 0
            var body = Data()
            var failure: Failure?
        }

        init(boundary: String, limits: Limits) {
            parser = MultipartParser(boundary: boundary)
            self.limits = limits
            closing = Array("--\(boundary)--".utf8)
            let state = self.state
            parser.onHeader = { name, value in
                state.headerBytes += name.utf8.count + value.utf8.count + 4
                if state.headerBytes > limits.headerBytes {
                    state.failure = state.failure ?? .malformed("a part's headers are too long")
                }
                state.headers.append((name, value))
            }
            parser.onBody = { buffer in
                state.body.append(contentsOf: buffer.readableBytesView)
                let isFile = state.headers.contains {
                    $0.0.lowercased() == "content-disposition" && $0.1.contains("filename")
                }
                if !isFile, state.body.count > limits.fieldBytes { state.failure = state.failure ?? .tooLarge }
            }
            parser.onPartComplete = {
                defer {
                    state.headers = []
                    state.headerBytes = 0
                    state.body = Data()
                }
                guard state.failure == nil else { return }
                guard state.parts.count < limits.parts else {
                    state.failure = .malformed("the form has more than \(limits.parts) parts")
                    return
                }
                guard let part = MultipartForm.part(headers: state.headers, body: state.body) else {
                    state.failure = .malformed("a part has no form-data name")
                    return
                }
                state.parts.append(part)
            }
        }

        mutating func feed(_ chunk: ByteBuffer) throws {
            received += chunk.readableBytes
            guard received <= limits.bodyBytes else { throw Failure.tooLarge }
            do {
                try parser.execute(chunk)
            } catch {
                throw Failure.malformed("the form's framing is broken")
            }
            if let failure = state.failure { throw failure }
            tail = Array((tail + chunk.readableBytesView.suffix(closing.count + 4)).suffix(closing.count + 4))
        }

        func finish() throws -> [Part] {
            if let failure = state.failure { throw failure }
            // A body cut short never reached the closing delimiter: refuse it whole.
            guard tail.count >= closing.count,
                (0...(tail.count - closing.count)).contains(where: { Array(tail[$0..<($0 + closing.count)]) == closing }
                )
            else { throw Failure.malformed("the form ends early") }
            return state.parts
        }
    }

    /// One part from its headers and content.
    private static func part(headers: [(String, String)], body: Data) -> Part? {
        var name: String?
        var filename: String?
        var contentType: String?
        for (key, value) in headers {
            switch key.lowercased() {
            case "content-disposition":
                let fields = parameters(value)
                guard fields.first?.key.lowercased() == "form-data" else { return nil }
                name = fields.first { $0.key.lowercased() == "name" }?.value
                filename = fields.first { $0.key.lowercased() == "filename" }?.value
            case "content-type":
                contentType = value
            default:
                continue
            }
        }
        guard let name else { return nil }
        return Part(name: name, filename: filename, contentType: contentType, body: body)
    }

    /// `a; b=c; d="e; f"` as `[(a, nil), (b, c), (d, "e; f")]`: semicolons inside quotes and
    /// backslash escapes are respected, quotes are removed.
    static func parameters(_ text: String) -> [(key: String, value: String?)] {
        var pieces: [String] = []
        var current = ""
        var quoted = false
        var escaped = false
        for character in text {
            if escaped {
                current.append(character)
                escaped = false
                continue
            }
            switch character {
            case "\\" where quoted: escaped = true
            case "\"":
                quoted.toggle()
                current.append(character)
            case ";" where !quoted:
                pieces.append(current)
                current = ""
            default: current.append(character)
            }
        }
        pieces.append(current)
        return pieces.compactMap { piece in
            let piece = piece.trimmingCharacters(in: .whitespaces)
            guard !piece.isEmpty else { return nil }
            guard let equals = piece.firstIndex(of: "=") else { return (piece, nil) }
            let key = piece[..<equals].trimmingCharacters(in: .whitespaces)
            var value = piece[piece.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                value = String(value.dropFirst().dropLast())
            }
            return (key, value)
        }
    }
}
