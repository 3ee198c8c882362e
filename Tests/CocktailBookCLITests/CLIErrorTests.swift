import Foundation
import Testing

@Suite("CLI: errors and configuration")
struct CLIErrorTests {
    @Test(
        "an unknown id fails with one line on stderr naming it",
        arguments: [
            ["show", "999"], ["favorite", "add", "999"], ["favorite", "remove", "999"], ["show", "999", "--json"],
        ])
    func unknownID(arguments: [String]) async throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let result = try await sandbox.run(arguments)
        #expect(result.status != 0, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines.count == 1, "\(result)")
        #expect(result.stderrLines.first?.contains("999") == true)
    }

    @Test("a malformed id fails with one line naming it")
    func malformedID() async throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let result = try await sandbox.run(["favorite", "add", "bad!id"])
        #expect(result.status != 0)
        #expect(result.stderrLines.count == 1, "\(result)")
        #expect(result.stderrLines.first?.contains("bad!id") == true)
    }

    @Test("an unusable database path fails with one line about the database")
    func unwritableDatabase() async throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let result = try await sandbox.run(
            ["list", "--database", "/proc/nope/x.sqlite", "--source-latency", "0"], common: false)
        #expect(result.status != 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines.count == 1, "\(result)")
        let line = try #require(result.stderrLines.first)
        #expect(line.contains("database"))
        #expect(line.contains("/proc/nope/x.sqlite"))
    }

    @Test(
        "a PostgreSQL address that cannot be used fails with one line and no waiting",
        arguments: [
            ("postgres://", "postgres://user@host:5432/database"),
            // Port 1 on this machine: nothing listens, the connection is refused at once.
            (
                "postgres://cocktails@127.0.0.1:1/book",
                "postgres://cocktails@127.0.0.1:1/book: no connection could be made"
            ),
        ])
    func unusablePostgres(address: String, mentioned: String) async throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let result = try await sandbox.run(["list", "--database", address, "--source-latency", "0"], common: false)
        // The command ends by itself with its own exit code (1, or 64 for a usage error); a
        // command waiting on the pool's retries would be stopped by the runner's watchdog
        // (SIGTERM, 15) instead. No clock is read: a busy machine must not fail this.
        #expect([1, 64].contains(result.status), "\(result)")
        #expect(result.stdout.isEmpty)
        // The first line says it (a malformed address is a usage error, followed by the usage).
        #expect(result.stderrLines.first?.contains(mentioned) == true, "\(result)")
    }

    // The design asks for "one clear line": a raw NSError dump is not one.
    @Test("the database failure is told in plain words, not as a raw system error")
    func unwritableDatabaseInPlainWords() async throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let result = try await sandbox.run(
            ["list", "--database", "/proc/nope/x.sqlite", "--source-latency", "0"], common: false)
        let line = try #require(result.stderrLines.first)
        #expect(!line.contains("Error Domain="), "\(line)")
        #expect(!line.contains("UserInfo="), "\(line)")
    }

    @Test("a file that is not a database fails with one line")
    func garbageDatabase() async throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let path = sandbox.directory.appendingPathComponent("garbage.sqlite").path
        try Data(repeating: 0x5A, count: 4096).write(to: URL(fileURLWithPath: path))
        let result = try await sandbox.run(["list", "--database", path, "--source-latency", "0"], common: false)
        #expect(result.status != 0)
        #expect(result.stderrLines == ["cocktailbook: Cannot open the database at \(path): file is not a database."])
    }

    @Test("a failing source with no cache fails with one line saying it is unavailable")
    func sourceUnavailable() async throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let result = try await sandbox.run(["list", "--source-failures", "1"])
        #expect(result.status != 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines.count == 1, "\(result)")
        #expect(result.stderrLines.first?.contains("unavailable") == true)
    }

    @Test("environment variables stand in for the flags")
    func environmentVariables() async throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let path = sandbox.directory.appendingPathComponent("from-env.sqlite").path
        let env = ["COCKTAILBOOK_DATABASE": path, "COCKTAILBOOK_SOURCE_LATENCY": "0"]
        let add = try await sandbox.run(["favorite", "add", "7"], common: false, environment: env)
        #expect(add.status == 0, "\(add)")
        #expect(FileManager.default.fileExists(atPath: path))
        let list = try await sandbox.run(["list"], common: false, environment: env)
        #expect(
            PrintedTable(list.stdout)?.rows.first
                == .init(id: "7", name: "Margarita", isFavorite: true, kind: "alcoholic"))

        let failing = try await sandbox.run(
            ["list"], common: false,
            environment: [
                "COCKTAILBOOK_DATABASE": sandbox.databasePath, "COCKTAILBOOK_SOURCE_LATENCY": "0",
                "COCKTAILBOOK_SOURCE_FAILURES": "1",
            ]
        )
        #expect(failing.status != 0)
        #expect(failing.stderrLines.first?.contains("unavailable") == true)
    }

    @Test("without a database option the file goes under $XDG_DATA_HOME/cocktailbook")
    func defaultDatabaseLocation() async throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let result = try await sandbox.run(["list", "--source-latency", "0"], common: false)
        #expect(result.status == 0, "\(result)")
        let expected = sandbox.directory.appendingPathComponent("xdg/cocktailbook/cocktailbook.sqlite").path
        #expect(FileManager.default.fileExists(atPath: expected))
    }

    @Test(
        "invalid option values fail validation",
        arguments: [
            (["serve", "--port", "70000"], "70000"),
            (["list", "--filter", "beer"], "beer"),
            (["list", "--source-latency=-1"], "between 0 and 600"),
            (["list", "--source-failures=-2"], "must not be negative"),
            (["serve", "--refresh-every", "5s"], "from 10s to 366d"),
            (["serve", "--refresh-every", "soon"], "not soon"),
            (["serve", "--refresh-every=-6h"], "from 10s to 366d"),
            (["serve", "--trust-proxy", "--trusted-proxies", "10.0.0.0/8,proxy.lan"], "not proxy.lan"),
            (["serve", "--auth-header", "Remote-User"], "needs --trusted-proxies"),
            (["serve", "--auth-header", "Remote User", "--trusted-proxies", "10.0.0.1"], "not Remote User"),
            (["serve", "--trusted-proxies", "10.0.0.0/33"], "not 10.0.0.0/33"),
            (["serve", "--public-url", "bar.example.org"], "not bar.example.org"),
            (["serve", "--public-url", "https://bar.example.org/book"], "root"),
            // Signing in through an OpenID provider: the redirect needs the public address, the
            // provider's answers need https (plain http only on this machine), and both client
            // credentials are needed.
            (["serve", "--oidc-issuer", "https://auth.example.org"], "needs --public-url"),
            (
                ["serve", "--oidc-issuer", "http://auth.example.org", "--public-url", "https://bar.example.org"],
                "must be an https address"
            ),
            (
                ["serve", "--oidc-issuer", "https://auth.example.org", "--public-url", "https://bar.example.org"],
                "--oidc-client-id and --oidc-client-secret"
            ),
            (["serve", "--no-password-login"], "needs --oidc-issuer"),
            // Good durations pass, and the next problem is the one reported.
            (["serve", "--refresh-every", "90s", "--port", "70000"], "70000"),
            (["serve", "--refresh-every", "off", "--port", "70001"], "70001"),
            (["serve", "--refresh-every", "1d", "--port", "70002"], "70002"),
        ])
    func invalidOptions(arguments: [String], mentioned: String) async throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let result = try await sandbox.run(arguments + ["--database", sandbox.databasePath], common: false)
        #expect(result.status != 0, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(mentioned), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.databasePath))
    }

    @Test("an invalid environment value names the variable")
    func invalidEnvironmentValue() async throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let result = try await sandbox.run(
            ["list", "--database", sandbox.databasePath], common: false,
            environment: ["COCKTAILBOOK_SOURCE_LATENCY": "soon"]
        )
        #expect(result.status != 0)
        #expect(result.stderr.contains("COCKTAILBOOK_SOURCE_LATENCY=soon"), "\(result)")
    }
}
