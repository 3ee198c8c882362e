import Foundation

/// Fields encoded as HTML forms write them (`application/x-www-form-urlencoded`): `+` is a space
/// and `%2B` a plus. Used for query strings and form bodies alike. (The router's own query decoding
/// keeps `+`, so "old fashioned" typed into a search form would come back as "old+fashioned".)
package struct FormQuery: Sendable {
    /// Every field, in order.
    package let pairs: [(name: String, value: String)]

    /// These fields.
    package init(pairs: [(name: String, value: String)]) {
        self.pairs = pairs
    }

    /// The fields of an encoded string such as `a=1&b=two+words`.
    package init(encoded raw: String) {
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
    package subscript(name: String) -> String? {
        pairs.first { $0.name == name }?.value
    }

    /// Every value of `name`, in order.
    package func all(_ name: String) -> [String] {
        pairs.filter { $0.name == name }.map(\.value)
    }
}
