import Foundation
import Testing

/// `cocktailbook bar make` and `bar stock`: batches and levels from the command line, and
/// `made` running the bottles down.
@Suite("CLI: bar make and bar stock")
struct CLIStockTests {
    @Test(
        "bar make puts a batch on the shelf; bar stock sets a level; made takes what it poured; bad input is one line")
    func makeAndStock() async throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        #expect(try await sandbox.run(["bar", "add", "lime", "orange", "soda water"]).status == 0)
        let before = try await sandbox.run(["bar", "can-make"])
        #expect(!before.stdout.contains("  Margarita Mocktail\n"))
        let made = try await sandbox.run(["bar", "make", "agave syrup", "--ml", "300"])
        #expect(made.status == 0 && made.stdout.hasPrefix("Made 300 ml of agave syrup; good until "), "\(made)")
        #expect(try await sandbox.run(["bar", "can-make"]).stdout.contains("  Margarita Mocktail\n"))
        let list = try await sandbox.run(["bar", "list", "--json"])
        let bar = try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [String: Any]
        #expect((bar?["batches"] as? [[String: Any]])?.first?["ml"] as? Double == 300)

        let stock = try await sandbox.run(["bar", "stock", "London dry gin", "--ml", "500", "--bottle-ml", "700"])
        #expect(stock.status == 0 && stock.stdout == "London dry gin: about 500 of 700 ml left\n", "\(stock)")
        for value in ["tonic water"] {
            #expect(try await sandbox.run(["bar", "add", value]).status == 0)
        }
        #expect(try await sandbox.run(["made", "Gin and Tonic", "--servings", "2"]).status == 0)
        let after = try await sandbox.run(["bar", "list", "--json"])
        let items = (try JSONSerialization.jsonObject(with: Data(after.stdout.utf8)) as? [String: Any])?["ingredients"]
        let gin = (items as? [[String: Any]])?.first { $0["value"] as? String == "London dry gin" }
        #expect(gin?["stockMl"] as? Double == 380, "two of 60 ml each")

        // Each refused with its reason on the first line (a usage error is followed by the usage).
        for (bad, reason) in [
            (["bar", "stock", "Campari", "--ml=-5"], "ml must be between 0 and 20000 ml."),
            (
                ["bar", "stock", "Campari", "--ml", "800", "--bottle-ml", "700"],
                "ml cannot be more than the bottle holds"
            ),
            (["bar", "make", "Campari", "--ml", "300"], "\"Campari\" has no house recipe"),
            (["bar", "make", "honey syrup", "--ml", "0"], "--ml must be from 1 to 10000."),
        ] {
            let refused = try await sandbox.run(bad)
            #expect(refused.status != 0 && refused.stdout.isEmpty, "\(bad): \(refused)")
            #expect(refused.stderrLines.first?.contains(reason) == true, "\(bad): \(refused)")
        }
        let unchanged = try await sandbox.run(["bar", "list", "--json"])
        #expect(unchanged.stdout == after.stdout, "nothing written")
    }

    @Test("bar make takes its recipe's bottles off the shelf, honey in grams; made takes the syrup from the batch")
    func makeDrawsStock() async throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        #expect(try await sandbox.run(["bar", "add", "lime", "orange", "soda water"]).status == 0)
        let honey = try await sandbox.run(["bar", "stock", "honey", "--ml", "500", "--bottle-ml", "500"])
        #expect(honey.status == 0 && honey.stdout == "raw honey: about 500 of 500 g left\n", "\(honey)")
        let syrup = try await sandbox.run(["bar", "make", "honey syrup", "--ml", "300"])
        // 250 g make 280 ml: 300 ml take 267.857… g.
        #expect(syrup.status == 0 && syrup.stdout.hasSuffix("\nraw honey: 268 g less on the shelf\n"), "\(syrup)")
        #expect(try await sandbox.run(["bar", "stock", "agave nectar", "--ml", "500"]).status == 0)
        // Agave syrup: 200 ml of nectar and 100 ml of water make 300 ml.
        let agave = try await sandbox.run(["bar", "make", "agave syrup", "--ml", "150"])
        #expect(agave.status == 0 && agave.stdout.hasSuffix("\nagave nectar: 100 ml less on the shelf\n"), "\(agave)")
        let list = try await sandbox.run(["bar", "list", "--json"])
        let items = (try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [String: Any])?["ingredients"]
        let levels = Dictionary(
            uniqueKeysWithValues: (items as? [[String: Any]] ?? []).compactMap { item in
                (item["value"] as? String).flatMap { value in (item["stockMl"] as? Double).map { (value, $0) } }
            })
        #expect(abs((levels["raw honey"] ?? 0) - 232.142_857) < 0.001)
        #expect(levels["agave nectar"] == 400)
        // ½ oz of agave syrup comes out of its batch.
        let drink = try await sandbox.run(["made", "Margarita Mocktail"])
        #expect(drink.status == 0 && drink.stdout.hasPrefix("agave syrup: 15 ml less in the batch\n"), "\(drink)")
        let after = try await sandbox.run(["bar", "list", "--json"])
        let bar = try JSONSerialization.jsonObject(with: Data(after.stdout.utf8)) as? [String: Any]
        let batches = (bar?["batches"] as? [[String: Any]] ?? []).map { ($0["value"] as? String, $0["ml"] as? Double) }
        #expect(batches.first { $0.0 == "agave syrup" }?.1 == 135)
    }
}
