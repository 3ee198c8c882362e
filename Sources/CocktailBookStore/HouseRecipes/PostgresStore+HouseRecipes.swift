import CocktailBook
import Foundation
import PostgresNIO

/// The book's own house recipes and their versions, as ``AppDatabase`` keeps them. A change is
/// announced to the other instances under the topic `recipes`, which reads the book's recipes
/// (and so the bar's) again.
extension PostgresStore {
    static let houseRecipeColumns = "key, author_id, version, created_at, updated_at, deleted_at, payload"
    static let countingHouseRecipes: PostgresQuery =
        "SELECT \(unescaped: houseRecipeColumns) FROM house_recipe WHERE deleted_at IS NULL ORDER BY created_at, key"

    func houseRecipes(_ rows: PostgresRowSequence) async throws -> [OwnHouseRecipe] {
        var recipes: [OwnHouseRecipe] = []
        for try await (key, author, version, created, updated, deleted, payload) in rows.decode(
            (String, Int64, Int, Date, Date, Date?, ByteBuffer).self)
        {
            recipes.append(
                OwnHouseRecipe(
                    authorID: author, version: version, createdAt: created, updatedAt: updated, deletedAt: deleted,
                    recipe: try StoreRules.houseRecipe(key: key, payload: payload.readableBytesView)))
        }
        return recipes
    }

    public func ownHouseRecipes() async throws -> [OwnHouseRecipe] {
        try await mapped { [self] in try await houseRecipes(client.query(Self.countingHouseRecipes, logger: logger)) }
    }

    public func ownHouseRecipe(value: String) async throws -> OwnHouseRecipe? {
        let key = OwnHouseRecipe.key(value)
        return try await mapped { [self] in
            try await houseRecipes(
                client.query(
                    "SELECT \(unescaped: Self.houseRecipeColumns) FROM house_recipe WHERE key = \(key)", logger: logger)
            ).first
        }
    }

    public func saveHouseRecipe(
        _ recipe: HouseRecipe, expectedVersion: Int?, summary: String, by author: RecipeAuthor, at date: Date
    ) async throws -> OwnHouseRecipe {
        let payload = ByteBuffer(bytes: try StoreRules.payload(recipe))
        let key = OwnHouseRecipe.key(recipe.ingredient)
        return try await mapped { [self] in
            try await write("recipes") { connection in
                // The row is locked (or, for a new one, the key taken by the insert) until commit.
                let current = try await houseRecipes(
                    connection.query(
                        "SELECT \(unescaped: Self.houseRecipeColumns) FROM house_recipe WHERE key = \(key) FOR UPDATE",
                        logger: logger)
                ).first
                let counting = current.flatMap { $0.deletedAt == nil ? $0.version : nil } ?? 0
                if let expectedVersion, expectedVersion != counting {
                    throw OwnHouseRecipeError.stale(current: counting)
                }
                var saved =
                    current
                    ?? OwnHouseRecipe(
                        authorID: author.id, version: 0, createdAt: date, updatedAt: date, recipe: recipe)
                saved.version += 1
                saved.updatedAt = date
                saved.deletedAt = nil
                saved.recipe = recipe
                try await connection.query(
                    """
                    INSERT INTO house_recipe (key, author_id, version, created_at, updated_at, deleted_at, payload)
                    VALUES (\(key), \(saved.authorID), \(saved.version), \(saved.createdAt), \(date), NULL, \(payload))
                    ON CONFLICT (key) DO UPDATE SET version = excluded.version, updated_at = excluded.updated_at,
                        deleted_at = NULL, payload = excluded.payload
                    """, logger: logger)
                try await connection.query(
                    """
                    INSERT INTO house_recipe_version (key, number, saved_at, saved_by, saved_by_name, summary, payload)
                    VALUES (\(key), \(saved.version), \(date), \(author.id), \(author.name), \(summary), \(payload))
                    """, logger: logger)
                return saved
            }
        }
    }

    public func houseRecipeVersions(value: String) async throws -> [HouseRecipeVersion] {
        let key = OwnHouseRecipe.key(value)
        return try await mapped { [self] in
            var versions: [HouseRecipeVersion] = []
            let rows = try await client.query(
                "SELECT number, saved_at, saved_by, saved_by_name, summary, payload FROM house_recipe_version WHERE key = \(key) ORDER BY number DESC",
                logger: logger)
            for try await (number, savedAt, savedBy, name, summary, payload) in rows.decode(
                (Int, Date, Int64, String?, String, ByteBuffer).self)
            {
                versions.append(
                    HouseRecipeVersion(
                        number: number, savedAt: savedAt, savedBy: savedBy, savedByName: name, summary: summary,
                        recipe: try StoreRules.houseRecipe(key: key, payload: payload.readableBytesView)))
            }
            return versions
        }
    }

    public func deleteHouseRecipe(value: String, by author: RecipeAuthor, at date: Date) async throws
        -> OwnHouseRecipe
    {
        let key = OwnHouseRecipe.key(value)
        return try await mapped { [self] in
            try await write("recipes") { connection in
                guard
                    var current = try await houseRecipes(
                        connection.query(
                            "SELECT \(unescaped: Self.houseRecipeColumns) FROM house_recipe WHERE key = \(key) AND deleted_at IS NULL FOR UPDATE",
                            logger: logger)
                    ).first
                else { throw OwnHouseRecipeError.notFound }
                current.deletedAt = date
                try await connection.query(
                    "UPDATE house_recipe SET deleted_at = \(date) WHERE key = \(key)", logger: logger)
                return current
            }
        }
    }
}
