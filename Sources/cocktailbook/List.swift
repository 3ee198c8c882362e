import ArgumentParser
import CocktailBook
import CocktailBookApp

struct List: BookCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the cocktails in display order: favorites first, then alphabetical."
    )

    @OptionGroup var common: CommonOptions

    @OptionGroup var kind: KindOption

    @Flag(name: .long, help: "Print the JSON of GET /api/v1/cocktails, every match on one page.")
    var json = false

    func run(on environment: Book) async throws {
        let query = CocktailQuery(kind: kind.kind).unpaged
        let page = try await environment.catalog.query(query)
        if json {
            try printJSON(CocktailListPayload(query: query, page: page, language: common.strings.language))
        } else {
            print(
                CocktailTable(
                    title: query.kind.title(common.strings), items: page.items, strings: common.strings
                )
                .text)
        }
    }
}
