import Foundation

/// Which addresses a server-side fetch may connect to, judged after DNS resolution and before
/// any connection is made.
///
/// A fetch started from the web (an import address typed into a form, a picture URL inside an
/// uploaded file) must not become a way to reach services that only the server can see: its
/// loopback interface, the home network, a cloud metadata endpoint. Those fetches use
/// ``publicOnly``; the command line, run by the machine's owner, uses ``anyAddress``.
public enum AddressPolicy: Sendable, Equatable {
    /// Every address is allowed.
    case anyAddress
    /// Loopback, private, link-local, shared (CGNAT), multicast, documentation, reserved and
    /// unspecified addresses are refused, for IPv4, IPv6 and IPv4 inside IPv6.
    case publicOnly

    /// Whether a connection to `address` is allowed.
    public func permits(_ address: IPAddress) -> Bool {
        switch self {
        case .anyAddress: true
        case .publicOnly: address.isPublic
        }
    }

    /// The first of `addresses` this policy refuses, if any. A host is only fetched when every
    /// address it resolves to is allowed, so a name that also points inward is refused whole.
    public func firstRefused(in addresses: [IPAddress]) -> IPAddress? {
        addresses.first { !permits($0) }
    }
}

/// An IPv4 or IPv6 address as its network-order bytes (4 or 16 of them).
public struct IPAddress: Sendable, Hashable, CustomStringConvertible {
    /// The address's bytes in network order.
    public let bytes: [UInt8]

    /// Wraps 4 (IPv4) or 16 (IPv6) bytes; `nil` for any other count.
    public init?(bytes: [UInt8]) {
        guard bytes.count == 4 || bytes.count == 16 else { return nil }
        self.bytes = bytes
    }

    /// Parses a numeric address such as `10.0.0.1`, `::1` or `::ffff:127.0.0.1` (brackets
    /// allowed); `nil` for anything else, host names included.
    public init?(_ text: String) {
        var trimmed = text
        if trimmed.hasPrefix("["), trimmed.hasSuffix("]") { trimmed = String(trimmed.dropFirst().dropLast()) }
        var v4 = in_addr()
        if inet_pton(AF_INET, trimmed, &v4) == 1 {
            self.bytes = withUnsafeBytes(of: &v4) { Array($0) }
            return
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, trimmed, &v6) == 1 {
            self.bytes = withUnsafeBytes(of: &v6) { Array($0) }
            return
        }
        return nil
    }

    /// The address as `inet_ntop` writes it.
    public var description: String {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        let family = bytes.count == 4 ? AF_INET : AF_INET6
        let written = bytes.withUnsafeBytes { raw in
            inet_ntop(family, raw.baseAddress, &buffer, socklen_t(buffer.count))
        }
        guard written != nil else { return bytes.map(String.init).joined(separator: ".") }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether the address is reachable on the public internet (see ``AddressPolicy/publicOnly``).
    public var isPublic: Bool {
        if bytes.count == 4 { return Self.isPublicV4(bytes) }
        // IPv4-mapped (::ffff:a.b.c.d), IPv4-translated (SIIT, ::ffff:0:a.b.c.d), IPv4-compatible
        // (::a.b.c.d), NAT64 (64:ff9b::a.b.c.d, and the local-use 64:ff9b:1::/48) and 6to4
        // (2002:AABB:CCDD::) carry an IPv4 address that decides.
        let head = Array(bytes[0..<12])
        if head == [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF] || head == [0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF, 0, 0]
            || head == [UInt8](repeating: 0, count: 12) || head == [0x00, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0]
        {
            return Self.isPublicV4(Array(bytes[12..<16]))
        }
        if bytes[0] == 0x20, bytes[1] == 0x02 { return Self.isPublicV4(Array(bytes[2..<6])) }
        if Array(bytes[0..<6]) == [0x00, 0x64, 0xFF, 0x9B, 0x00, 0x01] { return false } // local-use NAT64
        if bytes[0] == 0xFF { return false } // multicast
        if bytes[0] & 0xFE == 0xFC { return false } // unique local fc00::/7
        // link-local, site-local
        if bytes[0] == 0xFE, bytes[1] & 0xC0 == 0x80 || bytes[1] & 0xC0 == 0xC0 { return false }
        if bytes[0] == 0x20, bytes[1] == 0x01, bytes[2] == 0x0D, bytes[3] == 0xB8 { return false } // documentation
        if bytes[0] == 0x01, bytes[1...7].allSatisfy({ $0 == 0 }) { return false } // discard-only 100::/64
        return true
    }

    private static func isPublicV4(_ b: [UInt8]) -> Bool {
        switch (b[0], b[1], b[2]) {
        case (0, _, _), (10, _, _), (127, _, _): false // "this network", private, loopback
        case (100, 64...127, _): false // shared address space (CGNAT)
        case (169, 254, _): false // link-local, cloud metadata
        case (172, 16...31, _), (192, 168, _): false // private
        case (192, 0, 0), (192, 0, 2), (198, 51, 100), (203, 0, 113): false // IETF, documentation
        case (198, 18...19, _): false // benchmarking
        case (224...255, _, _): false // multicast, reserved, broadcast
        default: true
        }
    }
}
