import CocktailBook
import CocktailBookStore
import CocktailBookTestSupport
import Foundation
import Testing

/// `cocktailbook export --format …` read back by `cocktailbook import` into an empty book: the
/// same names, lines, steps and photos.
@Suite("CLI: export to other apps")
struct CLIExportTests {
    /// A drink as the round trip must keep it.
    struct Kept: Equatable, CustomStringConvertible {
        var name: String
        var lines: [RecipeLine]
        var steps: [String]
        var photo: Data?

        var description: String { "\(name): \(lines.map(\.text)) \(steps) photo \(photo?.count ?? 0) bytes" }
    }

    /// The imported drinks of the sandbox's book, by name, with their photos' bytes.
    static func kept(_ sandbox: CLISandbox) async throws -> [Kept] {
        let images = URL(fileURLWithPath: sandbox.databasePath).deletingLastPathComponent()
            .appendingPathComponent("images")
        return try await AppDatabase(path: sandbox.databasePath).importedCocktails().map { drink in
            let photo = PictureName.keptFile(in: drink.imageURL).flatMap {
                FileManager.default.contents(atPath: images.appendingPathComponent($0).path)
            }
            // Lines compared by their parts: `22.5 ml` may come back as written differently.
            let lines = drink.ingredients.map { text in
                var line = IngredientParser.parse(text)
                line.text = ""
                return line
            }
            return Kept(name: drink.name, lines: lines, steps: drink.instructions ?? [], photo: photo)
        }.sorted { $0.name < $1.name }
    }

    @Test(
        "Bar Assistant, Mealie, CSV and schema.org exports import back into an empty book with the same drinks",
        arguments: ["bar-assistant", "mealie", "csv", "schema.org"])
    func roundTrip(format: String) async throws {
        let source = try CLISandbox()
        defer { source.remove() }
        for fixture in ["bar-assistant-datapack.zip", "recipes.csv"] {
            let imported = try await source.run(["import", CLIImportTests.export(fixture)])
            #expect(imported.status == 0, "\(imported)")
        }
        let original = try await Self.kept(source)
        #expect(original.map(\.name) == ["Last Word", "Margarita", "Paper Plane", "Tom Collins"])
        #expect(original.filter { $0.photo != nil }.count == 2)

        let file = source.directory.appendingPathComponent("export-\(format)").path
        let exported = try await source.run(["export", "--format", format, "--output", file])
        #expect(exported.status == 0 && exported.stdout == "Wrote 4 drinks to \(file).\n", "\(exported)")

        let target = try CLISandbox()
        defer { target.remove() }
        let back = try await target.run(["import", file, "--format", format == "schema.org" ? "nextcloud" : format])
        #expect(back.status == 0, "\(back)")
        let copy = try await Self.kept(target)
        let photos = format == "bar-assistant" || format == "mealie"
        for (before, after) in zip(original, copy) {
            #expect(after.name == before.name)
            #expect(after.lines == before.lines, "\(before) → \(after)")
            #expect(after.steps == before.steps, "\(before) → \(after)")
            #expect(after.photo == (photos ? before.photo : nil), "\(after.name)'s photo")
        }
        #expect(copy.count == original.count)
    }

    @Test("a zip is never written to a terminal's standard output, and an unknown format is named")
    func refusals() async throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let unknown = try await sandbox.run(["export", "--format", "pages"])
        #expect(unknown.status != 0 && unknown.stderr.contains("unknown format pages"), "\(unknown)")
        let csv = try await sandbox.run(["export", "--format", "csv", "--include-bundled"])
        #expect(csv.status == 0)
        #expect(csv.stdout.hasPrefix("name,ingredients,instructions,description,"), "\(csv.stdout.prefix(200))")
        #expect(csv.stdout.contains("Margarita"))
    }
}
