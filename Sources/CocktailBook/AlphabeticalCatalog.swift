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
        let ranks = CollationRanks.ranks(for: locale)
        let keys = cocktails.map { ranks.key(for: $0.name) }
        // Sorting positions rather than whole cocktails keeps the moves cheap.
        let order = cocktails.indices.sorted { lhs, rhs in
            let result: ComparisonResult
            if let left = keys[lhs], let right = keys[rhs] {
                result = CollationRanks.compare(left, right)
            } else {
                result = cocktails[lhs].name.compare(
                    cocktails[rhs].name, options: Self.nameComparison, range: nil, locale: locale)
            }
            switch result {
            case .orderedAscending: return true
            case .orderedDescending: return false
            case .orderedSame: return Self.idPrecedes(cocktails[lhs].id, cocktails[rhs].id)
            }
        }
        self.cocktails = order.map { cocktails[$0] }
        self.positionByID = Dictionary(uniqueKeysWithValues: self.cocktails.enumerated().map { ($1.id, $0) })
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
