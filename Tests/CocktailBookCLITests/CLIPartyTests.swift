import Foundation
import Testing

/// `cocktailbook lists …` and `cocktailbook party`: lists and the party planner from the command
/// line, on a real database file and the seed catalog (Manhattan 3, Daiquiri 2).
@Suite("CLI: lists and party")
struct CLIPartyTests {
    @Test("lists create, add (by name and id), show, remove; an unknown list is one line and exit 1")
    func lists() async throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        #expect(
            try await sandbox.run(["lists"]).stdout == "No lists yet: make one with `cocktailbook lists create NAME`.\n"
        )
        #expect(try await sandbox.run(["lists", "create", "Saturday"]).stdout == "Created the list \"Saturday\".\n")
        let twice = try await sandbox.run(["lists", "create", "saturday"])
        #expect(twice.status == 1 && twice.stderrLines.count == 1 && twice.stderr.contains("already a list"))
        #expect(
            try await sandbox.run(["lists", "add", "Saturday", "Manhattan"]).stdout
                == "Added Manhattan to \"Saturday\".\n")
        #expect(try await sandbox.run(["lists", "add", "saturday", "2"]).stdout == "Added Daiquiri to \"Saturday\".\n")
        #expect(try await sandbox.run(["lists", "add", "Saturday", "7"]).status == 0)
        #expect(
            try await sandbox.run(["lists", "show", "Saturday"]).stdout
                == "Saturday\n  1. Manhattan  [3]\n  2. Daiquiri  [2]\n  3. Margarita  [7]\n")
        #expect(try await sandbox.run(["lists", "show"]).stdout == "Saturday  (3 drinks)\n")
        let json = try await sandbox.run(["lists", "show", "Saturday", "--json"])
        let body = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect((body?["cocktails"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == ["3", "2", "7"])
        #expect(
            try await sandbox.run(["lists", "remove", "Saturday", "Margarita"]).stdout
                == "Removed Margarita from \"Saturday\".\n")
        for bad in [
            ["lists", "add", "Nope", "3"], ["lists", "add", "Saturday", "unobtainium"], ["lists", "show", "Nope"],
        ] {
            let refused = try await sandbox.run(bad)
            #expect(
                refused.status == 1 && refused.stdout.isEmpty && refused.stderrLines.count == 1, "\(bad): \(refused)")
        }
        #expect(try await sandbox.run(["lists", "show", "Saturday"]).stdout.contains("2. Daiquiri"))
    }

    @Test("party --list NAME --guests 20: the figures worked out by hand, as text and as the API's JSON")
    func party() async throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        #expect(try await sandbox.run(["lists", "create", "Saturday"]).status == 0)
        #expect(try await sandbox.run(["lists", "add", "Saturday", "3"]).status == 0)
        #expect(try await sandbox.run(["lists", "add", "Saturday", "2"]).status == 0)

        let text = try await sandbox.run(["party", "--list", "Saturday", "--guests", "20"])
        #expect(text.status == 0, "\(text)")
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "Party plan: Saturday")
        #expect(lines.contains("  20 × Manhattan") && lines.contains("  20 × Daiquiri"))
        // Rye 50 ml × 20 = 1000 ml → 2 × 700 ml; lime juice 20 ml × 20 = 400 ml → 16 limes (25 ml
        // each), and 20 wheels, 8 a lime, 2.5 more: one row, 19 limes.
        #expect(lines.contains("  rye whiskey: 1000 ml → 2 × 700 ml"))
        #expect(lines.contains("  limes: 400 ml fresh lime juice, 20 × lime wheel → 19 limes"), "\(lines)")
        // The Daiquiris: 20 × 120 g to shake and 2 batch bottles on ice, 1 kg each; the Manhattan batch
        // waits in the freezer.
        #expect(lines.contains("Ice: 4.4 kg"))
        #expect(lines.contains("    Keep in the freezer; pour into a chilled glass"))
        #expect(lines.contains("  cherry: 20 pieces → 20 pieces"))
        // Manhattan batch: 1418 ml of mix, 623.5 ml of Arnold's water (PartyHTTPTests works it out).
        #expect(lines.contains("    Mix 1418 ml + water 624 ml"))

        let json = try await sandbox.run(["party", "--list", "saturday", "--guests", "20", "--json"])
        let plan = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(plan["guests"] as? Int == 20 && plan["perGuest"] as? Int == 2 && plan["iceKg"] as? Double == 4.4)
        let totals = try #require(plan["ingredients"] as? [[String: Any]])
        let rye = try #require(totals.first { $0["ingredient"] as? String == "rye whiskey" })
        #expect(rye["bottles"] as? Int == 2 && rye["ml"] as? Double == 1000 && rye["buy"] as? String == "2 × 700 ml")
        let batches = try #require(plan["batches"] as? [[String: Any]])
        #expect(batches.first { $0["cocktail"] as? String == "3" }?["waterMl"] as? Double == 623.5)

        // --shelf counts the bar: one of the two rye bottles is on it.
        #expect(try await sandbox.run(["bar", "add", "rye whiskey"]).status == 0)
        let shelved = try await sandbox.run(["party", "--list", "Saturday", "--guests", "20", "--shelf", "--json"])
        let counted = try #require(try JSONSerialization.jsonObject(with: Data(shelved.stdout.utf8)) as? [String: Any])
        let ryeOnShelf = try #require(
            (counted["ingredients"] as? [[String: Any]])?.first { $0["ingredient"] as? String == "rye whiskey" })
        #expect(counted["shelfCounted"] as? Bool == true)
        #expect(ryeOnShelf["onShelf"] as? Bool == true && ryeOnShelf["bottlesToBuy"] as? Int == 1)
        let shelvedText = try await sandbox.run(["party", "--list", "Saturday", "--guests", "20", "--shelf"])
        #expect(shelvedText.stdout.contains("  rye whiskey: 1000 ml → 1 × 700 ml (on your shelf)\n"))

        let italian = try await sandbox.run(["party", "--list", "Saturday", "--guests", "20", "--lang", "it"])
        #expect(italian.stdout.contains("Ghiaccio: 4,4 kg"))

        for bad in [
            ["party", "--list", "Saturday", "--guests", "0"], ["party", "--list", "Saturday", "--guests", "10000"],
            ["party", "--list", "Nope", "--guests", "20"],
            ["party", "--list", "Saturday", "--guests", "5", "--per-guest=0"],
        ] {
            let refused = try await sandbox.run(bad)
            #expect(
                refused.status != 0 && refused.stdout.isEmpty && refused.stderrLines.count == 1, "\(bad): \(refused)")
        }
    }
}
