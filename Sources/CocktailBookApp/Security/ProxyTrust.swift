import CocktailBook
import Foundation
import HTTPTypes

#if canImport(Glibc)
    import Glibc
#endif

/// Who really sent a request that reached the book through reverse proxies (`--trust-proxy`,
/// `--trusted-proxies`), and whether it really came over HTTPS.
///
/// `X-Forwarded-For` is a list each proxy appends to: the client writes whatever it likes on
/// the left, so only the right end can be believed. The client is the first address from the
/// right that is not one of the trusted proxies, and the header is read only when the
/// connection itself comes from a trusted proxy; anyone else's forwarded headers are ignored.
/// `X-Forwarded-Proto` is believed on the same terms (its last value, the nearest proxy's).
package struct ProxyTrust: Sendable, Equatable {
    /// Whether forwarded headers are read at all (`--trust-proxy`).
    package var isEnabled: Bool
    /// The proxies whose forwarded headers are believed (`--trusted-proxies`).
    package var proxies: [IPNetwork]

    /// The default set of trusted proxies: a proxy on the same machine.
    package static let loopback = [IPNetwork("127.0.0.0/8")!, IPNetwork("::1")!]

    package init(isEnabled: Bool, proxies: [IPNetwork] = ProxyTrust.loopback) {
        self.isEnabled = isEnabled
        self.proxies = proxies
    }

    /// The client's address, from the connection's `peer` and its `X-Forwarded-For`.
    package func client(peer: String, forwardedFor: String?) -> String {
        guard isEnabled, trusts(peer), let forwardedFor else { return peer }
        let hops = forwardedFor.split(separator: ",").map { Self.address(of: $0) }.filter { !$0.isEmpty }
        return hops.last(where: { !trusts($0) }) ?? hops.first ?? peer
    }

    /// Whether the request reached the first trusted proxy over HTTPS.
    package func arrivedOverHTTPS(peer: String, forwardedProto: String?) -> Bool {
        guard isEnabled, trusts(peer), let forwardedProto else { return false }
        return forwardedProto.split(separator: ",").last?.trimmingCharacters(in: .whitespaces).lowercased()
            == "https"
    }

    /// Whether a proxy passed the request on (it names a client), trusted or not: such a
    /// request is never this machine's own, even from a loopback address.
    package static func wasForwarded(_ headers: HTTPFields) -> Bool {
        headers[HTTPField.Name("X-Forwarded-For")!] != nil || headers[HTTPField.Name("Forwarded")!] != nil
    }

    /// Whether `address` is one of the trusted proxies.
    package func trusts(_ address: String) -> Bool {
        guard let bytes = IPNetwork.bytes(of: address) else { return false }
        return proxies.contains { $0.contains(bytes) }
    }

    /// One hop of `X-Forwarded-For` without spaces, brackets or a port (`[2001:db8::1]:443`,
    /// `203.0.113.7:51234`).
    package static func address(of hop: Substring) -> String {
        var text = hop.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("["), let end = text.firstIndex(of: "]") {
            text = String(text[text.index(after: text.startIndex)..<end])
        } else if text.filter({ $0 == ":" }).count == 1, let colon = text.firstIndex(of: ":") {
            text = String(text[..<colon])
        }
        return text
    }
}

/// Whether an absolute link of the book could be opened by a guest's phone.
package enum LinkReach {
    /// Loopback, link-local and private networks: reachable from this machine or the LAN at best.
    package static let nearby = [
        "127.0.0.0/8", "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "169.254.0.0/16", "100.64.0.0/10", "::1",
        "fc00::/7", "fe80::/10",
    ].compactMap(IPNetwork.init)

    /// The host of `url` when it is `localhost` or an address of ``nearby``, else `nil`.
    package static func nearbyHost(of url: String) -> String? {
        guard let host = URLComponents(string: url)?.host?.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        else { return nil }
        if host.lowercased() == "localhost" || host.lowercased().hasSuffix(".localhost") { return host }
        guard let bytes = IPNetwork.bytes(of: host), nearby.contains(where: { $0.contains(bytes) }) else { return nil }
        return host
    }

    /// For the owner: why guests may not open `url`, or `nil` when they can.
    package static func warning(for url: String?, strings: UIStrings) -> String? {
        guard let url, let host = nearbyHost(of: url) else { return nil }
        return strings("share_nearby_warning", ["host": host])
    }
}

/// An IPv4 or IPv6 network, `10.0.0.0/8`, `fd00::/8`, or one address.
package struct IPNetwork: Sendable, Equatable, CustomStringConvertible {
    package let bytes: [UInt8]
    package let prefixLength: Int

    /// Reads `10.0.0.0/8`, `192.168.1.5`, `fd00::/8` or `::1`; `nil` for anything else.
    package init?(_ text: String) {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: "/", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let bytes = Self.bytes(of: String(parts[0])) else { return nil }
        let maximum = bytes.count * 8
        if parts.count == 2 {
            guard let length = Int(parts[1]), (0...maximum).contains(length) else { return nil }
            prefixLength = length
        } else {
            prefixLength = maximum
        }
        self.bytes = bytes
    }

    package var description: String {
        let family = bytes.count == 4 ? AF_INET : AF_INET6
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let written = bytes.withUnsafeBytes { inet_ntop(family, $0.baseAddress, &text, socklen_t(text.count)) }
        let address = written == nil ? "?" : String(decoding: text.prefix { $0 != 0 }.map(UInt8.init), as: UTF8.self)
        return prefixLength == bytes.count * 8 ? address : "\(address)/\(prefixLength)"
    }

    /// Whether the address `other` (as ``bytes(of:)`` reads it) lies in this network.
    package func contains(_ other: [UInt8]) -> Bool {
        guard other.count == bytes.count else { return false }
        let whole = prefixLength / 8
        guard other[..<whole] == bytes[..<whole] else { return false }
        let rest = prefixLength % 8
        guard rest > 0 else { return true }
        let mask = UInt8(0xFF) << (8 - rest)
        return other[whole] & mask == bytes[whole] & mask
    }

    /// The 4 or 16 bytes of an address; an IPv4 address written as IPv6 (`::ffff:10.0.0.1`)
    /// reads as IPv4.
    package static func bytes(of address: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, address, &v4) == 1 {
            return withUnsafeBytes(of: &v4) { Array($0) }
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, address, &v6) == 1 else { return nil }
        let bytes = withUnsafeBytes(of: &v6) { Array($0) }
        if bytes[..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF { return Array(bytes[12...]) }
        return bytes
    }
}
