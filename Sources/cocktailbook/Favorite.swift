import ArgumentParser
import CocktailBook
import CocktailBookWeb

struct Favorite: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Mark, unmark and list favorites; they are pinned to the top of every list.",
        subcommands: [Add.self, Remove.self, ListFavorites.self]
    )

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Mark a cocktail as favorite.")
        @OptionGroup var common: CommonOptions
        @Argument(help: ArgumentHelp("The cocktail's id.", valueName: "id")) var id: String

        func run() async throws {
            try await runReportingErrors {
                let environment = try await openCatalog(common)
                try await environment.catalog.setFavorite(true, for: id)
                print("Added \(try await environment.catalog.cocktail(id: id).cocktail.name) to favorites.")
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Unmark a favorite.")
        @OptionGroup var common: CommonOptions
        @Argument(help: ArgumentHelp("The cocktail's id.", valueName: "id")) var id: String

        func run() async throws {
            try await runReportingErrors {
                let environment = try await openCatalog(common)
                try await environment.catalog.setFavorite(false, for: id)
                print("Removed \(try await environment.catalog.cocktail(id: id).cocktail.name) from favorites.")
            }
        }
    }

    struct ListFavorites: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the favorites.")
        @OptionGroup var common: CommonOptions
        @Flag(name: .long, help: "Print exactly the JSON of GET /api/v1/favorites.") var json = false

        func run() async throws {
            try await runReportingErrors {
                let environment = try await openCatalog(common)
                let list = try await environment.catalog.list(filter: .all)
                if json {
                    try printJSON(FavoritesPayload(list))
                } else {
                    print(CocktailTable(title: "Favorites", items: list.items.filter(\.isFavorite)).text)
                }
            }
        }
    }
}
