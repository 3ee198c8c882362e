import Foundation

/// Says how long ago a recipe changed, in the words of the details screen: `Today`,
/// `This week`, `This month`, `This year`, `1 year ago`, `N years ago`.
///
/// Days, weeks, months and years are calendar ones in the given calendar, so the week starts on
/// the locale's first weekday; years ago is the difference of calendar years, never 0.
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
    /// (`2017-09-07 21:42:09`, taken as UTC).
    ///
    /// Impossible dates (`2025-02-30`) are refused rather than rolled over into the next month.
    public static func date(from text: String) -> Date? {
        guard let match = text.wholeMatch(of: /(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(Z|[+-]\d{2}:?\d{2})?/) else {
            return nil
        }
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        let components = DateComponents(
            calendar: utc, timeZone: utc.timeZone, year: Int(match.1), month: Int(match.2), day: Int(match.3),
            hour: Int(match.4), minute: Int(match.5), second: Int(match.6)
        )
        guard components.isValidDate, let date = components.date else { return nil }
        guard let zone = match.7, zone != "Z" else { return date }
        let digits = zone.dropFirst().filter(\.isNumber)
        let minutes = (Int(digits.prefix(2)) ?? 0) * 60 + (Int(digits.suffix(2)) ?? 0)
        return date.addingTimeInterval(TimeInterval((zone.first == "-" ? 1 : -1) * minutes * 60))
    }
}
