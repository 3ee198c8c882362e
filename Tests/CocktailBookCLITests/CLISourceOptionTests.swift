import Foundation
import Testing

@Suite("CLI: --source")
struct CLISourceOptionTests {
    @Test(
        "a --source that is not an http(s) URL with a host fails validation",
        arguments: [
            "ftp://example.com/api/", "not a url", "http://", "/api/json/v1/1/",
        ])
    func invalidSource(source: String) async throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let result = try await sandbox.run(["list", "--source", source])
        #expect(result.status != 0, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("source"), "\(result)")
    }

    @Test("COCKTAILBOOK_SOURCE is validated like the flag")
    func invalidEnvironmentSource() async throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let result = try await sandbox.run(["list"], environment: ["COCKTAILBOOK_SOURCE": "mailto:someone"])
        #expect(result.status != 0, "\(result)")
        #expect(result.stderr.contains("source"), "\(result)")
    }

    @Test("an unreachable --source with no cache fails with one line saying it is unavailable")
    func unreachableSource() async throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let result = try await sandbox.run(["list", "--source", "http://127.0.0.1:9/api/json/v1/1/"])
        #expect(result.status != 0, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines.count == 1, "\(result)")
        #expect(result.stderr.lowercased().contains("unavailable"), "\(result)")
    }
}
