import ArgumentParser
import Foundation

/// Runs `body`; any error is printed as one line on stderr and ends the process with status 1.
func runReportingErrors<T>(_ body: () async throws -> T) async throws -> T {
    do {
        return try await body()
    } catch let exit as ExitCode {
        throw exit
    } catch {
        let message = (error as? LocalizedError)?.errorDescription ?? error.localizedDescription
        FileHandle.standardError.write(Data("cocktailbook: \(message)\n".utf8))
        throw ExitCode.failure
    }
}

/// A mistake in how a command was used, found while it runs; printed as its message.
struct UsageError: Error, LocalizedError {
    let message: String
    init(_ message: String) { self.message = message }
    var errorDescription: String? { message }
}
