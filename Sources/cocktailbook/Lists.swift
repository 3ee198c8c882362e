import ArgumentParser
import CocktailBook
import CocktailBookApp
import CocktailBookStore
import Foundation

/// `cocktailbook lists …`: your lists of drinks from the command line (`list`, singular, keeps
/// listing the catalog as it always did).
struct Lists: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Keep lists of drinks (\"Saturday\", \"To try\"): show, create, add, remove and price.",
        subcommands: [Show.self, Create.self, Add.self, Remove.self, Price.self], defaultSubcommand: Show.self)

    /// Runs `body` with the book's lists and whose they are; a failure is one line on stderr.
    static func run(
        _ common: CommonOptions, _ owner: FavoritesUserOption,
        _ body: (ListCommands, FavoritesOwner) async throws -> Void
    ) async throws {
        try await runReportingErrors {
            try await withBook(common) { environment in
                try await body(
                    ListCommands(catalog: environment.catalog, store: environment.database),
                    try await owner.resolved(in: environment))
            }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show your lists, or with a name the drinks of that list in order.")
        @OptionGroup var common: CommonOptions
        @OptionGroup var owner: FavoritesUserOption
        @Argument(help: ArgumentHelp("A list's name.", valueName: "name")) var name: String?
        @Flag(name: .long, help: "With a name, print the JSON of GET /api/v1/lists/{id} (without a share address).")
        var json = false

        func run() async throws {
            try await Lists.run(common, owner) { lists, who in
                guard let name else {
                    let all = try await lists.store.lists(of: who)
                    if all.isEmpty { return print("No lists yet: make one with `cocktailbook lists create NAME`.") }
                    for list in all {
                        print("\(list.name)  (\(common.strings.count("lists_drink_count", list.entries.count)))")
                    }
                    return
                }
                let list = try await lists.list(named: name, owner: who)
                if json {
                    return FileHandle.standardOutput.write(
                        try await lists.json(list, strings: common.strings) + Data("\n".utf8))
                }
                print(list.name)
                let currency = try await lists.currency()
                let prices = Dictionary(
                    list.entries.map { ($0.cocktailID, $0.priceMinor) }, uniquingKeysWith: { a, _ in a })
                for (position, drink) in await lists.drinks(of: list).enumerated() {
                    let price = (prices[drink.id] ?? nil).map {
                        "  " + lists.priceText($0, currency: currency, strings: common.strings)
                    }
                    print("  \(position + 1). \(drink.name)  [\(drink.id)]" + (price ?? ""))
                }
            }
        }
    }

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Make a new, empty list.")
        @OptionGroup var common: CommonOptions
        @OptionGroup var owner: FavoritesUserOption
        @Argument(help: ArgumentHelp("The list's name.", valueName: "name")) var name: String

        func run() async throws {
            try await Lists.run(common, owner) { lists, who in
                let existing = try await lists.store.lists(of: who)
                if existing.contains(where: { $0.name.lowercased() == name.lowercased() }) {
                    throw UsageError("There is already a list \"\(name)\".")
                }
                let list = try await lists.store.createList(named: name, owner: who, at: lists.now())
                print("Created the list \"\(list.name)\".")
            }
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Put a drink at the end of a list.")
        @OptionGroup var common: CommonOptions
        @OptionGroup var owner: FavoritesUserOption
        @Argument(help: ArgumentHelp("The list's name.", valueName: "name")) var name: String
        @Argument(help: ArgumentHelp("The drink's id or name.", valueName: "drink")) var drink: String
        @Option(name: .long, help: ArgumentHelp("A short note for this drink on the list.", valueName: "text"))
        var note: String?

        func run() async throws {
            try await Lists.run(common, owner) { lists, who in
                let list = try await lists.list(named: name, owner: who)
                let id = try await lists.drink(drink)
                let changed = try await lists.store.addEntry(
                    id, note: note, to: list.id, owner: who, at: lists.now())
                let title = await lists.drinks(of: changed).first { $0.id == id }?.name ?? id
                print("Added \(title) to \"\(changed.name)\".")
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Take a drink off a list.")
        @OptionGroup var common: CommonOptions
        @OptionGroup var owner: FavoritesUserOption
        @Argument(help: ArgumentHelp("The list's name.", valueName: "name")) var name: String
        @Argument(help: ArgumentHelp("The drink's id or name.", valueName: "drink")) var drink: String

        func run() async throws {
            try await Lists.run(common, owner) { lists, who in
                let list = try await lists.list(named: name, owner: who)
                let id = try await lists.drink(drink)
                guard list.contains(id) else { throw ListError.entryNotFound }
                let title = await lists.drinks(of: list).first { $0.id == id }?.name ?? id
                let changed = try await lists.store.removeEntry(id, from: list.id, owner: who, at: lists.now())
                print("Removed \(title) from \"\(changed.name)\".")
            }
        }
    }

    struct Price: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Set a drink's menu price (in the book's currency), or clear it with --clear.")
        @OptionGroup var common: CommonOptions
        @OptionGroup var owner: FavoritesUserOption
        @Argument(help: ArgumentHelp("The list's name.", valueName: "name")) var name: String
        @Argument(help: ArgumentHelp("The drink's id or name.", valueName: "drink")) var drink: String
        @Argument(help: ArgumentHelp("The price, such as 9.50 (or 9,50).", valueName: "price")) var price: String?
        @Flag(name: .long, help: "Take the drink's price off the menu.") var clear = false

        func validate() throws {
            if price != nil, clear { throw ValidationError("Give a price or --clear, not both.") }
            if price == nil, !clear { throw ValidationError("Give a price of 0 or more (such as 9.50), or --clear.") }
        }

        func run() async throws {
            try await Lists.run(common, owner) { lists, who in
                let list = try await lists.list(named: name, owner: who)
                let id = try await lists.drink(drink)
                let currency = try await lists.currency()
                let minor = try price.map { try lists.price($0, currency: currency) }
                let changed = try await lists.store.setEntryPrice(
                    id, minor: minor, in: list.id, owner: who, at: lists.now())
                let title = await lists.drinks(of: changed).first { $0.id == id }?.name ?? id
                guard let minor else { return print("\(title) on \"\(changed.name)\" has no price now.") }
                let text = lists.priceText(minor, currency: currency, strings: common.strings)
                print("\(title) on \"\(changed.name)\" costs \(text).")
            }
        }
    }
}
