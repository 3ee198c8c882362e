import CocktailBook
import Foundation
import PostgresNIO

/// The book's own recipes and their versions, and what people keep about drinks (notes,
/// ratings, drinks made), as ``AppDatabase`` keeps them. A change to the recipes is announced
/// to the other instances under the topic `recipes`.
extension PostgresStore {
    static let recipeColumns = "id, author_id, version, created_at, updated_at, deleted_at, deleted_by, payload"

    private func recipes(_ rows: PostgresRowSequence) async throws -> [OwnRecipe] {
        var recipes: [OwnRecipe] = []
        for try await (number, author, version, created, updated, deleted, deletedBy, payload) in rows.decode(
            (Int64, Int64, Int, Date, Date, Date?, Int64?, ByteBuffer).self)
        {
            recipes.append(
                OwnRecipe(
                    number: number, authorID: author, version: version, createdAt: created, updatedAt: updated,
                    deletedAt: deleted, deletedBy: deletedBy,
                    cocktail: try StoreRules.cocktail(
                        id: OwnRecipe.cocktailID(number), payload: payload.readableBytesView)))
        }
        return recipes
    }

    public func ownRecipes() async throws -> [OwnRecipe] {
        try await mapped { [self] in
            try await recipes(
                client.query(
                    "SELECT \(unescaped: Self.recipeColumns) FROM recipe WHERE deleted_at IS NULL ORDER BY id",
                    logger: logger))
        }
    }

    public func ownRecipe(number: Int64) async throws -> OwnRecipe? {
        try await mapped { [self] in
            try await recipes(
                client.query(
                    "SELECT \(unescaped: Self.recipeColumns) FROM recipe WHERE id = \(number)", logger: logger)
            ).first
        }
    }

    public func createRecipe(by author: RecipeAuthor, at date: Date, _ make: @escaping @Sendable (Int64) -> Cocktail)
        async throws -> OwnRecipe
    {
        try await mapped { [self] in
            try await write("recipes") { connection in
                guard
                    let number = try await one(
                        connection.query(
                            "INSERT INTO recipe (author_id, version, created_at, updated_at, payload) VALUES (\(author.id), 1, \(date), \(date), '') RETURNING id",
                            logger: logger), as: Int64.self)
                else { throw StoreError.unavailable("the new recipe was given no number") }
                let cocktail = make(number)
                let payload = ByteBuffer(bytes: try StoreRules.payload(cocktail))
                let summary = RecipeChanges.summary(from: nil, to: cocktail)
                try await connection.query(
                    "UPDATE recipe SET payload = \(payload) WHERE id = \(number)", logger: logger)
                try await connection.query(
                    """
                    INSERT INTO recipe_version (recipe_id, number, saved_at, saved_by, saved_by_name, summary, payload)
                    VALUES (\(number), 1, \(date), \(author.id), \(author.name), \(summary), \(payload))
                    """, logger: logger)
                return OwnRecipe(
                    number: number, authorID: author.id, version: 1, createdAt: date, updatedAt: date,
                    cocktail: cocktail)
            }
        }
    }

    public func updateRecipe(
        number: Int64, to cocktail: Cocktail, expectedVersion: Int?, summary: String, by author: RecipeAuthor,
        at date: Date
    ) async throws -> OwnRecipe {
        let payload = ByteBuffer(bytes: try StoreRules.payload(cocktail))
        return try await mapped { [self] in
            try await write("recipes") { connection in
                guard
                    var current = try await recipes(
                        connection.query(
                            "SELECT \(unescaped: Self.recipeColumns) FROM recipe WHERE id = \(number) AND deleted_at IS NULL FOR UPDATE",
                            logger: logger)
                    ).first
                else { throw RecipeError.notFound }
                if let expectedVersion, current.version != expectedVersion { throw RecipeError.stale(current: current) }
                current.version += 1
                current.updatedAt = date
                current.cocktail = cocktail
                try await connection.query(
                    "UPDATE recipe SET version = \(current.version), updated_at = \(date), payload = \(payload) WHERE id = \(number)",
                    logger: logger)
                try await connection.query(
                    """
                    INSERT INTO recipe_version (recipe_id, number, saved_at, saved_by, saved_by_name, summary, payload)
                    VALUES (\(number), \(current.version), \(date), \(author.id), \(author.name), \(summary), \(payload))
                    """, logger: logger)
                return current
            }
        }
    }

    public func recipeVersions(number: Int64) async throws -> [RecipeVersion] {
        try await mapped { [self] in
            var versions: [RecipeVersion] = []
            let rows = try await client.query(
                "SELECT number, saved_at, saved_by, saved_by_name, summary, payload FROM recipe_version WHERE recipe_id = \(number) ORDER BY number DESC",
                logger: logger)
            for try await (version, savedAt, savedBy, name, summary, payload) in rows.decode(
                (Int, Date, Int64, String?, String, ByteBuffer).self)
            {
                versions.append(
                    RecipeVersion(
                        number: version, savedAt: savedAt, savedBy: savedBy, savedByName: name, summary: summary,
                        cocktail: try StoreRules.cocktail(
                            id: OwnRecipe.cocktailID(number), payload: payload.readableBytesView)))
            }
            return versions
        }
    }

    public func setTrashed(_ trashed: Bool, number: Int64, by author: RecipeAuthor, at date: Date) async throws
        -> OwnRecipe
    {
        try await mapped { [self] in
            try await write("recipes") { connection in
                guard
                    var recipe = try await recipes(
                        connection.query(
                            "SELECT \(unescaped: Self.recipeColumns) FROM recipe WHERE id = \(number) FOR UPDATE",
                            logger: logger)
                    ).first, (recipe.deletedAt == nil) == trashed
                else { throw RecipeError.notFound }
                recipe.deletedAt = trashed ? date : nil
                recipe.deletedBy = trashed ? author.id : nil
                try await connection.query(
                    "UPDATE recipe SET deleted_at = \(recipe.deletedAt), deleted_by = \(recipe.deletedBy) WHERE id = \(number)",
                    logger: logger)
                return recipe
            }
        }
    }

    public func trashedRecipes() async throws -> [OwnRecipe] {
        try await mapped { [self] in
            try await recipes(
                client.query(
                    "SELECT \(unescaped: Self.recipeColumns) FROM recipe WHERE deleted_at IS NOT NULL ORDER BY deleted_at DESC, id DESC",
                    logger: logger))
        }
    }

    public func customIngredients() async throws -> [String] {
        try await mapped { [self] in
            try await many(
                client.query("SELECT name FROM custom_ingredient ORDER BY lower(name)", logger: logger), as: String.self
            )
        }
    }

    public func addCustomIngredients(_ names: [String], at date: Date) async throws {
        guard !names.isEmpty else { return }
        try await mapped { [self] in
            try await write("recipes") { connection in
                for name in names {
                    try await connection.query(
                        "INSERT INTO custom_ingredient (name, added_at) VALUES (\(name), \(date)) ON CONFLICT DO NOTHING",
                        logger: logger)
                }
            }
        }
    }
}
