import Foundation
import Testing

/// `search --json` / `GET /api/v1/cocktails?q=`, with its paging keys.
private struct SearchJSON: Decodable {
    var title: String
    var filter: String
    var query: String
    var total: Int
    var page: Int
    var perPage: Int
    var nextPage: Int?
    var cocktails: [ListJSON.Item]
    var names: [String] { cocktails.map(\.name) }
}

/// The keys of `GET /api/v1/cocktails` and of each of its rows.
private let listKeys: Set = ["title", "filter", "query", "total", "page", "perPage", "nextPage", "cocktails"]
private let rowKeys: Set = ["id", "name", "kind", "shortDescription", "preparationMinutes", "imageURL", "isFavorite"]

/// The seed catalog's ids and names.
private let seedNames: [String: String] = [
    "0": "Piña Colada", "1": "Mojito", "2": "Daiquiri", "3": "Manhattan", "4": "Virgin Mixed Berry Caipirinha",
    "5": "Basil Lemonade Punch", "6": "Gin and Tonic", "7": "Margarita", "8": "Bloody Mary", "9": "Screwdriver",
    "10": "Old Fashioned", "11": "Margarita Mocktail", "12": "Non-Alcoholic Juicy Julep",
]

extension CLISandbox {
    /// Runs the binary on the 170-cocktail bundled catalog (no `--catalog`), with the sandbox's database.
    func runDiscoverBundled(_ arguments: [String]) async throws -> CLIResult {
        try await run(arguments + ["--database", databasePath, "--source-latency", "0"], common: false)
    }
}

/// Decodes `text` as a JSON object, recording the text when it is not one.
private func jsonObject(_ text: String) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
    return try #require(object as? [String: Any], "not a JSON object: \(text)")
}

@Suite("CLI: search and random")
struct DiscoverCLISearchTests {
    @Test("search marg prints a table of the matches, both Margaritas first")
    func searchTable() async throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let result = try await sandbox.run(["search", "marg"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.isEmpty, "\(result)")
        let table = try #require(PrintedTable(result.stdout), "\(result)")
        // The seed catalog: both Margaritas by name prefix, then Bloody Mary as a one-letter typo of "mary".
        #expect(table.title == #"Results for "marg" (3)"#)
        #expect(table.names == ["Margarita", "Margarita Mocktail", "Bloody Mary"])
        #expect(table.rows.map(\.id) == ["7", "11", "8"])
        #expect(table.rows.map(\.kind) == ["alcoholic", "non-alcoholic", "alcoholic"])
    }

    @Test("search takes several words and a filter")
    func searchWordsAndFilter() async throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let filtered = try await sandbox.run(["search", "marg", "--filter", "non-alcoholic"])
        #expect(filtered.status == 0, "\(filtered)")
        #expect(PrintedTable(filtered.stdout)?.names == ["Margarita Mocktail"], "\(filtered)")
        let words = try await sandbox.run(["search", "margarita", "mocktail"])
        #expect(words.status == 0, "\(words)")
        let table = try #require(PrintedTable(words.stdout), "\(words)")
        #expect(table.title == #"Results for "margarita mocktail" (1)"#)
        #expect(table.names == ["Margarita Mocktail"])
        let bad = try await sandbox.run(["search", "marg", "--filter", "beer"])
        #expect(bad.status != 0, "\(bad)")
        #expect(bad.stdout.isEmpty)
    }

    @Test("search --json is the API's search answer: its keys, the query and the order")
    func searchJSON() async throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let result = try await sandbox.run(["search", "marg", "--json"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.hasSuffix("}\n"))
        #expect(result.stdout.filter { $0 == "\n" }.count == 1)
        let object = try jsonObject(result.stdout)
        #expect(Set(object.keys) == listKeys)
        #expect(object["nextPage"] is NSNull)
        let rows = try #require(object["cocktails"] as? [[String: Any]])
        #expect(rows.allSatisfy { Set($0.keys) == rowKeys })
        let list = try JSONDecoder().decode(SearchJSON.self, from: Data(result.stdout.utf8))
        #expect(list.query == "marg" && list.filter == "all" && list.title == "All Cocktails")
        #expect(list.names == ["Margarita", "Margarita Mocktail", "Bloody Mary"])
        #expect(list.total == 3 && list.page == 1 && list.perPage == 3 && list.nextPage == nil)
        #expect(list.cocktails.first?.imageURL.hasPrefix("/images/cocktails/7.svg?v=") == true)
    }

    @Test("search negorni --json on the bundled catalog forgives the typo, as GET /api/v1/cocktails?q=negorni does")
    func searchTypoJSON() async throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let result = try await sandbox.runDiscoverBundled(["search", "negorni", "--json"])
        #expect(result.status == 0, "\(result)")
        let object = try jsonObject(result.stdout)
        #expect(Set(object.keys) == listKeys)
        let list = try JSONDecoder().decode(SearchJSON.self, from: Data(result.stdout.utf8))
        #expect(list.query == "negorni")
        #expect(list.names.first == "Negroni")
        #expect(list.names == ["Negroni", "Negroni Sbagliato", "Cynar Negroni", "Mezcal Negroni", "White Negroni"])
        #expect(list.total == 5 && list.page == 1 && list.nextPage == nil)
        #expect(list.cocktails.first?.kind == "alcoholic")

        let campari = try await sandbox.runDiscoverBundled(["search", "campari", "--json"])
        #expect(campari.status == 0, "\(campari)")
        let byIngredient = try JSONDecoder().decode(SearchJSON.self, from: Data(campari.stdout.utf8))
        #expect(byIngredient.names.contains("Negroni"))
        #expect(byIngredient.total == byIngredient.cocktails.count)
    }

    @Test("a search without matches says so and still succeeds")
    func searchNoMatches() async throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let result = try await sandbox.run(["search", "zzzz"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "No cocktails match \"zzzz\".\n")
        #expect(result.stderr.isEmpty)
        let near = try await sandbox.run(["search", "dakiri"])
        #expect(near.stdout == "No cocktails match \"dakiri\".\nDid you mean: Daiquiri?\n", "\(near)")
        let json = try await sandbox.run(["search", "zzzz", "--json"])
        #expect(json.status == 0, "\(json)")
        let list = try JSONDecoder().decode(SearchJSON.self, from: Data(json.stdout.utf8))
        #expect(list.cocktails.isEmpty && list.total == 0 && list.nextPage == nil)
    }

    @Test("random --json prints a whole cocktail of the catalog")
    func randomJSON() async throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        for _ in 0..<3 {
            let result = try await sandbox.run(["random", "--json"])
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout.hasSuffix("}\n"))
            let object = try jsonObject(result.stdout)
            #expect(
                Set(object.keys).isSuperset(of: [
                    "id", "name", "ingredients", "instructions", "lastModifiedLabel", "isFavorite",
                ]))
            let detail = try JSONDecoder().decode(DetailJSON.self, from: Data(result.stdout.utf8))
            let name = try #require(seedNames[detail.id], "unknown id \(detail.id)")
            #expect(detail.name == name)
            #expect(!detail.ingredients.isEmpty)
            let shown = try await sandbox.run(["show", detail.id, "--json"])
            let keys = try jsonObject(shown.stdout).keys
            #expect(Set(keys) == Set(object.keys))
        }
    }

    @Test("random prints a cocktail as show does")
    func randomText() async throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let result = try await sandbox.run(["random"])
        #expect(result.status == 0, "\(result)")
        let lines = result.stdout.components(separatedBy: "\n")
        let id = try #require(lines.dropFirst().first?.firstMatch(of: /\ · id ([0-9]+)$/)?.1, "\(result)")
        #expect(lines.first == seedNames[String(id)])
        let shown = try await sandbox.run(["show", String(id)])
        #expect(shown.stdout == result.stdout)
    }

    @Test(
        "--help of search and random exits 0 and mentions --json",
        arguments: [
            (["search"], ["--json", "--filter", "<query>", "search marg"]),
            (["random"], ["--json", "random"]),
            ([String](), ["search", "random"]),
        ])
    func help(command: [String], mentions: [String]) async throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let result = try await sandbox.run(command + ["--help"], common: false)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("USAGE: cocktailbook"), "\(result)")
        for word in mentions {
            #expect(
                result.stdout.contains(word),
                "`cocktailbook \(command.joined(separator: " ")) --help` does not mention \(word)")
        }
    }
}
