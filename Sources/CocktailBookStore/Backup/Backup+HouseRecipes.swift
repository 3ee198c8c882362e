import CocktailBook
import Foundation

/// The book's own house recipes in a backup, every version and the deleted ones included.
/// Optional in the file: a backup made before they existed has none, and restoring it leaves
/// the book's house recipes as they are.
extension Backup {
    public struct HouseRecipeEntry: Codable, Sendable, Equatable {
        /// The author's account name; `""` for the book's owner (or an account since removed).
        public var author: String
        public var createdAt: Date
        public var updatedAt: Date
        public var deletedAt: Date?
        /// Every version, oldest first; the last is the recipe as it is now.
        public var versions: [Version]

        public struct Version: Codable, Sendable, Equatable {
            public var number: Int
            public var savedAt: Date
            public var savedBy: String
            public var savedByName: String?
            public var summary: String
            public var recipe: HouseRecipe
        }
    }

    /// What a restore must refuse in the house recipes: one without versions, an ingredient
    /// twice, a recipe the editor refuses (a shelf life of 10⁹ days), or a circle among them.
    func checkHouseRecipes() throws {
        var keys = Set<String>()
        var counting: [HouseRecipe] = []
        for entry in houseRecipes ?? [] {
            guard let last = entry.versions.last else {
                throw StoreError.invalidBackup("a house recipe has no version")
            }
            let key = OwnHouseRecipe.key(last.recipe.ingredient)
            guard keys.insert(key).inserted,
                entry.versions.allSatisfy({ OwnHouseRecipe.key($0.recipe.ingredient) == key })
            else {
                throw StoreError.invalidBackup("it lists the house recipe of \"\(key.prefix(40))\" twice")
            }
            for version in entry.versions {
                do {
                    _ = try HouseRecipes([version.recipe])
                } catch {
                    throw StoreError.invalidBackup(
                        "the house recipe of \"\(key.prefix(40))\" is refused (\(error.localizedDescription))")
                }
            }
            if entry.deletedAt == nil { counting.append(last.recipe) }
        }
        var book = HouseRecipes.bundled
        for recipe in counting {
            do {
                book = try book.replacing(recipe)
            } catch {
                throw StoreError.invalidBackup("its house recipes are refused (\(error.localizedDescription))")
            }
        }
    }

}
