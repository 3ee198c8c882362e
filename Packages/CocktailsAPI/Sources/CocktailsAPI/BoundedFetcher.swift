import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// One GET with hard bounds, for every download the app makes (catalog pages and pictures, from
/// the command line and from the web): the body is streamed and cut off at a byte limit while it
/// is read, the whole exchange has a deadline, redirects are followed by hand (at most
/// ``maximumRedirects``) and every hop's host is resolved and checked against an
/// ``AddressPolicy`` before anything connects to it. The connection then goes to the very
/// address that was checked, so a name that changes its answer cannot slip past the check.
public struct BoundedFetcher: Sendable {
    /// Which addresses may be connected to.
    public var policy: AddressPolicy
    /// How long one fetch may take in all, redirects and body included.
    public var timeout: Duration
    /// How many redirects are followed before the fetch gives up.
    public var maximumRedirects = 5

    /// A finished fetch.
    public struct Response: Sendable {
        /// The final status (never a 3xx that was followed).
        public var status: Int
        /// The final response's headers.
        public var headers: HTTPHeaders
        /// The body, at most the limit asked for.
        public var body: Data
        /// The URL that answered, after redirects.
        public var url: URL
    }

    /// Why a fetch failed.
    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// The URL is not an absolute http(s) URL with a host.
        case badURL(String)
        /// The host resolves to an address the policy refuses.
        case forbiddenAddress(host: String, address: String)
        /// The body (or its declared length) is over the limit.
        case tooLarge(limit: Int)
        /// More than ``maximumRedirects`` redirects, or a redirect without a usable `Location`.
        case tooManyRedirects
        /// The deadline passed.
        case timedOut
        /// The host could not be resolved or reached, or the transfer broke off.
        case unreachable(String)

        public var description: String {
            switch self {
            case .badURL(let url): "\(url) is not an http(s) address"
            case .forbiddenAddress(let host, let address):
                "\(host) is a private or local address (\(address)); imports from the web may only reach public servers"
            case .tooLarge(let limit):
                "larger than \(limit >= 1_048_576 ? "\(limit / 1_048_576) MB" : "\(limit) bytes")"
            case .tooManyRedirects: "too many redirects"
            case .timedOut: "no answer in time"
            case .unreachable(let reason): reason
            }
        }

        /// Whether another try may get a different answer.
        public var isTransient: Bool {
            switch self {
            case .timedOut, .unreachable: true
            case .badURL, .forbiddenAddress, .tooLarge, .tooManyRedirects: false
            }
        }
    }

    /// Creates a fetcher.
    public init(policy: AddressPolicy = .anyAddress, timeout: Duration = .seconds(30)) {
        self.policy = policy
        self.timeout = timeout
    }

    /// GETs `url`, following redirects, and reads at most `maximumBytes` of the final body.
    ///
    /// - Throws: ``Failure``, or `CancellationError` when the calling task is cancelled.
    public func get(_ url: URL, accept: String, maximumBytes: Int) async throws -> Response {
        let outgoing = Outgoing(accept: accept)
        return try await withDeadline(timeout) {
            var current = url
            for _ in 0...maximumRedirects {
                let (head, target) = try await open(current, outgoing, maximumBytes: maximumBytes)
                if let next = head.redirect {
                    current = next
                    continue
                }
                return Response(status: head.status, headers: head.headers, body: head.body, url: target)
            }
            throw Failure.tooManyRedirects
        }
    }

    /// POSTs `form` (URL-encoded) to `url` with `headers` and reads at most `maximumBytes` of
    /// the answer. A redirect is not followed (a form is never sent on to another address):
    /// it is the answer.
    ///
    /// - Throws: ``Failure``, or `CancellationError` when the calling task is cancelled.
    public func post(
        _ url: URL, form: [(String, String)], headers: [(String, String)] = [], accept: String, maximumBytes: Int
    ) async throws -> Response {
        let body = form.map { Self.formEncoded($0.0) + "=" + Self.formEncoded($0.1) }.joined(separator: "&")
        let outgoing = Outgoing(
            method: .POST, accept: accept,
            headers: headers + [("Content-Type", "application/x-www-form-urlencoded")], body: Data(body.utf8))
        return try await withDeadline(timeout) {
            let (head, target) = try await open(url, outgoing, maximumBytes: maximumBytes)
            return Response(status: head.status, headers: head.headers, body: head.body, url: target)
        }
    }

    /// `text` as a form field's name or value (application/x-www-form-urlencoded): everything but
    /// letters, digits and `-._~` percent-encoded. Also what HTTP Basic credentials of an OAuth
    /// client are made of (RFC 6749, 2.3.1).
    public static func formEncoded(_ text: String) -> String {
        var allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    /// What one request sends besides its address.
    private struct Outgoing: Sendable {
        var method: HTTPMethod = .GET
        var accept: String
        var headers: [(String, String)] = []
        var body: Data? = nil
    }

    private struct Hop {
        var status: Int
        var headers: HTTPHeaders
        var body: Data
        var redirect: URL?
    }

    /// One request to one checked address; a redirect's body is not read.
    private func open(_ url: URL, _ outgoing: Outgoing, maximumBytes: Int) async throws -> (Hop, URL) {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty
        else { throw Failure.badURL(url.absoluteString) }
        let addresses = try await Self.resolve(host)
        if let refused = policy.firstRefused(in: addresses) {
            throw Failure.forbiddenAddress(host: host, address: refused.description)
        }
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: .seconds(10), read: .seconds(20)),
            decompression: .disabled
        )
        // A refused connection fails at once: the pool would otherwise retry it until the deadline.
        configuration.connectionPool.retryConnectionEstablishment = false
        // Connect to the address just checked, whatever the name says by the time we connect.
        if let checked = addresses.first, IPAddress(host) == nil {
            configuration.dnsOverride = [host: checked.description]
        }
        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        do {
            let hop = try await exchange(client, url: url, outgoing, maximumBytes: maximumBytes)
            try? await client.shutdown()
            return (hop, url)
        } catch {
            try? await client.shutdown()
            throw error
        }
    }

    private func exchange(_ client: HTTPClient, url: URL, _ outgoing: Outgoing, maximumBytes: Int) async throws
        -> Hop
    {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = outgoing.method
        request.headers.add(name: "Accept", value: outgoing.accept)
        request.headers.add(name: "User-Agent", value: "CocktailBook")
        for (name, value) in outgoing.headers { request.headers.add(name: name, value: value) }
        if let body = outgoing.body { request.body = .bytes(ByteBuffer(bytes: body)) }
        let response: HTTPClientResponse
        do {
            response = try await client.execute(request, timeout: .seconds(Int64(max(1, timeout.components.seconds))))
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            if Task.isCancelled { throw CancellationError() }
            throw Failure.unreachable("\(url.host ?? "the server") did not answer: \(Self.reason(error))")
        }
        let status = Int(response.status.code)
        if (300..<400).contains(status), status != 304, outgoing.method == .GET {
            guard let location = response.headers.first(name: "Location"),
                let next = URL(string: location, relativeTo: url)?.absoluteURL
            else {
                throw Failure.tooManyRedirects
            }
            return Hop(status: status, headers: response.headers, body: Data(), redirect: next)
        }
        if let declared = response.headers.first(name: "Content-Length").flatMap(Int.init), declared > maximumBytes {
            throw Failure.tooLarge(limit: maximumBytes)
        }
        var body = Data()
        do {
            for try await chunk in response.body {
                guard body.count + chunk.readableBytes <= maximumBytes else {
                    throw Failure.tooLarge(limit: maximumBytes)
                }
                body.append(contentsOf: chunk.readableBytesView)
            }
        } catch let failure as Failure {
            throw failure
        } catch {
            if Task.isCancelled { throw CancellationError() }
            throw Failure.unreachable("the transfer from \(url.host ?? "the server") broke off: \(Self.reason(error))")
        }
        return Hop(status: status, headers: response.headers, body: body, redirect: nil)
    }

    /// Why a connection failed, as a sentence a person reads (`it refused the connection: is the
    /// server running?`), never the socket's own words (`connect(…): Connection refused (errno: 111)`).
    static func reason(_ error: any Error) -> String {
        let text = String(describing: error)
        if let range = text.range(of: #"errno: \d+"#, options: .regularExpression),
            let code = Int(text[range].dropFirst("errno: ".count))
        {
            switch code {
            case 111: return "it refused the connection, so the server may not be running"
            case 110: return "it did not answer in time"
            case 101, 113: return "the network cannot reach it"
            case 104, 32: return "it closed the connection"
            default: return "the connection failed"
            }
        }
        let lowered = text.lowercased()
        if lowered.contains("timeout") || lowered.contains("deadline") { return "it did not answer in time" }
        if lowered.contains("closed") || lowered.contains("reset") { return "it closed the connection" }
        if lowered.contains("tls") || lowered.contains("ssl") || lowered.contains("certificate") {
            return "its secure connection could not be set up"
        }
        return "the connection failed"
    }

    /// The addresses `host` resolves to (a numeric host is its own address).
    static func resolve(_ host: String) async throws -> [IPAddress] {
        if let literal = IPAddress(host) { return [literal] }
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                var hints = addrinfo()
                hints.ai_family = AF_UNSPEC
                #if canImport(Glibc)
                    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
                #else
                    hints.ai_socktype = SOCK_STREAM
                #endif
                var list: UnsafeMutablePointer<addrinfo>?
                let status = getaddrinfo(host, nil, &hints, &list)
                guard status == 0, let first = list else {
                    continuation.resume(throwing: Failure.unreachable("cannot find the server \(host)"))
                    return
                }
                defer { freeaddrinfo(first) }
                var addresses: [IPAddress] = []
                var cursor: UnsafeMutablePointer<addrinfo>? = first
                while let entry = cursor {
                    if let address = Self.address(of: entry.pointee), !addresses.contains(address) {
                        addresses.append(address)
                    }
                    cursor = entry.pointee.ai_next
                }
                if addresses.isEmpty {
                    continuation.resume(throwing: Failure.unreachable("cannot find the server \(host)"))
                } else {
                    continuation.resume(returning: addresses)
                }
            }
        }
    }

    private static func address(of entry: addrinfo) -> IPAddress? {
        guard let socket = entry.ai_addr else { return nil }
        switch Int32(socket.pointee.sa_family) {
        case AF_INET:
            return socket.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { pointer in
                var address = pointer.pointee.sin_addr
                return IPAddress(bytes: withUnsafeBytes(of: &address) { Array($0) })
            }
        case AF_INET6:
            return socket.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { pointer in
                var address = pointer.pointee.sin6_addr
                return IPAddress(bytes: withUnsafeBytes(of: &address) { Array($0) })
            }
        default:
            return nil
        }
    }
}

/// Runs `work`, cancelling it and throwing ``BoundedFetcher/Failure/timedOut`` when `limit`
/// passes first.
public func withDeadline<T: Sendable>(_ limit: Duration, _ work: @escaping @Sendable () async throws -> T) async throws
    -> T
{
    try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask { try await work() }
        group.addTask {
            try await Task.sleep(for: limit)
            return nil
        }
        defer { group.cancelAll() }
        guard let first = try await group.next(), let value = first else { throw BoundedFetcher.Failure.timedOut }
        return value
    }
}
