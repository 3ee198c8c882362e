import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension RemoteCocktailsAPI {
    /// Why one download failed.
    public enum DownloadFailure: Error, Equatable, Sendable {
        /// The server answered, but not with something we take (a 4xx, too large, not an image):
        /// the file is left out and the rest goes on.
        case rejected(String)
        /// The server could not be reached after the retries, or the transfer broke off.
        case unreachable(String)
    }

    /// Downloads one picture with the same manners as the catalog fetch: retries with backoff
    /// and jitter on timeouts, lost connections, `429` and `5xx`, honouring `Retry-After`.
    ///
    /// - Parameters:
    ///   - url: the picture's absolute URL.
    ///   - maximumBytes: the largest body accepted, judged by `Content-Length` and by the bytes.
    /// - Returns: the bytes and the `Content-Type` the server gave, if any.
    /// - Throws: ``DownloadFailure``, or `CancellationError`.
    public func download(_ url: URL, maximumBytes: Int) async throws -> (data: Data, contentType: String?) {
        let host = url.host ?? "the server"
        let data: Data
        let http: HTTPURLResponse
        do {
            (data, http) = try await get(url, accept: "image/*") { DownloadFailure.unreachable("\(host) did not answer") }
        } catch let error as URLError where error.code != .cancelled {
            throw DownloadFailure.unreachable("\(host): \(error.code.rawValue)")
        }
        guard (200..<300).contains(http.statusCode) else { throw DownloadFailure.rejected("HTTP \(http.statusCode)") }
        let declared = http.value(forHTTPHeaderField: "Content-Length").flatMap(Int.init) ?? 0
        guard declared <= maximumBytes, data.count <= maximumBytes else {
            throw DownloadFailure.rejected("larger than \(maximumBytes / 1_048_576) MB")
        }
        return (data, http.value(forHTTPHeaderField: "Content-Type"))
    }
}
