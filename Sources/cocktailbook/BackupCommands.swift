import ArgumentParser
import CocktailBook
import CocktailBookApp
import CocktailBookStore
import Foundation
import Logging

/// `cocktailbook backup FILE`: everything people put into the book, as one JSON file.
struct BackupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract:
            "Write a backup: accounts (without passwords), favorites, settings, bars, recipes, imported cocktails and every picture they show.",
        discussion:
            "FILE is written whole or not at all; `-` writes to standard output. Restore it with `cocktailbook restore FILE`."
    )

    @OptionGroup var common: CommonOptions

    @Argument(help: ArgumentHelp("Where to write the backup, or - for standard output.", valueName: "file"))
    var file: String

    func run() async throws {
        try await runReportingErrors {
            let environment = try await AppEnvironment(configuration: try common.resolved(), logger: quietLogger)
            let data = try await environment.database.whileRunning {
                try await environment.maintenance.backup()
            }
            if file == "-" {
                FileHandle.standardOutput.write(data)
            } else {
                do {
                    try data.write(to: URL(fileURLWithPath: (file as NSString).expandingTildeInPath), options: .atomic)
                } catch {
                    // Foundation's sentence names no file ("The file doesn't exist."): say which.
                    throw UsageError("Cannot write the backup to \(file): \(error.localizedDescription)")
                }
                print(
                    "Wrote a backup to \(file) (\(ByteCountFormatter.string(fromByteCount: Int64(data.count), countStyle: .file)))."
                )
            }
        }
    }
}

/// `cocktailbook restore FILE`: puts a backup back, in one transaction.
struct RestoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Restore a backup made by `cocktailbook backup` or the maintenance page.",
        discussion: """
            Favorites, account settings, bars and imported cocktails are replaced by the backup's, in one \
            transaction, after the book as it was is kept in the backups folder beside the database (the \
            maintenance page lists it): a file that is not a good backup changes nothing and says why. Accounts are \
            matched by \
            name; ones the book does not have yet are created without a usable password (set one with \
            `cocktailbook user passwd NAME`). A running server shows the imported cocktails after its next refresh \
            or restart.
            """
    )

    @OptionGroup var common: CommonOptions

    @Argument(help: ArgumentHelp("The backup file.", valueName: "file"))
    var file: String

    func run() async throws {
        try await runReportingErrors {
            let path = (file as NSString).expandingTildeInPath
            guard let data = FileManager.default.contents(atPath: path) else {
                throw UsageError("Cannot read \(file).")
            }
            let environment = try await AppEnvironment(configuration: try common.resolved(), logger: quietLogger)
            let restored = try await environment.database.whileRunning {
                try await environment.maintenance.restore(data)
            }
            let summary = restored.summary
            print(summary.counts.restored(strings: .english))
            print("The book as it was is kept as \(restored.keptAs): the maintenance page lists it to download.")
            // A backup holds no password hashes: an admin it brought back signs in once given one.
            for name in summary.adminsWithoutPassword {
                print("The admin \(name) has no password yet: run `cocktailbook user passwd \(name)` to set one.")
            }
        }
    }
}
