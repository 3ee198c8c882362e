import CocktailBook
import CocktailBookStore
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import Synchronization

/// Answers a request the app has already answered, in the same state, from the connection's
/// own event loop, without the trip through Hummingbird's router, the middleware chain and
/// Swift's task executor that every other request takes.
///
/// It only replays: the first time a request is seen, it goes the whole way, and
/// ``FastLaneRecorder`` (the outermost layer) notes what came back, provided the answer came out
/// of ``ResponseCache`` unchanged by the layers around it except for fields it can remake. The
/// same request again (the same address and every header the same, byte for byte, while the
/// catalog, the database and the quarter hour are unchanged) then gets the same answer with
/// its own form token, request id, time and date. Since every layer between decides only from
/// the request's headers and that state, the replay is what the whole way would answer.
///
/// Requests that carry an identity (`Authorization`, a session cookie), ask for anything but
/// `GET`, or want the connection closed always go the whole way.
final class FastLane: Sendable {
    /// A recorded answer.
    struct Template: Sendable {
        let entry: ResponseCache.Entry
        /// What the layers around the cache add, in order.
        let outer: [OuterField]
        /// The form token the page was made with when the browser sent its own (its cookie is
        /// part of the request); `nil`: a new one per answer, as a first visit gets.
        let token: String?
        /// The route's pattern, for the request metrics.
        let route: String
        /// Its counters for a `200` and a `304`.
        let meters: (ok: AppMetrics.Meter, notModified: AppMetrics.Meter)?
    }

    /// A field added around the cache: fixed, or made anew for each answer.
    enum OuterField: Sendable {
        case fixed(HTTPField)
        case csrfCookie
        case requestID
    }

    let catalog: CatalogService
    let changes: DatabaseChanges
    let metrics: AppMetrics?
    let logger: Logger
    let serverName: String?
    /// Off in chaos mode: its delays and failures must reach every request.
    let isEnabled: Bool
    /// Templates kept at most; a new state starts afresh.
    static let limit = 256
    /// Requests with more header bytes than this are not recorded (at most 256 × 4 KB of keys).
    static let largestSignature = 4096

    private let templates = Mutex<(state: ResponseCache.State?, byRequest: [String: Template])>((nil, [:]))

    init(
        catalog: CatalogService, changes: DatabaseChanges, metrics: AppMetrics?, logger: Logger, serverName: String?,
        isEnabled: Bool
    ) {
        self.catalog = catalog
        self.changes = changes
        self.metrics = metrics
        self.logger = logger
        self.serverName = serverName
        self.isEnabled = isEnabled
    }

    var state: ResponseCache.State { .current(catalog: catalog, changes: changes) }

    /// How many answers are recorded (for tests).
    var count: Int { templates.withLock { $0.byRequest.count } }
    /// How many requests it has answered.
    var replays: Int { answered.load(ordering: .relaxed) }
    private let answered = Atomic<Int>(0)

    /// The request as a key: method, address and every field, or `nil` when it must always go
    /// the whole way.
    func signature(of request: HTTPRequest) -> String? {
        guard isEnabled, request.method == .get, let path = request.path else { return nil }
        var key = (request.scheme ?? "") + " " + (request.authority ?? "") + " " + path + "\n"
        for field in request.headerFields {
            switch field.name {
            case .authorization, .expect:
                return nil
            case .connection:
                guard field.value.lowercased() == "keep-alive" else { return nil }
            case .cookie:
                guard !field.value.contains(SessionCookie.name) else { return nil }
            default:
                break
            }
            key += field.name.canonicalName
            key += ":"
            key += field.value
            key += "\n"
        }
        return key
    }

    /// Notes what the whole way answered `signature` in `state`, when it can be replayed.
    func record(_ signature: String, state: ResponseCache.State, capture: Capture, response: Response) {
        guard signature.utf8.count <= Self.largestSignature, let captured = capture.value,
            response.status == captured.status, self.state == state
        else { return }
        // The fields around the cache's own: the cache's must all be there, unchanged.
        var outer = Array(response.headers)
        for field in captured.headers {
            guard let index = outer.firstIndex(of: field) else { return }
            outer.remove(at: index)
        }
        var fields: [OuterField] = []
        var freshToken = false
        for field in outer {
            switch field.name {
            case .contentLength:
                continue
            case RequestLogMiddleware<AppRequestContext>.requestIDField:
                fields.append(.requestID)
            case .setCookie:
                // Only the form token's cookie is remade; any other cookie is someone's own.
                guard field.value == CSRFToken.cookie(captured.token) else { return }
                fields.append(.csrfCookie)
                freshToken = true
            default:
                fields.append(.fixed(field))
            }
        }
        let route = capture.route ?? "unmatched"
        let template = Template(
            entry: captured.entry, outer: fields, token: freshToken ? nil : captured.token, route: route,
            meters: metrics.map {
                ($0.meter(route: route, method: "GET", status: 200), $0.meter(route: route, method: "GET", status: 304))
            }
        )
        templates.withLock { templates in
            if templates.state != state {
                templates = (state, [:])
            }
            if templates.byRequest.count >= Self.limit, templates.byRequest[signature] == nil {
                templates.byRequest.removeAll(keepingCapacity: true)
            }
            templates.byRequest[signature] = template
        }
    }

    /// The answer to `request` when one is recorded for it in the current state.
    func answer(_ request: HTTPRequest) -> (head: HTTPResponse, body: [ByteBuffer])? {
        let started = ContinuousClock.now
        guard let signature = signature(of: request) else { return nil }
        let state = state
        guard let template = templates.withLock({ $0.state == state ? $0.byRequest[signature] : nil }) else {
            return nil
        }
        answered.add(1, ordering: .relaxed)
        let token = template.token ?? CSRFToken.generate()
        let answer = template.entry.answer(to: request.headerFields, csrfToken: token)
        var fields = answer.headers
        fields[.contentLength] = String(answer.body.reduce(0) { $0 + $1.readableBytes })
        let ownID = RequestID().description
        let requestID =
            request.headerFields[RequestLogMiddleware<AppRequestContext>.requestIDField]
            .flatMap { RequestLogMiddleware<AppRequestContext>.isPlainID($0) ? $0 : nil } ?? ownID
        for field in template.outer {
            switch field {
            case .fixed(let field): fields.append(field)
            case .csrfCookie: fields.append(HTTPField(name: .setCookie, value: CSRFToken.cookie(token)))
            case .requestID:
                fields.append(HTTPField(name: RequestLogMiddleware<AppRequestContext>.requestIDField, value: requestID))
            }
        }
        fields[.date] = HTTPDate.now()
        if let serverName { fields[.server] = serverName }
        let status = answer.status.code
        let elapsed = ContinuousClock.now - started
        if let meters = template.meters {
            (answer.status == .notModified ? meters.notModified : meters.ok).record(elapsed)
        } else {
            metrics?.record(route: template.route, method: "GET", status: status, duration: elapsed)
        }
        if logger.logLevel <= .info {
            var logger = logger
            logger[metadataKey: "hb.request.id"] = .string(ownID)
            logger[metadataKey: "request_id"] = .string(requestID)
            let path = String((request.path ?? "/").prefix { $0 != "?" })
            logger.info(
                "GET \(path) \(status)",
                metadata: [
                    "method": "GET", "route": .string(template.route), "path": .string(path),
                    "status": .stringConvertible(status),
                    "duration_ms": .string(String(format: "%.3f", Double(elapsed.nanoseconds) / 1_000_000)),
                ])
        }
        return (HTTPResponse(status: answer.status, headerFields: fields), answer.body)
    }

    /// What one request's trip through the layers left for ``FastLane/record``: set by
    /// ``ResponseCacheMiddleware`` when it answered from an entry, and by ``RequestLogMiddleware``
    /// with the route.
    final class Capture: Sendable {
        @TaskLocal static var current: Capture?

        struct Answer {
            let entry: ResponseCache.Entry
            let token: String
            let status: HTTPResponse.Status
            let headers: HTTPFields
        }

        private let answered = Mutex<Answer?>(nil)
        private let routePattern = Mutex<String?>(nil)

        var value: Answer? { answered.withLock { $0 } }
        var route: String? { routePattern.withLock { $0 } }

        func answered(from entry: ResponseCache.Entry, token: String, status: HTTPResponse.Status, headers: HTTPFields)
        {
            answered.withLock { $0 = Answer(entry: entry, token: token, status: status, headers: headers) }
        }

        func route(_ pattern: String) {
            routePattern.withLock { $0 = pattern }
        }
    }
}

/// The outermost layer: lets ``FastLane`` record the answers it may replay.
struct FastLaneRecorder<Context: AppContext>: RouterMiddleware {
    let lane: FastLane

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        guard let signature = lane.signature(of: request.head) else { return try await next(request, context) }
        let state = lane.state
        let capture = FastLane.Capture()
        let response = try await FastLane.Capture.$current.withValue(capture) { try await next(request, context) }
        lane.record(signature, state: state, capture: capture, response: response)
        return response
    }
}

/// The `Date` header's text (RFC 9110's IMF-fixdate), made once a second.
enum HTTPDate {
    private static let last = Mutex<(second: Int, text: String)>((-1, ""))
    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func now() -> String {
        let second = Int(Date().timeIntervalSince1970)
        if let text = last.withLock({ $0.second == second ? $0.text : nil }) { return text }
        let text = format(second)
        last.withLock { $0 = (second, text) }
        return text
    }

    static func format(_ second: Int) -> String {
        var time = time_t(second)
        var parts = tm()
        gmtime_r(&time, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return
            "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }
}
