import Foundation

/// The parts of a `multipart/form-data` body (RFC 7578), as a browser's file upload sends them.
///
/// Deliberately small: the whole body is already in memory (the caller collects it with a size
/// limit), lines end in CRLF, and only `Content-Disposition` and `Content-Type` part headers
/// are read. A body that does not end with the closing delimiter is refused as a whole.
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

    /// Parses `body` sent with `contentType`; `nil` when it is not a well-formed multipart form.
    init?(contentType: String, body: Data) {
        guard let boundary = Self.boundary(fromContentType: contentType) else { return nil }
        self.init(boundary: boundary, body: body)
    }

    /// Parses `body` delimited by `boundary`; `nil` when it is not well formed.
    init?(boundary: String, body: Data) {
        let bytes = [UInt8](body)
        let crlf: [UInt8] = [13, 10]
        let delimiter = Array("--\(boundary)".utf8)
        // The first delimiter may start the body or follow a preamble line.
        guard let first = Self.find(delimiter, in: bytes, from: 0),
              first == 0 || (first >= 2 && Array(bytes[first - 2 ..< first]) == crlf)
        else { return nil }
        var position = first + delimiter.count
        let separator = crlf + delimiter
        var parts: [Part] = []
        while true {
            if bytes[position...].starts(with: [45, 45]) { break } // "--": the closing delimiter
            while position < bytes.count, bytes[position] == 32 || bytes[position] == 9 { position += 1 } // padding
            guard bytes[position...].starts(with: crlf) else { return nil }
            let start = position + 2
            guard let end = Self.find(separator, in: bytes, from: start) else { return nil }
            guard let part = Self.part(bytes[start..<end]) else { return nil }
            parts.append(part)
            position = end + separator.count
        }
        self.parts = parts
    }

    /// One part: headers, a blank line, then the content.
    private static func part(_ bytes: ArraySlice<UInt8>) -> Part? {
        let blank: [UInt8] = [13, 10, 13, 10]
        let headerEnd: Int
        let contentStart: Int
        if bytes.starts(with: [13, 10]) { // no headers at all
            headerEnd = bytes.startIndex
            contentStart = bytes.startIndex + 2
        } else {
            guard let found = find(blank, in: Array(bytes), from: 0) else { return nil }
            headerEnd = bytes.startIndex + found
            contentStart = headerEnd + blank.count
        }
        let headerText = String(decoding: bytes[bytes.startIndex..<headerEnd], as: UTF8.self)
        var name: String?
        var filename: String?
        var contentType: String?
        for line in headerText.components(separatedBy: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let key = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
            if key == "content-disposition" {
                let fields = parameters(value)
                guard fields.first?.key.lowercased() == "form-data" else { return nil }
                name = fields.first { $0.key.lowercased() == "name" }?.value
                filename = fields.first { $0.key.lowercased() == "filename" }?.value
            } else if key == "content-type" {
                contentType = value
            }
        }
        guard let name else { return nil }
        return Part(name: name, filename: filename, contentType: contentType, body: Data(bytes[contentStart...]))
    }

    /// `a; b=c; d="e; f"` as `[(a, nil), (b, c), (d, "e; f")]`: semicolons inside quotes and
    /// backslash escapes are respected, quotes are removed.
    static func parameters(_ text: String) -> [(key: String, value: String?)] {
        var pieces: [String] = []
        var current = ""
        var quoted = false
        var escaped = false
        for character in text {
            if escaped { current.append(character); escaped = false; continue }
            switch character {
            case "\\" where quoted: escaped = true
            case "\"": quoted.toggle(); current.append(character)
            case ";" where !quoted: pieces.append(current); current = ""
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
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            return (key, value)
        }
    }

    /// The index of the first occurrence of `needle` in `haystack` at or after `start`.
    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, haystack.count >= needle.count else { return nil }
        return haystack.withUnsafeBufferPointer { hay in
            needle.withUnsafeBufferPointer { pin in
                var index = start
                let last = hay.count - pin.count
                while index <= last {
                    if hay[index] == first {
                        var matched = 1
                        while matched < pin.count, hay[index + matched] == pin[matched] { matched += 1 }
                        if matched == pin.count { return index }
                    }
                    index += 1
                }
                return nil
            }
        }
    }
}
