import Foundation
import Testing

/// `cocktailbook bar`: the shelf from the command line, on a real database file.
@Suite("CLI: bar")
struct CLIBarTests {
    @Test("bar add, list, can-make (now and --one-away), suggest, remove; an unknown bottle is one line and exit 1")
    func bar() async throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let added = try await sandbox.run(["bar", "add", "London dry gin", "tonic", "sweet vermouth", "Angostura bitters"])
        #expect(added.status == 0, "\(added)")
        #expect(added.stdout == "Added London dry gin, tonic water, sweet vermouth, Angostura bitters to bar.\n")
        let unknown = try await sandbox.run(["bar", "add", "unobtainium"])
        #expect(unknown.status == 1)
        #expect(unknown.stdout.isEmpty && unknown.stderrLines.count == 1 && unknown.stderr.contains("There is no ingredient \"unobtainium\""))
        let list = try await sandbox.run(["bar", "list", "--json"])
        let shelf = try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [String: Any]
        #expect((shelf?["ingredients"] as? [[String: String]])?.map { $0["value"] ?? "" } == ["Angostura bitters", "London dry gin", "sweet vermouth", "tonic water"])
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
