import CocktailBook
import CocktailsAPI
import Foundation
import Testing

/// One label case: a change at `date` seen at `now`, with the label a Monday-first calendar
/// (as en_GB) and a Sunday-first one (as en_US) should give, both in UTC.
struct LabelCase: Sendable, CustomTestStringConvertible {
    var what: String
    var date: String
    var now: String
    var monday: String
    var sunday: String

    init(_ what: String, _ date: String, seenAt now: String, monday: String, sunday: String? = nil) {
        self.what = what
        self.date = date
        self.now = now
        self.monday = monday
        self.sunday = sunday ?? monday
    }

    var testDescription: String { "\(what): \(date) seen at \(now)" }
}

enum LabelCalendars {
    /// A Gregorian calendar on `zone`'s clock whose weeks start on `firstWeekday` (1 = Sunday,
    /// 2 = Monday).
    static func make(firstWeekday: Int, zone: String = "UTC") -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        calendar.firstWeekday = firstWeekday
        return calendar
    }

    /// Monday first, as en_GB.
    static let monday = make(firstWeekday: 2)
    /// Sunday first, as en_US.
    static let sunday = make(firstWeekday: 1)

    /// An ISO 8601 instant, read independently of the code under test.
    static func instant(_ text: String) throws -> Date {
        try Date(text, strategy: .iso8601)
    }
}

@Suite("LastModifiedLabel")
struct LastModifiedLabelTests {
    static let cases: [LabelCase] = [
        // Today.
        LabelCase(
            "start of the day seen at its end", "2025-06-11T00:00:00Z", seenAt: "2025-06-11T23:59:59Z", monday: "Today"),
        LabelCase("the same instant", "2025-06-11T12:00:00Z", seenAt: "2025-06-11T12:00:00Z", monday: "Today"),
        LabelCase("a second in the future", "2025-06-11T12:00:01Z", seenAt: "2025-06-11T12:00:00Z", monday: "Today"),
        LabelCase("tomorrow", "2025-06-12T09:00:00Z", seenAt: "2025-06-11T12:00:00Z", monday: "Today"),
        LabelCase("years in the future", "2030-01-01T00:00:00Z", seenAt: "2025-06-11T12:00:00Z", monday: "Today"),
        // This week.
        LabelCase(
            "yesterday, a second before midnight", "2025-06-10T23:59:59Z", seenAt: "2025-06-11T00:00:00Z",
            monday: "This week"),
        LabelCase(
            "Monday seen on Wednesday", "2025-06-09T00:00:00Z", seenAt: "2025-06-11T12:00:00Z", monday: "This week"),
        // The week start: Sunday is last week for Monday-first, this week for Sunday-first.
        LabelCase(
            "Sunday seen on Wednesday", "2025-06-08T12:00:00Z", seenAt: "2025-06-11T12:00:00Z",
            monday: "This month", sunday: "This week"),
        LabelCase(
            "Sunday 23:59 seen on Monday 00:00", "2025-06-08T23:59:59Z", seenAt: "2025-06-09T00:00:00Z",
            monday: "This month", sunday: "This week"),
        LabelCase(
            "Saturday seen on Sunday", "2025-06-14T12:00:00Z", seenAt: "2025-06-15T10:00:00Z",
            monday: "This week", sunday: "This month"),
        LabelCase(
            "Saturday seen on the Wednesday after", "2025-06-07T23:59:59Z", seenAt: "2025-06-11T12:00:00Z",
            monday: "This month"),
        // Month changes.
        LabelCase(
            "last day of the previous month, another week", "2025-05-31T12:00:00Z", seenAt: "2025-06-11T12:00:00Z",
            monday: "This year"),
        LabelCase(
            "last day of the previous month, same week", "2025-06-30T09:00:00Z", seenAt: "2025-07-02T09:00:00Z",
            monday: "This week"),
        LabelCase(
            "Sunday the 1st seen on Monday the 2nd", "2025-06-01T12:00:00Z", seenAt: "2025-06-02T12:00:00Z",
            monday: "This month", sunday: "This week"),
        LabelCase(
            "Saturday the 31st seen on Sunday the 1st", "2025-05-31T12:00:00Z", seenAt: "2025-06-01T12:00:00Z",
            monday: "This week", sunday: "This year"),
        LabelCase(
            "Saturday the 31st seen on Monday the 2nd", "2025-05-31T23:59:59Z", seenAt: "2025-06-02T00:00:00Z",
            monday: "This year"),
        // Year changes.
        LabelCase(
            "Dec 31 (Sunday) seen on Jan 1 (Monday)", "2023-12-31T12:00:00Z", seenAt: "2024-01-01T12:00:00Z",
            monday: "1 year ago", sunday: "This week"),
        LabelCase(
            "Dec 31 (Saturday) seen on Jan 1 (Sunday)", "2022-12-31T12:00:00Z", seenAt: "2023-01-01T12:00:00Z",
            monday: "This week", sunday: "1 year ago"),
        LabelCase(
            "Dec 31 (Tuesday) seen on Jan 1 (Wednesday)", "2024-12-31T23:00:00Z", seenAt: "2025-01-01T01:00:00Z",
            monday: "This week"),
        LabelCase(
            "mid-December seen in mid-January", "2024-12-15T12:00:00Z", seenAt: "2025-01-15T12:00:00Z",
            monday: "1 year ago"),
        // Never 0 years ago.
        LabelCase(
            "January seen in late December", "2025-01-02T12:00:00Z", seenAt: "2025-12-30T12:00:00Z", monday: "This year"
        ),
        LabelCase(
            "New Year's Day seen on New Year's Eve", "2025-01-01T00:00:00Z", seenAt: "2025-12-31T23:59:59Z",
            monday: "This year"),
        LabelCase("March seen in June", "2025-03-15T12:00:00Z", seenAt: "2025-06-11T12:00:00Z", monday: "This year"),
        // Years ago, and leap days.
        LabelCase(
            "leap day seen a year later", "2024-02-29T12:00:00Z", seenAt: "2025-02-28T12:00:00Z", monday: "1 year ago"),
        LabelCase(
            "leap day seen on the next leap day", "2024-02-29T12:00:00Z", seenAt: "2028-02-29T12:00:00Z",
            monday: "4 years ago"),
        LabelCase(
            "two years to the day", "2023-06-11T12:00:00Z", seenAt: "2025-06-11T12:00:00Z", monday: "2 years ago"),
        LabelCase(
            "late December seen a year and a week later", "2023-12-31T12:00:00Z", seenAt: "2025-01-01T12:00:00Z",
            monday: "2 years ago"),
        LabelCase("a decade", "2015-06-11T12:00:00Z", seenAt: "2025-06-11T12:00:00Z", monday: "10 years ago"),
    ]

    @Test("labels with a Monday-first calendar (en_GB)", arguments: cases)
    func mondayFirst(_ test: LabelCase) throws {
        let label = LastModifiedLabel.label(
            for: try LabelCalendars.instant(test.date), now: try LabelCalendars.instant(test.now),
            calendar: LabelCalendars.monday
        )
        #expect(label == test.monday)
    }

    @Test("labels with a Sunday-first calendar (en_US)", arguments: cases)
    func sundayFirst(_ test: LabelCase) throws {
        let label = LastModifiedLabel.label(
            for: try LabelCalendars.instant(test.date), now: try LabelCalendars.instant(test.now),
            calendar: LabelCalendars.sunday
        )
        #expect(label == test.sunday)
    }

    @Test("weeks start where the locale's region starts them")
    func firstWeekdays() {
        #expect(Calendar.labels(for: Locale(identifier: "en_US")).firstWeekday == 1)
        #expect(Calendar.labels(for: Locale(identifier: "it_IT")).firstWeekday == 2)
        #expect(Calendar.labels(for: Locale(identifier: "en_GB")).firstWeekday == 2)
    }

    @Test("days are counted in the calendar's time zone")
    func timeZone() throws {
        let tokyo = LabelCalendars.make(firstWeekday: 2, zone: "Asia/Tokyo")
        // 20:00 UTC on Tuesday is 05:00 on Wednesday in Tokyo.
        let date = try LabelCalendars.instant("2025-06-10T20:00:00Z")
        let now = try LabelCalendars.instant("2025-06-11T01:00:00Z")
        #expect(LastModifiedLabel.label(for: date, now: now, calendar: LabelCalendars.monday) == "This week")
        #expect(LastModifiedLabel.label(for: date, now: now, calendar: tokyo) == "Today")
        // 23:30 UTC on May 31 is already June 1 in Tokyo.
        let lastOfMay = try LabelCalendars.instant("2025-05-31T23:30:00Z")
        let june = try LabelCalendars.instant("2025-06-11T12:00:00Z")
        #expect(LastModifiedLabel.label(for: lastOfMay, now: june, calendar: LabelCalendars.monday) == "This year")
        #expect(LastModifiedLabel.label(for: lastOfMay, now: june, calendar: tokyo) == "This month")
    }

    @Test("reads ISO 8601 timestamps")
    func iso8601() {
        #expect(LastModifiedLabel.date(from: "2025-06-03T14:20:00Z") == Date(timeIntervalSince1970: 1_748_960_400))
        #expect(LastModifiedLabel.date(from: "2025-06-03T16:20:00+02:00") == Date(timeIntervalSince1970: 1_748_960_400))
        #expect(LastModifiedLabel.date(from: "2024-02-29T00:00:00Z") == Date(timeIntervalSince1970: 1_709_164_800))
    }

    @Test("reads TheCocktailDB timestamps as UTC")
    func cocktailDB() {
        #expect(LastModifiedLabel.date(from: "2017-09-07 21:42:09") == Date(timeIntervalSince1970: 1_504_820_529))
        #expect(LastModifiedLabel.date(from: "2024-02-29 00:00:00") == Date(timeIntervalSince1970: 1_709_164_800))
    }

    @Test(
        "rejects text that is not a timestamp",
        arguments: [
            "", "yesterday", "2017-13-45 21:42:09", "2017-02-30 10:00:00", "2025-02-30T10:00:00Z",
            "2025-13-01T10:00:00Z", "07/09/2017",
        ])
    func rejects(text: String) {
        #expect(LastModifiedLabel.date(from: text) == nil)
    }

    @Test("the details label reads the recipe's dateModified")
    func detailsLabel() throws {
        func details(_ modified: String?) -> CocktailDetails {
            var cocktail = Fixtures.cocktail("1", "Mojito")
            cocktail.dateModified = modified
            return CocktailDetails(CocktailList.Item(cocktail: cocktail, isFavorite: false), table: IngredientTable([]))
        }
        let now = try LabelCalendars.instant("2025-06-11T12:00:00Z")
        #expect(details("2025-06-11T08:00:00Z").lastModifiedLabel(now: now, calendar: LabelCalendars.monday) == "Today")
        #expect(
            details("2025-06-08 08:00:00").lastModifiedLabel(now: now, calendar: LabelCalendars.monday) == "This month")
        #expect(
            details("2025-06-08 08:00:00").lastModifiedLabel(now: now, calendar: LabelCalendars.sunday) == "This week")
        #expect(
            details("2024-02-17T15:40:00Z").lastModifiedLabel(now: now, calendar: LabelCalendars.monday) == "1 year ago"
        )
        #expect(details(nil).lastModifiedLabel(now: now, calendar: LabelCalendars.monday) == nil)
        #expect(details("last Tuesday").lastModifiedLabel(now: now, calendar: LabelCalendars.monday) == nil)
    }
}
