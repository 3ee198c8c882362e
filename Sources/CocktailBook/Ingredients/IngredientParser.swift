import CocktailsAPI
import Foundation

/// Reads free-text recipe lines (`1 1/2 oz white rum`, `2-3 dashes Angostura bitters`,
/// `Soda water, to top`, TheCocktailDB's `"1 1/2 oz "` + `"Light rum"`) into their parts.
///
/// It never fails: whatever it cannot place stays in the ingredient name or the note, and the
/// line's text is kept as written.
public enum IngredientParser {
    /// Parses one line.
    public static func parse(_ line: String) -> RecipeLine {
        let text = trimmed(line)
        // Catalogs hold hundreds of thousands of lines, so the common case avoids any copying.
        // (A scalar test: `String.contains` of a string is Foundation's locale-aware search.)
        var rest =
            text.unicodeScalars.contains("\u{00A0}")
            ? Substring(text.replacingOccurrences(of: "\u{00A0}", with: " ")) : Substring(text)
        var result = RecipeLine(text: text)

        // "Top up with soda water", "Fill with ginger ale".
        if let (phraseEnd, _) = topUpPhrase(in: rest) {
            result.unit = .top
            rest = rest[phraseEnd...]
            rest = dropWord("with", from: rest)
        } else {
            result.amount = readAmount(&rest)
            let beforeUnit = rest
            result.unit = readUnit(&rest)
            if result.unit != nil { rest = dropWord("of", from: rest) }
            // A unit with nothing after it ("oz", "2 dashes") names no ingredient: keep the word.
            if result.unit != nil, rest.allSatisfy(\.isWhitespace) {
                result.unit = nil
                rest = beforeUnit
            }
        }

        var (name, note) = splitNote(rest)
        // "soda water to top", as a file without the comma writes it: the note all the same.
        if note == nil, result.amount == nil, result.unit == nil,
            let suffix = [" to top up", " to top", " to fill"].first(where: { name.lowercased().hasSuffix($0) })
        {
            name = trimmed(name.dropLast(suffix.count))
            note = String(suffix.dropFirst())
        }
        result.ingredient = name.isEmpty ? nil : name
        result.note = note
        if result.unit == nil, let note, topNotes.contains(note.lowercased()) { result.unit = .top }
        return result
    }

    /// Parses TheCocktailDB's separate measure and ingredient fields.
    public static func parse(measure: String?, ingredient: String) -> RecipeLine {
        let measure = measure?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let joined = measure.isEmpty ? ingredient : "\(measure) \(ingredient)"
        return parse(joined)
    }

    // MARK: - Amounts

    private static let vulgarFractions: [Character: Double] = [
        "½": 0.5, "⅓": 1.0 / 3, "⅔": 2.0 / 3, "¼": 0.25, "¾": 0.75, "⅕": 0.2, "⅛": 0.125, "⅜": 0.375, "⅝": 0.625,
        "⅞": 0.875,
    ]

    /// Reads `2`, `0.75`, `1/2`, `1 1/2`, `1½`, `1 ½`, `½`, and ranges of those joined by `-`,
    /// `–` or `to`.
    static func readAmount(_ rest: inout Substring) -> RecipeLine.Amount? {
        var probe = rest
        guard let low = readNumber(&probe) else { return nil }
        var upper: Double?
        var afterRange = probe.drop { $0 == " " }
        var value = low
        for separator in ["-", "–", "to "] where afterRange.hasPrefix(separator) {
            afterRange = afterRange.dropFirst(separator.count).drop { $0 == " " }
            guard let high = readNumber(&afterRange) else { break }
            probe = afterRange
            if separator == "-", high < 1, low == low.rounded() {
                value = low + high // "1-1/2": the US way of writing one and a half
            } else if high != low {
                (value, upper) = (min(low, high), max(low, high))
            }
            break
        }
        rest = probe.drop { $0 == " " }
        return RecipeLine.Amount(value, upTo: upper)
    }

    private static func readNumber(_ rest: inout Substring) -> Double? {
        var probe = rest
        var value: Double?
        if let whole = readDecimal(&probe) {
            value = whole
            // A fraction right after a whole number makes a mixed number: "1 1/2", "1½", "1 ½".
            var mixed = probe.drop { $0 == " " }
            if let fraction = readFraction(&mixed), whole == whole.rounded(), fraction < 1 {
                value = whole + fraction
                probe = mixed
            } else if let slash = readSlashFraction(numerator: whole, &probe) {
                value = slash
            }
        } else if let fraction = readFraction(&probe) {
            value = fraction
        }
        guard let value else { return nil }
        // The number must end a word: "7up" is a name, not seven of something, and "½½" or
        // "1/0" are not amounts at all.
        if let next = probe.first {
            if next.isLetter, !isUnitStart(probe) { return nil }
            if next.isNumber || next == "/" || next == "⁄" || vulgarFractions[next] != nil { return nil }
        }
        rest = probe
        return value
    }

    private static func readDecimal(_ rest: inout Substring) -> Double? {
        var digits = rest.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        // A trailing dot ends a sentence, not a number; a leading one (".75") is a decimal.
        while digits.hasSuffix(".") { digits = digits.dropLast() }
        guard !digits.isEmpty, digits.filter({ $0 == "." }).count <= 1,
            let value = Double(digits.hasPrefix(".") ? "0" + digits : String(digits))
        else { return nil }
        rest = rest.dropFirst(digits.count)
        return value
    }

    private static func readSlashFraction(numerator: Double, _ rest: inout Substring) -> Double? {
        guard rest.first == "/" || rest.first == "⁄" else { return nil }
        var probe = rest.dropFirst()
        guard let denominator = readDecimal(&probe), denominator > 0, numerator == numerator.rounded() else {
            return nil
        }
        rest = probe
        return numerator / denominator
    }

    private static func readFraction(_ rest: inout Substring) -> Double? {
        if let first = rest.first, let value = vulgarFractions[first] {
            rest = rest.dropFirst()
            return value
        }
        var probe = rest
        guard let numerator = readDecimal(&probe), let value = readSlashFraction(numerator: numerator, &probe) else {
            return nil
        }
        rest = probe
        return value
    }

    // MARK: - Units

    /// Spellings of each unit (``MeasureUnit/Entry/spellings``), longest first so that `fl oz`
    /// wins over `oz`.
    private static let unitSpellings: [(String, MeasureUnit)] =
        MeasureUnit.allCases.flatMap { unit in unit.entry.spellings.map { ($0, unit) } }.sorted {
            $0.0.count > $1.0.count
        }

    static func readUnit(_ rest: inout Substring) -> MeasureUnit? {
        guard let (spelling, unit) = unitSpelling(at: rest) else { return nil }
        rest = rest.dropFirst(spelling.count).drop { $0 == " " }
        return unit
    }

    private static func isUnitStart(_ rest: Substring) -> Bool {
        unitSpelling(at: rest) != nil
    }

    /// The unit spelled at the start of `rest`, followed by a non-letter or the end. The start is
    /// lower-cased once rather than once per spelling.
    private static func unitSpelling(at rest: Substring) -> (String, MeasureUnit)? {
        guard let first = rest.first, first.isLetter else { return nil }
        let head = rest.prefix(24).lowercased()
        for (spelling, unit) in unitSpellings where head.hasPrefix(spelling) {
            let after = head.dropFirst(spelling.count).first
            if after.map({ !$0.isLetter }) ?? true { return (spelling, unit) }
        }
        return nil
    }

    /// `text` without leading and trailing whitespace, without a trip through NSString.
    private static func trimmed(_ text: some StringProtocol) -> String {
        guard let start = text.firstIndex(where: { !$0.isWhitespace }),
            let end = text.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(text[start...end])
    }

    /// Whether `rest` starts with `word` (ignoring case) followed by a non-letter or the end.
    private static func hasWord(_ word: String, at rest: Substring) -> Bool {
        guard rest.count >= word.count, rest.prefix(word.count).lowercased() == word else { return false }
        let after = rest.dropFirst(word.count).first
        return after.map { !$0.isLetter } ?? true
    }

    // MARK: - Top-ups and notes

    private static let topNotes: Set<String> = [
        "to top", "top", "top up", "to top up", "to fill", "fill", "to taste, to top",
    ]

    private static func topUpPhrase(in rest: Substring) -> (Substring.Index, String)? {
        for phrase in ["top up", "top", "fill up", "fill"] where hasWord(phrase, at: rest) {
            // "Top" alone must be followed by "with" to be a top-up, not an ingredient name.
            let after = rest.dropFirst(phrase.count).drop { $0 == " " }
            if phrase == "top" || phrase == "fill", !hasWord("with", at: after) { continue }
            return (rest.index(rest.startIndex, offsetBy: phrase.count), phrase)
        }
        return nil
    }

    private static func dropWord(_ word: String, from rest: Substring) -> Substring {
        let trimmed = rest.drop { $0 == " " }
        guard hasWord(word, at: trimmed) else { return trimmed }
        return trimmed.dropFirst(word.count).drop { $0 == " " }
    }

    private static func splitNote(_ rest: Substring) -> (String, String?) {
        let trimmed = Self.trimmed(rest)
        guard let comma = trimmed.firstIndex(of: ",") else { return (trimmed, nil) }
        let name = Self.trimmed(trimmed[..<comma])
        let note = Self.trimmed(trimmed[trimmed.index(after: comma)...])
        return (name, note.isEmpty ? nil : note)
    }
}
