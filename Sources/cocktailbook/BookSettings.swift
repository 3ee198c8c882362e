import ArgumentParser
import CocktailBook
import CocktailBookStore
import Foundation

/// `cocktailbook settings …`: the book's own settings (those of no one person), run by whoever
/// owns the machine, as `user` is: the admin of the book.
struct BookSettingsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings", abstract: "Show or change the book's own settings: its currency.",
        subcommands: [Currency.self])

    struct Currency: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show the book's currency, or set it: menu prices are kept in it.",
            discussion: "Changing it does not convert the prices already set.")
        @OptionGroup var common: AccountOptions
        @Argument(help: ArgumentHelp("An ISO 4217 code such as EUR, USD or JPY.", valueName: "code")) var code: String?

        func run() async throws {
            try await runReportingErrors {
                try await withStore(try common.resolved()) { database in
                    guard let code else {
                        let set = try await database.bookCurrency()
                        return print(set ?? "\(BookCurrency.defaultCode) (the default: no one has set one)")
                    }
                    let upper = code.trimmingCharacters(in: .whitespaces).uppercased()
                    try await database.setBookCurrency(upper)
                    print("The book's currency is now \(upper).")
                }
            }
        }
    }
}
