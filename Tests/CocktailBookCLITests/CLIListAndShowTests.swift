import Foundation
import Testing

@Suite("CLI: list and show")
struct CLIListAndShowTests {
    @Test("the binary is found beside the test bundle")
    func binaryFound() throws {
        let binary = try #require(CLI.binary)
        #expect(binary.lastPathComponent == "cocktailbook")
        #expect(FileManager.default.isExecutableFile(atPath: binary.path))
    }

    @Test("list prints a table of the 13 cocktails in display order")
    func list() async throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let result = try await sandbox.run(["list"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.isEmpty)
        let table = try #require(PrintedTable(result.stdout), "\(result)")
        #expect(table.title == "All Cocktails (13)")
        #expect(table.names == CLIFixtures.allNames)
        #expect(table.rows.allSatisfy { !$0.isFavorite })
        #expect(
            table.rows.first == .init(id: "5", name: "Basil Lemonade Punch", isFavorite: false, kind: "non-alcoholic"))
        #expect(table.rows.first { $0.name == "Piña Colada" }?.id == "0")
        #expect(!result.stdout.contains("♥"))
    }

    @Test(
        "list --filter gives the filter's title and rows",
        arguments: [
            ("alcoholic", "Alcoholic Cocktails (9)", CLIFixtures.alcoholicNames),
            ("non-alcoholic", "Non-Alcoholic Cocktails (4)", CLIFixtures.nonAlcoholicNames),
            ("all", "All Cocktails (13)", CLIFixtures.allNames),
        ])
    func listFiltered(filter: String, title: String, names: [String]) async throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let result = try await sandbox.run(["list", "--filter", filter])
        #expect(result.status == 0, "\(result)")
        let table = try #require(PrintedTable(result.stdout), "\(result)")
        #expect(table.title == title)
        #expect(table.names == names)
        let kinds = Set(table.rows.map(\.kind))
        #expect(filter == "all" ? kinds == ["alcoholic", "non-alcoholic"] : kinds == [filter])
    }

    @Test("list --json is the API's list: title, filter and order")
    func listJSON() async throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let result = try await sandbox.run(["list", "--json", "--filter", "non-alcoholic"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.hasSuffix("}\n"))
        #expect(result.stdout.filter { $0 == "\n" }.count == 1)
        let list = try JSONDecoder().decode(ListJSON.self, from: Data(result.stdout.utf8))
        #expect(list.title == "Non-Alcoholic Cocktails")
        #expect(list.filter == "non-alcoholic")
        #expect(list.cocktails.map(\.name) == CLIFixtures.nonAlcoholicNames)
        #expect(list.cocktails.map(\.id) == ["5", "11", "12", "4"])
        #expect(list.cocktails.allSatisfy { $0.kind == "non-alcoholic" && !$0.isFavorite })
        #expect(list.cocktails.first?.imageURL.hasPrefix("/images/cocktails/5.svg?v=") == true)
    }

    @Test("show 7 --json is Margarita in full")
    func showJSON() async throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let result = try await sandbox.run(["show", "7", "--json"])
        #expect(result.status == 0, "\(result)")
        let detail = try JSONDecoder().decode(DetailJSON.self, from: Data(result.stdout.utf8))
        #expect(detail.id == "7")
        #expect(detail.name == "Margarita")
        #expect(detail.kind == "alcoholic")
        #expect(detail.preparationMinutes == 5)
        #expect(detail.ingredients.first?.text == "50 ml blanco tequila")
        #expect(detail.ingredients.first?.ingredient == "blanco tequila")
        #expect(detail.ingredients.first?.amount == 50)
        #expect(detail.method == "shaken")
        #expect(detail.abv.map { (15...30).contains($0) } == true)
        #expect(detail.ingredients.count == 4)
        #expect(detail.longDescription.contains("Spanish word for daisy"))
        #expect(!detail.isFavorite)
    }

    @Test("show finds a cocktail by name regardless of case and accents", arguments: ["pina colada", "PIÑA COLADA"])
    func showByName(query: String) async throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let result = try await sandbox.run(["show", query])
        #expect(result.status == 0, "\(result)")
        let lines = result.stdout.components(separatedBy: "\n")
        #expect(lines.first == "Piña Colada")
        #expect(lines.dropFirst().first == "alcoholic · 7 minutes · ≈ 8% ABV · id 0")
        let ingredientsAt = try #require(lines.firstIndex(of: "Ingredients"), "\(result)")
        let ingredients = lines[(ingredientsAt + 1)...].prefix { $0.hasPrefix("  • ") }.map { String($0.dropFirst(4)) }
        #expect(ingredients == CLIFixtures.pinaColadaIngredients)
        #expect(result.stdout.contains("Thick, cold and tropical"))
    }

    @Test("show of a one-minute drink says 1 minute")
    func showOneMinute() async throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let result = try await sandbox.run(["show", "Screwdriver"])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stdout.components(separatedBy: "\n").dropFirst().first == "alcoholic · 1 minute · ≈ 10% ABV · id 9")
    }

    @Test("a cached catalog is used without asking the source, even a failing one")
    func cacheWithoutSource() async throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        #expect(try await sandbox.run(["list"]).status == 0)
        let result = try await sandbox.run(["list", "--source-failures", "5"])
        #expect(result.status == 0, "\(result)")
        #expect(PrintedTable(result.stdout)?.names == CLIFixtures.allNames)
    }
}
