import ArgumentParser
import CocktailBook
import CocktailBookApp
import CocktailBookStore

/// `cocktailbook bar …`: the shelf from the command line, and what it makes.
struct Bar: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Keep your bar: the bottles you have, what they make, what to buy next.",
        subcommands: [Add.self, Remove.self, ListBar.self, CanMake.self, Suggest.self, Make.self, Stock.self]
    )

    /// The canonical values of `names`, or a one-line error naming the first unknown one.
    static func values(_ names: [String], in environment: Book) async throws -> [String] {
        let index = try await environment.catalog.barIndex()
        return try names.map { name in
            guard let value = index.value(for: name) else {
                throw UsageError(
                    "There is no ingredient \"\(name)\"; `cocktailbook list` and the filters name them (e.g. \"London dry gin\", \"Campari\")."
                )
            }
            return value
        }
    }

    /// Puts the bottles `names` on `owner`'s shelf (`true`) or takes them off; returns their values.
    static func shelve(_ names: [String], _ onShelf: Bool, owner: FavoritesUserOption, in environment: Book)
        async throws -> [String]
    {
        let values = try await values(names, in: environment)
        let who = try await owner.resolved(in: environment)
        for value in values { try await environment.bar.setOnShelf(value, onShelf, owner: who) }
        return values
    }

    /// One line for each bottle that a drink or batch took down to its low mark.
    static func printLow(_ low: [StockUse], index: BarIndex, strings: UIStrings) {
        for bottle in low {
            print(
                strings(
                    "stock_low",
                    [
                        "name": strings.ingredient(bottle.value),
                        "ml": strings.stockAmount(bottle.ml, unit: index.stockUnit(of: bottle.value)),
                    ]))
        }
    }

    struct Add: BookCommand {
        static let configuration = CommandConfiguration(abstract: "Put bottles on the shelf.")
        @OptionGroup var common: CommonOptions
        @OptionGroup var owner: FavoritesUserOption
        @Argument(help: ArgumentHelp("Ingredient names, e.g. \"London dry gin\" Campari.", valueName: "ingredient"))
        var names: [String]

        func run(on environment: Book) async throws {
            let values = try await Bar.shelve(names, true, owner: owner, in: environment)
            print("Added \(values.joined(separator: ", ")) to \(owner.whose)bar.")
        }
    }

    struct Remove: BookCommand {
        static let configuration = CommandConfiguration(abstract: "Take bottles off the shelf.")
        @OptionGroup var common: CommonOptions
        @OptionGroup var owner: FavoritesUserOption
        @Argument(help: ArgumentHelp("Ingredient names.", valueName: "ingredient")) var names: [String]

        func run(on environment: Book) async throws {
            let values = try await Bar.shelve(names, false, owner: owner, in: environment)
            print("Removed \(values.joined(separator: ", ")) from \(owner.whose)bar.")
        }
    }

    struct ListBar: BookCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List the shelf, with how many drinks each bottle makes.")
        @OptionGroup var common: CommonOptions
        @OptionGroup var owner: FavoritesUserOption
        @Flag(name: .long, help: "Print exactly the JSON of GET /api/v1/bar.") var json = false

        func run(on environment: Book) async throws {
            let who = try await owner.resolved(in: environment)
            if json {
                return try printJSON(try await environment.bar.payload(of: who, strings: common.strings))
            }
            let shelf = try await environment.bar.shelf(of: who)
            guard !shelf.bottles.isEmpty else {
                return print("The bar is empty: add bottles with `cocktailbook bar add NAME…`.")
            }
            let enabled = try await environment.bar.report(of: who).evaluation.drinksEnabled()
            for value in shelf.bottles.sorted(by: {
                $0.localizedCaseInsensitiveCompare($1) == .orderedAscending
            }) {
                let count = enabled[value] ?? 0
                print("\(common.strings.ingredient(value))  (\(common.strings.count("bar_enables", count)))")
            }
        }
    }

    struct CanMake: BookCommand {
        static let configuration = CommandConfiguration(
            commandName: "can-make",
            abstract: "The drinks the shelf makes now (or, with --one-away, those one ingredient away), and why.")
        @OptionGroup var common: CommonOptions
        @OptionGroup var owner: FavoritesUserOption
        @Flag(name: .long, help: "Drinks that lack exactly one ingredient.") var oneAway = false
        @Flag(name: .long, help: "Drinks makeable only with a stand-in that changes them (bourbon for rye whiskey).")
        var standIn = false
        @Flag(
            name: .long, help: "Print the JSON of GET /api/v1/cocktails?makeable=now|one-away, every match on one page."
        ) var json =
            false

        func run(on environment: Book) async throws {
            let who = try await owner.resolved(in: environment)
            let shelf = try await environment.bar.shelf(of: who)
            var query = CocktailQuery().unpaged
            query.makeable = oneAway ? .oneAway : standIn ? .withStandIn : .now
            let page = try await environment.catalog.query(query, for: who, shelf: shelf)
            if json {
                return try printJSON(
                    CocktailListPayload(query: query, page: page, language: common.strings.language))
            }
            let strings = common.strings
            print("\(query.makeable?.title(strings) ?? "") (\(page.total))")
            for item in page.items {
                print("  \(item.cocktail.name)")
                for missing in item.bar?.missing ?? [] {
                    print("    " + strings("bar_missing", ["name": strings.ingredient(missing)]))
                }
                for match in item.bar?.matchedBy ?? [] { print("    " + match.text(strings)) }
            }
        }
    }

    struct Suggest: BookCommand {
        static let configuration = CommandConfiguration(
            abstract: "What to buy next: the ingredients that complete the most drinks.")
        @OptionGroup var common: CommonOptions
        @OptionGroup var owner: FavoritesUserOption
        @Flag(name: .long, help: "Print exactly the JSON of GET /api/v1/bar/suggestions.") var json = false

        func run(on environment: Book) async throws {
            let report = try await environment.bar.report(of: try owner.resolved(in: environment))
            let strings = common.strings
            let suggestions = report.evaluation.suggestions().map { suggestion in
                BarSuggestionPayload(
                    value: suggestion.value, name: strings.ingredient(suggestion.value),
                    unlocks: suggestion.unlocks,
                    cocktails: suggestion.positions.map { report.cocktails[$0].id })
            }
            if json { return try printJSON(suggestions) }
            guard !suggestions.isEmpty else { return print("Nothing is one bottle away yet.") }
            for (suggestion, source) in zip(suggestions, report.evaluation.suggestions()) {
                print(
                    strings.count(
                        "bar_unlocks", suggestion.unlocks,
                        [
                            "name": strings.toBuy(
                                suggestion.value, byThePiece: report.index.isBoughtByThePiece(suggestion.value))
                        ]) + ": "
                        + source.positions.map { report.cocktails[$0].name }.joined(separator: ", "))
            }
        }
    }
}
