/// The terms of one field (names, ingredients or descriptions) with the catalog positions each
/// term appears at, sorted so that every term starting with a prefix is one contiguous run.
struct TermIndex {
    private let terms: [String]
    private let termBytes: [[UInt8]]
    /// The positions of every term kept as a list, term after term: the term at `index` has
    /// `positions[starts[index]..<starts[index + 1]]`.
    private let positions: [Int32]
    private let starts: [Int32]
    /// A term in at least one document of 32 is kept as a bitmap of the documents instead (a
    /// list takes four bytes per document, a bitmap one bit per document of the catalog): where
    /// its words begin in `bitmaps`, or -1. At 10,000 drinks the descriptions' common words took
    /// 1.7 MB as lists and take 0.3 MB as bitmaps.
    private let bitmapStarts: [Int32]
    private let bitmaps: [UInt64]
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
        let lists = sorted.map { builder.postings[$0.value] }
        let asBitmap = lists.map { $0.count * 32 >= documentCount }
        let wordCount = (documentCount + 63) / 64
        var positions: [Int32] = []
        positions.reserveCapacity(zip(lists, asBitmap).reduce(0) { $0 + ($1.1 ? 0 : $1.0.count) })
        var bitmaps: [UInt64] = []
        bitmaps.reserveCapacity(asBitmap.filter { $0 }.count * wordCount)
        var starts: [Int32] = [0]
        var bitmapStarts: [Int32] = []
        for (list, bitmap) in zip(lists, asBitmap) {
            if bitmap {
                bitmapStarts.append(Int32(bitmaps.count))
                var set = DocumentSet(count: documentCount)
                set.insert(contentsOf: list)
                bitmaps += set.words
            } else {
                bitmapStarts.append(-1)
                positions += list
            }
            starts.append(Int32(positions.count))
        }
        self.positions = positions
        self.starts = starts
        self.bitmapStarts = bitmapStarts
        self.bitmaps = bitmaps
        self.documentCount = documentCount
    }

    /// The index after a change to its catalog: each kept document at its new position, the
    /// removed ones gone, and `inserted` documents (ascending positions, with their terms) added.
    /// Equal to indexing the changed catalog from scratch, for the cost of one pass over the
    /// positions instead of reading every text again.
    func applying(
        _ change: AlphabeticalCatalog.Change, documentCount: Int, inserted: [(position: Int, terms: [String])]
    ) -> TermIndex {
        var added: [String: [Int32]] = [:]
        for (position, terms) in inserted {
            for term in terms { added[term, default: []].appendUnlessLast(Int32(position)) }
        }
        var builder = Builder()
        builder.postings.reserveCapacity(terms.count + added.count)
        func keep(_ term: String, _ list: [Int32]) {
            guard !list.isEmpty else { return }
            builder.slotByTerm[term] = builder.postings.count
            builder.postings.append(list)
        }
        for (index, term) in terms.enumerated() {
            var list: [Int32] = []
            for old in documents(at: index) {
                let new = change.newPositions[Int(old)]
                if new >= 0 { list.append(new) }
            }
            if let more = added.removeValue(forKey: term) {
                list = (list + more).sorted()
            }
            keep(term, list)
        }
        for (term, list) in added { keep(term, list) }
        return TermIndex(builder, documentCount: documentCount)
    }

    /// The documents of the term at `index`, ascending.
    private func documents(at index: Int) -> [Int32] {
        let bitmap = Int(bitmapStarts[index])
        guard bitmap >= 0 else { return Array(positions[Int(starts[index])..<Int(starts[index + 1])]) }
        var set = DocumentSet(count: documentCount)
        set.formUnion(words: bitmaps[bitmap..<bitmap + set.words.count])
        return set.positions.map { Int32($0) }
    }

    /// Bytes the index's arrays hold (their elements, without the arrays' own headers): what the
    /// search benchmark reports per field.
    var byteCount: Int {
        let text = terms.reduce(0) { $0 + $1.utf8.count } + termBytes.reduce(0) { $0 + $1.count }
        return text + 4 * (positions.count + starts.count + bitmapStarts.count) + 8 * bitmaps.count
    }

    /// Adds the documents of the term at `index` to `set`.
    private func add(_ index: Int, to set: inout DocumentSet) {
        let bitmap = Int(bitmapStarts[index])
        if bitmap >= 0 {
            set.formUnion(words: bitmaps[bitmap..<bitmap + set.words.count])
        } else {
            for position in positions[Int(starts[index])..<Int(starts[index + 1])] { set.insert(position) }
        }
    }

    /// Positions of documents with a term that starts with `prefix`.
    func prefixMatches(_ prefix: String) -> DocumentSet {
        var set = DocumentSet(count: documentCount)
        var index = lowerBound(prefix)
        while index < terms.count, terms[index].hasPrefix(prefix) {
            add(index, to: &set)
            index += 1
        }
        return set
    }

    /// Positions of documents with exactly the term `term`.
    func exactMatches(_ term: String) -> DocumentSet {
        var set = DocumentSet(count: documentCount)
        let index = lowerBound(term)
        if index < terms.count, terms[index] == term { add(index, to: &set) }
        return set
    }

    /// Positions of documents with a term within the allowed edits of `term`, or starting with it.
    func fuzzyMatches(_ term: String) -> DocumentSet {
        var set = prefixMatches(term)
        let limit = SearchText.allowedEdits(forLength: term.count)
        guard limit > 0 else { return set }
        let bytes = Array(term.utf8)
        for (index, candidate) in termBytes.enumerated() where abs(candidate.count - bytes.count) <= limit {
            if SearchText.withinEdits(bytes, candidate, limit: limit) { add(index, to: &set) }
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
