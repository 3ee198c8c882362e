import CocktailsAPI
import Foundation

/// One saved state of something the book keeps every version of: a recipe of its own (a
/// ``Cocktail``) or a house recipe. Versions are numbered from 1; each says who saved it and
/// what changed.
public struct SavedVersion<Content: Sendable & Equatable>: Sendable, Equatable {
    public var number: Int
    public var savedAt: Date
    /// The account that saved it, and its name then (kept if the account goes).
    public var savedBy: Int64
    public var savedByName: String?
    /// What changed from the version before, in short (`name, 2 ingredients, steps`; `created`).
    public var summary: String
    public var content: Content

    public init(number: Int, savedAt: Date, savedBy: Int64, savedByName: String?, summary: String, content: Content) {
        self.number = number
        self.savedAt = savedAt
        self.savedBy = savedBy
        self.savedByName = savedByName
        self.summary = summary
        self.content = content
    }
}

/// One saved state of a recipe of the book's own.
public typealias RecipeVersion = SavedVersion<Cocktail>

/// One saved state of a house recipe written in the book.
public typealias HouseRecipeVersion = SavedVersion<HouseRecipe>
