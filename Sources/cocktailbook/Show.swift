import ArgumentParser
import CocktailBook
import CocktailBookWeb

struct Show: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show one cocktail in full, found by id or by name.",
        discussion: "Names match regardless of case and accents: `show \"pina colada\"` finds Piña Colada."
    )

    @OptionGroup var common: CommonOptions

    @Argument(help: ArgumentHelp("The cocktail's id (as in `list`) or its name.", valueName: "id-or-name"))
    var cocktail: String

    @Flag(name: .long, help: "Print exactly the JSON of GET /api/v1/cocktails/{id}.")
    var json = false

    func run() async throws {
        try await runReportingErrors {
            let environment = try await openCatalog(common)
            let item = try await environment.catalog.cocktail(idOrName: cocktail)
            if json {
                try printJSON(CocktailDetailPayload(item))
            } else {
                print(Self.text(for: item))
            }
        }
    }

    static func text(for item: CocktailList.Item) -> String {
        let cocktail = item.cocktail
        var lines = [cocktail.name + (item.isFavorite ? "  ♥ favorite" : "")]
        lines.append("\(cocktail.kind.rawValue) · \(cocktail.preparationTimeText) · id \(cocktail.id)")
        lines += ["", cocktail.shortDescription, "", cocktail.longDescription, "", "Ingredients"]
        lines += cocktail.ingredients.map { "  • \($0)" }
        return lines.joined(separator: "\n")
    }
}
