import CocktailBook
import Foundation
import GRDB
import PostgresNIO

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

    /// The owners named by house recipes, which must be among the backup's accounts.
    var houseRecipePeople: [String] {
        (houseRecipes ?? []).flatMap { [$0.author] + $0.versions.map(\.savedBy) }
    }
}

extension AppDatabase {
    static func backupHouseRecipes(_ db: Database, into backup: inout Backup, person: (Int64) -> String) throws {
        var versions: [String: [Backup.HouseRecipeEntry.Version]] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT * FROM house_recipe_version ORDER BY key, number") {
            versions[row["key"], default: []].append(
                .init(
                    number: row["number"], savedAt: row["saved_at"], savedBy: person(row["saved_by"]),
                    savedByName: row["saved_by_name"], summary: row["summary"],
                    recipe: try StoreRules.houseRecipe(key: row["key"], payload: row["payload"] as Data)))
        }
        backup.houseRecipes = try Row.fetchAll(db, sql: "SELECT * FROM house_recipe ORDER BY created_at, key").map {
            Backup.HouseRecipeEntry(
                author: person($0["author_id"]), createdAt: $0["created_at"], updatedAt: $0["updated_at"],
                deletedAt: $0["deleted_at"], versions: versions[$0["key"]] ?? [])
        }
    }

    /// The house recipes of `backup`, replacing the book's only when the backup carries them.
    static func restoreHouseRecipes(_ backup: Backup, _ db: Database, id: (String) -> Int64) throws {
        guard let entries = backup.houseRecipes else { return }
        try db.execute(sql: "DELETE FROM house_recipe_version")
        try db.execute(sql: "DELETE FROM house_recipe")
        for entry in entries {
            guard let current = entry.versions.last else { continue }
            let key = OwnHouseRecipe.key(current.recipe.ingredient)
            try db.execute(
                sql: """
                    INSERT INTO house_recipe (key, author_id, version, created_at, updated_at, deleted_at, payload)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    key, id(entry.author), current.number, entry.createdAt, entry.updatedAt, entry.deletedAt,
                    try StoreRules.payload(current.recipe),
                ])
            for version in entry.versions {
                try db.execute(
                    sql: """
                        INSERT INTO house_recipe_version (key, number, saved_at, saved_by, saved_by_name, summary, payload)
                        VALUES (?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        key, version.number, version.savedAt, id(version.savedBy), version.savedByName,
                        version.summary, try StoreRules.payload(version.recipe),
                    ])
            }
        }
    }
}

extension PostgresStore {
    static let houseRecipeColumns = "key, author_id, version, created_at, updated_at, deleted_at, payload"
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

    func backupHouseRecipes(_ connection: PostgresConnection, into backup: inout Backup, person: (Int64) -> String)
        async throws
    {
        var versions: [String: [Backup.HouseRecipeEntry.Version]] = [:]
        for (key, number, savedAt, savedBy, name, summary, payload) in try await all(
            connection.query(
                """
                SELECT key, number, saved_at, saved_by, saved_by_name, summary, payload FROM house_recipe_version
                ORDER BY key, number
                """,
                logger: logger), as: (String, Int, Date, Int64, String?, String, ByteBuffer).self)
        {
            versions[key, default: []].append(
                .init(
                    number: number, savedAt: savedAt, savedBy: person(savedBy), savedByName: name, summary: summary,
                    recipe: try StoreRules.houseRecipe(key: key, payload: payload.readableBytesView)))
        }
        backup.houseRecipes = try await houseRecipes(
            connection.query(
                "SELECT \(unescaped: Self.houseRecipeColumns) FROM house_recipe ORDER BY created_at, key",
                logger: logger)
        ).map {
            Backup.HouseRecipeEntry(
                author: person($0.authorID), createdAt: $0.createdAt, updatedAt: $0.updatedAt, deletedAt: $0.deletedAt,
                versions: versions[OwnHouseRecipe.key($0.value)] ?? [])
        }
    }

    /// The house recipes of `backup`, replacing the book's only when the backup carries them.
    func restoreHouseRecipes(_ backup: Backup, _ connection: PostgresConnection, id: (String) -> Int64) async throws {
        guard let entries = backup.houseRecipes else { return }
        try await connection.query("DELETE FROM house_recipe_version", logger: logger)
        try await connection.query("DELETE FROM house_recipe", logger: logger)
        for entry in entries {
            guard let current = entry.versions.last else { continue }
            let key = OwnHouseRecipe.key(current.recipe.ingredient)
            let payload = ByteBuffer(bytes: try StoreRules.payload(current.recipe))
            try await connection.query(
                """
                INSERT INTO house_recipe (key, author_id, version, created_at, updated_at, deleted_at, payload)
                VALUES (\(key), \(id(entry.author)), \(current.number), \(entry.createdAt), \(entry.updatedAt),
                    \(entry.deletedAt), \(payload))
                """, logger: logger)
            for version in entry.versions {
                let saved = ByteBuffer(bytes: try StoreRules.payload(version.recipe))
                try await connection.query(
                    """
                    INSERT INTO house_recipe_version (key, number, saved_at, saved_by, saved_by_name, summary, payload)
                    VALUES (\(key), \(version.number), \(version.savedAt), \(id(version.savedBy)),
                        \(version.savedByName), \(version.summary), \(saved))
                    """, logger: logger)
            }
        }
    }
}
