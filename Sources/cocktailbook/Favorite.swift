import ArgumentParser
import CocktailBook
import CocktailBookApp
import CocktailBookStore

struct Favorite: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Mark, unmark and list favorites; they are pinned to the top of every list.",
        subcommands: [Add.self, Remove.self, ListFavorites.self]
    )

    struct Add: BookCommand {
        static let configuration = CommandConfiguration(abstract: "Mark a cocktail as favorite.")
        @OptionGroup var common: CommonOptions
        @OptionGroup var owner: FavoritesUserOption
        @Argument(help: ArgumentHelp("The cocktail's id or name.", valueName: "id-or-name")) var cocktail: String

        func run(on environment: Book) async throws {
            let drink = try await environment.catalog.cocktail(idOrName: cocktail).cocktail
            try await environment.catalog.setFavorite(true, for: drink.id, owner: try owner.resolved(in: environment))
            print("Added \(drink.name) to \(owner.whose)favorites.")
        }
    }

    struct Remove: BookCommand {
        static let configuration = CommandConfiguration(abstract: "Unmark a favorite.")
        @OptionGroup var common: CommonOptions
        @OptionGroup var owner: FavoritesUserOption
        @Argument(help: ArgumentHelp("The cocktail's id or name.", valueName: "id-or-name")) var cocktail: String

        func run(on environment: Book) async throws {
            let drink = try await environment.catalog.cocktail(idOrName: cocktail).cocktail
            try await environment.catalog.setFavorite(false, for: drink.id, owner: try owner.resolved(in: environment))
            print("Removed \(drink.name) from \(owner.whose)favorites.")
        }
    }

    struct ListFavorites: BookCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the favorites.")
        @OptionGroup var common: CommonOptions
        @OptionGroup var owner: FavoritesUserOption
        @Flag(name: .long, help: "Print exactly the JSON of GET /api/v1/favorites.") var json = false

        func run(on environment: Book) async throws {
            let list = try await environment.catalog.list(
                filter: .all, for: try owner.resolved(in: environment))
            if json {
                try printJSON(FavoritesPayload(list))
            } else {
                print(CocktailTable(title: "Favorites", items: list.items.filter(\.isFavorite)).text)
            }
        }
    }
}

/// `--user NAME`: whose favorites a command reads or changes. Without it, a book without
/// accounts uses its implicit owner, and a book with exactly one account uses that account.
struct FavoritesUserOption: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The account whose favorites these are (needed once the book has more than one account).", valueName: "name"
        ))
    var user: String?

    var whose: String { user.map { "\($0)'s " } ?? "" }

    func resolved(in environment: Book) async throws -> FavoritesOwner {
        if let user {
            guard let account = try await environment.database.credentials(named: user)?.account else {
                throw StoreError.unknownAccount(user)
            }
            return account.owner
        }
        let accounts = try await environment.database.accounts()
        switch accounts.count {
        case 0: return .implicit
        case 1: return accounts[0].owner
        default: throw UsageError("This book has \(accounts.count) accounts: say whose favorites with --user NAME.")
        }
    }
}
