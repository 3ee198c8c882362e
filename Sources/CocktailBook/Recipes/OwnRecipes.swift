import Foundation

/// A drink written in the book: its current words, who wrote it and where it stands. Every save
/// keeps the one before as a ``RecipeVersion``; deleting moves it to the trash.
public struct OwnRecipe: Sendable, Equatable {
    /// The number the store gave it; the catalog shows it as ``cocktailID(_:)``.
    public var number: Int64
    /// The account that wrote it (``FavoritesOwner/implicit``'s 0 in a book without accounts).
    public var authorID: Int64
    /// The current version's number, from 1; what `ETag` and `If-Match` carry.
    public var version: Int
    public var createdAt: Date
    public var updatedAt: Date
    /// When it went to the trash, and by whom; `nil` while it is in the book.
    public var deletedAt: Date?
    public var deletedBy: Int64?
    /// The current version.
    public var cocktail: Cocktail

    public init(
        number: Int64, authorID: Int64, version: Int, createdAt: Date, updatedAt: Date, deletedAt: Date? = nil,
        deletedBy: Int64? = nil, cocktail: Cocktail
    ) {
        self.number = number
        self.authorID = authorID
        self.version = version
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.deletedAt = deletedAt
        self.deletedBy = deletedBy
        self.cocktail = cocktail
    }

    /// `my-12`: the catalog id of the book's recipe number 12.
    public static func cocktailID(_ number: Int64) -> String { "my-\(number)" }

    /// The number in a catalog id written by ``cocktailID(_:)``.
    public static func number(in id: String) -> Int64? {
        guard id.hasPrefix("my-"), let number = Int64(id.dropFirst(3)), number > 0, cocktailID(number) == id else {
            return nil
        }
        return number
    }

    public var id: String { Self.cocktailID(number) }
}

/// Why a change to a recipe was refused.
public enum RecipeError: Error, Sendable, Equatable {
    /// No recipe of the book has this id (or it is in the trash, for a change).
    case notFound
    /// The change was made to `expected`, but the recipe is at a later version now.
    case stale(current: OwnRecipe)
    /// No such version, or the recipe is not in the trash.
    case noSuchVersion
}

/// Who is changing a recipe, as the store records it.
public struct RecipeAuthor: Sendable, Equatable {
    public var id: Int64
    public var name: String?

    public init(id: Int64, name: String?) {
        self.id = id
        self.name = name
    }
}

/// Where the book's own recipes and their history are kept. Each call is one transaction.
public protocol RecipeStore: Sendable {
    /// Every recipe in the book (not in the trash), by number: they join the catalog.
    func ownRecipes() async throws -> [OwnRecipe]
    /// One recipe, in the book or in the trash.
    func ownRecipe(number: Int64) async throws -> OwnRecipe?
    /// Saves a new recipe as version 1; `make` gets its number and returns the drink to store.
    func createRecipe(by author: RecipeAuthor, at date: Date, _ make: @escaping @Sendable (Int64) -> Cocktail)
        async throws
        -> OwnRecipe
    /// Saves `cocktail` as the next version, if the recipe is still at `expectedVersion` (`nil`:
    /// whichever version is current, as `If-Match: *` asks).
    /// - Throws: ``RecipeError/stale(current:)`` when someone saved since; ``RecipeError/notFound``.
    func updateRecipe(
        number: Int64, to cocktail: Cocktail, expectedVersion: Int?, summary: String, by author: RecipeAuthor,
        at date: Date
    ) async throws -> OwnRecipe
    /// Every version, newest first.
    func recipeVersions(number: Int64) async throws -> [RecipeVersion]
    /// Moves a recipe to the trash (`true`) or back (`false`).
    func setTrashed(_ trashed: Bool, number: Int64, by author: RecipeAuthor, at date: Date) async throws -> OwnRecipe
    /// The recipes in the trash, most recently deleted first.
    func trashedRecipes() async throws -> [OwnRecipe]
    /// The ingredient names the book took as its own, by name.
    func customIngredients() async throws -> [String]
    /// Takes names as the book's own ingredients (names it has are left as they are).
    func addCustomIngredients(_ names: [String], at date: Date) async throws
}

/// What differs between two versions of a drink, in a few words (`name, 2 ingredients,
/// steps`): the history's summary. The words are English keys the pages translate.
public enum RecipeChanges {
    public static func summary(from old: Cocktail?, to new: Cocktail) -> String {
        guard let old else { return "created" }
        var parts: [String] = []
        if old.name != new.name { parts.append("name") }
        let changedLines =
            zip(old.ingredients, new.ingredients).filter { $0 != $1 }.count
            + abs(old.ingredients.count - new.ingredients.count)
        if changedLines == 1 { parts.append("1 ingredient") }
        if changedLines > 1 { parts.append("\(changedLines) ingredients") }
        if old.instructions != new.instructions { parts.append("steps") }
        if old.shortDescription != new.shortDescription || old.longDescription != new.longDescription {
            parts.append("description")
        }
        if old.glass != new.glass || old.method != new.method || old.category != new.category
            || old.kind != new.kind || old.preparationMinutes != new.preparationMinutes
        {
            parts.append("details")
        }
        if old.garnish != new.garnish { parts.append("garnish") }
        if old.imageURL != new.imageURL { parts.append("picture") }
        if old.translations != new.translations { parts.append("translations") }
        if old.tags != new.tags || old.video != new.video { parts.append("tags and links") }
        return parts.isEmpty ? "no change" : parts.joined(separator: ", ")
    }
}
