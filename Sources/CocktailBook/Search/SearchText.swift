import Foundation

/// How text is cut into search terms: folded to lower case without accents, apostrophes
/// dropped (`Tommy's` → `tommys`), split on anything that is not a letter or digit.
public enum SearchText {
    /// The terms of `text`, in order.
    public static func terms(_ text: String) -> [String] {
        var tokenizer = Tokenizer(remembersFolds: false)
        var terms: [String] = []
        tokenizer.forEachTerm(in: text) { terms.append($0) }
        return terms
    }

    /// Cuts texts into the same terms as `fold(text)` split on non-letters, but faster.
    ///
    /// The text is cut at ASCII separators that stand alone as characters (ASCII on both sides,
    /// so no combining mark can attach to them). Folding works one character cluster at a time,
    /// so each piece can be treated on its own: pieces of ASCII letters, digits and apostrophes
    /// are lower-cased directly, any other piece goes through `fold` as before. An indexer can
    /// keep one tokenizer for a whole catalog so that each distinct accented piece (`crème`) is
    /// folded once.
    struct Tokenizer {
        private let remembersFolds: Bool
        private var folded: [String: [String]] = [:]
        private var scratch: [UInt8] = []

        init(remembersFolds: Bool = true) {
            self.remembersFolds = remembersFolds
            scratch.reserveCapacity(32)
        }

        /// Calls `body` with each term of `text`, in order.
        mutating func forEachTerm(in text: String, _ body: (String) -> Void) {
            var text = text
            text.withUTF8 { bytes in
                var start = 0
                var plain = true
                let count = bytes.count
                for index in 0..<count {
                    let byte = bytes[index]
                    if byte >= 0x80 {
                        plain = false
                    } else if !SearchText.isASCIIWordByte(byte) {
                        if (index == 0 || bytes[index - 1] < 0x80) && (index + 1 == count || bytes[index + 1] < 0x80) {
                            piece(bytes, start..<index, plain: plain, body)
                            start = index + 1
                            plain = true
                        } else {
                            plain = false
                        }
                    }
                }
                piece(bytes, start..<count, plain: plain, body)
            }
        }

        private mutating func piece(
            _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, plain: Bool, _ body: (String) -> Void
        ) {
            guard !range.isEmpty else { return }
            if plain {
                scratch.removeAll(keepingCapacity: true)
                for index in range where bytes[index] != 0x27 {
                    let byte = bytes[index]
                    scratch.append(byte &- 0x41 < 26 ? byte | 0x20 : byte)
                }
                if !scratch.isEmpty { body(SearchText.spelling(String(decoding: scratch, as: UTF8.self))) }
                return
            }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
            if let terms = folded[text] {
                terms.forEach(body)
            } else {
                let terms = SearchText.slowTerms(text).map(SearchText.spelling)
                if remembersFolds { folded[text] = terms }
                terms.forEach(body)
            }
        }
    }

    /// Words spelled two ways by the people who write recipes and the people who search them,
    /// each indexed and searched as one: `whisky` finds the whiskeys too, and the other way round.
    static let spellings: [String: String] = [
        "whisky": "whiskey", "whiskies": "whiskeys", "colour": "color", "coloured": "colored", "flavour": "flavor",
        "flavoured": "flavored", "flavours": "flavors", "liquour": "liqueur", "licor": "liqueur",
        // Vermouth as Spanish and Catalan write it (and Italians now and then).
        "vermut": "vermouth", "vermuts": "vermouths", "vermu": "vermouth",
    ]

    /// The one spelling `term` is indexed and searched under.
    @inline(__always)
    static func spelling(_ term: String) -> String {
        spellings[term] ?? term
    }

    /// ASCII letters, digits and the apostrophe (which folding drops inside a word).
    @inline(__always)
    fileprivate static func isASCIIWordByte(_ byte: UInt8) -> Bool {
        byte &- 0x30 < 10 || (byte | 0x20) &- 0x61 < 26 || byte == 0x27
    }

    /// The terms of `text` the general way: fold, then split on anything not a letter or digit.
    static func slowTerms(_ text: String) -> [String] {
        fold(text).split { !($0.isLetter || $0.isNumber) }.map(String.init)
    }

    private static let foldingLocale = Locale(identifier: "en_US")

    /// `text` folded the way terms are.
    public static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: foldingLocale)
            .replacingOccurrences(of: "'", with: "").replacingOccurrences(of: "’", with: "")
    }

    /// Whether two terms are within `limit` edits (insert, delete, substitute, swap neighbours).
    static func withinEdits(_ a: [UInt8], _ b: [UInt8], limit: Int) -> Bool {
        edits(a, b, limit: limit) != nil
    }

    /// How many edits (insert, delete, substitute, swap neighbours) turn `a` into `b`, or `nil`
    /// when it takes more than `limit`.
    static func edits(_ a: [UInt8], _ b: [UInt8], limit: Int) -> Int? {
        if abs(a.count - b.count) > limit { return nil }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) <= limit ? max(a.count, b.count) : nil }
        // Optimal string alignment distance with a per-row cut-off.
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowBest = current[0]
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { value = min(value, previous2[j - 2] + 1) }
                current[j] = value
                rowBest = min(rowBest, value)
            }
            if rowBest > limit { return nil }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count] <= limit ? previous[b.count] : nil
    }

    /// How many typos a query term of this length may carry: none under 4 letters, one from
    /// 4, two from 8.
    public static func allowedEdits(forLength length: Int) -> Int {
        length >= 8 ? 2 : (length >= 4 ? 1 : 0)
    }
}
