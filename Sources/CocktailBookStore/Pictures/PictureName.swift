import Crypto
import Foundation

/// How pictures are named where they are kept: `<SHA-256 hex of the bytes>.<ext>`, the kind
/// judged by the bytes themselves, never by a name or a server's word. Only raster pictures
/// (JPEG, PNG, GIF, WebP) are taken: an SVG can carry script.
public enum PictureName {
    /// The kind of raster picture `bytes` hold, or `nil` for anything else (SVG included).
    public static func kind(of bytes: Data) -> (ext: String, contentType: String)? {
        let head = [UInt8](bytes.prefix(16))
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return ("jpg", "image/jpeg") }
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return ("png", "image/png") }
        if head.starts(with: Array("GIF8".utf8)) { return ("gif", "image/gif") }
        if head.count >= 12, head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8) {
            return ("webp", "image/webp")
        }
        return nil
    }

    /// The name `bytes` are kept under, or `nil` when they are not a picture we take.
    public static func name(for bytes: Data) -> String? {
        kind(of: bytes).map { "\(sha256(bytes)).\($0.ext)" }
    }

    /// The path a kept picture is served under: a drink's `imageURL` that starts with it names
    /// one of the book's own pictures (uploaded, fetched with a recipe page or imported).
    public static let servedPrefix = "/images/imported/"

    /// The kept picture a drink's picture address names, if it names one of the book's own.
    public static func keptFile(in imageURL: String?) -> String? {
        guard let imageURL, imageURL.hasPrefix(servedPrefix) else { return nil }
        let file = String(imageURL.dropFirst(servedPrefix.count))
        return isStored(file) ? file : nil
    }

    /// The media type of a kept file, by its extension.
    static func contentType(ofStored file: String) -> String {
        switch file.split(separator: ".").last {
        case "jpg": "image/jpeg"
        case "png": "image/png"
        case "gif": "image/gif"
        case "webp": "image/webp"
        default: "image/svg+xml"
        }
    }

    /// The extensions of stored files. Files stored before SVG was refused are still on some
    /// disks; they are only ever offered as a download.
    static let storedExtensions: Set<String> = ["jpg", "png", "gif", "webp", "svg"]

    /// Whether `file` is a name pictures are kept under: a 64-hex SHA-256 (or the 16-hex hash of
    /// earlier versions) and a known extension; never a path.
    public static func isStored(_ file: String) -> Bool {
        let parts = file.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 2 && (parts[0].count == 64 || parts[0].count == 16)
            && parts[0].allSatisfy { $0.isHexDigit && !$0.isUppercase } && storedExtensions.contains(String(parts[1]))
    }

    /// SHA-256 of `bytes`, in lower-case hex.
    public static func sha256(_ bytes: some DataProtocol) -> String {
        SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
    }
}
