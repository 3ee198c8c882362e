import CocktailBook
import Foundation

/// Dates as every page writes them, one style per language: the day as the language abbreviates
/// it (`Nov 25, 2026`, `25 nov 2026`) and the time as it writes it short (`5:48 PM`, `17:48`),
/// joined by a comma, in the page's language and the given calendar's time zone. The script
/// writes the dates it makes the same way (`<body data-date-locale>` names the locale).
enum DateText {
    /// `Nov 25, 2026`.
    static func day(_ date: Date, calendar: Calendar = .current, strings: UIStrings) -> String {
        date.formatted(
            Date.FormatStyle(
                date: .abbreviated, time: .omitted, locale: strings.locale, calendar: calendar,
                timeZone: calendar.timeZone))
    }

    /// `Nov 25, 2026, 5:48 PM`.
    static func dayAndTime(_ date: Date, calendar: Calendar = .current, strings: UIStrings) -> String {
        let time = Date.FormatStyle(
            date: .omitted, time: .shortened, locale: strings.locale, calendar: calendar, timeZone: calendar.timeZone)
        return day(date, calendar: calendar, strings: strings) + ", " + date.formatted(time)
    }

    /// The locale's BCP 47 tag, for the script's `Intl` formatters.
    static func localeTag(_ strings: UIStrings) -> String {
        strings.locale.identifier.replacingOccurrences(of: "_", with: "-")
    }
}
