import Foundation

/// Says how long ago a recipe changed, in the words of the details screen: `Today`,
/// `This week`, `This month`, `This year`, `1 year ago`, `N years ago`.
///
/// Days, weeks, months and years are calendar ones on the given calendar's clock, so the week
/// starts on the locale's first weekday; years ago is the difference of calendar years, never 0.
public enum LastModifiedLabel {
    /// The label for a change at `date` seen at `now`.
    public static func label(for date: Date, now: Date, calendar: LabelCalendar, strings: UIStrings = .english)
        -> String
    {
        let then = calendar.time(date)
        let today = calendar.time(now)
        if date >= now || then.dayNumber == today.dayNumber { return strings["date_today"] }
        let weekStart = today.dayNumber - (today.weekday - calendar.firstWeekday + 7) % 7
        if then.dayNumber >= weekStart { return strings["date_this_week"] }
        if then.year == today.year, then.month == today.month { return strings["date_this_month"] }
        let years = today.year - then.year
        if years <= 0 { return strings["date_this_year"] }
        return strings.count("date_years_ago", years)
    }

    /// Reads an ISO 8601 timestamp (`2025-06-03T14:20:00Z`) or a TheCocktailDB one
    /// (`2017-09-07 21:42:09`, taken as UTC). A date without a time of day is not a timestamp.
    ///
    /// Impossible dates (`2025-02-30`) are refused rather than rolled over into the next month.
    public static func date(from text: String) -> Date? {
        guard text.utf8.count > 10 else { return nil }
        return CivilTime.instant(text)
    }
}

/// The clock and week a label is read on: the offset from UTC at each instant, and the day
/// weeks start on (1 = Sunday, 2 = Monday, 7 = Saturday).
public struct LabelCalendar: Sendable {
    public var firstWeekday: Int
    private let offset: @Sendable (Date) -> Int

    /// - Parameter offset: seconds east of UTC at an instant.
    public init(firstWeekday: Int, offset: @escaping @Sendable (Date) -> Int) {
        self.firstWeekday = firstWeekday
        self.offset = offset
    }

    /// UTC days, weeks starting on `firstWeekday`.
    public static func utc(firstWeekday: Int) -> LabelCalendar {
        LabelCalendar(firstWeekday: firstWeekday) { _ in 0 }
    }

    /// The machine's time zone (`TZ` or `/etc/localtime`, as the C library reads them, daylight
    /// saving included) and weeks as they start in `locale`'s region.
    public static func local(for locale: Locale) -> LabelCalendar {
        LabelCalendar(firstWeekday: firstWeekday(ofLocale: locale.identifier)) { date in
            var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
            var parts = tm()
            guard localtime_r(&seconds, &parts) != nil else { return 0 }
            return Int(parts.tm_gmtoff)
        }
    }

    /// The first weekday of a locale identifier's region (`en_US` → Sunday, `it_IT` → Monday),
    /// after CLDR's week data. A language without a region (`en`) takes its most likely one.
    public static func firstWeekday(ofLocale identifier: String) -> Int {
        let parts = identifier.split(whereSeparator: { $0 == "_" || $0 == "-" || $0 == "@" })
        let written = parts.dropFirst().first { $0.count == 2 && $0.allSatisfy(\.isUppercase) }.map(String.init)
        guard let region = written ?? parts.first.flatMap({ likelyRegion[$0.lowercased()] }) else { return 2 }
        if sundayFirst.contains(region) { return 1 }
        if saturdayFirst.contains(region) { return 7 }
        return 2
    }

    private static let sundayFirst: Set<String> = [
        "AG", "AS", "BD", "BR", "BS", "BT", "BW", "BZ", "CA", "CN", "CO", "DM", "DO", "ET", "GT", "GU", "HK", "HN",
        "ID", "IL",
        "IN", "JM", "JP", "KE", "KH", "KR", "LA", "MH", "MM", "MO", "MT", "MX", "MZ", "NI", "NP", "PA", "PE", "PH",
        "PK", "PR",
        "PT", "PY", "SA", "SG", "SV", "TH", "TT", "TW", "UM", "US", "VE", "VI", "WS", "YE", "ZA", "ZW",
    ]
    private static let likelyRegion = [
        "en": "US", "pt": "BR", "ja": "JP", "he": "IL", "zh": "CN", "ko": "KR", "hi": "IN", "ar": "EG", "fa": "IR",
        "th": "TH",
    ]
    private static let saturdayFirst: Set<String> = [
        "AE", "AF", "BH", "DJ", "DZ", "EG", "IQ", "IR", "JO", "KW", "LY", "OM", "QA", "SD", "SY",
    ]

    /// Seconds east of UTC on this calendar's clock at `date`.
    public func offset(at date: Date) -> Int { offset(date) }

    func time(_ date: Date) -> CivilTime { CivilTime(date, offset: offset(date)) }
}
