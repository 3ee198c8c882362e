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
            (["favorite", "add"], common + ["<id-or-name>"]),
            (["favorite", "remove"], common + ["<id-or-name>"]),
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

    @Test("--version prints the repository's VERSION and, built from this checkout, its commit")
    func version() async throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let result = try await sandbox.run(["--version"], common: false)
        #expect(result.status == 0, "\(result)")
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let version = try String(contentsOf: root.appendingPathComponent("VERSION"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(!version.isEmpty && result.stdout.hasPrefix(version), "\(result)")
        // A checkout's commit, in parentheses (12 hex digits), when the tests run from a git clone.
        if FileManager.default.fileExists(atPath: root.appendingPathComponent(".git").path) {
            #expect(result.stdout.wholeMatch(of: /\S+ \([0-9a-f]{12}\)\n/) != nil, "\(result)")
        }
    }

    @Test("each user subcommand's --help lists its own options only, not the catalog source's")
    func userHelpIsItsOwn() async throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        for command in [["user", "add"], ["user", "list"], ["user", "passwd"], ["user", "token"]] {
            let result = try await sandbox.run(command + ["--help"], common: false)
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout.contains("--database"), "\(command)")
            for foreign in ["--source-latency", "--source-failures", "--catalog", "--source "] {
                #expect(!result.stdout.contains(foreign), "`\(command.joined(separator: " ")) --help` lists \(foreign)")
            }
        }
        let add = try await sandbox.run(["user", "add", "--help"], common: false)
        #expect(add.stdout.contains("--bcrypt-cost") && add.stdout.contains("--password-stdin"), "\(add)")
    }
}
