import CocktailBook
import Foundation
import GRDB

/// The same catalog and queries against SQLite FTS5 through GRDB, as the yardstick.
///
/// The table holds the same three fields the in-memory index reads (name; each recipe line's
/// ingredient plus its canonical name; short + long description). Every query word becomes a
/// prefix term (`"marg"*`), all of them required, ranked by bm25 (`ORDER BY rank`), first 50
/// rows. FTS5 has no typo tolerance, so the typo queries find nothing there.
struct FTS5Benchmark {
    /// What one size's FTS5 run measured.
    struct Result {
        var sqliteVersion: String
        /// The inserts into the FTS5 table, in one transaction: SQLite's indexing work.
        var buildMilliseconds: Double
        /// Working out the field texts beforehand (recipe parsing, table look-ups), not included above.
        var prepareMilliseconds: Double
        var residentDeltaBytes: Int?
        /// Per query: the timed latencies and the total number of matches (untimed count).
        var samples: [[Double]]
        var matchCounts: [Int]
    }

    /// Why FTS5 could not be measured, in words.
    struct Unavailable: Error, CustomStringConvertible {
        var description: String
    }

    static let createSQL = """
        CREATE VIRTUAL TABLE cocktail USING fts5(name, ingredients, description, tokenize = "unicode61 remove_diacritics 2")
        """

    /// The MATCH expression for `query`, or nil for the empty query (which FTS5 cannot MATCH).
    static func matchExpression(_ query: String) -> String? {
        let terms = SearchText.terms(query)
        guard !terms.isEmpty else { return nil }
        // Terms are letters and digits only, so quoting them is enough to keep them literal.
        return terms.map { "\"\($0)\"*" }.joined(separator: " ")
    }

    /// The three field texts of each cocktail, in catalog order (rowid = position + 1).
    /// Each distinct recipe line is parsed once, as the in-memory index does.
    static func rows(_ cocktails: [Cocktail], table: IngredientTable) -> [(String, String, String)] {
        var wordsByLine: [String: [String]] = [:]
        return cocktails.map { cocktail in
            let ingredients = cocktail.ingredients.flatMap { text in
                if let words = wordsByLine[text] { return words }
                let line = IngredientParser.parse(text)
                let words = [line.ingredient, table.ingredient(for: line)?.name].compactMap { $0 }
                wordsByLine[text] = words
                return words
            }.joined(separator: " ")
            return (cocktail.name, ingredients, cocktail.shortDescription + " " + cocktail.longDescription)
        }
    }

    /// Builds the table and times `queries` in round-robin order, `rounds` times each.
    static func run(cocktails: [Cocktail], table: IngredientTable, queries: [String], rounds: Int) throws -> Result {
        let (texts, prepareMilliseconds) = Timing.measure { rows(cocktails, table: table) }
        let before = Memory.residentBytes()
        let queue: DatabaseQueue
        let version: String
        do {
            queue = try DatabaseQueue()
            version = try queue.inDatabase { db in try String.fetchOne(db, sql: "SELECT sqlite_version()") ?? "?" }
            try queue.inDatabase { db in try db.execute(sql: createSQL) }
        } catch {
            throw Unavailable(description: "FTS5 is not available in this SQLite: \(error)")
        }

        let (_, insertMilliseconds) = try Timing.measure {
            try queue.inTransaction { db in
                let insert = try db.makeStatement(
                    sql: "INSERT INTO cocktail(rowid, name, ingredients, description) VALUES (?, ?, ?, ?)")
                for (position, row) in texts.enumerated() {
                    try insert.execute(arguments: [position + 1, row.0, row.1, row.2])
                }
                return .commit
            }
        }
        let after = Memory.residentBytes()
        withExtendedLifetime(texts) {}

        var samples = Array(repeating: [Double](), count: queries.count)
        var matchCounts: [Int] = []
        var sink = 0
        try queue.inDatabase { db in
            let search = try db.makeStatement(
                sql: "SELECT rowid FROM cocktail WHERE cocktail MATCH ? ORDER BY rank LIMIT 50")
            let browse = try db.makeStatement(sql: "SELECT rowid FROM cocktail LIMIT 50")
            func once(_ expression: String?) throws -> Int {
                if let expression { return try Int64.fetchAll(search, arguments: [expression]).count }
                return try Int64.fetchAll(browse).count
            }
            // Untimed: how many rows match in all, and one warm-up pass.
            for query in queries {
                let expression = matchExpression(query)
                let count =
                    try expression.map {
                        try Int.fetchOne(
                            db, sql: "SELECT count(*) FROM cocktail WHERE cocktail MATCH ?", arguments: [$0]) ?? 0
                    } ?? cocktails.count
                matchCounts.append(count)
                sink &+= try once(expression)
            }
            let expressions = queries.map(matchExpression)
            for _ in 0..<rounds {
                for (index, expression) in expressions.enumerated() {
                    let (found, elapsed) = try Timing.measure { try once(expression) }
                    sink &+= found
                    samples[index].append(elapsed)
                }
            }
        }
        blackHole(sink)
        let delta = before.flatMap { b in after.map { $0 - b } }
        return Result(
            sqliteVersion: version, buildMilliseconds: insertMilliseconds,
            prepareMilliseconds: prepareMilliseconds, residentDeltaBytes: delta,
            samples: samples, matchCounts: matchCounts
        )
    }
}

/// Keeps a value alive so the optimiser cannot drop the work that produced it.
@inline(never)
func blackHole(_ value: Int) {
    if value == Int.min { print("") }
}
