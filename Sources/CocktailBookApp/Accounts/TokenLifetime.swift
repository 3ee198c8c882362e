import Foundation

/// How long a new API token works, as the command line and the account page write it: `90d`,
/// `12h` or `never`.
package enum TokenLifetime {
    /// The choices the account page offers, shortest first.
    package static let choices = ["1d", "30d", "90d", "365d", "never"]

    /// Seconds `text` stands for: `.some(nil)` for never, `nil` when it is no lifetime (zero,
    /// over ten years, or not a number of days or hours).
    package static func seconds(_ text: String) -> TimeInterval?? {
        let text = text.trimmingCharacters(in: .whitespaces).lowercased()
        if text == "never" { return .some(nil) }
        guard let unit = text.last, let count = Int(text.dropLast()), count > 0 else { return nil }
        let seconds: TimeInterval
        switch unit {
        case "d": seconds = TimeInterval(count) * 86_400
        case "h": seconds = TimeInterval(count) * 3_600
        default: return nil
        }
        return seconds <= 3_650 * 86_400 ? .some(seconds) : nil
    }
}
