import CocktailBook
import Foundation

/// The book's own recipes (every version, the trash included), its own ingredient names, and
/// what each person keeps about drinks (notes, ratings, drinks made, lists), in a backup. All optional in the file: a backup made
/// before recipes existed has none of them, and restoring it leaves the book's recipes and
/// personal records as they are.
extension Backup {
    public struct Recipe: Codable, Sendable, Equatable {
        /// The number behind the drink's id `my-N`.
        public var number: Int64
        /// The author's account name; `""` for the book's owner (or an account since removed).
        public var author: String
        public var createdAt: Date
        public var updatedAt: Date
        public var deletedAt: Date?
        public var deletedBy: String?
        /// Every version, oldest first; the last is the drink as it is now.
        public var versions: [Version]

        public struct Version: Codable, Sendable, Equatable {
            public var number: Int
            public var savedAt: Date
            public var savedBy: String
            public var savedByName: String?
            public var summary: String
            public var cocktail: Cocktail
        }
    }

    public struct Note: Codable, Sendable, Equatable {
        public var owner: String
        public var cocktailId: String
        public var text: String
        public var updatedAt: Date
    }

    public struct Rating: Codable, Sendable, Equatable {
        public var owner: String
        public var cocktailId: String
        public var stars: Int
        public var ratedAt: Date
    }

    public struct Made: Codable, Sendable, Equatable {
        public var owner: String
        public var cocktailId: String
        public var madeAt: Date
        public var servings: Int
        public var note: String?
    }

    /// A person's list of drinks, its share link (a restored link keeps working) and entries.
    public struct DrinkList: Codable, Sendable, Equatable {
        /// The list's number, its address (`/lists/N`), which a restore keeps; absent in older
        /// backups (their lists get new numbers).
        public var number: Int64? = nil
        public var owner: String
        public var name: String
        public var createdAt: Date
        public var updatedAt: Date
        public var shareToken: String?
        public var shareCreatedAt: Date?
        public var shareExpiresAt: Date?
        public var entries: [Entry]
        /// The account whose bar the menu follows ("" for the owner of a book without accounts);
        /// absent for a menu that shows every drink, and in older backups.
        public var menuShelf: String? = nil
        public var menuHidesUnavailable: Bool? = nil
        /// Whether the menu shows prices (`auto`, `show`, `hide`) and the pour cost it aims at;
        /// absent in older backups (then `auto`, and the default pour cost).
        public var menuPrices: String? = nil
        public var pourCostPercent: Int? = nil
        /// How the menu orders its drinks (`style`, `list`); absent in older backups (`style`).
        public var menuOrder: String? = nil

        public struct Entry: Codable, Sendable, Equatable {
            public var cocktailId: String
            public var position: Int
            public var note: String?
            public var addedAt: Date
            /// The menu price in minor units of the book's currency; absent without one.
            public var priceMinor: Int? = nil
        }
    }

    /// What a restore must refuse in the recipes: a recipe without versions, numbers twice,
    /// stars outside 1–5.
    func checkRecipes() throws {
        var numbers = Set<Int64>()
        for recipe in recipes ?? [] {
            guard recipe.number > 0, numbers.insert(recipe.number).inserted else {
                throw StoreError.invalidBackup("it lists recipe number \(recipe.number) twice or as no number")
            }
            guard let last = recipe.versions.last else {
                throw StoreError.invalidBackup("recipe my-\(recipe.number) has no version")
            }
            guard last.cocktail.id == OwnRecipe.cocktailID(recipe.number) else {
                throw StoreError.invalidBackup("recipe my-\(recipe.number) holds the drink \(last.cocktail.id)")
            }
        }
        let lists = (lists ?? []).compactMap(\.number)
        guard lists.isEmpty || lists.count == self.lists?.count, Set(lists).count == lists.count,
            lists.allSatisfy({ $0 > 0 })
        else {
            throw StoreError.invalidBackup("its lists' numbers are missing, repeated or not numbers")
        }
        if let bad = (ratings ?? []).first(where: { !(1...5).contains($0.stars) }) {
            throw StoreError.invalidBackup("a rating of \(bad.cocktailId) has \(bad.stars) stars")
        }
    }
}
