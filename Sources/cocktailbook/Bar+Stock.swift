import ArgumentParser
import CocktailBook
import CocktailBookApp
import CocktailBookStore
import Foundation

extension Bar {
    /// `cocktailbook bar make NAME --ml 300`: a batch of a house-made ingredient.
    struct Make: BookCommand {
        static let configuration = CommandConfiguration(
            abstract: "Record a batch of a house-made ingredient (a syrup) you just made.")
        @OptionGroup var common: CommonOptions
        @OptionGroup var owner: FavoritesUserOption
        @Argument(help: ArgumentHelp("The house-made ingredient, e.g. \"honey syrup\".", valueName: "ingredient"))
        var name: String
        @Option(name: .long, help: "How much you made, in millilitres (1 to 10000).") var ml: Double

        func validate() throws {
            guard ml >= 1, ml <= HouseBatch.maxMl else {
                throw ValidationError("--ml must be from 1 to \(Int(HouseBatch.maxMl)).")
            }
        }

        func run(on environment: Book) async throws {
            let value = try await Bar.values([name], in: environment)[0]
            let who = try await owner.resolved(in: environment)
            let made: (batch: HouseBatch, drawn: [StockUse], low: [StockUse], recipes: HouseRecipes)
            do {
                made = try await environment.bar.makeBatch(value, ml: ml, owner: who)
            } catch BarDesk.Refusal.notHouseMade {
                throw UsageError(
                    "\"\(value)\" has no house recipe; one of: "
                        + (try await environment.bar.index().houseMadeValues.joined(separator: ", ")))
            }
            guard let recipe = made.recipes.recipe(for: value) else { return }
            let batch = made.batch
            let until =
                batch.expiry(recipes: made.recipes, calendar: HouseBatch.calendar)
                .map { $0.formatted(.iso8601.year().month().day()) } ?? "?"
            print(
                "Made \(common.strings.decimal(ml)) ml of \(common.strings.ingredient(value)); good until \(until) (\(recipe.shelfLifeDays) days, \(recipe.storage.rawValue))."
            )
            let index = try await environment.bar.index()
            for drawn in made.drawn {
                print(
                    common.strings(
                        "stock_taken_for_batch",
                        [
                            "name": common.strings.ingredient(drawn.value),
                            "amount": common.strings.stockAmount(
                                drawn.ml, unit: index.stockUnit(of: drawn.value)),
                        ]))
            }
            Bar.printLow(made.low, index: index, strings: common.strings)
        }
    }

    /// `cocktailbook bar stock NAME --ml N [--bottle-ml N] [--low-ml N]`.
    struct Stock: BookCommand {
        static let configuration = CommandConfiguration(
            abstract: "Set how much is left of a bottle on the shelf, its size and its low mark.")
        @OptionGroup var common: CommonOptions
        @OptionGroup var owner: FavoritesUserOption
        @Argument(help: ArgumentHelp("The bottle, e.g. Campari.", valueName: "ingredient")) var name: String
        @Option(name: .long, help: "How much is left, in millilitres (0 to 20000).") var ml: Double
        @Option(name: .customLong("bottle-ml"), help: "The bottle's size, in millilitres.") var bottleMl: Double?
        @Option(name: .customLong("low-ml"), help: "At or below this the bottle goes on the shopping list.")
        var lowMl: Double?

        func validate() throws {
            if let problem = BottleStock(ml: ml, bottleMl: bottleMl, lowMl: lowMl).problem {
                throw ValidationError(problem)
            }
        }

        func run(on environment: Book) async throws {
            let value = try await Bar.values([name], in: environment)[0]
            let who = try await owner.resolved(in: environment)
            // The price stays as it was: this command sets levels only.
            let price = try await environment.bar.stock(of: who)[value]?.price
            let stock = BottleStock(ml: ml, bottleMl: bottleMl, lowMl: lowMl, price: price)
            if let problem = stock.problem { throw UsageError(problem) }
            try await environment.bar.putOnShelf(value, stock: stock, owner: who)
            let strings = common.strings
            let unit = try await environment.bar.index().stockUnit(of: value)
            let level =
                bottleMl.map {
                    strings(
                        "stock_left_of",
                        [
                            "ml": strings.decimal(ml, fractionDigits: 0),
                            "bottle": strings.stockAmount($0, unit: unit),
                        ])
                } ?? strings("stock_left", ["ml": strings.stockAmount(ml, unit: unit)])
            print("\(strings.ingredient(value)): \(level)")
        }
    }
}
