import CocktailBook
import CocktailBookStore
import Foundation

/// What the editor pages and the JSON API do with the book's own recipes, and who may: in a
/// book without accounts its owner; with accounts, members and admins write, authors change
/// their own and admins any; guests and read-only visitors none. A saved change is in the
/// catalog (list, search, bar, both APIs) before the call returns.
package struct RecipeDesk: Sendable {
    package let catalog: CatalogService
    let store: any AppStore

    /// How a save went.
    package enum Outcome: Sendable {
        case saved(OwnRecipe)
        /// The draft cannot be saved as it is; each problem names its field.
        case problems([RecipeDraft.Problem])
        /// Ingredients the book does not know yet, to be confirmed before they become its own.
        case newIngredients([String])
    }

    /// Whether `viewer` may write recipes at all.
    package static func mayWrite(_ viewer: Viewer) -> Bool {
        (viewer.role ?? .guest) >= .member
    }

    /// Whether `viewer` may change `recipe`: its author or an admin.
    package static func mayEdit(_ recipe: OwnRecipe, viewer: Viewer) -> Bool {
        guard mayWrite(viewer) else { return false }
        return viewer.isAdmin || viewer.favoritesOwner.id == recipe.authorID
    }

    package static func author(_ viewer: Viewer) -> RecipeAuthor {
        switch viewer {
        case .account(let account): RecipeAuthor(id: account.id, name: account.name)
        default: RecipeAuthor(id: viewer.favoritesOwner.id, name: nil)
        }
    }

    /// The recipe a catalog id names, in the book (or also in the trash, with `trashed`); `404`
    /// otherwise, `403` for a drink of the catalog (the source's and imported drinks are
    /// read-only: adapt them). A drink in the trash is gone for everything but its restoring.
    package func recipe(id: String, trashed: Bool = false) async throws -> OwnRecipe {
        guard let number = OwnRecipe.number(in: id) else {
            _ = try await catalog.cocktail(id: id)
            throw AppError(
                status: .forbidden, code: "read_only_cocktail",
                message: "This drink comes with the book and cannot be changed; adapt it to make your own version.")
        }
        guard let recipe = try await store.ownRecipe(number: number), trashed || recipe.deletedAt == nil else {
            throw AppError(CatalogError.unknownCocktail(id))
        }
        return recipe
    }

    /// The book's drinks that a recipe named `name` may already be: the same name (case and
    /// accents aside), or a name that holds it word for word or is held in it (`Paper Plane` and
    /// `Paper Plane Cocktail`), in the catalog's order.
    package func namesakes(of name: String) async throws -> [Cocktail] {
        let wanted = SearchText.terms(name)
        guard !wanted.isEmpty else { return [] }
        func holds(_ words: [String], _ phrase: [String]) -> Bool {
            guard !phrase.isEmpty, phrase.count <= words.count else { return false }
            return (0...(words.count - phrase.count)).contains { Array(words[$0..<($0 + phrase.count)]) == phrase }
        }
        return try await catalog.list(filter: .all).items.map(\.cocktail).filter { drink in
            let words = SearchText.terms(drink.name)
            return holds(words, wanted) || holds(wanted, words)
        }
    }

    /// The recipe, if `viewer` may change it.
    package func editable(id: String, viewer: Viewer) async throws -> OwnRecipe {
        let recipe = try await recipe(id: id)
        guard Self.mayEdit(recipe, viewer: viewer) else {
            throw AppError(
                status: .forbidden, code: "forbidden", message: "Only its author or an admin may change this recipe."
            ).said(by: "apperror_not_author_change")
        }
        return recipe
    }

    /// Whether the book knows an ingredient by this name: the table's, or one it took as its own.
    package func knowsIngredient(_ name: String, custom: [String]) -> Bool {
        catalog.ingredients.ingredient(named: name) != nil
            || custom.contains { $0.caseInsensitiveCompare(name) == .orderedSame }
    }

    /// The ingredients of `draft` the book does not know.
    package func newIngredients(in draft: RecipeDraft) async throws -> [String] {
        let custom = try await store.customIngredients()
        return draft.newIngredients { knowsIngredient($0, custom: custom) }
    }

    /// Saves `draft` as a new recipe. Unknown ingredients are taken as the book's own when
    /// `confirmed` holds them (`nil`: all of them, as the API does).
    package func create(_ draft: RecipeDraft, viewer: Viewer, confirmed: Set<String>?) async throws -> Outcome {
        if let refusal = try await check(draft, confirmed: confirmed) { return refusal }
        if let basedOn = draft.basedOn, (try? await catalog.cocktail(id: basedOn)) == nil {
            return .problems([RecipeDraft.Problem(field: "basedOn", message: "editor_problem_based_on")])
        }
        let now = catalog.now()
        let author = Self.author(viewer)
        let recipe = try await store.createRecipe(by: author, at: now) { number in
            // No problems were found above, so the drink can be made.
            draft.cocktail(id: OwnRecipe.cocktailID(number), author: author.name, dateModified: now)
                ?? Cocktail(
                    id: OwnRecipe.cocktailID(number), name: draft.name, kind: draft.kind, shortDescription: "",
                    longDescription: "", preparationMinutes: 1, imageName: "", ingredients: [])
        }
        await catalog.reloadImported()
        return .saved(recipe)
    }

    /// Saves `draft` as the next version of recipe `id`, if it is still at `expectedVersion`.
    /// - Throws: ``RecipeError/stale(current:)`` when someone saved in between.
    package func update(
        id: String, _ draft: RecipeDraft, expectedVersion: Int?, viewer: Viewer, confirmed: Set<String>?
    )
        async throws -> Outcome
    {
        let recipe = try await editable(id: id, viewer: viewer)
        if let refusal = try await check(draft, confirmed: confirmed) { return refusal }
        let now = catalog.now()
        var kept = draft
        kept.basedOn = recipe.cocktail.basedOn
        guard
            let cocktail = kept.cocktail(
                id: recipe.cocktail.id, author: recipe.cocktail.author ?? Self.author(viewer).name, dateModified: now)
        else { return .problems(draft.problems()) }
        let saved = try await store.updateRecipe(
            number: recipe.number, to: cocktail, expectedVersion: expectedVersion,
            summary: RecipeChanges.summary(from: recipe.cocktail, to: cocktail), by: Self.author(viewer), at: now)
        await catalog.reloadImported()
        return .saved(saved)
    }

    /// Makes version `number` of recipe `id` the current one again, as a new version.
    package func restore(id: String, version number: Int, viewer: Viewer) async throws -> OwnRecipe {
        let recipe = try await editable(id: id, viewer: viewer)
        guard let version = try await store.recipeVersions(number: recipe.number).first(where: { $0.number == number })
        else { throw AppError(status: .notFound, code: "unknown_version", message: "This recipe has no such version.") }
        var cocktail = version.content
        cocktail.dateModified = catalog.now().formatted(.iso8601)
        let saved = try await store.updateRecipe(
            number: recipe.number, to: cocktail, expectedVersion: recipe.version,
            summary: "restored version \(number)", by: Self.author(viewer), at: catalog.now())
        await catalog.reloadImported()
        return saved
    }

    /// Moves recipe `id` to the trash, or back into the book.
    package func setTrashed(_ trashed: Bool, id: String, viewer: Viewer) async throws -> OwnRecipe {
        let recipe = try await recipe(id: id, trashed: !trashed)
        guard Self.mayEdit(recipe, viewer: viewer) else {
            throw AppError(
                status: .forbidden, code: "forbidden", message: "Only its author or an admin may delete this recipe."
            ).said(by: "apperror_not_author_delete")
        }
        guard (recipe.deletedAt == nil) == trashed else {
            throw AppError(
                status: .conflict, code: trashed ? "already_in_trash" : "not_in_trash",
                message: trashed ? "This recipe is already in the trash." : "This recipe is not in the trash.")
        }
        let changed = try await store.setTrashed(
            trashed, number: recipe.number, by: Self.author(viewer), at: catalog.now())
        await catalog.reloadImported()
        return changed
    }

    /// The trash as `viewer` may see it: everything for an admin, their own recipes otherwise.
    package func trash(viewer: Viewer) async throws -> [OwnRecipe] {
        try await store.trashedRecipes().filter { Self.mayEdit($0, viewer: viewer) }
    }

    /// The draft of an adaptation of drink `id`: its words and recipe, linked to it.
    package func adaptation(of id: String, strings: UIStrings) async throws -> RecipeDraft {
        let original = try await catalog.cocktail(id: id).cocktail
        var draft = RecipeDraft(original)
        draft.name = strings("editor_adapted_name", ["name": original.name])
        draft.basedOn = original.id
        // A drawing of its own: the original's picture belongs to the original.
        draft.imageURL = nil
        draft.imageSource = nil
        return draft
    }

    /// The adaptations in the book of drink `id`, by name.
    package func adaptations(of id: String) async throws -> [OwnRecipe] {
        try await store.ownRecipes().filter { $0.cocktail.basedOn == id }
            .sorted { $0.cocktail.name.localizedCaseInsensitiveCompare($1.cocktail.name) == .orderedAscending }
    }

    /// What a list asked for `query` needs of the asker's own: the ratings and drinks made when
    /// it sorts or filters by rating or filters by drinks made, else nothing.
    package func personal(for query: CocktailQuery, owner: FavoritesOwner) async throws -> PersonalView {
        guard query.showsRatings || query.made != nil else { return PersonalView() }
        return try await store.personalView(of: owner)
    }

    /// Why a picture was not taken, as a key of the strings catalog.
    package struct PictureRefusal: Error, Sendable {
        package var messageKey: String
    }

    /// The largest picture a recipe takes.
    package static let maximumPictureBytes = 10 * 1_048_576

    /// Keeps a recipe's picture (a JPEG, PNG or WebP picture by its bytes, at most 10 MB and
    /// 100 megapixels) under its hash, with only what it needs to be drawn, and answers its
    /// address. A picture that cannot be read cleanly is refused: its metadata could not be
    /// taken out either.
    package func storePicture(_ bytes: Data, pictures: ImportedImageFiles) async throws -> String {
        guard bytes.count <= Self.maximumPictureBytes else {
            throw PictureRefusal(messageKey: "editor_picture_too_large")
        }
        let cleaned: Data
        do {
            cleaned = try PictureMetadata.cleaned(bytes)
        } catch PictureMetadata.Refusal.notAPicture {
            throw PictureRefusal(messageKey: "editor_picture_kind")
        } catch PictureMetadata.Refusal.tooManyPixels {
            throw PictureRefusal(messageKey: "editor_picture_too_many_pixels")
        } catch {
            throw PictureRefusal(messageKey: "editor_picture_unreadable")
        }
        let saved = try await pictures.save(cleaned)
        return ImportedImageFiles.urlPrefix + saved.fileName
    }

    /// `nil` when `draft` may be saved (taking its confirmed new ingredients as the book's own),
    /// or why not.
    private func check(_ draft: RecipeDraft, confirmed: Set<String>?) async throws -> Outcome? {
        let problems = draft.problems()
        guard problems.isEmpty else { return .problems(problems) }
        let unknown = try await newIngredients(in: draft)
        let unconfirmed = confirmed.map { confirmed in
            unknown.filter { name in !confirmed.contains { $0.caseInsensitiveCompare(name) == .orderedSame } }
        }
        if let unconfirmed, !unconfirmed.isEmpty { return .newIngredients(unconfirmed) }
        try await store.addCustomIngredients(unknown, at: catalog.now())
        return nil
    }
}
