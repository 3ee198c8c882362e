import Foundation

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
    /// and jitter on timeouts, lost connections, `429` and `5xx`, honouring `Retry-After`; the
    /// body is streamed and cut off at `maximumBytes`.
    ///
    /// - Parameters:
    ///   - url: the picture's absolute URL.
    ///   - maximumBytes: the largest body accepted, judged by `Content-Length` and while reading.
    /// - Returns: the bytes and the `Content-Type` the server gave, if any.
    /// - Throws: ``DownloadFailure``, or `CancellationError`.
    public func download(_ url: URL, maximumBytes: Int) async throws -> (data: Data, contentType: String?) {
        let host = url.host ?? "the server"
        let answer = try await get(url, accept: "image/*", maximumBytes: maximumBytes) { failure in
            switch failure {
            case .timedOut, .unreachable: DownloadFailure.unreachable("\(host): \(failure)")
            case .badURL, .forbiddenAddress, .tooLarge, .tooManyRedirects: DownloadFailure.rejected(failure.description)
            }
        }
        guard (200..<300).contains(answer.status) else { throw DownloadFailure.rejected("HTTP \(answer.status)") }
        return (answer.body, answer.headers.first(name: "Content-Type"))
    }
}
