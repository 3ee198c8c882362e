import Foundation
import Testing

/// Menu prices from the command line: `lists price`, prices in `lists show`, and the book's
/// currency with `settings currency`, against the real binary on a temporary book.
@Suite("CLI: menu prices and the book's currency", .serialized)
struct CLIPriceTests {
    @Test("lists price NAME DRINK 9.50 sets it, lists show shows it, --clear clears it; -1 writes nothing")
    func prices() async throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        #expect(try await sandbox.run(["lists", "create", "Bar"]).status == 0)
        #expect(try await sandbox.run(["lists", "add", "Bar", "Manhattan"]).status == 0)
        #expect(try await sandbox.run(["lists", "add", "Bar", "2"]).status == 0)
        #expect(
            try await sandbox.run(["lists", "price", "Bar", "Manhattan", "9.50"]).stdout
                == "Manhattan on \"Bar\" costs €9.50.\n")
        #expect(
            try await sandbox.run(["lists", "show", "Bar"]).stdout
                == "Bar\n  1. Manhattan  [3]  €9.50\n  2. Daiquiri  [2]\n")
        let json = try await sandbox.run(["lists", "show", "Bar", "--json"])
        let body = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let first = (body?["cocktails"] as? [[String: Any]])?.first
        #expect((first?["price"] as? [String: Any])?["minor"] as? Int == 950)
        #expect(first?["priceText"] as? String == "€9.50")

        for bad in [
            ["lists", "price", "Bar", "Manhattan", "-1"], ["lists", "price", "Bar", "Manhattan", "lots"],
            ["lists", "price", "Bar", "Manhattan", "20000"], ["lists", "price", "Bar", "Margarita", "5"],
            ["lists", "price", "Bar", "Manhattan"], ["lists", "price", "Bar", "Manhattan", "5", "--clear"],
        ] {
            let refused = try await sandbox.run(bad)
            #expect(refused.status != 0 && refused.stdout.isEmpty, "\(bad): \(refused)")
        }
        #expect(try await sandbox.run(["lists", "show", "Bar"]).stdout.contains("1. Manhattan  [3]  €9.50"))
        #expect(
            try await sandbox.run(["lists", "price", "Bar", "Manhattan", "--clear"]).stdout
                == "Manhattan on \"Bar\" has no price now.\n")
        #expect(!(try await sandbox.run(["lists", "show", "Bar"]).stdout.contains("€")))
    }

    @Test("settings currency shows the default, sets a code, refuses one it does not know; prices follow it")
    func currency() async throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        #expect(
            try await sandbox.run(["settings", "currency"]).stdout == "EUR (the default: no one has set one)\n")
        #expect(try await sandbox.run(["settings", "currency", "jpy"]).stdout == "The book's currency is now JPY.\n")
        let bad = try await sandbox.run(["settings", "currency", "XYZ"])
        #expect(bad.status == 1 && bad.stdout.isEmpty && bad.stderrLines.count == 1, "\(bad)")
        #expect(bad.stderr.contains("ISO 4217"))
        #expect(try await sandbox.run(["settings", "currency"]).stdout == "JPY\n")
        #expect(try await sandbox.run(["lists", "create", "Bar"]).status == 0)
        #expect(try await sandbox.run(["lists", "add", "Bar", "3"]).status == 0)
        #expect(
            try await sandbox.run(["lists", "price", "Bar", "3", "950"]).stdout
                == "Manhattan on \"Bar\" costs ¥950.\n")
    }
}
