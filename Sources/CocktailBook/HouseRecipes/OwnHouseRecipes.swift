import Foundation

/// A house recipe written in the book: one per ingredient, for a syrup the bundled catalog has a
/// recipe for (it then takes that recipe's place) or for a new one. Like the book's drinks it is
/// the whole book's, not one account's: every shelf of the book reads it. Every save keeps the
/// one before as a ``HouseRecipeVersion``; deleting it keeps the versions, so it can come back.
public struct OwnHouseRecipe: Sendable, Equatable {
    /// The ingredient it makes, as the recipe names it (the table's name when it has one).
    public var value: String { recipe.ingredient }
    /// The account that first wrote it (0 in a book without accounts).
    public var authorID: Int64
    /// The current version's number, from 1; what `ETag` and `If-Match` carry.
    public var version: Int
    public var createdAt: Date
    public var updatedAt: Date
    /// When it was deleted (the bundled recipe, if any, counts again); nil while it counts.
    public var deletedAt: Date?
    /// The current version.
    public var recipe: HouseRecipe

    public init(
        authorID: Int64, version: Int, createdAt: Date, updatedAt: Date, deletedAt: Date? = nil, recipe: HouseRecipe
    ) {
        self.authorID = authorID
        self.version = version
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.deletedAt = deletedAt
        self.recipe = recipe
    }

    /// The key a store keeps a recipe under: its ingredient, folded.
    public static func key(_ value: String) -> String { IngredientTable.key(value) }
}

/// Why a store refused a change to a house recipe written in the book.
public enum OwnHouseRecipeError: Error, Sendable, Equatable {
    /// The book has no own recipe for this ingredient (or it is deleted, for a deletion).
    case notFound
    /// The change was made to another version than the current one (0: to none at all).
    case stale(current: Int)
}

/// Where the book's own house recipes and their versions are kept. Each call is one transaction.
public protocol HouseRecipeStore: Sendable {
    /// The recipes that count (not deleted), in the order they were first written.
    func ownHouseRecipes() async throws -> [OwnHouseRecipe]
    /// The recipe for `value`, deleted or not.
    func ownHouseRecipe(value: String) async throws -> OwnHouseRecipe?
    /// Saves `recipe` as the next version of its ingredient's recipe (version 1 when new; a
    /// deleted one comes back). With `expectedVersion`, only if that is the current version,
    /// 0 meaning none that counts.
    /// - Throws: ``OwnHouseRecipeError/stale(current:)``.
    func saveHouseRecipe(
        _ recipe: HouseRecipe, expectedVersion: Int?, summary: String, by author: RecipeAuthor, at date: Date
    ) async throws -> OwnHouseRecipe
    /// Every version of `value`'s recipe, newest first.
    func houseRecipeVersions(value: String) async throws -> [HouseRecipeVersion]
    /// Deletes `value`'s recipe; its versions stay.
    /// - Throws: ``OwnHouseRecipeError/notFound`` when none counts.
    func deleteHouseRecipe(value: String, by author: RecipeAuthor, at date: Date) async throws -> OwnHouseRecipe
    /// The deleted recipes (the trash), the last deleted first.
    func trashedHouseRecipes() async throws -> [OwnHouseRecipe]
    /// Brings `value`'s deleted recipe back as it was, at its last version.
    /// - Throws: ``OwnHouseRecipeError/notFound`` when none is deleted.
    func restoreHouseRecipe(value: String) async throws -> OwnHouseRecipe
}

extension HouseRecipes {
    /// These recipes with `own` in the place of theirs for the same ingredient, or beside them.
    /// An own recipe that would close a circle with the others (each was checked when saved,
    /// but a newer bundled recipe may differ) is left out, so the rest still count.
    public func merging(_ own: [HouseRecipe]) -> HouseRecipes {
        var merged = self
        for recipe in own {
            if let next = try? merged.replacing(recipe) { merged = next }
        }
        return merged
    }

    /// These recipes with `recipe` in the place of the one for its ingredient (or added).
    /// - Throws: ``HouseRecipeError`` when the result is refused, a circle above all.
    public func replacing(_ recipe: HouseRecipe) throws -> HouseRecipes {
        var list = recipes
        let key = OwnHouseRecipe.key(recipe.ingredient)
        if let at = list.firstIndex(where: { OwnHouseRecipe.key($0.ingredient) == key }) {
            list[at] = recipe
        } else {
            list.append(recipe)
        }
        return try HouseRecipes(list)
    }

    /// The recipes the book counts: the bundled ones with the book's own in their place.
    public static func ofBook(_ own: [OwnHouseRecipe]) -> HouseRecipes {
        bundled.merging(own.filter { $0.deletedAt == nil }.map(\.recipe))
    }
}

/// What differs between two versions of a house recipe, in a few words for the history (English
/// keys the pages translate).
public enum HouseRecipeChanges {
    public static func summary(from old: HouseRecipe?, to new: HouseRecipe) -> String {
        guard let old else { return "created" }
        var parts: [String] = []
        if old.names != new.names { parts.append("name") }
        if old.lines != new.lines { parts.append("lines") }
        if old.steps != new.steps { parts.append("steps") }
        if old.yield != new.yield || old.minutes != new.minutes { parts.append("yield") }
        if old.shelfLifeDays != new.shelfLifeDays || old.storage != new.storage || old.storageNote != new.storageNote {
            parts.append("keeping")
        }
        return parts.isEmpty ? "no change" : parts.joined(separator: ", ")
    }
}
