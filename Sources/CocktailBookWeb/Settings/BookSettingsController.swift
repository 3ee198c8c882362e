import CocktailBook
import CocktailBookApp
import Foundation
import Hummingbird

/// `GET|PUT /api/v1/settings/currency`: the book's currency, in which menu prices are kept.
/// Anyone the book lets browse reads it; only an admin (the owner of a book without accounts is
/// one) sets it. The same setting is on the maintenance page.
struct BookSettingsController<Context: AppContext>: Sendable {
    let desk: MaintenanceDesk

    struct CurrencyBody: Decodable { var currency: String }

    struct CurrencyPayload: Encodable {
        var currency: String
        /// Whether an admin chose it (else it is the default, EUR).
        var isSet: Bool
    }

    func addRoutes(to routes: RouteBuilder<Context>) {
        routes.routes("api/v1", .api()).get("settings/currency") { _, _ in
            try await payload()
        }
        routes.routes("api/v1", .api(.admin)).put("settings/currency") { request, _ in
            let body = try await JSONBody.decode(CurrencyBody.self, from: request)
            try await desk.setCurrency(body.currency)
            return try await payload()
        }
    }

    private func payload() async throws -> Response {
        let set = try await desk.currencySet()
        return try APIResponse.json(CurrencyPayload(currency: set ?? BookCurrency.defaultCode, isSet: set != nil))
    }
}

extension Choice {
    /// The maintenance page's currencies: Foundation's common ISO 4217 codes, each with its name
    /// in the reader's language, `selected` chosen.
    static func currencies(selected: String, strings: UIStrings) -> [Choice] {
        Locale.commonISOCurrencyCodes.sorted().map { code in
            let name = strings.locale.localizedString(forCurrencyCode: code)
            return Choice(value: code, label: name.map { "\(code) · \($0)" } ?? code, selected: code == selected)
        }
    }
}
