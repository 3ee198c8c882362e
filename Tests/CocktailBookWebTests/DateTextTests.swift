import CocktailBook
import Foundation
import Testing

@testable import CocktailBookWeb

/// One date style per language, whichever page writes the date.
@Suite("Dates on pages")
struct DateTextTests {
    static let moment = Date(timeIntervalSince1970: 1_795_000_000) // 18 Nov 2026, 11:06 UTC
    static var utc: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        return calendar
    }

    @Test("English writes Nov 18, 2026, 11:06 AM; Italian 18 nov 2026, 11:06")
    func styles() {
        let english = DateText.dayAndTime(Self.moment, calendar: Self.utc, strings: .english)
        #expect(english.replacingOccurrences(of: "\u{202F}", with: " ") == "Nov 18, 2026, 11:06 AM")
        #expect(DateText.day(Self.moment, calendar: Self.utc, strings: .english) == "Nov 18, 2026")
        let italian = UIStrings.of(.italian)
        #expect(DateText.dayAndTime(Self.moment, calendar: Self.utc, strings: italian) == "18 nov 2026, 11:06")
        #expect(DateText.localeTag(.english) == "en-US")
        #expect(DateText.localeTag(italian) == "it-IT")
    }

    @Test("the day follows the calendar's time zone")
    func timeZone() {
        var tokyo = Self.utc
        tokyo.timeZone = TimeZone(identifier: "Asia/Tokyo")!
        let late = Date(timeIntervalSince1970: 1_795_020_000) // 18 Nov 2026, 16:40 UTC: 19 Nov in Tokyo
        #expect(DateText.day(late, calendar: tokyo, strings: .english) == "Nov 19, 2026")
    }
}
