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

/// One currency of the maintenance page's choice: its code and its name in the reader's language.
struct CurrencyChoice: Sendable {
    var value: String
    var label: String
    var isSelected: Bool

    /// Foundation's common ISO 4217 currencies, by code, `selected` chosen.
    static func all(selected: String, strings: UIStrings) -> [CurrencyChoice] {
        Locale.commonISOCurrencyCodes.sorted().map { code in
            let name = strings.locale.localizedString(forCurrencyCode: code)
            return CurrencyChoice(
                value: code, label: name.map { "\(code) · \($0)" } ?? code, isSelected: code == selected)
        }
    }
}
