import CocktailBook
import Foundation
import Hummingbird

/// The pictures downloaded by imports: content-addressed files in `<database dir>/images/`,
/// named `<FNV-1a 64 hex of the bytes>.<ext>`, served at `/images/imported/<file>` so that an
/// imported book shows its pictures offline.
public struct ImportedImageFiles: Sendable {
    /// The directory holding the files.
    public let directory: URL

    /// The largest picture accepted: 5 MB.
    public static let maximumBytes = 5 * 1_048_576
    /// The path prefix pictures are served under.
    public static let urlPrefix = "/images/imported/"

    /// The images directory beside the database at `databasePath`.
    public init(databasePath: String) {
        directory = URL(fileURLWithPath: databasePath).deletingLastPathComponent().appendingPathComponent("images", isDirectory: true)
    }

    /// The kind of picture `bytes` hold, judged by their first bytes, never by the server's word
    /// alone; `nil` for anything that is not a picture we serve.
    static func kind(of bytes: Data) -> (ext: String, contentType: String)? {
        let head = [UInt8](bytes.prefix(16))
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return ("jpg", "image/jpeg") }
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return ("png", "image/png") }
        if head.starts(with: Array("GIF8".utf8)) { return ("gif", "image/gif") }
        if head.count >= 12, head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8) { return ("webp", "image/webp") }
        let text = String(decoding: bytes.prefix(512), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if text.hasPrefix("<svg") || (text.hasPrefix("<?xml") && text.contains("<svg")) { return ("svg", "image/svg+xml") }
        return nil
    }

    /// Writes `bytes` under their hash (once: an existing file already holds the same bytes).
    ///
    /// - Returns: the file name and media type.
    func store(_ bytes: Data) throws -> (fileName: String, contentType: String) {
        guard let kind = Self.kind(of: bytes) else { throw ImportError.malformed("not an image") }
        let fileName = "\(ContentHash.hex(of: bytes)).\(kind.ext)"
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(fileName)
        if !FileManager.default.fileExists(atPath: url.path) {
            try bytes.write(to: url, options: .atomic)
        }
        return (fileName, kind.contentType)
    }

    /// The response for `/images/imported/{file}`: immutable, since the name is the content's
    /// hash. SVGs are sandboxed so that a hostile one cannot run script on our origin.
    func response(for file: String, request: Request) throws -> Response {
        let parts = file.split(separator: ".")
        guard parts.count == 2, parts[0].count == 16, parts[0].allSatisfy(\.isHexDigit),
              let contentType = ["jpg": "image/jpeg", "png": "image/png", "gif": "image/gif", "webp": "image/webp", "svg": "image/svg+xml"][String(parts[1])],
              let bytes = FileManager.default.contents(atPath: directory.appendingPathComponent(file).path)
        else { throw HTTPError(.notFound) }
        var response = CachedResponse.make(
            body: ByteBuffer(bytes: bytes), contentType: contentType, etag: String(parts[0]), immutable: true, request: request
        )
        response.headers[.contentSecurityPolicy] = "default-src 'none'; style-src 'unsafe-inline'; sandbox"
        response.headers[.xContentTypeOptions] = "nosniff"
        return response
    }
}
