import Foundation

/// What a list's menu does with prices: whether it shows them, and the pour cost (what the
/// bottles cost as a share of the price) its suggested prices aim at.
public struct MenuPrices: Sendable, Equatable, Codable {
    /// Whether the menu shows its drinks' prices.
    public enum Display: String, Sendable, Equatable, Codable, CaseIterable {
        /// Shown as soon as any drink of the list has a price.
        case auto
        case show
        case hide
    }

    public var display: Display
    /// The chosen pour cost in percent; `nil` until the owner picks one
    /// (``ListRules/defaultPourCostPercent`` is used).
    public var pourCostPercent: Int?

    public init(display: Display = .auto, pourCostPercent: Int? = nil) {
        self.display = display
        self.pourCostPercent = pourCostPercent
    }

    /// The pour cost suggestions aim at: the chosen one, or the default.
    public var pourCost: Int { pourCostPercent ?? ListRules.defaultPourCostPercent }

    /// Whether a menu of `list` shows prices: as chosen, or when any drink has one.
    public func shows(_ list: DrinkList) -> Bool {
        switch display {
        case .show: true
        case .hide: false
        case .auto: list.entries.contains { $0.priceMinor != nil }
        }
    }
}

/// A menu price worked out from what a serving costs and the pour cost the menu aims at, or
/// why there is none. Nothing is guessed and no currency is converted.
public enum SuggestedPrice: Sendable, Equatable {
    /// The price, in minor units of the book's currency.
    case price(minor: Int)
    /// These bottles (or fresh ingredients) of the drink have no price.
    case lacking([String])
    /// The bottles are priced in `currency`, not in the book's.
    case otherCurrency(String)

    /// The price at which `cost` is `pourCostPercent` % of it, rounded up to a multiple of `step`
    /// minor units (so that the pour cost never ends above the one chosen).
    public init(cost: DrinkCost, currency: String, pourCostPercent: Int, step: Int) {
        guard let minor = cost.minor, let costCurrency = cost.currency else {
            self = .lacking(cost.lackingPrices)
            return
        }
        guard costCurrency == currency else {
            self = .otherCurrency(costCurrency)
            return
        }
        let percent = max(pourCostPercent, 1)
        let step = max(step, 1)
        // cost × 100 ÷ percent, rounded up to the step, in whole numbers: no rounding error.
        let unit = percent * step
        self = .price(minor: (minor * 100 + unit - 1) / unit * step)
    }
}

/// The book's currency: one ISO 4217 code, set by an admin, in which menu prices are kept.
public enum BookCurrency {
    /// The currency of a book whose admin has not chosen one (bottle prices default to it too).
    public static let defaultCode = "EUR"

    /// `raw` as a currency code the book accepts: three capital letters that Foundation knows
    /// as a common ISO 4217 currency; else ``BookCurrencyError/unknown(_:)``.
    public static func code(_ raw: String) throws -> String {
        guard raw.count == 3, raw.allSatisfy({ $0.isASCII && $0.isUppercase }),
            Locale.commonISOCurrencyCodes.contains(raw)
        else { throw BookCurrencyError.unknown(String(raw.prefix(20))) }
        return raw
    }
}

/// Why a currency was refused; nothing was written.
public enum BookCurrencyError: Error, Sendable, Equatable {
    case unknown(String)
}

extension BookCurrencyError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .unknown(let code): "\"\(code)\" is not an ISO 4217 currency code such as EUR, USD or JPY."
        }
    }
}

/// Where the book's own settings (those of no one person) are kept.
public protocol BookSettingsStore: Sendable {
    /// The currency an admin set, or `nil` while none was (``BookCurrency/defaultCode`` applies).
    func bookCurrency() async throws -> String?
    /// Sets the book's currency; a code ``BookCurrency/code(_:)`` refuses writes nothing.
    func setBookCurrency(_ code: String) async throws
}

extension BookSettingsStore {
    /// The currency menus are priced in: the one set, or the default.
    public func currency() async throws -> String {
        try await bookCurrency() ?? BookCurrency.defaultCode
    }
}
