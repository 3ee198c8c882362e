import Foundation
import Testing

/// `cocktailbook bar`: the shelf from the command line, on a real database file.
@Suite("CLI: bar")
struct CLIBarTests {
    @Test("bar add, list, can-make (now and --one-away), suggest, remove; an unknown bottle is one line and exit 1")
    func bar() async throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let added = try await sandbox.run([
            "bar", "add", "London dry gin", "tonic", "sweet vermouth", "Angostura bitters",
        ])
        #expect(added.status == 0, "\(added)")
        #expect(added.stdout == "Added London dry gin, tonic water, sweet vermouth, Angostura bitters to bar.\n")
        let unknown = try await sandbox.run(["bar", "add", "unobtainium"])
        #expect(unknown.status == 1)
        #expect(
            unknown.stdout.isEmpty && unknown.stderrLines.count == 1
                && unknown.stderr.contains("There is no ingredient \"unobtainium\""))
        let list = try await sandbox.run(["bar", "list", "--json"])
        let shelf = try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [String: Any]
        #expect(
            (shelf?["ingredients"] as? [[String: String]])?.map { $0["value"] ?? "" } == [
                "Angostura bitters", "London dry gin", "sweet vermouth", "tonic water",
            ])
        let now = try await sandbox.run(["bar", "can-make"])
        #expect(now.stdout.hasPrefix("Can make now ("))
        #expect(now.stdout.contains("  Gin and Tonic\n"))
        let oneAway = try await sandbox.run(["bar", "can-make", "--one-away", "--json"])
        let body = try JSONSerialization.jsonObject(with: Data(oneAway.stdout.utf8)) as? [String: Any]
        let cocktails = body?["cocktails"] as? [[String: Any]] ?? []
        #expect(!cocktails.isEmpty && cocktails.allSatisfy { ($0["missing"] as? [Any])?.count == 1 })
        let suggest = try await sandbox.run(["bar", "suggest"])
        #expect(suggest.status == 0 && suggest.stdout.hasPrefix("rye whiskey → 1 more drink: Manhattan"), "\(suggest)")
        #expect(try await sandbox.run(["bar", "remove", "tonic water"]).stdout == "Removed tonic water from bar.\n")
        let after = try await sandbox.run(["bar", "can-make"])
        #expect(!after.stdout.contains("Gin and Tonic"))
        let italian = try await sandbox.run(["bar", "can-make", "--one-away", "--lang", "it"])
        #expect(italian.stdout.hasPrefix("Ti manca un ingrediente ("))
    }
}

/// `cocktailbook backup` and `restore`: a backup taken from one book restores into another.
@Suite("CLI: backup and restore")
struct CLIBackupTests {
    @Test(
        "backup FILE then restore FILE into a fresh database brings favorites and the bar back; a bad file is one line and exit 1"
    )
    func roundTrip() async throws {
        let first = try CLISandbox()
        let second = try CLISandbox()
        defer {
            first.remove()
            second.remove()
        }
        #expect(try await first.run(["favorite", "add", "3"]).status == 0)
        // By name too, as show and lists take a drink.
        let byName = try await first.run(["favorite", "add", "mojito"])
        #expect(byName.status == 0 && byName.stdout == "Added Mojito to favorites.\n", "\(byName)")
        #expect(try await first.run(["favorite", "remove", "Mojito"]).stdout == "Removed Mojito from favorites.\n")
        #expect(try await first.run(["bar", "add", "London dry gin", "tonic"]).status == 0)
        let file = first.directory.appendingPathComponent("backup.json").path
        // A folder that is not there: one line naming the file, nothing written.
        let missing = first.directory.appendingPathComponent("no-such-folder/backup.json").path
        let unwritable = try await first.run(["backup", missing])
        #expect(unwritable.status == 1 && unwritable.stderrLines.count == 1, "\(unwritable)")
        #expect(unwritable.stderr.hasPrefix("cocktailbook: Cannot write the backup to \(missing): "), "\(unwritable)")
        let backup = try await first.run(["backup", file])
        #expect(backup.status == 0 && backup.stdout.hasPrefix("Wrote a backup to \(file) ("), "\(backup)")

        let bad = second.directory.appendingPathComponent("bad.json").path
        try Data("{}".utf8).write(to: URL(fileURLWithPath: bad))
        let refused = try await second.run(["restore", bad])
        #expect(
            refused.status == 1 && refused.stderrLines.count == 1 && refused.stderr.contains("Nothing was changed."),
            "\(refused)")

        // The book as it was (one bottle) is kept before the restore replaces it.
        #expect(try await second.run(["bar", "add", "Campari"]).status == 0)
        let restored = try await second.run(["restore", file])
        let lines = restored.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "Restored from the backup: Favorites: 1; Bottles in bars: 2.", "\(restored)")
        let keptName = try #require(
            lines.last?.firstMatch(
                of: /^The book as it was is kept as (backup-before-restore-[0-9-]+-[0-9a-f]+\.json):/)
        ).1
        let kept = try Data(
            contentsOf: second.directory.appendingPathComponent("db/backups").appendingPathComponent(String(keptName)))
        #expect(String(decoding: kept, as: UTF8.self).contains(#""Campari""#))
        #expect(!String(decoding: kept, as: UTF8.self).contains(#""London dry gin""#))
        #expect(try await second.run(["favorite", "list"]).stdout.contains("♥ Manhattan"))
        let shelf = try await second.run(["bar", "list", "--json"])
        #expect(shelf.stdout.contains(#""value":"London dry gin""#) && shelf.stdout.contains(#""value":"tonic water""#))
    }
}
