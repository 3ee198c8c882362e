import Foundation
import Testing

@Suite("CLI: help")
struct CLIHelpTests {
    static let common = [
        "--database", "--source-latency", "--source-failures", "COCKTAILBOOK_DATABASE",
        "COCKTAILBOOK_SOURCE_LATENCY", "COCKTAILBOOK_SOURCE_FAILURES",
    ]

    @Test(
        "--help of every command exits 0 and documents its options",
        arguments: [
            ([String](), ["serve", "list", "show", "favorite", "import", "(default)"]),
            (["import"], common + ["<source>", "TheCocktailDB"]),
            (["list"], common + ["--filter", "--json"]),
            (["show"], common + ["--json", "<id-or-name>"]),
            (["favorite"], ["add", "remove", "list"]),
            (["favorite", "add"], common + ["<id>"]),
            (["favorite", "remove"], common + ["<id>"]),
            (["favorite", "list"], common + ["--json"]),
            (["serve"], common + ["--host", "--port", "COCKTAILBOOK_HOST", "COCKTAILBOOK_PORT"]),
        ])
    func help(command: [String], mentions: [String]) async throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let result = try await sandbox.run(command + ["--help"], common: false)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("USAGE: cocktailbook"), "\(result)")
        for word in mentions {
            #expect(
                result.stdout.contains(word),
                "`\((["cocktailbook"] + command).joined(separator: " ")) --help` does not mention \(word)")
        }
    }
}
