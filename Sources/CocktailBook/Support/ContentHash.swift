/// A short, stable fingerprint of some bytes (FNV-1a, 64 bit) for cache keys; not for security.
/// Used for asset and picture versions, imported picture names and the illustrations' seeds.
public enum ContentHash {
    /// The hash of `data`.
    public static func value(of data: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// The hash of `data` as 16 lower-case hex digits.
    public static func hex(of data: some Sequence<UInt8>) -> String {
        let text = String(value(of: data), radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }
}
