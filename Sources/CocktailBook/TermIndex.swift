/// The terms of one field (names, ingredients or descriptions) with the catalog positions each
/// term appears at, sorted so that every term starting with a prefix is one contiguous run.
struct TermIndex {
    private let terms: [String]
    private let termBytes: [[UInt8]]
    private let postings: [[Int32]]
    let documentCount: Int

    /// Collects terms document by document, in position order.
    struct Builder {
        // Positions arrive in ascending order, so each posting list stays sorted and a term
        // repeated within a document is its list's last entry: no per-document set needed.
        fileprivate var slotByTerm: [String: Int] = [:]
        fileprivate var postings: [[Int32]] = []

        /// Records that the document at `position` has `term`; positions must not decrease.
        mutating func add(_ term: String, at position: Int32) {
            add(slot: slot(for: term), at: position)
        }

        /// A number for `term` to add it by without hashing it again (recipe lines repeat).
        mutating func slot(for term: String) -> Int {
            if let slot = slotByTerm[term] { return slot }
            postings.append([])
            slotByTerm[term] = postings.count - 1
            return postings.count - 1
        }

        mutating func add(slot: Int, at position: Int32) {
            postings[slot].appendUnlessLast(position)
        }
    }

    init(documents: [[String]]) {
        var builder = Builder()
        for (position, terms) in documents.enumerated() {
            for term in terms { builder.add(term, at: Int32(position)) }
        }
        self.init(builder, documentCount: documents.count)
    }

    init(_ builder: Builder, documentCount: Int) {
        let sorted = builder.slotByTerm.sorted { $0.key < $1.key }
        terms = sorted.map(\.key)
        termBytes = sorted.map { Array($0.key.utf8) }
        postings = sorted.map { builder.postings[$0.value] }
        self.documentCount = documentCount
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

extension Array where Element == Int32 {
    /// Appends `position` unless it is already the last element.
    fileprivate mutating func appendUnlessLast(_ position: Int32) {
        if last != position { append(position) }
    }
}
