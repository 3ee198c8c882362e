import Foundation

/// ISO 8601 durations as recipe pages write their times (`PT5M`, `PT1H30M`, `P0DT0H3M`,
/// `PT90S`), in whole minutes.
enum ISODuration {
    /// The minutes of `text`, rounded up to a whole minute; `nil` when it is not a duration.
    static func minutes(_ text: String) -> Int? {
        let upper = text.trimmingCharacters(in: .whitespacesAndNewlines).uppercased()
        guard upper.hasPrefix("P"), upper.count > 1, upper.count <= 40 else { return nil }
        var seconds = 0.0
        var number = ""
        var inTime = false
        var sawValue = false
        for character in upper.dropFirst() {
            if character.isASCII, character.isNumber || character == "." || character == "," {
                number.append(character == "," ? "." : character)
                continue
            }
            if character == "T" {
                guard number.isEmpty, !inTime else { return nil }
                inTime = true
                continue
            }
            guard let value = Double(number) else { return nil }
            number = ""
            let unit: Double
            switch (character, inTime) {
            case ("Y", false): unit = 365 * 86_400
            case ("M", false): unit = 30 * 86_400
            case ("W", false): unit = 7 * 86_400
            case ("D", false): unit = 86_400
            case ("H", true): unit = 3_600
            case ("M", true): unit = 60
            case ("S", true): unit = 1
            default: return nil
            }
            seconds += value * unit
            sawValue = true
        }
        guard number.isEmpty, sawValue, seconds < 1e9 else { return nil }
        return Int((seconds / 60).rounded(.up))
    }

    /// The ISO 8601 duration of `minutes`: `PT5M`, `PT1H30M`.
    static func text(minutes: Int) -> String {
        let hours = minutes / 60
        let rest = minutes % 60
        if hours == 0 { return "PT\(rest)M" }
        return rest == 0 ? "PT\(hours)H" : "PT\(hours)H\(rest)M"
    }
}
