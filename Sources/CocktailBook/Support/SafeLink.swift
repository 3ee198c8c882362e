import Foundation

/// The links a cocktail may carry, checked where catalog data enters the app (our catalog
/// format, imports, the cache), so that neither the pages nor either JSON API ever hands out a
/// `javascript:` video link or a picture path that climbs out of its folder.
public enum SafeLink {
    /// `text` when it is an absolute http(s) URL with a host and no spaces or control
    /// characters; `nil` otherwise.
    public static func web(_ text: String?) -> String? {
        guard let text, text.utf8.count <= 2048,
            text.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F }),
            let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty
        else { return nil }
        return text
    }

    /// `text` when it is a web link (see ``web(_:)``) or the path of a picture stored by an
    /// import: `/images/imported/` then a hex content hash and a picture extension.
    public static func picture(_ text: String?) -> String? {
        guard let text else { return nil }
        if let web = web(text) { return web }
        let prefix = "/images/imported/"
        guard text.hasPrefix(prefix) else { return nil }
        let parts = text.dropFirst(prefix.count).split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, [16, 64].contains(parts[0].count),
            parts[0].allSatisfy({ $0.isHexDigit && !$0.isUppercase }),
            ["jpg", "png", "gif", "webp", "svg"].contains(String(parts[1]))
        else { return nil }
        return text
    }
}
