import Foundation
import Hummingbird

/// Fields encoded as HTML forms write them (`application/x-www-form-urlencoded`): `+` is a space
/// and `%2B` a plus. Used for query strings and form bodies alike. (The router's own query decoding
/// keeps `+`, so "old fashioned" typed into a search form would come back as "old+fashioned".)
struct FormQuery: Sendable {
    /// Every field, in order.
    let pairs: [(name: String, value: String)]

    /// The fields of a request's query string.
    init(_ request: Request) {
        self.init(encoded: request.uri.query ?? "")
    }

    /// These fields.
    init(pairs: [(name: String, value: String)]) {
        self.pairs = pairs
    }

    /// The fields of an encoded string such as `a=1&b=two+words`.
    init(encoded raw: String) {
        pairs = raw.split(separator: "&").compactMap { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decode = { (part: Substring) in
                String(part).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(part)
            }
            guard let key = parts.first.map(decode), !key.isEmpty else { return nil }
            return (key, parts.count > 1 ? decode(parts[1]) : "")
        }
    }

    /// The first value of `name`.
    subscript(name: String) -> String? {
        pairs.first { $0.name == name }?.value
    }

    /// Every value of `name`, in order.
    func all(_ name: String) -> [String] {
        pairs.filter { $0.name == name }.map(\.value)
    }
}
