import CocktailBookTestSupport
import Foundation
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

    /// Runs the binary with `arguments` and an environment stripped of every `COCKTAILBOOK_*`
    /// variable, plus `environment`. Output goes to files, so a chatty process can never block.
    static func run(
        _ arguments: [String], environment: [String: String], input: String? = nil, timeout: TimeInterval = 60
    ) async throws -> CLIResult {
        let binary = try #require(binary, "cannot find the cocktailbook binary; set COCKTAILBOOK_BINARY")
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                do {
                    continuation.resume(returning: try runBlocking(binary, arguments, environment, input, timeout))
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
    }

    private static func runBlocking(
        _ binary: URL, _ arguments: [String], _ extra: [String: String], _ input: String?, _ timeout: TimeInterval
    ) throws -> CLIResult {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "cocktailbook-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("stdout")
        let errURL = scratch.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        defer {
            try? out.close()
            try? err.close()
        }

        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("COCKTAILBOOK_") }
        environment.merge(extra) { _, new in new }

        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.environment = environment
        if let input {
            let inURL = scratch.appendingPathComponent("stdin")
            try Data(input.utf8).write(to: inURL)
            process.standardInput = try FileHandle(forReadingFrom: inURL)
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
        process.waitUntilExit()
        watchdog.cancel()

        return CLIResult(
            status: process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self)
        )
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
