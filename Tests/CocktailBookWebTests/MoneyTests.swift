import CocktailBook
import Foundation
import Testing

@testable import CocktailBookApp
@testable import CocktailBookWeb

/// Prices in minor units, read from what a person types and written by Foundation for each
/// language: the euro with two decimals, the yen with none, in English and in Italian.
@Suite("Money: minor units, per currency and language")
struct MoneyTests {
    static let english = UIStrings.of(.english)
    static let italian = UIStrings.of(.italian)

    @Test("decimals per currency as Foundation formats them: EUR 2, JPY 0, BHD 3")
    func digits() {
        #expect(Money.digits("EUR") == 2)
        #expect(Money.digits("USD") == 2)
        #expect(Money.digits("JPY") == 0)
        #expect(Money.digits("BHD") == 3)
        #expect(Money.roundingStep("EUR") == 50)
        #expect(Money.roundingStep("JPY") == 10)
        #expect(Money.roundingStep("BHD") == 500)
    }

    @Test("typed prices in minor units: 9.50 and 9,50 are 950 cents, 950 yen are 950; nonsense is none")
    func parsing() throws {
        #expect(Money.minor("9.50", currency: "EUR") == 950)
        #expect(Money.minor("9,50", currency: "EUR") == 950)
        #expect(Money.minor(" 12 ", currency: "EUR") == 1200)
        #expect(Money.minor("950", currency: "JPY") == 950)
        #expect(Money.minor("-1", currency: "EUR") == nil)
        #expect(Money.minor("abc", currency: "EUR") == nil)
        #expect(Money.minor("", currency: "EUR") == nil)
        #expect(Money.major(950, currency: "EUR") == "9.5")
        #expect(Money.major(950, currency: "JPY") == "950")
        // The page's field: empty clears, a price out of bounds is refused.
        #expect(try ListDesk.price(fromField: "", currency: "EUR") == nil)
        #expect(try ListDesk.price(fromField: "9,50", currency: "EUR") == 950)
        #expect(throws: ListError.invalidPrice) { try ListDesk.price(fromField: "-1", currency: "EUR") }
        #expect(throws: ListError.invalidPrice) { try ListDesk.price(fromField: "10000.01", currency: "EUR") }
    }

    @Test("written per language: €9.50 and 9,50 €; ¥950 and 950 JPY")
    func formatting() {
        #expect(ListDesk.priceText(950, currency: "EUR", strings: Self.english) == "€9.50")
        #expect(ListDesk.priceText(950, currency: "EUR", strings: Self.italian) == "9,50\u{A0}€")
        #expect(ListDesk.priceText(950, currency: "JPY", strings: Self.english) == "¥950")
        #expect(ListDesk.priceText(950, currency: "JPY", strings: Self.italian) == "950\u{A0}JPY")
        #expect(ListDesk.priceText(1200, currency: "USD", strings: Self.english) == "$12.00")
        #expect(ListDesk.percentText(20, strings: Self.english) == "20%")
    }
}
