import CocktailBook
import CocktailBookStore
import Foundation
import HTTPTypes

/// Imports in two steps, as the API offers them: an upload is read and reviewed (nothing is
/// written but the file, kept for a day), then applied with a choice per drink, and can be undone
/// for a day. Each import's drinks are kept under their own origin (`import:<id>`).
package struct ImportDesk: Sendable {
    package let importer: CatalogImporter
    package let catalog: CatalogService
    /// Where an upload waits while it is read (beside a SQLite book, or a data folder).
    package let scratch: URL
    package var now: @Sendable () -> Date = { Date() }

    package init(importer: CatalogImporter, catalog: CatalogService, scratch: URL) {
        self.importer = importer
        self.catalog = catalog
        self.scratch = scratch
    }

    /// One drink of a review: its key (the id it gets), what happens by default, and the choices.
    package struct Entry: Sendable, Equatable, Codable {
        package var key: String
        package var name: String
        /// `new`, `update`, `same-name` or `passed-over`.
        package var action: String
        /// `new`, `skip`, and `replace` or `keep-both` when the book has a drink of the same name.
        package var choices: [String]
        /// The book's drink of the same name, when there is one, and its id.
        package var existing: String?
        package var existingID: String?
        /// Why it is passed over, when it is.
        package var reason: String?
        /// The lines' ingredients the book does not know (an ABV cannot count them).
        package var unknownIngredients: [String]
    }

    /// An ingredient of the file the book does not know, and the book's nearest names: the
    /// person picks one ("did you mean"), or confirms it as a new ingredient.
    package struct UnknownIngredient: Sendable, Equatable, Codable {
        package var name: String
        package var suggestions: [String]
    }

    /// An import read and kept, waiting to be applied.
    package struct Review: Sendable, Equatable, Codable {
        package var id: String
        package var format: String
        package var drinks: [Entry]
        /// Every ingredient of the drinks the book does not know, once, in the order met.
        package var ingredients: [UnknownIngredient]
    }

    /// What applying an import did.
    package struct Applied: Sendable, Equatable, Codable {
        package var id: String
        package var new: Int
        package var updated: Int
        package var skipped: Int
        package var imagesStored: Int
        /// The book's own recipes that got the file's recipe as their next version.
        package var versions: Int
        package var summary: String
        /// Until when `DELETE` undoes it.
        package var undoUntil: Date

        /// Whether it changed the book at all (else there is nothing to undo).
        package var changedAnything: Bool { new + updated + versions > 0 }
    }

    /// Reads `data` (named `fileName`) and keeps it with its review.
    package func stage(_ data: Data, fileName: String, owner: Int64) async throws -> Review {
        let id = UUID().uuidString.lowercased()
        let review = try await refusingBadFiles {
            try await withFile(data, named: fileName, id: id) { path in
                try await reviewFile(path, id: id)
            }
        }
        var drinks = entries(of: review)
        let ingredients = await Self.unknownIngredients(drinks.flatMap(\.unknownIngredients), catalog: catalog)
        // A name an earlier import kept as new is the book's now: not asked about again.
        let unknown = Set(ingredients.map { $0.name.lowercased() })
        for index in drinks.indices {
            drinks[index].unknownIngredients.removeAll { !unknown.contains($0.lowercased()) }
        }
        try await importer.database.stagePendingImport(
            PendingImport(
                id: id, ownerID: owner, fileName: fileName, format: review.format.rawValue, createdAt: now()),
            payload: data)
        return Review(id: id, format: review.format.rawValue, drinks: drinks, ingredients: ingredients)
    }

    /// The review of the file at `path`, staged as import `id`.
    private func reviewFile(_ path: String, id: String) async throws -> ImportReview {
        try await importer.review(
            source: path, origin: Self.origin(id), drinksNamed: await Self.namesakes(in: catalog))
    }

    /// The book's drinks by name (case and accents aside), as a review looks them up.
    package static func namesakes(in catalog: CatalogService) async -> @Sendable (String) async -> [Cocktail] {
        let all = (try? await catalog.list(filter: .all).items.map(\.cocktail)) ?? []
        let byName = Dictionary(grouping: all) { SearchText.fold($0.name) }
        return { name in byName[SearchText.fold(name)] ?? [] }
    }

    /// The ingredients of `lines` the book does not know, in order.
    package static func unknownNames(in lines: [String], table: IngredientTable) -> [String] {
        lines.compactMap { text in
            guard let name = IngredientParser.parse(text).ingredient, table.ingredient(named: name) == nil else {
                return nil
            }
            return name
        }
    }

    /// `names` each once (case aside), with the book's nearest names; not those the book's
    /// drinks already use (a name an earlier import kept as a new ingredient).
    package static func unknownIngredients(_ names: [String], catalog: CatalogService) async -> [UnknownIngredient] {
        var seen: Set<String> = []
        let names = names.filter { seen.insert($0.lowercased()).inserted }
        guard !names.isEmpty, let index = try? await catalog.barIndex() else {
            return names.map { UnknownIngredient(name: $0, suggestions: []) }
        }
        return names.compactMap { name in
            switch IngredientLookup.resolve(name, in: index) {
            case .known(let value) where value.lowercased() == name.lowercased(): nil
            case .known(let value): UnknownIngredient(name: name, suggestions: [value])
            case .unknown(let near): UnknownIngredient(name: name, suggestions: near)
            }
        }
    }

    /// Applies a staged import with `choices` by key (`new`, `skip`, `replace`, `keep-both`;
    /// a drink not named takes its default, and `replace` takes the place of an imported drink of
    /// the same name), naming the file's unknown ingredients as `ingredients` says (the file's
    /// name → a name the book knows; one not named is kept as a new ingredient).
    package func apply(
        id: String, choices: [String: String], ingredients: [String: String] = [:], owner: Int64, isAdmin: Bool,
        author: RecipeAuthor? = nil
    ) async throws -> Applied {
        let (pending, data) = try await staged(id, owner: owner, isAdmin: isAdmin)
        guard pending.appliedAt == nil else {
            throw AppError(status: .conflict, code: "import_applied", message: "This import was applied already.")
        }
        let known = ["new", "skip", "replace", "keep-both"]
        if let wrong = choices.first(where: { !known.contains($0.value) }) {
            throw AppError(
                status: .badRequest, code: "invalid_choice",
                message: "The choice for \(wrong.key) is one of new, skip, replace and keep-both.")
        }
        let table = catalog.ingredients
        if let wrong = ingredients.first(where: { table.ingredient(named: $0.value) == nil }) {
            throw AppError(
                status: .unprocessableContent, code: "unknown_ingredient",
                message: "\(wrong.value) is not an ingredient the book knows: pick one of the review's suggestions.")
        }
        var importer = importer
        importer.renamed = ingredients.filter { !$0.value.isEmpty }
        let replaced = Set(choices.filter { $0.value == "replace" }.map(\.key))
        var savedVersions = 0
        let summary = try await refusingBadFiles {
            try await withFile(data, named: pending.fileName, id: id) { path in
                // A drink the choices do not name takes the review's default (the book's same
                // recipe is left out).
                let review = try await reviewFile(path, id: id)
                let defaults = review.leftOutByDefault.filter { choices[$0] == nil || choices[$0] == "skip" }
                // "Replace" over one of the book's own recipes saves the file's recipe as its next
                // version (its History keeps the one before); the drink is not imported beside it.
                let versions = review.lines.filter {
                    choices[$0.key] == "replace" && $0.existingID.flatMap(OwnRecipe.number(in:)) != nil
                }
                savedVersions = try await saveVersions(
                    versions, importedAs: id, owner: owner, isAdmin: isAdmin, author: author)
                importer.leaveOut = Set(choices.filter { $0.value == "skip" }.map(\.key)).union(defaults)
                    .union(versions.map(\.key))
                // A dinner the person took: the import reads every recipe, and leaves out the rest.
                importer.everyRecipe = !review.takeableDinners.subtracting(importer.leaveOut).isEmpty
                // Every drink skipped: applied, with nothing to write.
                let keys = Set(review.lines.map(\.key).filter { !$0.isEmpty })
                guard !keys.subtracting(importer.leaveOut).isEmpty else { return CatalogImporter.Summary?.none }
                var result: CatalogImporter.Summary?
                let importer = importer
                let ran = try await importer.database.withImportLock {
                    let imported = try await importer.run(source: path, origin: Self.origin(id))
                    try await replace(replaced, importedAs: id)
                    result = imported
                }
                guard ran, let result else {
                    throw AppError(
                        status: .conflict, code: "import_running",
                        message: "Another import is running. Try again when it has finished.")
                }
                return result
            }
        }
        _ = try await importer.database.markPendingImportApplied(id: id, at: now())
        let versionsLine =
            savedVersions == 0 ? "" : "; \(savedVersions) of the book's own recipes got the file's as a new version"
        guard let summary else {
            return Applied(
                id: id, new: 0, updated: 0, skipped: importer.leaveOut.count - savedVersions, imagesStored: 0,
                versions: savedVersions,
                summary: savedVersions == 0
                    ? "Nothing was imported: every drink was skipped."
                    : "Nothing new was imported" + versionsLine + ".",
                undoUntil: now().addingTimeInterval(PendingImport.keptFor))
        }
        await catalog.reloadImported()
        return Applied(
            id: id, new: summary.counts.new, updated: summary.counts.updated, skipped: summary.skipped.count,
            imagesStored: summary.imagesStored, versions: savedVersions, summary: summary.line + versionsLine,
            undoUntil: now().addingTimeInterval(PendingImport.keptFor))
    }

    /// Removes the drinks an applied import made, within a day of applying it.
    /// - Returns: how many drinks left the book, and how many of its own recipes are back to the
    ///   version before the import replaced them.
    package func undo(id: String, owner: Int64, isAdmin: Bool, author: RecipeAuthor? = nil) async throws -> (
        removed: Int, restored: Int
    ) {
        let (pending, _) = try await staged(id, owner: owner, isAdmin: isAdmin)
        guard let applied = pending.appliedAt, pending.undoneAt == nil else {
            throw AppError(
                status: .conflict, code: "import_not_applied",
                message: pending.undoneAt == nil ? "This import was not applied." : "This import was undone already.")
        }
        guard now().timeIntervalSince(applied) <= PendingImport.keptFor else {
            throw AppError(status: .gone, code: "import_too_old", message: "An import can be undone for a day.")
        }
        let removed = try await importer.database.undoPendingImport(id: id, origin: Self.origin(id), at: now())
        let restored = try await undoVersions(importedAs: id, author: author ?? RecipeAuthor(id: owner, name: nil))
        await catalog.reloadImported()
        return (removed, restored)
    }

    /// Whether a drink of this id can be replaced by an import: another import's, or the book's own.
    static func replaceable(_ id: String?) -> Bool {
        guard let id else { return false }
        return id.hasPrefix("imp-") || OwnRecipe.number(in: id) != nil
    }

    /// The summary of the version an import saves over one of the book's own recipes, by which
    /// its undo finds it.
    static func versionSummary(_ id: String) -> String { "replaced by import \(id)" }

    /// The origin an import's drinks are kept under.
    static func origin(_ id: String) -> String { "import:\(id)" }

    // MARK: Support

    /// The staged import `id`, if `owner` (or an admin) may see it.
    private func staged(_ id: String, owner: Int64, isAdmin: Bool) async throws -> (PendingImport, Data) {
        guard let (pending, data) = try await importer.database.pendingImport(id: id),
            isAdmin || pending.ownerID == owner
        else { throw AppError(status: .notFound, code: "unknown_import", message: "There is no import \(id).") }
        return (pending, data)
    }

    /// The review's lines as entries: keys, choices and the ingredients the book does not know.
    private func entries(of review: ImportReview) -> [Entry] {
        review.lines.map { line in
            switch line.action {
            case .passedOver(let reason):
                // A recipe that does not read as a drink may be taken all the same (`new`).
                return Entry(
                    key: line.key, name: line.name, action: "passed-over",
                    choices: line.key.isEmpty ? [] : ["skip", "new"],
                    existing: nil, existingID: nil, reason: reason, unknownIngredients: [])
            case .new, .update, .keepBoth, .same:
                let existing: String? =
                    switch line.action {
                    case .keepBoth(let name), .same(let name): name
                    default: nil
                    }
                let same: Bool = if case .same = line.action { true } else { false }
                let unknown = Self.unknownNames(in: line.lines, table: catalog.ingredients)
                return Entry(
                    key: line.key, name: line.name,
                    action: same ? "same" : existing != nil ? "same-name" : (line.action == .update ? "update" : "new"),
                    // A drink of another import is replaced, one of the book's own gets the file's
                    // recipe as a new version; the bundled catalog stays (keep both, or skip).
                    choices: same
                        ? ["skip", "keep-both"]
                        : existing == nil
                            ? ["new", "skip"]
                            : Self.replaceable(line.existingID)
                                ? ["keep-both", "replace", "skip"] : ["keep-both", "skip"],
                    existing: existing, existingID: line.existingID,
                    reason: nil, unknownIngredients: unknown)
            }
        }
    }

    /// Saves each line's drink as the next version of the book's own recipe it replaces, after
    /// checking that every one may be changed by the person applying (their own, or an admin).
    private func saveVersions(
        _ lines: [ImportReview.Line], importedAs id: String, owner: Int64, isAdmin: Bool, author: RecipeAuthor?
    ) async throws -> Int {
        let store = importer.database
        var recipes: [(OwnRecipe, Cocktail)] = []
        for line in lines {
            guard let number = line.existingID.flatMap(OwnRecipe.number(in:)), var drink = line.drink,
                let recipe = try await store.ownRecipe(number: number), recipe.deletedAt == nil
            else { continue }
            guard isAdmin || recipe.authorID == owner else {
                throw AppError(
                    status: .forbidden, code: "forbidden",
                    message:
                        "\(recipe.cocktail.name) is another member's recipe: only its author or an admin may replace it."
                )
            }
            drink.id = recipe.cocktail.id
            drink.author = recipe.cocktail.author
            drink.basedOn = recipe.cocktail.basedOn
            drink.imageURL = recipe.cocktail.imageURL
            drink.illustration = recipe.cocktail.illustration
            drink.dateModified = now().formatted(.iso8601)
            recipes.append((recipe, drink))
        }
        for (recipe, drink) in recipes {
            _ = try await store.updateRecipe(
                number: recipe.number, to: drink, expectedVersion: recipe.version, summary: Self.versionSummary(id),
                by: author ?? RecipeAuthor(id: owner, name: nil), at: now())
        }
        if !recipes.isEmpty { await catalog.reloadImported() }
        return recipes.count
    }

    /// Puts back the version before of each own recipe whose current version import `id` saved.
    private func undoVersions(importedAs id: String, author: RecipeAuthor) async throws -> Int {
        let store = importer.database
        var restored = 0
        for recipe in try await store.ownRecipes() where recipe.deletedAt == nil {
            let versions = try await store.recipeVersions(number: recipe.number).sorted { $0.number > $1.number }
            guard let current = versions.first, current.number == recipe.version,
                current.summary == Self.versionSummary(id), let before = versions.dropFirst().first
            else { continue }
            var cocktail = before.content
            cocktail.dateModified = now().formatted(.iso8601)
            _ = try await store.updateRecipe(
                number: recipe.number, to: cocktail, expectedVersion: recipe.version,
                summary: "restored version \(before.number), undoing import \(id)", by: author, at: now())
            restored += 1
        }
        return restored
    }

    /// Removes the imported drinks of the same name as the drinks `keys` name, from other imports.
    private func replace(_ keys: Set<String>, importedAs id: String) async throws {
        guard !keys.isEmpty else { return }
        let all = try await importer.database.importedCocktails()
        let names = Set(all.filter { keys.contains($0.id) }.map { $0.name.lowercased() })
        let others = all.filter { !keys.contains($0.id) && names.contains($0.name.lowercased()) }
        for drink in others {
            _ = try await importer.database.removeImportedCocktail(id: drink.id, keeping: Self.origin(id))
        }
    }

    /// Runs `body` with `data` written to a file of its own name, removed afterwards.
    private func withFile<T: Sendable>(_ data: Data, named name: String, id: String, _ body: (String) async throws -> T)
        async throws -> T
    {
        let folder = scratch.appendingPathComponent("import-\(id)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent(name)
        try data.write(to: path)
        return try await body(path.path)
    }

    /// A file the import refuses as a 422 (413 when too large) naming why: the request was
    /// well formed, the file is not an export this book reads.
    private func refusingBadFiles<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as ImportError {
            if case .fileTooLarge = error {
                throw AppError(status: .contentTooLarge, code: "file_too_large", message: error.localizedDescription)
            }
            throw AppError(status: .unprocessableContent, code: "import_refused", message: error.localizedDescription)
        }
    }
}
