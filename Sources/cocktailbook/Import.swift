import ArgumentParser
import CocktailBook
import CocktailBookApp
import Foundation
import Logging

extension BookFormat: ExpressibleByArgument {}

struct Import: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Import cocktails from a file, a folder or a TheCocktailDB-compatible server into the book.",
        discussion: """
            SOURCE is one of:
              - a catalog in Cocktail Book's own JSON, or a TheCocktailDB dump ({"drinks":[…]} or an array);
              - another app's export: Bar Assistant (a cocktail JSON, a folder or zip of them, or a datapack \
            zip), Mealie (its export zip or one recipe's JSON), Tandoor (its export zip), Paprika \
            (.paprikarecipes), Nextcloud Cookbook (a folder or zip of recipe folders, or one recipe.json), \
            or a CSV of recipes (columns name, ingredients one per line, instructions, and optionally \
            description, glass, method, garnish, tags, category, source, author);
              - the API root of a TheCocktailDB-compatible server, e.g. https://host/api/json/v1/1/.

            The format is told by the file's names and keys unless --format names it. From Mealie, Tandoor, \
            Paprika and Nextcloud, which hold dinners too, only recipes with a spirit, liqueur, wine or \
            mixer (or a cocktail tag) are imported unless --every-recipe. On a terminal the command prints \
            what will happen to every recipe and asks first (--yes does not ask); without a terminal it \
            imports at once, as scripts expect.

            Limits: 200 MB per file, 1 GB once unpacked, 20,000 archive entries, 5,000 recipes. The import \
            is one transaction: a malformed file, a path that leaves the archive, an oversized entry or a \
            broken download changes nothing. Imported cocktails are kept apart from the bundled catalog; \
            importing the same source again updates them in place. A running server shows them after its \
            next catalog refresh or restart.

            --dry-run prints the same table and imports nothing, with or without a terminal.
            """
    )

    @OptionGroup var common: CommonOptions

    @Argument(
        help: ArgumentHelp(
            "A file or folder path, or an http(s) URL of a TheCocktailDB-compatible API root.", valueName: "source"))
    var source: String

    @Option(
        name: .long,
        help: ArgumentHelp(
            "auto (the default), or one of: \(BookFormat.allCases.map(\.rawValue).joined(separator: ", ")).",
            valueName: "format"))
    var format: String = "auto"

    @Flag(name: .long, help: "Import without asking, on a terminal too.")
    var yes = false

    @Flag(name: .long, help: "Import every recipe of a general recipe app, not only the drinks.")
    var everyRecipe = false

    @Flag(name: .long, help: "Print what would happen to every recipe, and import nothing.")
    var dryRun = false

    func validate() throws {
        if dryRun, CatalogImporter.serverURL(source) != nil {
            throw ValidationError("--dry-run reads a file or a folder, not a server")
        }
        guard format == "auto" || BookFormat(rawValue: format) != nil else {
            throw ValidationError(
                "unknown format \(format): use auto, \(BookFormat.allCases.map(\.rawValue).joined(separator: ", "))")
        }
    }

    func run() async throws {
        try await runReportingErrors {
            let configuration = try common.resolved()
            let environment = try await AppEnvironment(configuration: configuration, logger: quietLogger)
            try await environment.database.whileRunning {
                var importer = CatalogImporter(database: environment.database, images: environment.images)
                importer.format = BookFormat(rawValue: format)
                importer.everyRecipe = everyRecipe
                let onTerminal = isatty(STDERR_FILENO) == 1
                let asking = isatty(STDIN_FILENO) == 1 && !yes && !dryRun
                if CatalogImporter.serverURL(source) == nil, asking || yes || dryRun {
                    let catalog = environment.catalog
                    await catalog.start(refreshingInBackground: false)
                    await catalog.settle()
                    let review = try await importer.review(
                        source: source, drinksNamed: await ImportDesk.namesakes(in: catalog))
                    importer.leaveOut = review.leftOutByDefault
                    print("Read as \(review.format.title):")
                    print(review.table)
                    let lines = review.lines.filter(\.isImported).flatMap(\.lines)
                    let unknown = await ImportDesk.unknownIngredients(
                        ImportDesk.unknownNames(in: lines, table: catalog.ingredients), catalog: catalog)
                    for ingredient in unknown {
                        let near = ingredient.suggestions.prefix(3).joined(separator: ", ")
                        print(
                            "Not among the book's ingredients: \(ingredient.name)"
                                + (near.isEmpty ? " (kept as a new ingredient)" : " (did you mean \(near)?)"))
                    }
                    if review.drinkCount == 0 {
                        print("Nothing was imported: every recipe is passed over or in the book already.")
                        return
                    }
                    if dryRun {
                        print(
                            "Nothing was imported (--dry-run): \(review.drinkCount) drink\(review.drinkCount == 1 ? "" : "s") would be."
                        )
                        return
                    }
                    if asking {
                        print("Import \(review.drinkCount) drinks? [y/N] ", terminator: "")
                        let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
                        guard answer == "y" || answer == "yes" else {
                            print("Nothing was imported.")
                            return
                        }
                    }
                }
                if onTerminal {
                    importer.progress = { step in FileHandle.standardError.write(Data("\r\u{1B}[K\(step.bar())".utf8)) }
                }
                defer { if onTerminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) } }
                let summary = try await importer.run(source: source)
                if onTerminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
                print(summary.line)
            }
        }
    }
}
