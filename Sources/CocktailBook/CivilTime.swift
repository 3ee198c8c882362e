import Foundation

/// A date and time of day in the proleptic Gregorian calendar, worked out by arithmetic on day
/// numbers rather than with Foundation's `Calendar`.
///
/// The first use of `Calendar`, `TimeZone`, `DateFormatter` or an ISO 8601 format style maps
/// megabytes of ICU's calendar, zone and pattern data into the process. The server needs ICU
/// only to sort names; what it does with dates on its own (UTC timestamps, TheCocktailDB's
/// format, the stored format, the day and week of a label) needs none of that data.
public struct CivilTime: Equatable, Sendable {
    public var year: Int
    public var month: Int
    public var day: Int
    public var hour: Int
    public var minute: Int
    public var second: Int
    public var millisecond: Int

    /// `date` as read on a clock `offset` seconds east of UTC.
    public init(_ date: Date, offset: Int = 0) {
        // To the nearest millisecond: whole milliseconds (`.073`) are often a hair under in binary.
        let milliseconds = Int((date.timeIntervalSince1970 * 1000).rounded()) + offset * 1000
        let (days, ofDay) = Self.floorDivision(milliseconds, 86_400_000)
        (year, month, day) = Self.civil(fromDays: days)
        hour = ofDay / 3_600_000
        minute = ofDay / 60_000 % 60
        second = ofDay / 1000 % 60
        millisecond = ofDay % 1000
    }

    /// The given fields, or nil when they name no real time (`2025-02-30`, `24:00`).
    public init?(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0, millisecond: Int = 0)
    {
        guard (1...12).contains(month), (1...Self.daysIn(month: month, year: year)).contains(day),
            (0..<24).contains(hour), (0..<60).contains(minute), (0..<60).contains(second),
            (0..<1000).contains(millisecond)
        else { return nil }
        (self.year, self.month, self.day) = (year, month, day)
        (self.hour, self.minute, self.second, self.millisecond) = (hour, minute, second, millisecond)
    }

    /// Days since 1970-01-01.
    public var dayNumber: Int { Self.days(year: year, month: month, day: day) }

    /// 1 for Sunday through 7 for Saturday, as `Calendar` numbers them.
    public var weekday: Int { Self.floorDivision(dayNumber + 4, 7).remainder + 1 }

    /// The instant this time names on a clock `offset` seconds east of UTC.
    public func date(offset: Int = 0) -> Date {
        let seconds = dayNumber * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: TimeInterval(seconds) + TimeInterval(millisecond) / 1000)
    }

    /// `2025-06-03T14:20:00Z`, as the API writes instants (a UTC time).
    public var iso8601: String { "\(dateText)T\(timeText)Z" }

    /// `2025-06-03 14:20:00`, TheCocktailDB's form.
    public var spaced: String { "\(dateText) \(timeText)" }

    /// `2025-06-03 14:20:00.000`, the form GRDB stores dates in (and SQLite's date functions read).
    public var stored: String { "\(spaced).\(Self.digits(millisecond, 3))" }

    /// `2025-06-03`.
    public var dateText: String { "\(Self.digits(year, 4))-\(Self.digits(month, 2))-\(Self.digits(day, 2))" }

    private var timeText: String { "\(Self.digits(hour, 2)):\(Self.digits(minute, 2)):\(Self.digits(second, 2))" }

    /// Reads `2025-06-03T14:20:00Z`, `2025-06-03T16:20:00+02:00`, `2025-06-03 14:20:00.123` or
    /// `2025-06-03`: the whole text or nothing. The offset is nil when the text names none.
    public static func parse(_ text: some StringProtocol) -> (time: CivilTime, offset: Int?)? {
        var reader = Reader(Array(text.utf8))
        guard let year = reader.number(4), reader.skip("-"), let month = reader.number(2), reader.skip("-"),
            let day = reader.number(2)
        else { return nil }
        var (hour, minute, second, millisecond) = (0, 0, 0, 0)
        var offset: Int?
        if !reader.atEnd {
            guard reader.skip("T") || reader.skip(" "), let h = reader.number(2), reader.skip(":"),
                let m = reader.number(2),
                reader.skip(":"), let s = reader.number(2)
            else { return nil }
            (hour, minute, second) = (h, m, s)
            if reader.skip(".") {
                guard let fraction = reader.fraction() else { return nil }
                millisecond = fraction
            }
            if reader.skip("Z") {
                offset = 0
            } else if let sign = reader.sign() {
                guard let hours = reader.number(2) else { return nil }
                _ = reader.skip(":")
                guard let minutes = reader.number(2), hours < 24, minutes < 60 else { return nil }
                offset = sign * (hours * 3600 + minutes * 60)
            }
        }
        guard reader.atEnd,
            let time = CivilTime(
                year: year, month: month, day: day, hour: hour, minute: minute, second: second, millisecond: millisecond
            )
        else { return nil }
        return (time, offset)
    }

    /// The instant `text` names, taking a time without an offset as UTC; nil for anything else.
    public static func instant(_ text: some StringProtocol) -> Date? {
        parse(text).map { $0.time.date(offset: $0.offset ?? 0) }
    }

    /// Days since 1970-01-01 of a Gregorian date (Howard Hinnant's `days_from_civil`).
    static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = floorDivision(y, 400).quotient
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The Gregorian date of a day number (Howard Hinnant's `civil_from_days`).
    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = floorDivision(z, 146_097).quotient
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shifted = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shifted + 2) / 5 + 1
        let month = shifted < 10 ? shifted + 3 : shifted - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private static func floorDivision(_ value: Int, _ divisor: Int) -> (quotient: Int, remainder: Int) {
        let remainder = value % divisor
        return remainder < 0 ? (value / divisor - 1, remainder + divisor) : (value / divisor, remainder)
    }

    private static func digits(_ value: Int, _ width: Int) -> String {
        let text = String(abs(value))
        let padded = text.count < width ? String(repeating: "0", count: width - text.count) + text : text
        return value < 0 ? "-" + padded : padded
    }

    /// Reads ASCII digits and marks off a byte array.
    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { index == bytes.count }

        mutating func skip(_ character: Character) -> Bool {
            guard index < bytes.count, bytes[index] == character.asciiValue else { return false }
            index += 1
            return true
        }

        /// Exactly `count` digits.
        mutating func number(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<index + count] {
                guard (48...57).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            index += count
            return value
        }

        /// One or more digits of a fraction of a second, as milliseconds (further digits dropped).
        mutating func fraction() -> Int? {
            var milliseconds = 0
            var count = 0
            while index < bytes.count, (48...57).contains(bytes[index]) {
                if count < 3 { milliseconds = milliseconds * 10 + Int(bytes[index] - 48) }
                count += 1
                index += 1
            }
            guard count > 0 else { return nil }
            for _ in count..<max(count, 3) { milliseconds *= 10 }
            return milliseconds
        }

        mutating func sign() -> Int? {
            if skip("+") { return 1 }
            if skip("-") { return -1 }
            return nil
        }
    }
}
