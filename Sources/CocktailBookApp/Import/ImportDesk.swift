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
        /// The book's drink of the same name, when there is one.
        package var existing: String?
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
        package var summary: String
        /// Until when `DELETE` undoes it.
        package var undoUntil: Date
    }

    /// Reads `data` (named `fileName`) and keeps it with its review.
    package func stage(_ data: Data, fileName: String, owner: Int64) async throws -> Review {
        let id = UUID().uuidString.lowercased()
        let review = try await refusingBadFiles {
            try await withFile(data, named: fileName, id: id) { path in
                try await reviewFile(path, id: id)
            }
        }
        let drinks = entries(of: review)
        try await importer.database.stagePendingImport(
            PendingImport(
                id: id, ownerID: owner, fileName: fileName, format: review.format.rawValue, createdAt: now()),
            payload: data)
        return Review(
            id: id, format: review.format.rawValue, drinks: drinks,
            ingredients: await Self.unknownIngredients(drinks.flatMap(\.unknownIngredients), catalog: catalog))
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

    /// `names` each once (case aside), with the book's nearest names.
    package static func unknownIngredients(_ names: [String], catalog: CatalogService) async -> [UnknownIngredient] {
        var seen: Set<String> = []
        let names = names.filter { seen.insert($0.lowercased()).inserted }
        guard !names.isEmpty, let index = try? await catalog.barIndex() else {
            return names.map { UnknownIngredient(name: $0, suggestions: []) }
        }
        return names.map { name in
            let suggestions: [String] =
                switch IngredientLookup.resolve(name, in: index) {
                case .known(let value): [value]
                case .unknown(let near): near
                }
            return UnknownIngredient(name: name, suggestions: suggestions)
        }
    }

    /// Applies a staged import with `choices` by key (`new`, `skip`, `replace`, `keep-both`;
    /// a drink not named takes its default, and `replace` takes the place of an imported drink of
    /// the same name), naming the file's unknown ingredients as `ingredients` says (the file's
    /// name → a name the book knows; one not named is kept as a new ingredient).
    package func apply(
        id: String, choices: [String: String], ingredients: [String: String] = [:], owner: Int64, isAdmin: Bool
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
        let summary = try await refusingBadFiles {
            try await withFile(data, named: pending.fileName, id: id) { path in
                // A drink the choices do not name takes the review's default (the book's same
                // recipe is left out).
                let review = try await reviewFile(path, id: id)
                let defaults = review.leftOutByDefault.filter { choices[$0] == nil || choices[$0] == "skip" }
                importer.leaveOut = Set(choices.filter { $0.value == "skip" }.map(\.key)).union(defaults)
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
        guard let summary else {
            return Applied(
                id: id, new: 0, updated: 0, skipped: importer.leaveOut.count,
                imagesStored: 0, summary: "Nothing was imported: every drink was skipped.",
                undoUntil: now().addingTimeInterval(PendingImport.keptFor))
        }
        await catalog.reloadImported()
        return Applied(
            id: id, new: summary.counts.new, updated: summary.counts.updated, skipped: summary.skipped.count,
            imagesStored: summary.imagesStored, summary: summary.line,
            undoUntil: now().addingTimeInterval(PendingImport.keptFor))
    }

    /// Removes the drinks an applied import made, within a day of applying it.
    package func undo(id: String, owner: Int64, isAdmin: Bool) async throws -> Int {
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
        await catalog.reloadImported()
        return removed
    }

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
                    existing: nil, reason: reason, unknownIngredients: [])
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
                    // Only a drink of another import can be replaced: the book's own drinks and the
                    // bundled catalog stay (keep both, or skip).
                    choices: same
                        ? ["skip", "keep-both"]
                        : existing == nil
                            ? ["new", "skip"]
                            : line.existingID?.hasPrefix("imp-") == true
                                ? ["keep-both", "replace", "skip"] : ["keep-both", "skip"],
                    existing: existing,
                    reason: nil, unknownIngredients: unknown)
            }
        }
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
