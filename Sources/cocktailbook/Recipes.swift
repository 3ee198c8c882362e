import ArgumentParser
import CocktailBook
import CocktailBookApp
import CocktailBookStore
import Foundation

/// `export`: drinks as files, to keep or to take to another book or app.
struct Export: BookCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write drinks as the book's import JSON, Markdown, or as another app imports them.",
        discussion: """
            Without ids or --list: the drinks of the book's own and the imported ones (with \
            --include-bundled, the bundled catalog too). Formats: json (an array `import` takes back), md \
            (Markdown documents separated by a line of three dashes), bar-assistant (a datapack zip with \
            photos), mealie (its data export zip with photos), csv (one recipe per row) and schema.org (an \
            array of schema.org Recipes). Zips are never written to a terminal: name a file with --output.
            """
    )

    @OptionGroup var common: CommonOptions
    @OptionGroup var owner: FavoritesUserOption

    @Option(
        name: .long,
        help: ArgumentHelp(
            "\(BookExport.Format.allCases.map(\.rawValue).joined(separator: ", ")).", valueName: "format"))
    var format: String = "json"

    @Option(name: .long, help: ArgumentHelp("The drinks of one of your lists, in its order.", valueName: "name"))
    var list: String?

    @Flag(name: .long, help: "Export the bundled catalog's drinks too.")
    var includeBundled = false

    @Option(name: .long, help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var output: String?

    @Argument(help: ArgumentHelp("Drinks by id or name.", valueName: "id-or-name"))
    var cocktails: [String] = []

    func validate() throws {
        guard let chosen = BookExport.Format(rawValue: format) else {
            throw ValidationError(
                "unknown format \(format): use \(BookExport.Format.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        if chosen.isArchive, output == nil, isatty(STDOUT_FILENO) == 1 {
            throw ValidationError("\(format) is a zip: name a file with --output")
        }
    }

    func run(on environment: Book) async throws {
        let exporter = BookExporter(catalog: environment.catalog, store: environment.database)
        let drinks = try await chosenDrinks(environment, exporter)
        let data = try await exporter.write(
            drinks, as: BookExport.Format(rawValue: format) ?? .json, strings: common.strings)
        if let output {
            try data.write(to: URL(fileURLWithPath: output), options: .atomic)
            print("Wrote \(drinks.count) drinks to \(output).")
        } else {
            FileHandle.standardOutput.write(data)
        }
    }

    /// The drinks named, or the list's, or the book's own and imported ones (and the bundled).
    private func chosenDrinks(_ environment: Book, _ exporter: BookExporter) async throws -> [Cocktail] {
        if !cocktails.isEmpty {
            var drinks: [Cocktail] = []
            for name in cocktails { drinks.append(try await environment.catalog.cocktail(idOrName: name).cocktail) }
            return drinks
        }
        if let list {
            let commands = ListCommands(catalog: environment.catalog, store: environment.database)
            return await exporter.drinks(
                of: try await commands.list(named: list, owner: try await owner.resolved(in: environment)))
        }
        return try await exporter.bookDrinks(includingBundled: includeBundled)
    }
}

/// `import-url`: a recipe page's schema.org Recipe as a draft, or saved with `--save`.
struct ImportURL: BookCommand {
    static let configuration = CommandConfiguration(
        commandName: "import-url",
        abstract: "Read a recipe web page into a draft (printed as JSON), or save it with --save.",
        discussion: """
            The draft is what POST /api/v1/cocktails takes: check it, change it, send it. With \
            --save it becomes a drink of the book at once, its new ingredients the book's own.
            """
    )

    @OptionGroup var common: CommonOptions
    @OptionGroup var owner: FavoritesUserOption

    @Flag(name: .long, help: "Save the recipe in the book instead of printing the draft.")
    var save = false

    @Argument(help: ArgumentHelp("The page's address (http or https).", valueName: "url"))
    var url: String

    func run(on environment: Book) async throws {
        let commands = RecipeCommands(catalog: environment.catalog, store: environment.database)
        if save {
            let account = try await owner.account(in: environment)
            let saved = try await commands.saveFromPage(url, as: account)
            print("Saved \(saved.name) as \(saved.id).")
        } else {
            FileHandle.standardOutput.write(try await commands.draftJSON(fromPage: url) + Data("\n".utf8))
        }
    }
}

/// `note`, `rate`, `made`: what a person keeps about a drink, as on its page.
struct NoteCommand: BookCommand {
    static let configuration = CommandConfiguration(
        commandName: "note", abstract: "Keep a private note on a drink; an empty text removes it.")

    @OptionGroup var common: CommonOptions
    @OptionGroup var owner: FavoritesUserOption
    @Argument(help: ArgumentHelp("The drink's id or name.", valueName: "id-or-name")) var cocktail: String
    @Argument(help: "The note.") var text: String

    func run(on environment: Book) async throws {
        let item = try await environment.catalog.cocktail(idOrName: cocktail).cocktail
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.unicodeScalars.count <= PersonalRules.maximumNoteLength else {
            throw UsageError("A note has at most \(PersonalRules.maximumNoteLength) characters.")
        }
        try await environment.database.setNote(
            trimmed.isEmpty ? nil : trimmed, on: item.id, owner: try await owner.resolved(in: environment),
            at: environment.catalog.now())
        print(trimmed.isEmpty ? "Removed the note on \(item.name)." : "Noted on \(item.name).")
    }
}

struct RateCommand: BookCommand {
    static let configuration = CommandConfiguration(
        commandName: "rate", abstract: "Rate a drink from 1 to 5 stars; 0 takes the rating back.")

    @OptionGroup var common: CommonOptions
    @OptionGroup var owner: FavoritesUserOption
    @Argument(help: ArgumentHelp("The drink's id or name.", valueName: "id-or-name")) var cocktail: String
    @Argument(help: "Stars, 1 to 5 (0 to remove).") var stars: Int

    func validate() throws {
        guard (0...5).contains(stars) else {
            throw ValidationError("stars must be from 1 to 5 (0 removes), not \(stars).")
        }
    }

    func run(on environment: Book) async throws {
        let item = try await environment.catalog.cocktail(idOrName: cocktail).cocktail
        try await environment.database.setRating(
            stars == 0 ? nil : stars, on: item.id, owner: try await owner.resolved(in: environment),
            at: environment.catalog.now())
        print(stars == 0 ? "Took back the rating of \(item.name)." : "Rated \(item.name) \(stars) of 5.")
    }
}

struct MadeCommand: BookCommand {
    static let configuration = CommandConfiguration(
        commandName: "made", abstract: "Record that you made a drink now.")

    @OptionGroup var common: CommonOptions
    @OptionGroup var owner: FavoritesUserOption
    @Argument(help: ArgumentHelp("The drink's id or name.", valueName: "id-or-name")) var cocktail: String
    @Option(name: .long, help: "How many drinks, 1 to 100.") var servings = 1
    @Option(name: .long, help: "A note on this time.") var note: String?

    func validate() throws {
        guard (1...PersonalRules.maximumServings).contains(servings) else {
            throw ValidationError("--servings must be from 1 to \(PersonalRules.maximumServings), not \(servings).")
        }
        if let note, note.unicodeScalars.count > PersonalRules.maximumNoteLength {
            throw ValidationError("--note has at most \(PersonalRules.maximumNoteLength) characters.")
        }
    }

    func run(on environment: Book) async throws {
        let item = try await environment.catalog.cocktail(idOrName: cocktail).cocktail
        let who = try await owner.resolved(in: environment)
        let trimmed = note?.trimmingCharacters(in: .whitespacesAndNewlines)
        // What it poured comes off the bottles whose level is known and the fresh batches, as on
        // the web, in the same transaction as the record.
        let index = try await environment.catalog.barIndex()
        let taken = try await environment.database.recordMade(
            item, servings: servings, note: trimmed?.isEmpty == false ? trimmed : nil, index: index,
            at: environment.catalog.now(), owner: who)
        for drawn in taken.drawn where drawn.batchId != nil {
            print(
                common.strings(
                    "stock_from_batch",
                    [
                        "name": common.strings.ingredient(drawn.value),
                        "ml": common.strings.decimal(drawn.ml, fractionDigits: 1),
                    ]))
        }
        Bar.printLow(taken.low, index: index, strings: common.strings)
        let count = try await environment.database.madeEntries(of: item.id, owner: who).count
        print("Made \(item.name): \(count) time\(count == 1 ? "" : "s") so far.")
    }
}

extension FavoritesUserOption {
    /// The account the option names (or the book's only one), `nil` for a book without accounts.
    func account(in environment: Book) async throws -> Account? {
        if let user {
            guard let account = try await environment.database.credentials(named: user)?.account else {
                throw StoreError.unknownAccount(user)
            }
            return account
        }
        let accounts = try await environment.database.accounts()
        switch accounts.count {
        case 0: return nil
        case 1: return accounts[0]
        default: throw UsageError("This book has \(accounts.count) accounts: say whose with --user NAME.")
        }
    }
}
