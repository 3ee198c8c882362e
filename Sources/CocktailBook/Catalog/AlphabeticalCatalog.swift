import Foundation

/// The catalog sorted once, when it arrives, so that every list after that is a linear pass.
///
/// Names compare case- and diacritic-insensitively in the given locale (`Piña Colada` sorts as
/// `Pina Colada`); equal names fall back to the id so the order is total and stable.
public struct AlphabeticalCatalog: Sendable, Equatable {
    /// The cocktails in alphabetical order.
    public let cocktails: [Cocktail]
    private let positionByID: [String: Int]

    /// Sorts `cocktails` for `locale`.
    public init(_ cocktails: [Cocktail], locale: Locale = .catalogDefault) {
        // A locale-aware comparison costs microseconds (it bridges the locale every call), and a
        // sort makes n·log n of them. Names of printable ASCII, nearly all of them, get a key of
        // per-character ranks taken from that same comparison, so two such names compare byte by
        // byte in the same order; any other pair still asks the locale.
        let order = Self.order(of: cocktails, locale: locale)
        self.init(sorted: order.map { cocktails[$0] })
    }

    private init(sorted: [Cocktail]) {
        cocktails = sorted
        positionByID = Dictionary(uniqueKeysWithValues: sorted.enumerated().map { ($1.id, $0) })
    }

    /// The positions of `cocktails` in alphabetical order. Sorting positions rather than whole
    /// cocktails keeps the moves cheap.
    private static func order(of cocktails: [Cocktail], locale: Locale) -> [Int] {
        let ranks = CollationRanks.ranks(for: locale)
        let keys = cocktails.map { ranks.key(for: $0.name) }
        return cocktails.indices.sorted { lhs, rhs in
            precedes(cocktails, lhs, keys[lhs], cocktails, rhs, keys[rhs], locale: locale)
        }
    }

    /// Whether the drink at `left` of `lefts` (with its collation key, if it has one) sorts
    /// before the one at `right` of `rights`. Read in place: copying a whole drink for each
    /// comparison doubled the time of a sort.
    private static func precedes(
        _ lefts: [Cocktail], _ left: Int, _ leftKey: [UInt8]?, _ rights: [Cocktail], _ right: Int,
        _ rightKey: [UInt8]?, locale: Locale
    ) -> Bool {
        let result: ComparisonResult
        if let leftKey, let rightKey {
            result = CollationRanks.compare(leftKey, rightKey)
        } else {
            result = lefts[left].name.compare(
                rights[right].name, options: Self.nameComparison, range: nil, locale: locale)
        }
        switch result {
        case .orderedAscending: return true
        case .orderedDescending: return false
        case .orderedSame: return Self.idPrecedes(lefts[left].id, rights[right].id)
        }
    }

    /// What a few changed drinks do to the catalog: the positions of the drinks kept, and where
    /// the new ones went.
    public struct Change: Sendable {
        /// For each position of the old catalog, its position in the new one, or -1 for a drink
        /// taken out. Kept drinks keep their order, so this only ever grows.
        public var newPositions: [Int32]
        /// The positions of the inserted drinks in the new catalog, ascending.
        public var inserted: [Int]
    }

    /// This catalog without the drinks whose ids are in `removed`, and with `inserted` each put
    /// in its alphabetical place: a save in the book changes one drink, and merging it in costs
    /// a pass over the catalog instead of a sort. Gives the same order as sorting everything.
    public func applying(removing removed: Set<String>, inserting: [Cocktail], locale: Locale = .catalogDefault)
        -> (catalog: AlphabeticalCatalog, change: Change)
    {
        let ranks = CollationRanks.ranks(for: locale)
        let newcomers = Self.order(of: inserting, locale: locale).map { inserting[$0] }
        let newcomerKeys = newcomers.map { ranks.key(for: $0.name) }
        var merged: [Cocktail] = []
        merged.reserveCapacity(cocktails.count + newcomers.count)
        var newPositions = [Int32](repeating: -1, count: cocktails.count)
        var insertedAt: [Int] = []
        var next = 0
        for (position, cocktail) in cocktails.enumerated() where !removed.contains(cocktail.id) {
            if next < newcomers.count {
                let key = ranks.key(for: cocktail.name)
                while next < newcomers.count,
                    Self.precedes(newcomers, next, newcomerKeys[next], cocktails, position, key, locale: locale)
                {
                    insertedAt.append(merged.count)
                    merged.append(newcomers[next])
                    next += 1
                }
            }
            newPositions[position] = Int32(merged.count)
            merged.append(cocktail)
        }
        for newcomer in newcomers[next...] {
            insertedAt.append(merged.count)
            merged.append(newcomer)
        }
        return (AlphabeticalCatalog(sorted: merged), Change(newPositions: newPositions, inserted: insertedAt))
    }

    /// The cocktail with this id, if the catalog has it.
    public func cocktail(id: String) -> Cocktail? {
        positionByID[id].map { cocktails[$0] }
    }

    /// The cocktail whose name matches `name`, ignoring case and diacritics.
    public func cocktail(named name: String, locale: Locale = .catalogDefault) -> Cocktail? {
        let wanted = Self.sortKey(for: name, locale: locale)
        return cocktails.first { Self.sortKey(for: $0.name, locale: locale) == wanted }
    }

    /// Whether the catalog has a cocktail with this id.
    public func contains(id: String) -> Bool { positionByID[id] != nil }

    static let nameComparison: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive, .widthInsensitive]

    /// The folded form names are matched by.
    static func sortKey(for name: String, locale: Locale) -> String {
        name.folding(options: nameComparison, locale: locale)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Numeric ids compare as numbers (`2` before `10`), others as text.
    static func idPrecedes(_ lhs: String, _ rhs: String) -> Bool {
        switch (Int(lhs), Int(rhs)) {
        case (let l?, let r?): l < r
        case (_?, nil): true
        case (nil, _?): false
        case (nil, nil): lhs < rhs
        }
    }
}

extension Locale {
    /// The collation used when the person has not chosen one: English rules, which also order
    /// accented Latin letters next to their plain forms.
    public static let catalogDefault = Locale(identifier: "en_US")
}
