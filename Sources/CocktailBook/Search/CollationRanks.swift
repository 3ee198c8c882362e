import Foundation
import Synchronization

/// The order a locale gives the printable ASCII characters when names are compared ignoring
/// case, accents and width: characters it finds equal (`A`, `a`) share a rank.
///
/// For names made only of these characters, comparing rank keys byte by byte gives the locale's
/// order (its comparison of such names goes character by character; the tests hold this against
/// the locale's own comparison), at a fraction of the cost.
struct CollationRanks: Sendable {
    private let ranks: [UInt8]

    private static let cache = Mutex<[String: CollationRanks]>([:])

    /// The ranks for `locale`, worked out once per locale.
    static func ranks(for locale: Locale) -> CollationRanks {
        cache.withLock { cache in
            if let cached = cache[locale.identifier] { return cached }
            let ranks = CollationRanks(locale: locale)
            cache[locale.identifier] = ranks
            return ranks
        }
    }

    private init(locale: Locale) {
        let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive, .widthInsensitive]
        let characters = (UInt8(0x20)...UInt8(0x7E)).map { String(UnicodeScalar($0)) }
        let sorted = characters.sorted {
            $0.compare($1, options: options, range: nil, locale: locale) == .orderedAscending
        }
        var ranks = [UInt8](repeating: 0, count: 95)
        var rank: UInt8 = 0
        for (index, character) in sorted.enumerated() {
            if index > 0,
                sorted[index - 1].compare(character, options: options, range: nil, locale: locale) != .orderedSame
            {
                rank += 1
            }
            ranks[Int(character.utf8.first! - 0x20)] = rank
        }
        self.ranks = ranks
    }

    /// Compares two rank keys in one pass.
    static func compare(_ left: [UInt8], _ right: [UInt8]) -> ComparisonResult {
        left.withUnsafeBufferPointer { l in
            right.withUnsafeBufferPointer { r in
                for index in 0..<min(l.count, r.count) where l[index] != r[index] {
                    return l[index] < r[index] ? .orderedAscending : .orderedDescending
                }
                return l.count == r.count ? .orderedSame : (l.count < r.count ? .orderedAscending : .orderedDescending)
            }
        }
    }

    /// The rank key of `name`, or `nil` when it has a character outside printable ASCII.
    func key(for name: String) -> [UInt8]? {
        var key: [UInt8] = []
        key.reserveCapacity(name.utf8.count)
        for byte in name.utf8 {
            guard byte >= 0x20, byte <= 0x7E else { return nil }
            key.append(ranks[Int(byte - 0x20)])
        }
        return key
    }
}
