import CocktailBook
import Foundation
import GRDB

/// Dates in SQLite, in the TEXT form GRDB writes them (`2025-06-03 14:20:00.000`, UTC), written
/// and read with `CivilTime` rather than GRDB's `DateFormatter` and `Calendar`.
///
/// Those two map ICU's calendar and pattern data into the server on the first favorite, session
/// or catalog stamp, megabytes that nothing else it does needs. The stored text is unchanged, so
/// databases written either way read the same.
enum StoredDate {
    static func text(_ date: Date) -> String { CivilTime(date).stored }

    /// A stored date: the text form, or seconds since 1970 as GRDB also accepts.
    static func date(_ value: DatabaseValue) -> Date? {
        switch value.storage {
        case .string(let text): CivilTime.instant(text)
        case .int64(let seconds): Date(timeIntervalSince1970: TimeInterval(seconds))
        case .double(let seconds): Date(timeIntervalSince1970: seconds)
        case .null, .blob: nil
        }
    }
}

/// A record whose `Date` fields are stored as `StoredDate` says.
protocol RecordWithDates: FetchableRecord, EncodableRecord {}

extension RecordWithDates {
    static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy {
        .custom(StoredDate.date)
    }
    static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
        .custom(StoredDate.text)
    }
}
