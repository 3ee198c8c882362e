/// The names to offer when a search finds nothing: "Did you mean Daiquiri?" for `dakiri`, beyond
/// the few typos a search forgives by itself.
extension SearchIndex {
    /// The positions of the `limit` drink names nearest to `query`, best first: names with the
    /// most query words near one of their words (within half the word's letters of edits; words
    /// under three letters count for nothing), then the fewest edits (one more for a word that starts with another letter),
    /// then alphabetical. A name written as the query joins
    /// its words (`oldfashioned`) counts as a whole too. Empty when no name is that near.
    public func nearestNames(to query: String, limit: Int = 3) -> [Int] {
        let terms = SearchText.terms(query).map { Array($0.utf8) }
        guard !terms.isEmpty else { return [] }
        let joined = Array(terms.joined(separator: []))
        // A word of one or two letters is too short to say what it was meant to be.
        func distance(_ typed: [UInt8], _ word: [UInt8]) -> Int? {
            typed.count < 3 ? nil : SearchText.edits(typed, word, limit: max(1, typed.count / 2))
        }
        var found: [(matched: Int, edits: Int, position: Int)] = []
        for (position, cocktail) in cocktails.enumerated() {
            let words = SearchText.terms(cocktail.name).map { Array($0.utf8) }
            var matched = 0
            var edits = 0
            for term in terms {
                // A typo seldom changes the first letter: a word that starts otherwise counts
                // one edit more when ranking.
                let near = words.compactMap { word in
                    distance(term, word).map { $0 + (word.first == term.first ? 0 : 1) }
                }
                guard let nearest = near.min() else { continue }
                matched += 1
                edits += nearest
            }
            if let whole = distance(joined, Array(words.joined(separator: []))), matched < terms.count || whole < edits
            {
                (matched, edits) = (terms.count, whole)
            }
            if matched > 0 { found.append((matched, edits, position)) }
        }
        var seen: Set<String> = []
        return found.sorted { ($1.matched, $0.edits, $0.position) < ($0.matched, $1.edits, $1.position) }
            .map(\.position).filter { seen.insert(cocktails[$0].name).inserted }.prefix(limit).map { $0 }
    }
}
