/// The terms of one field (names, ingredients or descriptions) with the catalog positions each
/// term appears at, sorted so that every term starting with a prefix is one contiguous run.
struct TermIndex {
    private let terms: [String]
    private let termBytes: [[UInt8]]
    private let postings: [[Int32]]
    let documentCount: Int

    init(documents: [[String]]) {
        var byTerm: [String: [Int32]] = [:]
        for (position, terms) in documents.enumerated() {
            for term in Set(terms) { byTerm[term, default: []].append(Int32(position)) }
        }
        let sorted = byTerm.keys.sorted()
        terms = sorted
        termBytes = sorted.map { Array($0.utf8) }
        postings = sorted.map { byTerm[$0]!.sorted() }
        documentCount = documents.count
    }

    /// Positions of documents with a term that starts with `prefix`.
    func prefixMatches(_ prefix: String) -> DocumentSet {
        var set = DocumentSet(count: documentCount)
        var index = lowerBound(prefix)
        while index < terms.count, terms[index].hasPrefix(prefix) {
            set.insert(contentsOf: postings[index])
            index += 1
        }
        return set
    }

    /// Positions of documents with a term within the allowed edits of `term`, or starting with it.
    func fuzzyMatches(_ term: String) -> DocumentSet {
        var set = prefixMatches(term)
        let limit = SearchText.allowedEdits(forLength: term.count)
        guard limit > 0 else { return set }
        let bytes = Array(term.utf8)
        for (index, candidate) in termBytes.enumerated() where abs(candidate.count - bytes.count) <= limit {
            if SearchText.withinEdits(bytes, candidate, limit: limit) { set.insert(contentsOf: postings[index]) }
        }
        return set
    }

    private func lowerBound(_ value: String) -> Int {
        var low = 0
        var high = terms.count
        while low < high {
            let middle = (low + high) / 2
            if terms[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
