import CocktailBook
import Foundation

/// The book's own house recipes: one row per ingredient (its key) with its current version, and
/// every version saved. Deleting puts it in the trash (the row is marked, the versions stay), from
/// where it comes back as it was.
extension SQLBook {
    private static func houseRecipes(
        _ db: any SQLConnection, where condition: String, _ arguments: any SQLBindable...
    ) async throws -> [OwnHouseRecipe] {
        try await db.rows("SELECT * FROM house_recipe WHERE \(condition)", arguments.map(\.sqlValue)).map { row in
            let decoded: HouseRecipeRow
            do {
                decoded = try row.decode(HouseRecipeRow.self)
            } catch {
                throw StoreError.unavailable("a house recipe cannot be read")
            }
            return OwnHouseRecipe(
                authorID: decoded.authorId, version: decoded.version, createdAt: decoded.createdAt,
                updatedAt: decoded.updatedAt, deletedAt: decoded.deletedAt,
                recipe: try StoreRules.houseRecipe(key: decoded.key, payload: decoded.payload))
        }
    }

    public func ownHouseRecipes() async throws -> [OwnHouseRecipe] {
        try await reading { db in
            try await Self.houseRecipes(db, where: "deleted_at IS NULL ORDER BY created_at, key")
        }
    }

    public func ownHouseRecipe(value: String) async throws -> OwnHouseRecipe? {
        try await reading { db in try await Self.houseRecipes(db, where: "key = ?", OwnHouseRecipe.key(value)).first }
    }

    public func saveHouseRecipe(
        _ recipe: HouseRecipe, expectedVersion: Int?, summary: String, by author: RecipeAuthor, at date: Date
    ) async throws -> OwnHouseRecipe {
        let payload = try StoreRules.payload(recipe)
        let key = OwnHouseRecipe.key(recipe.ingredient)
        return try await writing("recipes") { db in
            // The row is locked (or, for a new one, the key taken by the insert) until commit.
            let current = try await Self.houseRecipes(db, where: "key = ?" + db.forUpdate, key).first
            let counting = current.flatMap { $0.deletedAt == nil ? $0.version : nil } ?? 0
            if let expectedVersion, expectedVersion != counting { throw OwnHouseRecipeError.stale(current: counting) }
            var saved =
                current
                ?? OwnHouseRecipe(authorID: author.id, version: 0, createdAt: date, updatedAt: date, recipe: recipe)
            saved.version += 1
            saved.updatedAt = date
            saved.deletedAt = nil
            saved.recipe = recipe
            try await db.execute(
                """
                INSERT INTO house_recipe (key, author_id, version, created_at, updated_at, deleted_at, payload)
                VALUES (?, ?, ?, ?, ?, NULL, ?)
                ON CONFLICT (key) DO UPDATE SET version = excluded.version, updated_at = excluded.updated_at,
                    deleted_at = NULL, payload = excluded.payload
                """, key, saved.authorID, saved.version, saved.createdAt, date, payload)
            try await VersionTable.houseRecipes.save(
                db, of: key, number: saved.version, at: date, by: author, summary: summary, payload: payload)
            return saved
        }
    }

    public func houseRecipeVersions(value: String) async throws -> [HouseRecipeVersion] {
        let key = OwnHouseRecipe.key(value)
        return try await reading { db in
            try await VersionTable.houseRecipes.versions(db, of: key) {
                try StoreRules.houseRecipe(key: key, payload: $0)
            }
        }
    }

    public func deleteHouseRecipe(value: String, by author: RecipeAuthor, at date: Date) async throws
        -> OwnHouseRecipe
    {
        try await setHouseRecipeDeleted(value: value, at: date, by: author.id)
    }

    public func trashedHouseRecipes() async throws -> [OwnHouseRecipe] {
        try await reading { db in try await Self.houseRecipes(db, where: VersionTable.houseRecipes.trashed) }
    }

    public func restoreHouseRecipe(value: String) async throws -> OwnHouseRecipe {
        try await setHouseRecipeDeleted(value: value, at: nil, by: nil)
    }

    /// Moves `value`'s recipe into the trash at `date`, or out of it with nil; `notFound` when
    /// it is not where it would move from.
    private func setHouseRecipeDeleted(value: String, at date: Date?, by author: Int64?) async throws
        -> OwnHouseRecipe
    {
        let key = OwnHouseRecipe.key(value)
        return try await writing("recipes") { db in
            let from = date == nil ? "deleted_at IS NOT NULL" : "deleted_at IS NULL"
            guard var current = try await Self.houseRecipes(db, where: "key = ? AND \(from)" + db.forUpdate, key).first
            else { throw OwnHouseRecipeError.notFound }
            current.deletedAt = date
            try await VersionTable.houseRecipes.setDeleted(db, of: key, at: date, by: author)
            return current
        }
    }
}

extension StoreRules {
    /// A house recipe as stored: JSON with sorted keys.
    static func payload(_ recipe: HouseRecipe) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try encoder.encode(recipe)
    }

    /// A stored house recipe; an unreadable one names itself.
    static func houseRecipe(key: String, payload: some Collection<UInt8>) throws -> HouseRecipe {
        do {
            return try JSONDecoder().decode(HouseRecipe.self, from: Data(payload))
        } catch {
            throw StoreError.corruptCatalog("the house recipe of \(key) is unreadable")
        }
    }
}

private struct HouseRecipeRow: Decodable {
    var key: String
    var authorId: Int64
    var version: Int
    var createdAt: Date
    var updatedAt: Date
    var deletedAt: Date?
    var payload: Data
}
