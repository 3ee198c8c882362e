import CocktailBookTestSupport
import Foundation

/// The 13-cocktail seed catalog the tests serve, at `Tests/Fixtures/seed-catalog.json`.
public enum SeedCatalog {
    public static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/seed-catalog.json").path
    public static var data: Data { FileManager.default.contents(atPath: path) ?? Data() }
}

/// A fresh directory under the system's temporary directory, holding a test's database file.
public struct TemporaryDatabase: Sendable {
    public let directory: URL
    public let path: String

    public init() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("cocktailbook-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        path = directory.appendingPathComponent("cocktailbook.sqlite").path
    }

    /// Deletes the directory with the database and its WAL companions.
    public func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}

/// What a condition awaited with ``eventually(within:_:until:)`` last read, when it never held.
public struct ConditionNeverHeld: Error, CustomStringConvertible {
    public let description: String

    public init(description: String) {
        self.description = description
    }
}

/// How long a test waits for a condition before it gives up. Generous on purpose: the common case
/// returns at the first read that holds, and a machine busy with other builds can take many times
/// longer than a quiet one; only a condition that never holds pays the whole deadline.
public let conditionDeadline = Duration.seconds(120)

/// Reads `read` again until `accept` holds, for at most `limit` (a deadline for a condition, never
/// a fixed wait: the common case returns at the first read that holds). Throws with the last
/// value read when the deadline passes.
@discardableResult
public func eventually<T>(
    within limit: Duration = conditionDeadline, _ read: () async throws -> T, until accept: (T) throws -> Bool
) async throws -> T {
    let deadline = ContinuousClock.now + limit
    var value = try await read()
    while try !accept(value) {
        guard ContinuousClock.now < deadline else { throw ConditionNeverHeld(description: "last read: \(value)") }
        try await Task.sleep(for: .milliseconds(20))
        value = try await read()
    }
    return value
}
