import Crypto
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The two primitives every secret of the app is made with: fresh random tokens (CSRF, sessions,
/// API tokens) and SHA-256 digests (what the database keeps of a token, picture file names).
package enum Secrets {
    /// 32 bytes from the system's secure generator, as 64 lower-case hex digits.
    package static func randomToken() -> String {
        var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        // glibc's arc4random_buf asks the kernel once for all 32 bytes (the standard library's
        // generator asks once per 8): every page a new visitor opens mints one.
        withUnsafeMutableBytes(of: &words) { arc4random_buf($0.baseAddress!, $0.count) }
        return withUnsafeBytes(of: words) { hex($0) }
    }

    /// Whether two secrets (a CSRF token, an OpenID state or nonce) are equal, in a time that
    /// does not depend on where they differ (for equal lengths).
    package static func same(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && zip(a.utf8, b.utf8).reduce(UInt8(0), { $0 | ($1.0 ^ $1.1) }) == 0
    }

    /// The SHA-256 of `bytes`, as 64 lower-case hex digits.
    package static func sha256(_ bytes: some DataProtocol) -> String {
        SHA256.hash(data: bytes).withUnsafeBytes { hex($0) }
    }

    /// Lower-case hex, without a format string per byte (every page a new visitor opens mints a token).
    package static func hex(_ bytes: UnsafeRawBufferPointer) -> String {
        let digits: StaticString = "0123456789abcdef"
        return String(unsafeUninitializedCapacity: bytes.count * 2) { out in
            digits.withUTF8Buffer { digits in
                for (index, byte) in bytes.enumerated() {
                    out[2 * index] = digits[Int(byte >> 4)]
                    out[2 * index + 1] = digits[Int(byte & 0x0F)]
                }
            }
            return bytes.count * 2
        }
    }
}
