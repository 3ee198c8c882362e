import Foundation
import Testing

/// The server's own dates go through `CivilTime` and `LabelCalendar`. Foundation's `Calendar`,
/// `TimeZone`, date formatters and format styles map megabytes of ICU's calendar and pattern data
/// on first use, and a regex maps the regex engine: on a path every start or page takes, that
/// was 4 MiB of the resident set (BENCHMARKS.md, "What each change bought", 10). Only the screens
/// that show people a date in their language, and backups, may use them.
@Suite("Date handling")
struct DateHandlingPolicyTests {
    /// Files allowed to use Foundation's dates, and why.
    static let allowed: [String: String] = [
        "Sources/CocktailBookWeb/Pages/AccountPages+Model.swift": "account and token dates, localized for the reader",
        "Sources/CocktailBookWeb/Maintenance/MaintenanceController.swift":
            "the maintenance page's localized dates and build date",
        "Sources/CocktailBookStore/AppDatabase+Backup.swift": "backup files, an admin action",
    ]

    static let patterns = [
        "Calendar(identifier", "Calendar.current", "DateFormatter(", "ISO8601DateFormatter", "= .iso8601",
        "TimeZone(identifier",
        "TimeZone(secondsFromGMT", "TimeZone.current", ".formatted(", "Date.FormatStyle", "wholeMatch(of:",
        "firstMatch(of:",
        "matches(of:", "Regex(", "#/",
    ]

    @Test("no Calendar, TimeZone, date formatter or regex outside the screens that show localized dates")
    func policy() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        var offenders: [String] = []
        var scanned = 0
        for folder in ["Sources", "Packages/CocktailsAPI/Sources"] {
            let base = root.appendingPathComponent(folder)
            let files = try #require(FileManager.default.enumerator(atPath: base.path)).compactMap { $0 as? String }
            for file in files where file.hasSuffix(".swift") && !file.hasPrefix("cocktailbook-search-bench/") {
                let path = folder + "/" + file
                guard Self.allowed[path] == nil else { continue }
                scanned += 1
                let text = try String(contentsOf: base.appendingPathComponent(file), encoding: .utf8)
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    let code = line.trimmingCharacters(in: .whitespaces)
                    guard !code.hasPrefix("//") else { continue }
                    for pattern in Self.patterns where code.contains(pattern) {
                        offenders.append("\(path):\(number + 1): \(pattern)")
                    }
                }
            }
        }
        #expect(scanned > 100, "the sources should have been found from \(root.path)")
        #expect(offenders.isEmpty, "\(offenders.joined(separator: "\n"))")
        // The allowed files exist, so a rename does not quietly widen the list.
        for path in Self.allowed.keys {
            #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path), "\(path)")
        }
    }
}
