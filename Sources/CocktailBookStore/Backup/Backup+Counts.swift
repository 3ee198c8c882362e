import CocktailBook
import Foundation

extension Backup {
    /// How many of each kind of thing a backup holds, kind by kind as ``BookContents/parts``
    /// declares them: what a restore would put back, shown before it replaces what the book
    /// holds now. A count is `nil` when the backup does not carry that kind at all (a backup
    /// made before it existed), so a restore leaves the book's own as they are.
    public struct Counts: Sendable, Equatable {
        public struct Kind: Sendable, Equatable {
            /// The kind's key: `restore_row_<key>` in the interface's strings.
            public var key: String
            public var count: Int?
        }

        /// Every kind, accounts first, then in the order of the parts.
        public var kinds: [Kind]

        /// The count of one kind (`nil` for a kind the backup does not carry).
        public subscript(key: String) -> Int? { kinds.first { $0.key == key }?.count }

        /// What came back, kind by kind as the restore page lists them: each kind the backup
        /// carried and held something of ("Favorites: 2; Lists: 1").
        public func restored(strings: UIStrings) -> String {
            let items = kinds.compactMap { kind -> String? in
                guard let count = kind.count, count > 0 else { return nil }
                return strings["restore_row_" + kind.key] + ": " + count.formatted(.number.locale(strings.locale))
            }
            return items.isEmpty
                ? strings["maintenance_restored_nothing"]
                : strings("maintenance_restored", ["items": items.joined(separator: "; ")])
        }
    }

    /// This backup's counts. A kind several parts make up (bottles and what is always at hand;
    /// notes, ratings and drinks made) counts them together, and is absent only when all are.
    public var counts: Counts {
        var kinds = [Counts.Kind(key: "accounts", count: accounts.count)]
        for part in BookContents.parts {
            guard let key = part.kind else { continue }
            let count = part.count(self)
            if let index = kinds.firstIndex(where: { $0.key == key }) {
                if let count { kinds[index].count = (kinds[index].count ?? 0) + count }
            } else {
                kinds.append(Counts.Kind(key: key, count: count))
            }
        }
        return Counts(kinds: kinds)
    }
}
