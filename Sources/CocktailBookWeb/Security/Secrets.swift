import Crypto
import Foundation

/// The two primitives every secret of the app is made with: fresh random tokens (CSRF, sessions,
/// API tokens) and SHA-256 digests (what the database keeps of a token, picture file names).
enum Secrets {
    /// 32 bytes from the system's secure generator, as 64 lower-case hex digits.
    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in String(format: "%02x", UInt8.random(in: .min ... .max, using: &generator)) }.joined()
    }

    /// The SHA-256 of `bytes`, as 64 lower-case hex digits.
    static func sha256(_ bytes: some DataProtocol) -> String {
        SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
    }
}
