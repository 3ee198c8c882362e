import CocktailBook
import CocktailBookStore
import Foundation

/// What the house recipe editor and its JSON API do with the book's own house recipes, and who
/// may: as for the book's drinks, members and admins write (the owner in a book without
/// accounts); a recipe someone wrote is changed by its author or an admin; guests and read-only
/// visitors only read. Own recipes are the book's, like its drinks: every shelf counts them.
/// A saved change is in the bar's reasoning before the call returns.
package struct HouseRecipeDesk: Sendable {
    package let catalog: CatalogService
    let store: any AppStore

    /// How a save went.
    package enum Outcome: Sendable {
        case saved(OwnHouseRecipe)
        /// The draft cannot be saved as it is; each problem names its field.
        case problems([RecipeDraft.Problem])
    }

    /// A house-made ingredient as the book has it: the recipe that counts, the bundled one
    /// beneath it and the book's own (which may be deleted).
    package struct Entry: Sendable {
        package var value: String
        package var counting: HouseRecipe?
        package var bundled: HouseRecipe?
        package var own: OwnHouseRecipe?

        package var ownCounting: OwnHouseRecipe? { own.flatMap { $0.deletedAt == nil ? $0 : nil } }
    }

    /// The ingredient a path names, as the book writes it: the table's name, a name the bar
    /// knows, or one of the book's own recipes; a new name as typed (trimmed). `404` for a name
    /// no one could mean (empty, over 100 characters, with a comma, slash or percent sign).
    package func value(_ raw: String) throws -> String {
        let decoded = (raw.removingPercentEncoding ?? raw).trimmingCharacters(in: .whitespaces)
        guard HouseRecipeDraft.isAddressable(decoded) else {
            throw AppError(
                status: .notFound, code: "unknown_ingredient",
                message: "There is no ingredient \"\(decoded.prefix(100))\".")
        }
        return HouseRecipeDraft.canonical(decoded, table: catalog.ingredients)
    }

    package func entry(_ value: String) async throws -> Entry {
        let own = try await store.ownHouseRecipe(value: value)
        let counting = try await catalog.barIndex().houseRecipes.recipe(for: value)
        return Entry(
            value: own?.value ?? value, counting: counting, bundled: HouseRecipes.bundled.recipe(for: value), own: own)
    }

    /// The entry of `value` for changing it: `403` unless `viewer` may (``mayEdit(_:viewer:)``).
    package func editableEntry(_ value: String, viewer: Viewer) async throws -> Entry {
        let entry = try await entry(value)
        try Self.requireEditor(entry.own, viewer: viewer)
        return entry
    }

    /// Whether `viewer` may change `own` (any writer for a recipe the book has not written).
    package static func mayEdit(_ own: OwnHouseRecipe?, viewer: Viewer) -> Bool {
        guard RecipeDesk.mayWrite(viewer) else { return false }
        guard let own else { return true }
        return viewer.isAdmin || viewer.favoritesOwner.id == own.authorID
    }

    private static func requireEditor(_ own: OwnHouseRecipe?, viewer: Viewer) throws {
        guard mayEdit(own, viewer: viewer) else {
            throw AppError(
                status: .forbidden, code: "forbidden", message: "Only its author or an admin may change this recipe."
            ).said(by: "apperror_not_author_change")
        }
    }

    /// Saves `draft` as the recipe of `value` (the next version when the book has one), if it is
    /// still at `expectedVersion` (0: none). A recipe that uses itself, directly or through
    /// other house-made ingredients, bundled or the book's, is refused like any other problem.
    package func save(
        _ draft: HouseRecipeDraft, value: String, expectedVersion: Int?, viewer: Viewer, summary: String? = nil
    )
        async throws -> Outcome
    {
        let entry = try await entry(value)
        try Self.requireEditor(entry.own, viewer: viewer)
        var draft = draft
        draft.ingredient = entry.value
        let problems = draft.problems()
        guard problems.isEmpty, let recipe = draft.recipe(table: catalog.ingredients) else {
            return .problems(problems)
        }
        if let problem = try await circle(with: recipe) { return .problems([problem]) }
        let saved = try await store.saveHouseRecipe(
            recipe, expectedVersion: expectedVersion,
            summary: summary ?? HouseRecipeChanges.summary(from: entry.ownCounting?.recipe, to: recipe),
            by: RecipeDesk.author(viewer), at: catalog.now())
        await catalog.reloadImported()
        return .saved(saved)
    }

    /// Makes version `number` of `value`'s recipe the current one again, as a new version (a
    /// deleted recipe comes back).
    package func restore(value: String, version number: Int, viewer: Viewer) async throws -> Outcome {
        let entry = try await entry(value)
        try Self.requireEditor(entry.own, viewer: viewer)
        guard entry.own != nil,
            let version = try await store.houseRecipeVersions(value: entry.value).first(where: { $0.number == number })
        else {
            throw AppError(status: .notFound, code: "unknown_version", message: "This recipe has no such version.")
        }
        return try await save(
            HouseRecipeDraft(version.content, table: catalog.ingredients), value: entry.value, expectedVersion: nil,
            viewer: viewer, summary: "restored version \(number)")
    }

    /// Deletes the book's own recipe of `value`: the bundled one, if any, counts again. Refused
    /// (`409`) when the bundled one would close a circle with the book's other recipes.
    package func delete(value: String, viewer: Viewer) async throws -> Entry {
        let entry = try await entry(value)
        guard let own = entry.ownCounting else {
            throw AppError(
                status: .notFound, code: "no_own_house_recipe",
                message: "The book has no recipe of its own for \"\(entry.value.prefix(100))\".")
        }
        try Self.requireEditor(own, viewer: viewer)
        if let bundled = entry.bundled, let problem = try await circle(with: bundled) {
            throw AppError(
                status: .conflict, code: "house_recipe_cycle",
                message: UIStrings.english(problem.message, problem.values))
        }
        _ = try await store.deleteHouseRecipe(value: own.value, by: RecipeDesk.author(viewer), at: catalog.now())
        await catalog.reloadImported()
        return try await self.entry(own.value)
    }

    /// The deleted recipes `viewer` may bring back (every one for an admin, their own otherwise),
    /// the last deleted first.
    package func trash(viewer: Viewer) async throws -> [OwnHouseRecipe] {
        try await store.trashedHouseRecipes().filter { Self.mayEdit($0, viewer: viewer) }
    }

    /// Brings the deleted recipe of `value` back from the trash, as it was. Refused (`409`) when
    /// it would now close a circle with the book's other recipes.
    package func putBack(value: String, viewer: Viewer) async throws -> Entry {
        guard let own = try await store.ownHouseRecipe(value: value), own.deletedAt != nil else {
            throw AppError(
                status: .notFound, code: "not_in_trash", message: "This house recipe is not in the trash.")
        }
        try Self.requireEditor(own, viewer: viewer)
        if let problem = try await circle(with: own.recipe) {
            throw AppError(
                status: .conflict, code: "house_recipe_cycle",
                message: UIStrings.english(problem.message, problem.values))
        }
        _ = try await store.restoreHouseRecipe(value: own.value)
        await catalog.reloadImported()
        return try await entry(own.value)
    }

    /// The problem of a circle `recipe` would close, in the place of its ingredient's recipe,
    /// with the book's other own recipes and the bundled ones; nil when it closes none.
    private func circle(with recipe: HouseRecipe) async throws -> RecipeDraft.Problem? {
        let key = OwnHouseRecipe.key(recipe.ingredient)
        var book = HouseRecipes.bundled
        do {
            for own in try await store.ownHouseRecipes() where OwnHouseRecipe.key(own.value) != key {
                book = try book.replacing(own.recipe)
            }
            _ = try book.replacing(recipe)
            return nil
        } catch HouseRecipeError.cycle(let names) {
            return RecipeDraft.Problem(
                field: "rows", message: "house_problem_cycle", values: ["names": names.joined(separator: " → ")])
        } catch let error as HouseRecipeError {
            return RecipeDraft.Problem(
                field: "rows", message: "house_problem_refused", values: ["reason": error.localizedDescription])
        }
    }
}

extension HouseRecipeDesk {
    /// The book's own house recipes, deleted ones too.
    package func ownRecipes() async throws -> [OwnHouseRecipe] { try await store.ownHouseRecipes() }

    /// Every version of the book's recipe for `value`, newest first.
    package func versions(of value: String) async throws -> [HouseRecipeVersion] {
        try await store.houseRecipeVersions(value: value)
    }
}
