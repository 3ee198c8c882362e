import CocktailBook
import CocktailBookTestSupport
import Foundation
import Testing

@testable import CocktailBookStore

/// The statements written once run the same on both backends: arguments and values go in and
/// come out unchanged, a failed write leaves nothing, and writes at once each get their own
/// transaction.
@Suite("Statements written once")
struct SQLRunnerTests {
    @Test("PostgreSQL's arguments are numbered; a ? inside quotes stays text")
    func placeholders() {
        #expect(
            SQLPlaceholders.numbered(#"SELECT ?, '?', "a?b" FROM t WHERE x = ? AND y = 'it''s ?' OR z = ?"#)
                == #"SELECT $1, '?', "a?b" FROM t WHERE x = $2 AND y = 'it''s ?' OR z = $3"#)
    }

    struct Sample: Decodable, Equatable {
        var number: Int64
        var real: Double
        var words: String
        var bytes: Data
        var flag: Bool
        var madeAt: Date
        var missing: String?
    }

    @Test("every kind of value goes in and comes back out the same", arguments: Backend.configured)
    func values(_ backend: Backend) async throws {
        let date = Date(timeIntervalSince1970: 1_790_000_000.125)
        try await backend.withStore { store in
            let book = try #require(store as? any SQLBook)
            let rows = try await book.writing("test") { db in
                try await db.execute(
                    """
                    CREATE TABLE sample (number bigint, real double precision, words text, bytes bytea,
                        flag boolean, made_at timestamptz, missing text)
                    """)
                try await db.execute(
                    "INSERT INTO sample VALUES (?, ?, ?, ?, ?, ?, ?)", Int64.max, 2.5, "l'été ? \"x\"",
                    Data([0, 255, 7]), true, date, String?.none)
                try await db.execute(
                    "INSERT INTO sample VALUES (?, ?, ?, ?, ?, ?, ?)", -3, 0.0, "", Data(), false, date, "here")
                return try await db.all(Sample.self, "SELECT * FROM sample ORDER BY number DESC")
            }
            let first = Sample(
                number: Int64.max, real: 2.5, words: "l'été ? \"x\"", bytes: Data([0, 255, 7]), flag: true,
                madeAt: date, missing: nil)
            let second = Sample(
                number: -3, real: 0, words: "", bytes: Data(), flag: false, madeAt: date, missing: "here")
            #expect(rows == [first, second])
            let counted = try await book.reading { db in
                try await db.first(Int.self, "SELECT count(*) FROM sample WHERE flag = ?", true)
            }
            #expect(counted == 1)
        }
    }

    @Test("a write that fails half-way leaves nothing, and the next write works", arguments: Backend.configured)
    func rollback(_ backend: Backend) async throws {
        try await backend.withStore { store in
            let book = try #require(store as? any SQLBook)
            try await book.writing("test") { db in try await db.execute("CREATE TABLE thing (name text PRIMARY KEY)") }
            struct Refused: Error {}
            await #expect(throws: Refused.self) {
                try await book.writing("test") { db in
                    try await db.execute("INSERT INTO thing VALUES (?)", "first")
                    throw Refused()
                }
            }
            await #expect(throws: StoreError.self) {
                try await book.writing("test") { db in
                    try await db.execute("INSERT INTO thing VALUES (?)", "second")
                    try await db.execute("INSERT INTO thing VALUES (?)", "second") // the key refuses it
                }
            }
            try await book.writing("test") { db in try await db.execute("INSERT INTO thing VALUES (?)", "third") }
            let names = try await book.reading { db in try await db.all(String.self, "SELECT name FROM thing") }
            #expect(names == ["third"])
        }
    }

    @Test("writes at once each run in their own transaction, none lost", arguments: Backend.configured)
    func concurrentWrites(_ backend: Backend) async throws {
        try await backend.withStore { store in
            let book = try #require(store as? any SQLBook)
            try await book.writing("test") { db in try await db.execute("CREATE TABLE tally (n bigint PRIMARY KEY)") }
            // Each write inserts two rows and reads its own back inside the transaction: writes
            // sharing one transaction would fail to begin, or see or undo each other's rows.
            try await withThrowingTaskGroup(of: Void.self) { group in
                for n in 0..<40 {
                    group.addTask {
                        try await book.writing("test") { db in
                            try await db.execute("INSERT INTO tally VALUES (?)", n)
                            let mine = try await db.all(
                                Int64.self, "SELECT n FROM tally WHERE n IN (?, ?) ORDER BY n", n, n + 1000)
                            #expect(mine == [Int64(n)])
                            try await db.execute("INSERT INTO tally VALUES (?)", n + 1000)
                        }
                    }
                }
                try await group.waitForAll()
            }
            let all = try await book.reading { db in try await db.all(Int64.self, "SELECT n FROM tally ORDER BY n") }
            let expected: [Int64] = Array(0..<40) + Array(1000..<1040)
            #expect(all == expected)
        }
    }
}
