import Foundation

/// Says how long ago a recipe changed, in the words of the details screen: `Today`,
/// `This week`, `This month`, `This year`, `1 year ago`, `N years ago`.
///
/// Days, weeks, months and years are those of `calendar` (its time zone and first weekday);
/// years ago is the difference of calendar years, never 0.
public enum LastModifiedLabel {
    /// The label for a change at `date` seen at `now`.
    public static func label(for date: Date, now: Date, calendar: Calendar, strings: UIStrings = .english) -> String {
        if date >= now || calendar.isDate(date, inSameDayAs: now) { return strings["date_today"] }
        if calendar.dateInterval(of: .weekOfYear, for: now)?.contains(date) == true { return strings["date_this_week"] }
        if calendar.dateInterval(of: .month, for: now)?.contains(date) == true { return strings["date_this_month"] }
        let years = calendar.component(.year, from: now) - calendar.component(.year, from: date)
        if years <= 0 { return strings["date_this_year"] }
        return strings.count("date_years_ago", years)
    }

    /// Reads an ISO 8601 timestamp (`2025-06-03T14:20:00Z`) or a TheCocktailDB one
    /// (`2017-09-07 21:42:09`, taken as UTC). A date without a time of day is not a timestamp.
    public static func date(from text: String) -> Date? {
        // The ISO 8601 strategy rolls `02-30` over into March: the day must read back as written.
        let dayText = String(text.prefix(10))
        guard text.count > 10, let day = try? day.parse(dayText), self.day.format(day) == dayText else { return nil }
        if let date = try? Date(text, strategy: .iso8601) { return date }
        guard let date = try? cocktailDB.parse(text), cocktailDB.format(date) == text else { return nil }
        return date
    }

    private static let day = Date.ISO8601FormatStyle(timeZone: .gmt).year().month().day()
    /// TheCocktailDB's `2017-09-07 21:42:09`, in UTC.
    private static let cocktailDB = Date.ISO8601FormatStyle(dateTimeSeparator: .space, timeZone: .gmt).year().month()
        .day().time(includingFractionalSeconds: false)
}

extension Calendar {
    /// The calendar labels are read on: the machine's time zone, weeks starting where `locale`'s
    /// region starts them.
    public static func labels(for locale: Locale) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = locale
        calendar.timeZone = .current
        return calendar
    }
}
