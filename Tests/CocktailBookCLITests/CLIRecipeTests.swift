import CocktailBookTestSupport
import Foundation
import Testing

@Suite("CLI: recipes, notes, ratings, drinks made, export")
struct CLIRecipeTests {
    @Test("rate, note and made are kept for the book's owner, and show in the API's JSON of the drink")
    func personal() async throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        #expect(try await sandbox.run(["rate", "manhattan", "4"]).stdout == "Rated Manhattan 4 of 5.\n")
        #expect(try await sandbox.run(["note", "3", "two dashes, not one"]).stdout == "Noted on Manhattan.\n")
        let made = try await sandbox.run(["made", "3", "--servings", "2", "--note", "for the neighbours"])
        #expect(made.stdout == "Made Manhattan: 1 time so far.\n", "\(made)")
        let again = try await sandbox.run(["made", "3"])
        #expect(again.stdout == "Made Manhattan: 2 times so far.\n")
        let wrong = try await sandbox.run(["rate", "3", "9"])
        #expect(wrong.status != 0 && wrong.stderr.contains("from 1 to 5"))
        let unknown = try await sandbox.run(["note", "no such drink", "x"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.split(separator: "\n").count == 1, "one line: \(unknown.stderr)")

        let shown = try await sandbox.run(["show", "3", "--json"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
        #expect(json["name"] as? String == "Manhattan")
    }

    @Test("export prints the import format and Markdown, and the JSON imports back into another book")
    func export() async throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let json = try await sandbox.run(["export", "3", "margarita"])
        #expect(json.status == 0, "\(json)")
        let drinks = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(drinks.map { $0["name"] as? String } == ["Manhattan", "Margarita"])
        #expect((drinks[0]["ingredients"] as? [String])?.isEmpty == false)

        let markdown = try await sandbox.run(["export", "--format", "md", "3", "7"])
        #expect(markdown.stdout.hasPrefix("# Manhattan\n"))
        #expect(markdown.stdout.contains("\n---\n\n# Margarita\n"))

        let file = sandbox.directory.appendingPathComponent("two.json")
        try Data(json.stdout.utf8).write(to: file)
        let other = try CLISandbox()
        defer { other.remove() }
        let imported = try await other.run(["import", file.path])
        #expect(imported.status == 0, "\(imported)")
        let search = try await other.run(["search", "manhattan"])
        #expect(search.stdout.components(separatedBy: "Manhattan").count > 2, "the bundled one and the imported one")

        let nothing = try await sandbox.run(["export", "nope"])
        #expect(nothing.status == 1 && nothing.stderr.contains("nope"))
    }
}
