import CocktailBook
import CocktailBookApp
import HTTPTypes
import Hummingbird

/// Refuses requests before any handler runs: a `Host` that is not ours (DNS rebinding), a
/// state-changing request sent from another site, and query strings that are too long or have
/// too many parameters. Runs inside ``ErrorMiddleware``, so refusals read like every other error.
struct RequestPolicyMiddleware<Context: AppContext>: RouterMiddleware {
    /// The host names (without port) requests may name; `nil` allows any.
    let allowedHosts: Set<String>?

    /// The longest query string read, in bytes.
    static var maximumQueryBytes: Int { 4096 }
    /// The most query parameters read.
    static var maximumQueryParameters: Int { 64 }
    /// The longest value of one query parameter.
    static var maximumValueLength: Int { 200 }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        if let allowedHosts, let host = Self.hostName(request.head.authority), !allowedHosts.contains(host) {
            throw AppError(
                status: .misdirectedRequest, code: "unknown_host", message: "This server does not answer for \(host).")
        }
        if ![.get, .head, .options].contains(request.method), let reason = Self.crossSiteReason(request) {
            throw AppError(
                status: .forbidden, code: "cross_site_request",
                message: "Changes can only be made from this site's own pages (\(reason)).")
        }
        try Self.checkQuery(request.uri.query)
        // The API is strict about the language it is asked for; pages just ignore a stray one.
        if context.surface == .api, let lang = FormQuery(request)["lang"],
            Language(rawValue: lang) == nil
        {
            throw AppError(
                status: .badRequest, code: "invalid_lang",
                message:
                    "lang must be one of \(Language.allCases.map(\.rawValue).joined(separator: ", ")), not \(lang).")
        }
        return try await next(request, context)
    }

    /// Why a write looks cross-site, or `nil`: `Sec-Fetch-Site` other than same-origin or a
    /// direct navigation, or an `Origin` whose host is not the one the request was sent to.
    static func crossSiteReason(_ request: Request) -> String? {
        if let site = request.headers[HTTPField.Name("Sec-Fetch-Site")!]?.lowercased(), site != "same-origin",
            site != "none"
        {
            return "Sec-Fetch-Site: \(site)"
        }
        guard let origin = request.headers[HTTPField.Name("Origin")!] else { return nil }
        let authority = request.head.authority ?? ""
        let parts = origin.split(separator: "://", maxSplits: 1)
        guard parts.count == 2, ["http", "https"].contains(parts[0].lowercased()),
            parts[1].lowercased() == authority.lowercased()
        else {
            return "Origin: \(origin.prefix(100))"
        }
        return nil
    }

    static func checkQuery(_ query: String?) throws {
        guard let query, !query.isEmpty else { return }
        guard query.utf8.count <= maximumQueryBytes else {
            throw AppError(
                status: .badRequest, code: "query_too_long",
                message: "The query string is longer than \(maximumQueryBytes) bytes.")
        }
        let pairs = query.split(separator: "&")
        guard pairs.count <= maximumQueryParameters else {
            throw AppError(
                status: .badRequest, code: "too_many_parameters",
                message: "A request may have at most \(maximumQueryParameters) query parameters.")
        }
        for pair in pairs {
            let value = pair.split(separator: "=", maxSplits: 1).dropFirst().first ?? ""
            // Counted in Unicode scalars, as JSON Schema's maxLength counts: a letter with ten
            // combining marks is one Character but eleven scalars of work.
            let length = (value.removingPercentEncoding ?? String(value)).unicodeScalars.count
            guard length <= maximumValueLength else {
                throw AppError(
                    status: .badRequest, code: "parameter_too_long",
                    message: "A query parameter may be at most \(maximumValueLength) characters long.")
            }
        }
    }

    /// The host name of an authority (`example.com:8080`, `[::1]:80`), lower-cased, no port.
    static func hostName(_ authority: String?) -> String? {
        guard let authority, !authority.isEmpty else { return nil }
        if authority.hasPrefix("[") {
            return authority.split(separator: "]").first.map { String($0.dropFirst()).lowercased() }
        }
        return String(authority.split(separator: ":").first ?? "").lowercased()
    }
}
