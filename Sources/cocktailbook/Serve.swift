import ArgumentParser
import CocktailBookWeb
import Foundation
import Hummingbird

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the web app and the JSON API (the default command).",
        discussion: "The server answers at once; the catalog loads from the recipe source in the background."
    )

    @OptionGroup var common: CommonOptions

    @Option(name: .long, help: ArgumentHelp("The address to listen on (env: COCKTAILBOOK_HOST; default 127.0.0.1).", valueName: "address"))
    var host: String?

    @Option(name: .long, help: ArgumentHelp("The port to listen on, 0 for any free one (env: COCKTAILBOOK_PORT; default 8080).", valueName: "port"))
    var port: Int?

    func validate() throws {
        _ = try resolved()
    }

    func resolved() throws -> AppConfiguration {
        let environment = ProcessInfo.processInfo.environment
        var configuration = try common.resolved(environment: environment)
        if let host = try value(host, "COCKTAILBOOK_HOST", environment, as: String.self) {
            guard !host.isEmpty else { throw ValidationError("The host must not be empty.") }
            configuration.host = host
        }
        if let port = try value(port, "COCKTAILBOOK_PORT", environment, as: Int.self) {
            guard (0...65535).contains(port) else { throw ValidationError("The port must be between 0 and 65535, not \(port).") }
            configuration.port = port
        }
        return configuration
    }

    func run() async throws {
        let configuration = try resolved()
        try await runReportingErrors {
            let app = try await buildApplication(configuration: configuration) { port in
                let shown = port.map(String.init) ?? String(configuration.port)
                let line = "Cocktail Book is running at http://\(configuration.host):\(shown) (database: \(configuration.databasePath))\n"
                FileHandle.standardOutput.write(Data(line.utf8))
            }
            do {
                try await app.runService()
            } catch where "\(error)".contains("Address already in use") {
                throw ServeError.portInUse(host: configuration.host, port: configuration.port)
            }
        }
    }
}

enum ServeError: Error, LocalizedError {
    case portInUse(host: String, port: Int)

    var errorDescription: String? {
        switch self {
        case .portInUse(let host, let port):
            "\(host):\(port) is already in use; stop the other server or choose another port with --port."
        }
    }
}
