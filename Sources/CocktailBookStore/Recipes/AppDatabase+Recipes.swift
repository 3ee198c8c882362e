import CocktailBook
import Foundation
import GRDB

/// The book's own recipes: one row per recipe with its current version, and every version
/// saved. A recipe in the trash keeps its rows; nothing is ever deleted by one click.
extension AppDatabase: RecipeStore {
    static func migrateRecipes(_ db: Database) throws {
        try db.create(table: "recipe") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("authorId", .integer).notNull()
            t.column("version", .integer).notNull()
            t.column("createdAt", .datetime).notNull()
            t.column("updatedAt", .datetime).notNull()
            t.column("deletedAt", .datetime)
            t.column("deletedBy", .integer)
            t.column("payload", .blob).notNull()
        }
        try db.create(table: "recipeVersion") { t in
            t.column("recipeId", .integer).notNull().references("recipe", onDelete: .cascade)
            t.column("number", .integer).notNull()
            t.column("savedAt", .datetime).notNull()
            t.column("savedBy", .integer).notNull()
            t.column("savedByName", .text)
            t.column("summary", .text).notNull()
            t.column("payload", .blob).notNull()
            t.primaryKey(["recipeId", "number"])
        }
        try db.create(table: "customIngredient") { t in
            t.primaryKey("name", .text).collate(.nocase)
            t.column("addedAt", .datetime).notNull()
        }
        try db.create(table: "cocktailNote") { t in
            t.column("ownerId", .integer).notNull()
            t.column("cocktailId", .text).notNull()
            t.column("text", .text).notNull()
            t.column("updatedAt", .datetime).notNull()
            t.primaryKey(["ownerId", "cocktailId"])
        }
        try db.create(table: "rating") { t in
            t.column("ownerId", .integer).notNull()
            t.column("cocktailId", .text).notNull()
            t.column("stars", .integer).notNull().check { (1...5).contains($0) }
            t.column("ratedAt", .datetime).notNull()
            t.primaryKey(["ownerId", "cocktailId"])
        }
        try db.create(table: "madeIt") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("ownerId", .integer).notNull()
            t.column("cocktailId", .text).notNull()
            t.column("madeAt", .datetime).notNull()
            t.column("servings", .integer).notNull()
            t.column("note", .text)
        }
        try db.create(index: "madeIt_owner", on: "madeIt", columns: ["ownerId", "cocktailId"])
    }

    /// Whether a recipe of the book (in the trash or not) has this catalog id.
    static func isOwnRecipe(_ db: Database, id: String) throws -> Bool {
        guard let number = OwnRecipe.number(in: id) else { return false }
        return try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM recipe WHERE id = ?)", arguments: [number])
            ?? false
    }

    private static func recipe(_ row: Row) throws -> OwnRecipe {
        let number: Int64 = row["id"]
        let payload: Data = row["payload"]
        return OwnRecipe(
            number: number, authorID: row["authorId"], version: row["version"], createdAt: row["createdAt"],
            updatedAt: row["updatedAt"], deletedAt: row["deletedAt"], deletedBy: row["deletedBy"],
            cocktail: try StoreRules.cocktail(id: OwnRecipe.cocktailID(number), payload: payload))
    }

    public func ownRecipes() async throws -> [OwnRecipe] {
        try await read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM recipe WHERE deletedAt IS NULL ORDER BY id").map(Self.recipe)
        }
    }

    public func ownRecipe(number: Int64) async throws -> OwnRecipe? {
        try await read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM recipe WHERE id = ?", arguments: [number]).map(Self.recipe)
        }
    }

    public func createRecipe(by author: RecipeAuthor, at date: Date, _ make: @escaping @Sendable (Int64) -> Cocktail)
        async throws -> OwnRecipe
    {
        try await write { db in
            try db.execute(
                sql: "INSERT INTO recipe (authorId, version, createdAt, updatedAt, payload) VALUES (?, 1, ?, ?, x'')",
                arguments: [author.id, date, date])
            let number = db.lastInsertedRowID
            let cocktail = make(number)
            let payload = try StoreRules.payload(cocktail)
            try db.execute(sql: "UPDATE recipe SET payload = ? WHERE id = ?", arguments: [payload, number])
            try db.execute(
                sql: """
                    INSERT INTO recipeVersion (recipeId, number, savedAt, savedBy, savedByName, summary, payload)
                    VALUES (?, 1, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    number, date, author.id, author.name, RecipeChanges.summary(from: nil, to: cocktail), payload,
                ])
            return OwnRecipe(
                number: number, authorID: author.id, version: 1, createdAt: date, updatedAt: date, cocktail: cocktail)
        }
    }

    public func updateRecipe(
        number: Int64, to cocktail: Cocktail, expectedVersion: Int?, summary: String, by author: RecipeAuthor,
        at date: Date
    ) async throws -> OwnRecipe {
        let payload = try StoreRules.payload(cocktail)
        return try await write { db in
            guard
                var current = try Row.fetchOne(
                    db, sql: "SELECT * FROM recipe WHERE id = ? AND deletedAt IS NULL", arguments: [number]
                ).map(Self.recipe)
            else { throw RecipeError.notFound }
            if let expectedVersion, current.version != expectedVersion { throw RecipeError.stale(current: current) }
            current.version += 1
            current.updatedAt = date
            current.cocktail = cocktail
            try db.execute(
                sql: "UPDATE recipe SET version = ?, updatedAt = ?, payload = ? WHERE id = ?",
                arguments: [current.version, date, payload, number])
            try db.execute(
                sql: """
                    INSERT INTO recipeVersion (recipeId, number, savedAt, savedBy, savedByName, summary, payload)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [number, current.version, date, author.id, author.name, summary, payload])
            return current
        }
    }

    public func recipeVersions(number: Int64) async throws -> [RecipeVersion] {
        try await read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM recipeVersion WHERE recipeId = ? ORDER BY number DESC", arguments: [number]
            ).map { row in
                let payload: Data = row["payload"]
                return RecipeVersion(
                    number: row["number"], savedAt: row["savedAt"], savedBy: row["savedBy"],
                    savedByName: row["savedByName"], summary: row["summary"],
                    cocktail: try StoreRules.cocktail(id: OwnRecipe.cocktailID(number), payload: payload))
            }
        }
    }

    public func setTrashed(_ trashed: Bool, number: Int64, by author: RecipeAuthor, at date: Date) async throws
        -> OwnRecipe
    {
        try await write { db in
            guard
                var recipe = try Row.fetchOne(db, sql: "SELECT * FROM recipe WHERE id = ?", arguments: [number]).map(
                    Self.recipe)
            else { throw RecipeError.notFound }
            guard (recipe.deletedAt == nil) == trashed else { throw RecipeError.notFound }
            recipe.deletedAt = trashed ? date : nil
            recipe.deletedBy = trashed ? author.id : nil
            try db.execute(
                sql: "UPDATE recipe SET deletedAt = ?, deletedBy = ? WHERE id = ?",
                arguments: [recipe.deletedAt, recipe.deletedBy, number])
            return recipe
        }
    }

    public func trashedRecipes() async throws -> [OwnRecipe] {
        try await read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM recipe WHERE deletedAt IS NOT NULL ORDER BY deletedAt DESC, id DESC"
            ).map(Self.recipe)
        }
    }

    public func customIngredients() async throws -> [String] {
        try await read { db in
            try String.fetchAll(db, sql: "SELECT name FROM customIngredient ORDER BY name COLLATE NOCASE")
        }
    }

    public func addCustomIngredients(_ names: [String], at date: Date) async throws {
        guard !names.isEmpty else { return }
        try await write { db in
            for name in names {
                try db.execute(
                    sql: "INSERT INTO customIngredient (name, addedAt) VALUES (?, ?) ON CONFLICT DO NOTHING",
                    arguments: [name, date])
            }
        }
    }
}
