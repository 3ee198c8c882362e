import Foundation
import GRDB

extension AppDatabase {
    /// Checks that the database can be read through (SQLite's quick integrity check) and
    /// written (a schema change in a transaction that is rolled back), for `/readyz`.
    ///
    /// - Returns: `nil` when both work, or one sentence saying what does not.
    public func healthProblem() async -> String? {
        do {
            // The lock keeps the probe out of a transaction under way (see ``SQLBook``).
            let verdict = try await writeLock.withLock {
                try await writer.read { db in try String.fetchOne(db, sql: "PRAGMA quick_check(1)") }
            }
            guard verdict == "ok" else { return "the database is damaged (\(verdict ?? "no answer"))" }
        } catch {
            return "the database cannot be read (\(Self.describeHealth(error)))"
        }
        do {
            try await writeLock.withLock {
                try await writer.write { db in
                    try db.execute(sql: "SAVEPOINT readiness")
                    try db.execute(sql: "CREATE TABLE readinessProbe(x)")
                    try db.execute(sql: "ROLLBACK TO readiness")
                    try db.execute(sql: "RELEASE readiness")
                }
            }
        } catch {
            return "the database cannot be written (\(Self.describeHealth(error)))"
        }
        return nil
    }

    private static func describeHealth(_ error: any Error) -> String {
        (error as? DatabaseError)?.message ?? String(describing: error)
    }
}
