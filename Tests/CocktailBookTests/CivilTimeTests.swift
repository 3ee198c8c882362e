import CocktailBook
import Foundation
import Testing

@Suite("CivilTime")
struct CivilTimeTests {
    /// Foundation's reading of `date` in UTC, the reference for the arithmetic.
    static func foundationParts(_ date: Date, offset: Int = 0) -> DateComponents {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: offset)!
        return calendar.dateComponents(
            [.year, .month, .day, .hour, .minute, .second, .nanosecond, .weekday], from: date)
    }

    @Test("reads instants as Foundation's Gregorian calendar does, and back")
    func matchesFoundation() {
        // From 1601 to 2399, whole milliseconds, with offsets from -12 to +14 hours.
        for k in 0..<5000 {
            let milliseconds = Int64(spread(k, below: 25_200_000_000_000)) - 11_644_473_600_000
            let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
            let offset = k % 27 * 3600 - 12 * 3600
            let time = CivilTime(date, offset: offset)
            let parts = Self.foundationParts(date, offset: offset)
            let ours: [Int] = [time.year, time.month, time.day, time.hour, time.minute, time.second, time.weekday]
            let foundation: [Int?] = [
                parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second, parts.weekday,
            ]
            #expect(ours == foundation.compactMap { $0 }, "\(date) at \(offset)")
            #expect(abs(time.millisecond - Int((Double(parts.nanosecond!) / 1e6).rounded())) <= 1, "\(date)")
            #expect(abs(time.date(offset: offset).timeIntervalSince(date)) < 0.0006, "\(date)")
        }
    }

    @Test("writes the API's, TheCocktailDB's and the stored forms")
    func forms() throws {
        let time = CivilTime(Date(timeIntervalSince1970: 1_748_960_400.25))
        #expect(time.iso8601 == "2025-06-03T14:20:00Z")
        #expect(time.spaced == "2025-06-03 14:20:00")
        #expect(time.stored == "2025-06-03 14:20:00.250")
        #expect(time.dateText == "2025-06-03")
        #expect(CivilTime(Date(timeIntervalSince1970: -1)).stored == "1969-12-31 23:59:59.000")
        #expect(CivilTime(Date(timeIntervalSince1970: -0.5)).stored == "1969-12-31 23:59:59.500")
    }

    @Test("the stored form is the one GRDB's date formatter writes, so old and new rows read alike")
    func storedFormMatchesGRDB() {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss.SSS"
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        for k in 0..<2000 {
            let date = Date(timeIntervalSince1970: Double(spread(k, below: 4_102_444_800_000, salt: 31)) / 1000)
            #expect(CivilTime(date).stored == formatter.string(from: date))
            #expect(
                CivilTime.instant(formatter.string(from: date)).map { abs($0.timeIntervalSince(date)) < 0.001 } == true)
        }
    }

    @Test(
        "parses the forms it writes and ISO 8601 offsets",
        arguments: [
            ("2025-06-03T14:20:00Z", 1_748_960_400.0), ("2025-06-03T16:20:00+02:00", 1_748_960_400),
            ("2025-06-03T09:50:00-0430", 1_748_960_400),
            ("2025-06-03 14:20:00", 1_748_960_400), ("2025-06-03 14:20:00.5", 1_748_960_400.5),
            ("2025-06-03T14:20:00.123456Z", 1_748_960_400.123),
            ("2025-06-03", 1_748_908_800), ("2024-02-29T00:00:00Z", 1_709_164_800),
            ("1900-03-01 00:00:00", -2_203_891_200),
        ])
    func parses(text: String, seconds: Double) throws {
        let date = try #require(CivilTime.instant(text))
        #expect(abs(date.timeIntervalSince1970 - seconds) < 0.0005)
    }

    @Test(
        "refuses anything else, whole or in part",
        arguments: [
            "", "2025", "2025-6-3", "2025-06-03T", "2025-06-03 14:20", "2025-06-03T14:20:00Q", "2025-06-03T14:20:00+2",
            "2025-06-03T14:20:00.Z",
            "2023-02-29 00:00:00", "2025-04-31", "2025-00-10", "2025-13-01", "2025-06-03 24:00:00",
            "2025-06-03 12:60:00", "2025-06-03 12:00:60",
            " 2025-06-03", "2025-06-03Z", "2025-06-03T14:20:00Z ", "2025-06-03T14:20:00+25:00", "２０２５-06-03",
        ])
    func refuses(text: String) {
        #expect(CivilTime.instant(text) == nil)
    }
}
