import CocktailBookStore
import CocktailBookTestSupport
import Foundation
import Testing

@Suite("CLI: import")
struct CLIImportTests {
    static let dumpPath = URL(fileURLWithPath: SeedCatalog.path).deletingLastPathComponent()
        .appendingPathComponent("thecocktaildb-dump.json").path

    /// The names and ids `list --json` shows.
    func listed(_ sandbox: CLISandbox) async throws -> [(id: String, name: String)] {
        let result = try await sandbox.run(["list", "--json"])
        #expect(result.status == 0, "\(result)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let cocktails = try #require(object["cocktails"] as? [[String: Any]])
        return cocktails.map { ($0["id"] as? String ?? "", $0["name"] as? String ?? "") }
    }

    func rowCounts(_ sandbox: CLISandbox) async throws -> [String: Int] {
        try await AppDatabase(path: sandbox.databasePath).rowCounts()
    }

    @Test("a TheCocktailDB dump is imported next to the bundled catalog, with namespaced ids")
    func dump() async throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let result = try await sandbox.run(["import", Self.dumpPath])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "Imported 4 cocktails (4 new, 0 updated), 0 skipped\n", "\(result)")
        #expect(result.stderr.isEmpty)
        let list = try await listed(sandbox)
        #expect(list.count == 13 + 4)
        for name in ["Margarita", "Mojito", "Afterglow", "A1", "Piña Colada"] {
            #expect(list.contains { $0.name == name }, "\(name)")
        }
        let mojito = try #require(list.first { $0.name == "Mojito" && $0.id != "1" })
        #expect(mojito.id.hasPrefix("imp-") && mojito.id.hasSuffix("-11000"))
        let show = try await sandbox.run(["show", mojito.id, "--json"])
        #expect(show.status == 0, "\(show)")
        #expect(show.stdout.contains("Light rum"))
        let afterglow = try await sandbox.run(["list", "--filter", "non-alcoholic", "--json"])
        #expect(afterglow.stdout.contains("Afterglow"))
        await #expect(try rowCounts(sandbox)["importedCocktail"] == 4)
    }

    @Test("our own catalog format is imported too")
    func ourFormat() async throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let result = try await sandbox.run(["import", SeedCatalog.path])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "Imported 13 cocktails (13 new, 0 updated), 0 skipped\n", "\(result)")
        let list = try await listed(sandbox)
        #expect(list.count == 26)
        #expect(list.filter { $0.name == "Manhattan" }.count == 2)
    }

    @Test("re-importing updates in place and counts new against updated")
    func reimport() async throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        #expect(try await sandbox.run(["import", Self.dumpPath]).status == 0)
        let again = try await sandbox.run(["import", Self.dumpPath])
        #expect(again.stdout == "Imported 4 cocktails (0 new, 4 updated), 0 skipped\n", "\(again)")
        // The same dump with one drink renamed and one added, plus one without a name.
        var object = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.dumpPath)))
                as? [String: Any])
        var drinks = try #require(object["drinks"] as? [[String: Any]])
        drinks[0]["strDrink"] = "Margarita Deluxe"
        var extra = drinks[1]
        extra["idDrink"] = "99999"
        extra["strDrink"] = "Mojito Royale"
        var nameless = drinks[2]
        nameless["idDrink"] = "88888"
        nameless["strDrink"] = NSNull()
        object["drinks"] = drinks + [extra, nameless]
        let path = sandbox.directory.appendingPathComponent("thecocktaildb-dump.json")
        try JSONSerialization.data(withJSONObject: object).write(to: path)
        // A different file is a different origin; copy over the original path's rows by importing it there.
        let first = try await sandbox.run(["import", path.path])
        #expect(first.stdout.hasPrefix("Imported 5 cocktails (5 new, 0 updated), 1 skipped: entry 5"), "\(first)")
        let second = try await sandbox.run(["import", path.path])
        #expect(second.stdout.hasPrefix("Imported 5 cocktails (0 new, 5 updated), 1 skipped"), "\(second)")
        let names = try await listed(sandbox).map(\.name)
        #expect(names.contains("Margarita Deluxe") && names.contains("Mojito Royale") && names.contains("Margarita"))
        await #expect(try rowCounts(sandbox)["importedCocktail"] == 4 + 5)
    }

    @Test(
        "a refused import leaves the database as it was, with one stderr line and exit 1",
        arguments: RefusedImports.names)
    func refused(file: String) async throws {
        let (expected, contents) = try #require(RefusedImports.files[file])
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        #expect(try await sandbox.run(["import", Self.dumpPath]).status == 0)
        let listBefore = try await listed(sandbox).map(\.name)
        let before = try await rowCounts(sandbox)
        let path = sandbox.directory.appendingPathComponent("bad.json")
        try Data(contents.utf8).write(to: path)
        let result = try await sandbox.run(["import", path.path])
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines.count == 1, "\(result)")
        #expect(result.stderr.contains(expected) && result.stderr.contains("nothing was changed"), "\(result)")
        await #expect(try rowCounts(sandbox) == before)
        #expect(try await listed(sandbox).map(\.name) == listBefore)
    }

    @Test("too many entries, a missing file and a folder that holds no export are refused")
    func refusedFiles() async throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let many = sandbox.directory.appendingPathComponent("many.json")
        let drinks = (0...20_000).map { ["idDrink": "\($0)", "strDrink": "D\($0)"] }
        try JSONSerialization.data(withJSONObject: ["drinks": drinks]).write(to: many)
        let empty = sandbox.directory.appendingPathComponent("empty.csv")
        try Data("\n".utf8).write(to: empty)
        for (source, expected) in [
            (many.path, "20001 entries"), ("/nonexistent/x.json", "cannot read"),
            (sandbox.directory.path, "no recipes of a format this book reads"),
            // In words, not the CSV reader's case name (cannotReadHeaderRow).
            (empty.path, "the CSV is empty: it has no row of column names and no recipe"),
        ] {
            let result = try await sandbox.run(["import", source])
            #expect(result.status == 1, "\(result)")
            #expect(result.stderrLines.count == 1 && result.stderr.contains(expected), "\(result)")
        }
        await #expect(try rowCounts(sandbox)["importedCocktail"] == 0)
    }
}

/// Files an import must refuse, by what is wrong with them: the words the error must contain and the contents.
enum RefusedImports {
    static let files: [String: (expected: String, contents: String)] = [
        "truncated JSON": ("malformed", "{\"drinks\": [{\"idDrink\": \"1\", \"strDrink\": "),
        "a number as strDrink": ("wrong type", "{\"drinks\": [{\"idDrink\": \"1\", \"strDrink\": 42}]}"),
        "a string as preparationMinutes": (
            "wrong type",
            "[{\"id\": \"x\", \"name\": \"X\", \"type\": \"alcoholic\", \"shortDescription\": \"s\", \"longDescription\": \"l\", \"preparationMinutes\": \"5\", \"imageName\": \"x\", \"ingredients\": []}]"
        ),
        "a 201-character name": (
            "oversized entry",
            "{\"drinks\": [{\"idDrink\": \"2\", \"strDrink\": \"ok\"}, {\"idDrink\": \"1\", \"strDrink\": \"\(String(repeating: "a", count: 201))\"}]}"
        ),
        "10,001 characters of instructions": (
            "oversized entry",
            "{\"drinks\": [{\"idDrink\": \"1\", \"strDrink\": \"Long\", \"strInstructions\": \"\(String(repeating: "b", count: 10_001))\"}]}"
        ),
        "41 ingredient lines": (
            "oversized entry",
            "[{\"id\": \"x\", \"name\": \"X\", \"type\": \"alcoholic\", \"shortDescription\": \"s\", \"longDescription\": \"l\", \"preparationMinutes\": 5, \"imageName\": \"x\", \"ingredients\": [\((1...41).map { "\"\($0) oz gin\"" }.joined(separator: ","))]}]"
        ),
        "a bare string": ("malformed", "\"just a string\""),
    ]

    static let names = files.keys.sorted()

}

extension CLIImportTests {
    static func export(_ name: String) -> String {
        URL(fileURLWithPath: SeedCatalog.path).deletingLastPathComponent().appendingPathComponent("imports/\(name)")
            .path
    }

    @Test("another app's export: --yes prints what happens to every recipe, then imports; a script gets the summary")
    func otherApps() async throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        // --dry-run prints the review and imports nothing, without a terminal too.
        let dry = try await sandbox.run(["import", Self.export("mealie-export.zip"), "--dry-run"])
        #expect(dry.status == 0, "\(dry)")
        #expect(
            dry.stdout.split(separator: "\n").map(String.init).suffix(2) == [
                "Lentil soup  passed over: not a drink (no spirit, liqueur, wine or mixer, no cocktail tag)",
                "Nothing was imported (--dry-run): 1 drink would be.",
            ], "\(dry)")
        #expect(try await listed(sandbox).filter { $0.name == "Daiquiri" }.count == 1)
        // An ingredient the book does not know is named, with the nearest ones it does.
        let plane = sandbox.directory.appendingPathComponent("plane.csv")
        try Data(
            "name,ingredients,instructions\nPaper Plane,\"22 ml bourbon\n22 ml Amaro Nonino Quintessentia\",Shake.\n"
                .utf8
        ).write(to: plane)
        let named = try await sandbox.run(["import", plane.path, "--dry-run"])
        #expect(
            named.stdout.contains(
                "Not among the book's ingredients: Amaro Nonino Quintessentia (did you mean Amaro Nonino"),
            "\(named)")
        let server = try await sandbox.run(["import", "http://127.0.0.1:9/api/json/v1/1/", "--dry-run"])
        #expect(server.status != 0 && server.stderr.contains("--dry-run reads a file or a folder"), "\(server)")
        let result = try await sandbox.run(["import", Self.export("mealie-export.zip"), "--yes"])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stdout.split(separator: "\n").map(String.init) == [
                "Read as Mealie:",
                "Recipe       What happens",
                "Daiquiri     new, kept beside the book's Daiquiri",
                "Lentil soup  passed over: not a drink (no spirit, liqueur, wine or mixer, no cocktail tag)",
                "Imported 1 cocktail (1 new, 0 updated), 1 skipped: Lentil soup: not a drink (no spirit, liqueur, wine or mixer, no cocktail tag); 1 image stored",
            ], "\(result)")
        let script = try await sandbox.run(["import", Self.export("recipes.csv"), "--every-recipe"])
        #expect(script.stdout == "Imported 2 cocktails (2 new, 0 updated), 0 skipped\n", "\(script)")
        let names = try await listed(sandbox).map(\.name)
        #expect(names.filter { $0 == "Daiquiri" }.count == 2 && names.contains("Tom Collins"))
        let wrong = try await sandbox.run(["import", Self.export("recipes.csv"), "--format", "pages"])
        #expect(wrong.status != 0 && wrong.stderr.contains("unknown format pages"), "\(wrong)")
    }
}
