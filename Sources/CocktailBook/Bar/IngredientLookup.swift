import Foundation

/// What a typed ingredient name is on the bar's forms: a value the bar knows, by its English
/// name, an alias or its name (or one of its aliases) in another language the book speaks
/// (`zucchero` is sugar, `hierbabuena` fresh mint), or nothing, with the nearest names to offer. A near name is only ever offered, never taken in
/// the typed name's place: `sugar` is sugar, not superfine sugar.
public enum IngredientLookup: Sendable, Equatable {
    case known(String)
    case unknown(suggestions: [String])

    /// Every language's strings but English's: a name may be typed in any language the book speaks.
    public static let otherLanguages = Language.allCases.filter { $0 != .english }.map(UIStrings.of)

    /// Looks `text` up in `index`, in English and in each of `languages`.
    public static func resolve(_ text: String, in index: BarIndex, languages: [UIStrings] = otherLanguages) -> Self {
        let typed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !typed.isEmpty, typed.count <= 200 else { return .unknown(suggestions: []) }
        if let value = index.value(for: typed) { return .known(value) }
        let folded = SearchText.fold(typed)
        for strings in languages {
            if let value = index.allValues.first(where: {
                strings.ingredientNames($0).contains { SearchText.fold($0) == folded }
            }) {
                return .known(value)
            }
        }
        return .unknown(suggestions: suggestions(for: folded, in: index, languages: languages))
    }

    /// Up to `limit` values whose name (in any of the languages) starts with, holds, or is a
    /// few typing slips from `folded`: closest first, then shortest. A longer name that holds a
    /// known one word for word (`amaro nonino quintessentia` holds `amaro nonino`) offers it
    /// too, longest first.
    static func suggestions(for folded: String, in index: BarIndex, languages: [UIStrings], limit: Int = 5)
        -> [String]
    {
        let typed = Array(folded.utf8)
        let slips = max(1, typed.count / 4)
        let typedWords = " " + folded.split(separator: " ").joined(separator: " ") + " "
        var scored: [(value: String, score: Int, length: Int)] = []
        for value in index.allValues {
            let names = [value] + languages.flatMap { $0.ingredientNames(value) }
            var best = Int.max
            var length = value.count
            for name in names.map(SearchText.fold) {
                let score: Int
                if name.hasPrefix(folded) {
                    score = 0
                } else if name.contains(folded) {
                    score = 1
                } else if name.count >= 4, typedWords.contains(" \(name) ") {
                    score = 2
                    length = -name.count
                } else if SearchText.withinEdits(typed, Array(name.utf8), limit: slips) {
                    score = 3
                } else if name.split(separator: " ").contains(where: {
                    SearchText.withinEdits(typed, Array($0.utf8), limit: slips)
                }) {
                    score = 4
                } else {
                    continue
                }
                best = min(best, score)
            }
            if best != .max { scored.append((value, best, length)) }
        }
        return scored.sorted { ($0.score, $0.length, $0.value) < ($1.score, $1.length, $1.value) }
            .prefix(limit).map(\.value)
    }
}
