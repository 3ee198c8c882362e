import Foundation

/// How a ``CatalogService`` turns the source's answer into cocktails. The app decodes every
/// answer afresh (``fresh``); a process that starts many services over the same payload (the
/// test suites start hundreds of apps over one catalog) can keep each payload's outcome by its
/// fingerprint instead, since the decoded cocktails are plain values.
public struct CatalogDecoding: Sendable {
    /// Decodes `data`, whose fingerprint (``ContentHash/hex(of:)``) is `digest`.
    public let decode: @Sendable (_ data: Data, _ digest: String) async throws -> CatalogDecoder.Outcome

    /// A decoding with its own way of reading a payload.
    public init(decode: @escaping @Sendable (_ data: Data, _ digest: String) async throws -> CatalogDecoder.Outcome) {
        self.decode = decode
    }

    /// Every payload decoded when it arrives, off the caller's actor: at 10,000 drinks decoding
    /// takes a third of a second, and every request the catalog's actor answers would wait for it.
    public static let fresh = CatalogDecoding { data, _ in
        try await Task.detached { try CatalogDecoder.decode(data) }.value
    }
}
