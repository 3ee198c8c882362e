import Foundation
import Testing

@Suite("CLI: favorites")
struct CLIFavoriteTests {
    static let mocktailFirst = ["Margarita Mocktail"] + CLIFixtures.allNames.filter { $0 != "Margarita Mocktail" }

    @Test("favorite add pins a cocktail for later processes; favorite remove unpins it")
    func addListRemove() async throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }

        let add = try await sandbox.run(["favorite", "add", "11"])
        #expect(add.status == 0, "\(add)")
        #expect(add.stdout == "Added Margarita Mocktail to favorites.\n")

        let list = try await sandbox.run(["list"])
        #expect(list.status == 0, "\(list)")
        let table = try #require(PrintedTable(list.stdout), "\(list)")
        #expect(table.names == Self.mocktailFirst)
        #expect(table.rows.map(\.isFavorite) == [true] + Array(repeating: false, count: 12))
        #expect(list.stdout.contains("♥ Margarita Mocktail"))
        #expect(list.stdout.hasSuffix("♥ = favorite\n"))

        let favorites = try await sandbox.run(["favorite", "list"])
        #expect(favorites.status == 0, "\(favorites)")
        let favoritesTable = try #require(PrintedTable(favorites.stdout), "\(favorites)")
        #expect(favoritesTable.title == "Favorites (1)")
        #expect(
            favoritesTable.rows == [
                .init(id: "11", name: "Margarita Mocktail", isFavorite: true, kind: "non-alcoholic")
            ])

        let show = try await sandbox.run(["show", "11"])
        #expect(show.stdout.hasPrefix("Margarita Mocktail  ♥ favorite\n"))

        let alcoholic = try await sandbox.run(["list", "--filter", "alcoholic"])
        #expect(PrintedTable(alcoholic.stdout)?.names == CLIFixtures.alcoholicNames)

        let remove = try await sandbox.run(["favorite", "remove", "11"])
        #expect(remove.status == 0, "\(remove)")
        #expect(remove.stdout == "Removed Margarita Mocktail from favorites.\n")

        let after = try await sandbox.run(["list"])
        let afterTable = try #require(PrintedTable(after.stdout), "\(after)")
        #expect(afterTable.names == CLIFixtures.allNames)
        #expect(afterTable.rows.allSatisfy { !$0.isFavorite })

        let none = try await sandbox.run(["favorite", "list"])
        #expect(none.status == 0)
        #expect(none.stdout == "Favorites\n  (none)\n")
    }

    @Test("adding a favorite twice keeps one; favorite list --json shows it")
    func addTwice() async throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        #expect(try await sandbox.run(["favorite", "add", "3"]).status == 0)
        #expect(try await sandbox.run(["favorite", "add", "3"]).status == 0)
        let result = try await sandbox.run(["favorite", "list", "--json"])
        #expect(result.status == 0, "\(result)")
        struct Favorites: Decodable { var cocktails: [ListJSON.Item] }
        let favorites = try JSONDecoder().decode(Favorites.self, from: Data(result.stdout.utf8))
        #expect(favorites.cocktails.map(\.id) == ["3"])
        #expect(favorites.cocktails.first?.name == "Manhattan")
        #expect(favorites.cocktails.first?.isFavorite == true)
    }
}
