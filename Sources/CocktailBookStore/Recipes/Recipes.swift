import CocktailBook
import Foundation

/// The book's own recipes: one row per recipe with its current version, and every version saved.
/// A recipe in the trash keeps its rows; nothing is ever deleted by one click. The drink is JSON,
/// like the catalog's.
extension SQLBook {
    private static func recipe(_ row: RecipeRow) throws -> OwnRecipe {
        OwnRecipe(
            number: row.id, authorID: row.authorId, version: row.version, createdAt: row.createdAt,
            updatedAt: row.updatedAt, deletedAt: row.deletedAt, deletedBy: row.deletedBy,
            cocktail: try StoreRules.cocktail(id: OwnRecipe.cocktailID(row.id), payload: row.payload))
    }

    private static func recipes(_ db: any SQLConnection, where condition: String, _ arguments: any SQLBindable...)
        async throws -> [OwnRecipe]
    {
        try await db.rows(
            "SELECT id, author_id, version, created_at, updated_at, deleted_at, deleted_by, payload FROM recipe WHERE \(condition)",
            arguments.map(\.sqlValue)
        ).map { row in
            let decoded: RecipeRow
            do {
                decoded = RecipeRow(
                    id: try row.decode(column: 0, as: Int64.self), authorId: try row.decode(column: 1, as: Int64.self),
                    version: try row.decode(column: 2, as: Int.self),
                    createdAt: try row.decode(column: 3, as: Date.self),
                    updatedAt: try row.decode(column: 4, as: Date.self),
                    deletedAt: try row.decode(column: 5, as: Date?.self),
                    deletedBy: try row.decode(column: 6, as: Int64?.self),
                    payload: try row.decode(column: 7, as: Data.self))
            } catch {
                throw StoreError.unavailable("a recipe cannot be read")
            }
            return try recipe(decoded)
        }
    }

    public func ownRecipes() async throws -> [OwnRecipe] {
        try await reading { db in try await Self.recipes(db, where: "deleted_at IS NULL ORDER BY id") }
    }

    public func ownRecipe(number: Int64) async throws -> OwnRecipe? {
        try await reading { db in try await Self.recipes(db, where: "id = ?", number).first }
    }

    public func createRecipe(by author: RecipeAuthor, at date: Date, _ make: @escaping @Sendable (Int64) -> Cocktail)
        async throws -> OwnRecipe
    {
        try await writing("recipes") { db in
            guard
                let number = try await db.first(
                    Int64.self,
                    "INSERT INTO recipe (author_id, version, created_at, updated_at, payload) VALUES (?, 1, ?, ?, ?) RETURNING id",
                    author.id, date, date, Data())
            else { throw StoreError.unavailable("the new recipe was given no number") }
            let cocktail = make(number)
            let payload = try StoreRules.payload(cocktail)
            try await db.execute("UPDATE recipe SET payload = ? WHERE id = ?", payload, number)
            try await VersionTable.recipes.save(
                db, of: number, number: 1, at: date, by: author,
                summary: RecipeChanges.summary(from: nil, to: cocktail),
                payload: payload)
            return OwnRecipe(
                number: number, authorID: author.id, version: 1, createdAt: date, updatedAt: date, cocktail: cocktail)
        }
    }

    public func updateRecipe(
        number: Int64, to cocktail: Cocktail, expectedVersion: Int?, summary: String, by author: RecipeAuthor,
        at date: Date
    ) async throws -> OwnRecipe {
        let payload = try StoreRules.payload(cocktail)
        return try await writing("recipes") { db in
            guard
                var current = try await Self.recipes(db, where: "id = ? AND deleted_at IS NULL" + db.forUpdate, number)
                    .first
            else { throw RecipeError.notFound }
            if let expectedVersion, current.version != expectedVersion { throw RecipeError.stale(current: current) }
            current.version += 1
            current.updatedAt = date
            current.cocktail = cocktail
            try await db.execute(
                "UPDATE recipe SET version = ?, updated_at = ?, payload = ? WHERE id = ?", current.version, date,
                payload,
                number)
            try await VersionTable.recipes.save(
                db, of: number, number: current.version, at: date, by: author, summary: summary, payload: payload)
            return current
        }
    }

    public func recipeVersions(number: Int64) async throws -> [RecipeVersion] {
        try await reading { db in
            try await VersionTable.recipes.versions(db, of: number) {
                try StoreRules.cocktail(id: OwnRecipe.cocktailID(number), payload: $0)
            }
        }
    }

    public func setTrashed(_ trashed: Bool, number: Int64, by author: RecipeAuthor, at date: Date) async throws
        -> OwnRecipe
    {
        try await writing("recipes") { db in
            guard var recipe = try await Self.recipes(db, where: "id = ?" + db.forUpdate, number).first,
                (recipe.deletedAt == nil) == trashed
            else { throw RecipeError.notFound }
            recipe.deletedAt = trashed ? date : nil
            recipe.deletedBy = trashed ? author.id : nil
            try await VersionTable.recipes.setDeleted(db, of: number, at: recipe.deletedAt, by: author.id)
            return recipe
        }
    }

    public func trashedRecipes() async throws -> [OwnRecipe] {
        try await reading { db in
            try await Self.recipes(db, where: VersionTable.recipes.trashed)
        }
    }

    public func customIngredients() async throws -> [String] {
        try await reading { db in
            try await db.all(String.self, "SELECT name FROM custom_ingredient ORDER BY lower(name)")
        }
    }

    public func addCustomIngredients(_ names: [String], at date: Date) async throws {
        guard !names.isEmpty else { return }
        try await writing("recipes") { db in
            for name in names {
                try await db.execute(
                    "INSERT INTO custom_ingredient (name, added_at) VALUES (?, ?) ON CONFLICT DO NOTHING", name, date)
            }
        }
    }
}

private struct RecipeRow: Decodable {
    var id: Int64
    var authorId: Int64
    var version: Int
    var createdAt: Date
    var updatedAt: Date
    var deletedAt: Date?
    var deletedBy: Int64?
    var payload: Data
}
