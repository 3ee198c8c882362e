import CocktailBook
import Foundation

/// Prices kept in a currency's minor unit (cents), read and shown with Foundation's own
/// knowledge of each currency's decimals.
package enum Money {
    /// How many decimals `currency` has (2 for EUR, 0 for JPY, 3 for BHD), as Foundation's
    /// currency format writes them: the fraction part of a formatted number with more decimals
    /// than any currency has. (`NumberFormatter.maximumFractionDigits` answers 2 for the yen on
    /// Linux, although it formats it without decimals.)
    package static func digits(_ currency: String) -> Int {
        let formatted = Decimal(string: "1.11111")?.formatted(
            .currency(code: currency).locale(Locale(identifier: "en_US_POSIX")).attributed)
        guard let formatted else { return 2 }
        return formatted.runs.filter { $0.numberPart == .fraction }
            .reduce(0) { $0 + formatted[$1.range].characters.count }
    }

    /// What a suggested price is rounded up to, in minor units: half the major unit (€0.50),
    /// or ten units of a currency without decimals (¥10).
    package static func roundingStep(_ currency: String) -> Int {
        let digits = digits(currency)
        guard digits > 0 else { return 10 }
        return NSDecimalNumber(decimal: pow(Decimal(10), digits)).intValue / 2
    }

    /// `minor` as a plain number in the major unit, for a form field: `25.9` for 2590 EUR cents.
    package static func major(_ minor: Int, currency: String) -> String {
        let value = Decimal(minor) / pow(Decimal(10), digits(currency))
        return NSDecimalNumber(decimal: value).stringValue
    }

    /// `text` (`25.90`, `25,90`) in `currency`'s minor unit, or nil when it is not a price.
    package static func minor(_ text: String, currency: String) -> Int? {
        let plain = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: ".")
        guard !plain.isEmpty, plain.count <= 20, let value = Decimal(string: plain, locale: Locale(identifier: "en_US"))
        else { return nil }
        let minor = NSDecimalNumber(decimal: value * pow(Decimal(10), digits(currency))).doubleValue.rounded()
        guard minor.isFinite, minor >= 0, minor <= Double(Int32.max) else { return nil }
        return Int(minor)
    }

    /// `minor` shown as money in `locale`: `€2.10`, `2,10 €`.
    package static func text(_ minor: Int, currency: String, locale: Locale) -> String {
        let value = Decimal(minor) / pow(Decimal(10), digits(currency))
        return value.formatted(.currency(code: currency).locale(locale))
    }
}

/// How the book words a bottle's stock.
package enum StockText {
    /// "Campari low: about 80 ml left" when `stock` is at or below its low mark; else nil.
    package static func low(_ value: String, _ stock: BottleStock, unit: StockUnit = .ml, strings: UIStrings) -> String?
    {
        guard stock.isLow, let ml = stock.ml else { return nil }
        return strings("stock_low", ["name": strings.ingredient(value), "ml": strings.stockAmount(ml, unit: unit)])
    }

    /// `items` with each low bottle's line saying so ("Campari low: about 80 ml left") where the
    /// line has no other reason: the list as the API answers it and as text it is shared.
    package static func sayingLow(
        _ items: [ShoppingItem], stock: [String: BottleStock], index: BarIndex?, strings: UIStrings
    ) -> [ShoppingItem] {
        items.map { item in
            var item = item
            if item.reason == nil, let bottle = stock[item.value] {
                item.reason = low(item.value, bottle, unit: index?.stockUnit(of: item.value) ?? .ml, strings: strings)
            }
            return item
        }
    }
}
