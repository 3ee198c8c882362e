import ArgumentParser
import CocktailBook
import CocktailBookApp

struct Search: BookCommand {
    static let configuration = CommandConfiguration(
        abstract: "Search the cocktails by name, ingredient and description.",
        discussion:
            "Typos in names are forgiven and words match as prefixes: `search marg`, `search negorni`, `search campari`."
    )

    @OptionGroup var common: CommonOptions

    @Argument(help: ArgumentHelp("The words to look for.", valueName: "query"))
    var words: [String] = []

    @OptionGroup var kind: KindOption

    @Flag(name: .long, help: "Print the JSON of GET /api/v1/cocktails?q=QUERY, every match on one page.")
    var json = false

    func run(on environment: Book) async throws {
        var query = CocktailQuery(text: words.joined(separator: " "), kind: kind.kind).unpaged
        query.language = common.strings.language
        let page = try await environment.catalog.query(query)
        if json {
            try printJSON(CocktailListPayload(query: query, page: page, language: common.strings.language))
        } else if page.items.isEmpty {
            print(common.strings("cli_no_matches", ["text": query.text]))
            if !page.suggestions.isEmpty {
                print(common.strings("cli_did_you_mean", ["names": page.suggestions.joined(separator: ", ")]))
            }
        } else {
            print(
                CocktailTable(
                    title: common.strings("cli_results_for", ["text": query.text]), items: page.items,
                    strings: common.strings
                ).text)
        }
    }
}

struct Random: BookCommand {
    static let configuration = CommandConfiguration(abstract: "Show a cocktail picked at random: feeling lucky.")

    @OptionGroup var common: CommonOptions

    @Flag(name: .long, help: "Print exactly the JSON of GET /api/v1/random.")
    var json = false

    func run(on environment: Book) async throws {
        let item = try await environment.catalog.randomCocktail()
        let details = try await environment.catalog.details(id: item.cocktail.id)
        if json {
            try printJSON(
                CocktailDetailPayload(
                    details, now: environment.catalog.now(), calendar: environment.catalog.calendar))
        } else {
            print(Show.text(for: details, ingredients: details.cocktail.ingredients))
        }
    }
}
