import Foundation

/// Encodes API payloads. The CLI's `--json` output uses the same encoder, so it is byte for byte
/// what the API answers.
public enum APIJSON {
    /// Encodes `value` as the API does: ISO 8601 dates, slashes unescaped, keys sorted so that the
    /// same data always gives the same bytes.
    public static func encode(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        return try encoder.encode(value)
    }
}
