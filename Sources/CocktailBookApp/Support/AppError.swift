import CocktailBook
import CocktailBookStore
import Foundation
import HTTPTypes

/// An error as the web layer presents it: a status, a stable machine-readable code and a sentence.
package struct AppError: Error, Sendable {
    package var status: HTTPResponse.Status
    package var code: String
    package var message: String
    /// Seconds after which trying again makes sense, for 503 answers.
    package var retryAfter: Int?
    /// Headers the answer must carry (`Allow` with a 405).
    package var headers: HTTPFields = [:]
    /// The input field the refusal is about, and every problem found, for a form sent as JSON.
    package var field: String?
    package var problems: [ErrorPayload.Problem]?
    /// The message's key in the interface's strings (and the values it names), so a refusal
    /// reads in the viewer's language, on a page and in the API alike; `message` is its English.
    package var messageKey: String?
    package var messageValues: [String: String] = [:]
    /// A recipe of the book's own that the address names and that is in the trash: its id, and
    /// whether the viewer may put it back (the error page then offers to).
    package var inTrash: (id: String, mayRestore: Bool)?

    /// The message in `strings`' language.
    package func message(in strings: UIStrings) -> String {
        guard let messageKey else { return message }
        var values = messageValues
        if let role = values["role"] { values["role"] = strings["role_" + role] }
        return strings(messageKey, values)
    }

    /// The same error with its message written in the strings under `key`.
    package func said(by key: String, _ values: [String: String] = [:]) -> AppError {
        var error = self
        error.messageKey = key
        error.messageValues = values
        return error
    }

    package init(status: HTTPResponse.Status, code: String, message: String, retryAfter: Int? = nil) {
        self.status = status
        self.code = code
        self.message = message
        self.retryAfter = retryAfter
    }

    /// Maps any error the use cases throw to what the client sees (the web layer adds its own
    /// framework's errors: ``presenting(_:)``).
    package init(_ error: any Error) {
        switch error {
        case let error as AppError:
            self = error
        case let error as CatalogError:
            self.init(catalogError: error)
        case StoreError.unknownCocktail(let id):
            self.init(catalogError: .unknownCocktail(id))
        case StoreError.noOwner:
            self = .signInRequired
        case let error as ListError:
            self.init(listError: error)
        case let error as BookCurrencyError:
            self.init(status: .badRequest, code: "invalid_currency", message: error.errorDescription ?? "\(error)")
        case let error as StoreError where error.isAccountRefusal:
            self.init(status: .badRequest, code: "account_refused", message: error.localizedDescription)
        case let error as Accounts.Refusal:
            self.init(status: .badRequest, code: "account_refused", message: error.message)
        case StoreError.unavailable, StoreError.corruptCatalog:
            self.init(
                status: .serviceUnavailable, code: "database_unavailable",
                message:
                    "The book's database cannot be read or written right now. Whoever runs this server can check /readyz and the server's log.",
                retryAfter: 30
            )
            self = self.said(by: "apperror_database_unavailable")
        default:
            self.init(
                status: .internalServerError, code: "internal_error", message: "Something went wrong on our side.")
            self = self.said(by: "apperror_internal_error")
        }
    }

    private init(catalogError error: CatalogError) {
        let message = error.errorDescription ?? "\(error)"
        switch error {
        case .loading:
            self.init(status: .serviceUnavailable, code: "catalog_loading", message: message, retryAfter: 2)
            self = self.said(by: "apperror_catalog_loading")
        case .unavailable, .malformedPayload, .emptyCatalog:
            // The source's own words, in every language (they name what failed).
            self.init(status: .serviceUnavailable, code: "catalog_unavailable", message: message, retryAfter: 5)
        case .unknownCocktail(let id):
            self.init(status: .notFound, code: "cocktail_not_found", message: message)
            self = self.said(by: "apperror_cocktail_not_found", ["id": id])
        case .unknownName(let name):
            self.init(status: .notFound, code: "cocktail_not_found", message: message)
            self = self.said(by: "apperror_cocktail_name_not_found", ["name": name])
        case .invalidID(let id):
            self.init(status: .badRequest, code: "invalid_id", message: message)
            self = self.said(by: "apperror_invalid_id", ["id": String(id.prefix(100))])
        case .invalidFilter(let value):
            self.init(status: .badRequest, code: "invalid_filter", message: message)
            self = self.said(
                by: "apperror_invalid_filter",
                [
                    "value": String(value.prefix(100)),
                    "filters": CocktailFilter.allCases.map(\.rawValue).joined(separator: ", "),
                ])
        }
    }

    private init(listError error: ListError) {
        let message = error.errorDescription ?? "\(error)"
        switch error {
        case .notFound: self.init(status: .notFound, code: "list_not_found", message: message)
        case .entryNotFound: self.init(status: .notFound, code: "entry_not_found", message: message)
        case .invalidName: self.init(status: .unprocessableContent, code: "invalid_name", message: message)
        case .noteTooLong: self.init(status: .unprocessableContent, code: "note_too_long", message: message)
        case .tooManyEntries: self.init(status: .unprocessableContent, code: "too_many_entries", message: message)
        case .tooManyLists: self.init(status: .unprocessableContent, code: "too_many_lists", message: message)
        case .invalidPosition: self.init(status: .unprocessableContent, code: "invalid_position", message: message)
        case .invalidPrice: self.init(status: .badRequest, code: "invalid_price", message: message)
        case .invalidPourCost: self.init(status: .badRequest, code: "invalid_pour_cost", message: message)
        }
        // Pages say it in the reader's language (the API keeps the English above).
        self = self.said(
            by: "apperror_list_" + code,
            [
                "name": String(ListRules.maximumNameLength), "note": String(ListRules.maximumNoteLength),
                "entries": String(ListRules.maximumEntries), "lists": String(ListRules.maximumLists),
                "price": String(ListRules.maximumPriceMinor),
                "low": String(ListRules.pourCostPercents.lowerBound),
                "high": String(ListRules.pourCostPercents.upperBound),
            ])
    }

    /// The answer to an anonymous visitor asking for something that needs an account.
    package static var signInRequired: AppError {
        AppError(status: .unauthorized, code: "sign_in_required", message: "Sign in to do this.").said(
            by: "apperror_sign_in_required")
    }

    package var isServerFault: Bool { status.code >= 500 && status != .serviceUnavailable }
}

extension StoreError {
    /// Refusals of an account change that the person can mend (a taken name, the last admin).
    package var isAccountRefusal: Bool {
        switch self {
        case .unknownAccount, .accountExists, .emailTaken, .lastAdmin, .tokenPrefix: true
        case .cannotOpen, .unknownCocktail, .corruptCatalog, .noOwner, .invalidBackup, .unavailable: false
        }
    }
}

extension AppError {
    /// The `400 invalid_body` for a decoding error: the field it is about, by its path; `what`
    /// names what the body should have been (`a recipe in JSON`).
    package static func invalidBody(_ error: DecodingError, what: String) -> AppError {
        func path(_ keys: [any CodingKey]) -> String {
            keys.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        }
        let field: String
        let message: String
        switch error {
        case .keyNotFound(let key, let context):
            field = path(context.codingPath + [key])
            message = "The body needs \"\(field)\"."
        case .typeMismatch(_, let context) where !context.codingPath.isEmpty,
            .valueNotFound(_, let context) where !context.codingPath.isEmpty:
            field = path(context.codingPath)
            message = "\(field) has a value of the wrong type."
        case .dataCorrupted(let context) where !context.codingPath.isEmpty:
            field = path(context.codingPath)
            message = "\(field) is not valid here."
        default:
            // Not JSON, or JSON of another shape (a lone string where an object belongs).
            return AppError(status: .badRequest, code: "invalid_body", message: "The body is not \(what).")
        }
        var refusal = AppError(status: .badRequest, code: "invalid_body", message: message)
        refusal.field = field
        return refusal
    }

    /// A note longer than ``PersonalRules/maximumNoteLength``: in `strings`' language on a page,
    /// in English with the JSON field it is about in the API.
    package static func noteTooLong(in strings: UIStrings = .english, field: String? = nil) -> AppError {
        let limit = String(PersonalRules.maximumNoteLength)
        var error = AppError(
            status: .unprocessableContent, code: "invalid_note",
            message: field == nil
                ? strings("details_note_too_long", ["limit": limit])
                : "A note has at most \(limit) characters.")
        error.field = field
        return error
    }
}

extension AppError {
    /// A draft's problems as one refusal naming every field, in English words (the API's).
    package static func refusing(_ problems: [RecipeDraft.Problem], status: HTTPResponse.Status, code: String)
        -> AppError
    {
        let words = problems.map {
            ErrorPayload.Problem(field: $0.field, message: UIStrings.english($0.message, $0.values))
        }
        var error = AppError(
            status: status, code: code,
            message: words.first.map { "\($0.field): \($0.message)" } ?? "The recipe cannot be saved.")
        error.field = words.first?.field
        error.problems = words
        return error
    }
}
