import CocktailBookTestSupport
import Foundation
import Subprocess
import SystemPackage
import Testing

/// What one run of the binary produced.
struct CLIResult: CustomStringConvertible {
    var status: Int32
    var stdout: String
    var stderr: String

    /// The non-empty lines written to stderr.
    var stderrLines: [String] { stderr.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) }

    var description: String { "exit \(status)\n--- stdout\n\(stdout)\n--- stderr\n\(stderr)" }
}

enum CLI {
    /// The built `cocktailbook` binary: `$COCKTAILBOOK_BINARY`, else the `cocktailbook` file beside
    /// the test bundle (`.build/<triple>/debug/`).
    static let binary: URL? = {
        let fileManager = FileManager.default
        if let override = ProcessInfo.processInfo.environment["COCKTAILBOOK_BINARY"], !override.isEmpty {
            return URL(fileURLWithPath: override)
        }
        let starts = [
            URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath(),
            Bundle.main.bundleURL.resolvingSymlinksInPath(),
            Bundle.main.executableURL?.resolvingSymlinksInPath(),
        ].compactMap { $0 }
        for start in starts {
            var directory = start
            for _ in 0..<6 {
                let candidate = directory.appendingPathComponent("cocktailbook")
                var isDirectory: ObjCBool = false
                if fileManager.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue,
                    fileManager.isExecutableFile(atPath: candidate.path)
                {
                    return candidate
                }
                directory = directory.deletingLastPathComponent()
            }
        }
        return nil
    }()

    /// How many runs of the binary may be under way at once: a few per core. Swift Testing starts
    /// every CLI test at once, and a hundred processes sharing two busy cores each took more than
    /// a minute; queued here, each run's own time stays short and its deadline means a hang.
    static let gate = ProcessGate(limit: max(2, ProcessInfo.processInfo.activeProcessorCount * 2))

    /// Runs the binary with `arguments` and an environment stripped of every `COCKTAILBOOK_*`
    /// variable, plus `environment`, through swift-subprocess (Foundation's `Process.run` crashes
    /// now and then on Linux: swift-corelibs-foundation #5472), once ``gate`` lets it start. A run
    /// past `timeout` (the shared deadline for a condition: a hung process, never a slow one) is
    /// killed and reported as SIGTERM's status, 15, as the earlier watchdog did.
    static func run(
        _ arguments: [String], environment: [String: String], input: String? = nil,
        timeout: TimeInterval = TimeInterval(conditionDeadline.components.seconds)
    ) async throws -> CLIResult {
        try await gate.withTurn {
            try await runNow(arguments, environment: environment, input: input, timeout: timeout)
        }
    }

    private static func runNow(
        _ arguments: [String], environment: [String: String], input: String?, timeout: TimeInterval
    ) async throws -> CLIResult {
        let binary = try #require(binary, "cannot find the cocktailbook binary; set COCKTAILBOOK_BINARY")
        var variables = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("COCKTAILBOOK_") }
        variables.merge(environment) { _, new in new }
        var keyed: [Environment.Key: String] = [:]
        for (name, value) in variables {
            if let key = Environment.Key(rawValue: name) { keyed[key] = value }
        }
        let settings = (
            executable: Executable.path(FilePath(binary.path)), arguments: Arguments(arguments),
            environment: Environment.custom(keyed)
        )
        let limit = 8 * 1_048_576
        return try await withThrowingTaskGroup(of: CLIResult?.self) { group in
            group.addTask {
                let result =
                    if let input {
                        try await Subprocess.run(
                            settings.executable, arguments: settings.arguments, environment: settings.environment,
                            input: .string(input), output: .string(limit: limit), error: .string(limit: limit))
                    } else {
                        try await Subprocess.run(
                            settings.executable, arguments: settings.arguments, environment: settings.environment,
                            input: .none, output: .string(limit: limit), error: .string(limit: limit))
                    }
                let status: Int32 =
                    switch result.terminationStatus {
                    case .exited(let code): code
                    case .signaled(let signal): signal
                    }
                return CLIResult(
                    status: status, stdout: result.standardOutput ?? "", stderr: result.standardError ?? "")
            }
            group.addTask {
                try await Task.sleep(for: .seconds(timeout))
                return nil
            }
            let first = try await group.next() ?? nil
            group.cancelAll()
            // The run cancelled by the deadline is killed by swift-subprocess's teardown.
            return first ?? CLIResult(status: 15, stdout: "", stderr: "killed after \(Int(timeout)) s")
        }
    }
}

/// A temporary home for one test: its own database and data directory, removed afterwards.
struct CLISandbox {
    let directory: URL
    let databasePath: String

    init() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("cocktailbook-cli-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        databasePath = directory.appendingPathComponent("db/cocktailbook.sqlite").path
    }

    /// Runs the binary. With `common`, the sandbox's database and an instant source are passed as
    /// flags; `XDG_DATA_HOME` always points into the sandbox so no run touches the real home.
    func run(_ arguments: [String], common: Bool = true, environment: [String: String] = [:], input: String? = nil)
        async throws -> CLIResult
    {
        let flags = common ? ["--database", databasePath, "--source-latency", "0", "--catalog", SeedCatalog.path] : []
        var env = ["XDG_DATA_HOME": directory.appendingPathComponent("xdg").path]
        env.merge(environment) { _, new in new }
        return try await CLI.run(arguments + flags, environment: env, input: input)
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}

/// At most `limit` bodies at once; the others wait their turn, first come first served.
actor ProcessGate {
    private let limit: Int
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(limit: Int) { self.limit = limit }

    func withTurn<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        if running < limit {
            running += 1
        } else {
            // The one who leaves hands its place over, so `running` stays counted.
            await withCheckedContinuation { waiting.append($0) }
        }
        defer { leave() }
        return try await body()
    }

    private func leave() {
        if waiting.isEmpty {
            running -= 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
