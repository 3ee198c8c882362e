import CocktailBook
import Foundation
import GRDB

/// The book's own house recipes: one row per ingredient with its current version, and every
/// version saved. Deleting marks the row; the versions stay, so nothing is lost by one click.
extension AppDatabase: HouseRecipeStore {
    static func migrateHouseRecipes(_ db: Database) throws {
        try db.create(table: "houseRecipe") { t in
            t.primaryKey("key", .text)
            t.column("authorId", .integer).notNull()
            t.column("version", .integer).notNull()
            t.column("createdAt", .datetime).notNull()
            t.column("updatedAt", .datetime).notNull()
            t.column("deletedAt", .datetime)
            t.column("payload", .blob).notNull()
        }
        try db.create(table: "houseRecipeVersion") { t in
            t.column("key", .text).notNull().references("houseRecipe", onDelete: .cascade)
            t.column("number", .integer).notNull()
            t.column("savedAt", .datetime).notNull()
            t.column("savedBy", .integer).notNull()
            t.column("savedByName", .text)
            t.column("summary", .text).notNull()
            t.column("payload", .blob).notNull()
            t.primaryKey(["key", "number"])
        }
    }

    private static func houseRecipe(_ row: Row) throws -> OwnHouseRecipe {
        OwnHouseRecipe(
            authorID: row["authorId"], version: row["version"], createdAt: row["createdAt"],
            updatedAt: row["updatedAt"], deletedAt: row["deletedAt"],
            recipe: try StoreRules.houseRecipe(key: row["key"], payload: row["payload"] as Data))
    }

    public func ownHouseRecipes() async throws -> [OwnHouseRecipe] {
        try await read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM houseRecipe WHERE deletedAt IS NULL ORDER BY createdAt, key")
                .map(Self.houseRecipe)
        }
    }

    public func ownHouseRecipe(value: String) async throws -> OwnHouseRecipe? {
        try await read { db in
            try Row.fetchOne(
                db, sql: "SELECT * FROM houseRecipe WHERE key = ?", arguments: [OwnHouseRecipe.key(value)]
            ).map(Self.houseRecipe)
        }
    }

    public func saveHouseRecipe(
        _ recipe: HouseRecipe, expectedVersion: Int?, summary: String, by author: RecipeAuthor, at date: Date
    ) async throws -> OwnHouseRecipe {
        let payload = try StoreRules.payload(recipe)
        let key = OwnHouseRecipe.key(recipe.ingredient)
        return try await write { db in
            let current = try Row.fetchOne(db, sql: "SELECT * FROM houseRecipe WHERE key = ?", arguments: [key])
                .map(Self.houseRecipe)
            let counting = current.flatMap { $0.deletedAt == nil ? $0.version : nil } ?? 0
            if let expectedVersion, expectedVersion != counting { throw OwnHouseRecipeError.stale(current: counting) }
            var saved =
                current
                ?? OwnHouseRecipe(authorID: author.id, version: 0, createdAt: date, updatedAt: date, recipe: recipe)
            saved.version += 1
            saved.updatedAt = date
            saved.deletedAt = nil
            saved.recipe = recipe
            try db.execute(
                sql: """
                    INSERT INTO houseRecipe (key, authorId, version, createdAt, updatedAt, deletedAt, payload)
                    VALUES (?, ?, ?, ?, ?, NULL, ?)
                    ON CONFLICT (key) DO UPDATE SET version = excluded.version, updatedAt = excluded.updatedAt,
                        deletedAt = NULL, payload = excluded.payload
                    """,
                arguments: [key, saved.authorID, saved.version, saved.createdAt, date, payload])
            try db.execute(
                sql: """
                    INSERT INTO houseRecipeVersion (key, number, savedAt, savedBy, savedByName, summary, payload)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [key, saved.version, date, author.id, author.name, summary, payload])
            return saved
        }
    }

    public func houseRecipeVersions(value: String) async throws -> [HouseRecipeVersion] {
        let key = OwnHouseRecipe.key(value)
        return try await read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM houseRecipeVersion WHERE key = ? ORDER BY number DESC", arguments: [key]
            ).map { row in
                HouseRecipeVersion(
                    number: row["number"], savedAt: row["savedAt"], savedBy: row["savedBy"],
                    savedByName: row["savedByName"], summary: row["summary"],
                    recipe: try StoreRules.houseRecipe(key: key, payload: row["payload"] as Data))
            }
        }
    }

    public func deleteHouseRecipe(value: String, by author: RecipeAuthor, at date: Date) async throws
        -> OwnHouseRecipe
    {
        let key = OwnHouseRecipe.key(value)
        return try await write { db in
            guard
                var current = try Row.fetchOne(
                    db, sql: "SELECT * FROM houseRecipe WHERE key = ? AND deletedAt IS NULL", arguments: [key]
                ).map(Self.houseRecipe)
            else { throw OwnHouseRecipeError.notFound }
            current.deletedAt = date
            try db.execute(sql: "UPDATE houseRecipe SET deletedAt = ? WHERE key = ?", arguments: [date, key])
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
