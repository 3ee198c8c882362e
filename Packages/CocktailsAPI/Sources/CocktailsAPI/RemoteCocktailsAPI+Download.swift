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
        var attempt = 0
        while true {
            try Task.checkCancellation()
            let retryAfter: Duration
            do {
                var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout.timeInterval)
                request.setValue("image/*", forHTTPHeaderField: "Accept")
                let (data, response) = try await session.data(for: request)
                guard let http = response as? HTTPURLResponse else { throw DownloadFailure.unreachable("\(url): no HTTP answer") }
                switch http.statusCode {
                case 200..<300:
                    let declared = http.value(forHTTPHeaderField: "Content-Length").flatMap(Int.init) ?? 0
                    guard declared <= maximumBytes, data.count <= maximumBytes else {
                        throw DownloadFailure.rejected("larger than \(maximumBytes / 1_048_576) MB")
                    }
                    return (data, http.value(forHTTPHeaderField: "Content-Type"))
                case 429, 500..<600:
                    retryAfter = Self.retryAfter(http.value(forHTTPHeaderField: "Retry-After")) ?? .zero
                default:
                    throw DownloadFailure.rejected("HTTP \(http.statusCode)")
                }
            } catch let error as URLError where error.code != .cancelled && Self.isTransient(error) {
                retryAfter = .zero
            } catch let error as URLError where error.code != .cancelled {
                throw DownloadFailure.unreachable("\(url.host ?? "the server"): \(error.code.rawValue)")
            }
            guard attempt < retries else { throw DownloadFailure.unreachable("\(url.host ?? "the server") did not answer") }
            try await Task.sleep(for: max(retryAfter, backoff(attempt)))
            attempt += 1
        }
    }
}
