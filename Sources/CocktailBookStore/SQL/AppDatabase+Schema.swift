import CocktailBook
import GRDB

/// The migrations of SQLite's schema as they shipped (append-only: never edited), with the names
/// of their day; ``AppDatabase/migrator`` registers them in order, and the renames that follow
/// (`AppDatabase+Names.swift`) give the tables PostgreSQL's names.
extension AppDatabase {
    /// The schema the imports need; registered by ``AppDatabase/migrator``.
    static func migrateImports(_ db: Database) throws {
        try db.create(table: "importedCocktail") { t in
            t.column("origin", .text).notNull()
            t.column("id", .text).notNull()
            t.column("name", .text).notNull()
            t.column("payload", .blob).notNull()
            t.column("importedAt", .datetime).notNull()
            t.primaryKey(["origin", "id"])
        }
        try db.create(index: "importedCocktail_id", on: "importedCocktail", columns: ["id"])
        try db.create(table: "importedImage") { t in
            t.primaryKey("sourceURL", .text)
            t.column("fileName", .text).notNull()
            t.column("contentType", .text).notNull()
            t.column("importedAt", .datetime).notNull()
        }
    }

    static func migrateSettings(_ db: Database) throws {
        try db.create(table: "accountSettings") { t in
            t.primaryKey("accountId", .integer).references("account", onDelete: .cascade)
            t.column("value", .text).notNull() // Settings.cookieValue: one format for cookie and row
        }
    }

    static func migratePrices(_ db: Database) throws {
        try db.alter(table: "drinkListEntry") { t in t.add(column: "priceMinor", .integer) }
        try db.alter(table: "drinkList") { t in
            t.add(column: "menuPrices", .text).notNull().defaults(to: MenuPrices.Display.auto.rawValue)
            t.add(column: "pourCostPercent", .integer)
        }
        try db.create(table: "bookSetting") { t in
            t.primaryKey("key", .text)
            t.column("value", .text).notNull()
        }
    }

    static func migrateIdempotencyKeys(_ db: Database) throws {
        try db.create(table: "idempotencyKey") { t in
            t.column("ownerId", .integer).notNull()
            t.column("key", .text).notNull()
            t.column("requestHash", .text).notNull()
            t.column("createdAt", .datetime).notNull()
            t.column("status", .integer)
            t.column("headers", .text)
            t.column("body", .blob)
            t.primaryKey(["ownerId", "key"])
        }
    }

    static func migrateBar(_ db: Database) throws {
        try db.create(table: "barBottle") { t in
            t.column("ownerId", .integer).notNull()
            t.column("value", .text).notNull()
            t.column("addedAt", .datetime).notNull()
            t.primaryKey(["ownerId", "value"])
        }
        try db.create(table: "barAlways") { t in
            t.column("ownerId", .integer).notNull()
            t.column("value", .text).notNull()
            t.primaryKey(["ownerId", "value"])
        }
        try db.create(table: "barRule") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("ownerId", .integer).notNull()
            t.column("use", .text).notNull()
            t.column("insteadOf", .text).notNull()
            t.column("bothWays", .boolean).notNull().defaults(to: false)
            t.uniqueKey(["ownerId", "use", "insteadOf"])
        }
        try db.create(table: "shoppingItem") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("ownerId", .integer).notNull()
            t.column("value", .text).notNull()
            t.column("cocktailIds", .text).notNull().defaults(to: "") // comma-separated ids
            t.column("bought", .boolean).notNull().defaults(to: false)
            t.column("addedAt", .datetime).notNull()
            t.uniqueKey(["ownerId", "value"])
        }
    }

    static func migrateStock(_ db: Database) throws {
        try db.create(table: "houseBatch") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("ownerId", .integer).notNull()
            t.column("value", .text).notNull()
            t.column("ml", .double).notNull()
            t.column("madeAt", .datetime).notNull()
        }
        try db.create(index: "houseBatchOwner", on: "houseBatch", columns: ["ownerId", "value"])
        try db.create(table: "barStock") { t in
            t.column("ownerId", .integer).notNull()
            t.column("value", .text).notNull()
            t.column("ml", .double)
            t.column("bottleMl", .double)
            t.column("lowMl", .double)
            t.column("priceMinor", .integer)
            t.column("currency", .text)
            t.column("updatedAt", .datetime).notNull()
            t.primaryKey(["ownerId", "value"])
        }
        try db.create(table: "stockUse") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("ownerId", .integer).notNull()
            t.column("madeId", .integer).notNull()
            t.column("value", .text).notNull()
            t.column("ml", .double).notNull()
        }
        try db.create(index: "stockUseMade", on: "stockUse", columns: ["ownerId", "madeId"])
    }

    /// A use drawn from a batch names it (`batchId`); what making a batch took names the batch
    /// made (`forBatchId`, with no making of a drink: `madeId` 0).
    static func migrateBatchDraws(_ db: Database) throws {
        try db.alter(table: "stockUse") { t in
            t.add(column: "batchId", .integer)
            t.add(column: "forBatchId", .integer)
        }
        try db.create(index: "stockUseForBatch", on: "stockUse", columns: ["ownerId", "forBatchId"])
    }

    static func migrateLists(_ db: Database) throws {
        try db.create(table: "drinkList") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("ownerId", .integer).notNull().indexed()
            t.column("name", .text).notNull()
            t.column("createdAt", .datetime).notNull()
            t.column("updatedAt", .datetime).notNull()
            t.column("shareToken", .text).unique()
            t.column("shareCreatedAt", .datetime)
            t.column("shareExpiresAt", .datetime)
        }
        try db.create(table: "drinkListEntry") { t in
            t.column("listId", .integer).notNull().references("drinkList", onDelete: .cascade)
            t.column("cocktailId", .text).notNull()
            t.column("position", .integer).notNull()
            t.column("note", .text)
            t.column("addedAt", .datetime).notNull()
            t.primaryKey(["listId", "cocktailId"])
        }
    }

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

    static func migrateAccounts(_ db: Database) throws {
        try db.create(table: "account") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("name", .text).notNull().unique().collate(.nocase)
            t.column("role", .text).notNull().check { ["admin", "member", "guest"].contains($0) }
            t.column("passwordHash", .text).notNull()
            t.column("createdAt", .datetime).notNull()
        }
        try db.create(table: "session") { t in
            t.primaryKey("tokenHash", .text)
            t.belongsTo("account", onDelete: .cascade).notNull()
            t.column("createdAt", .datetime).notNull()
            t.column("lastSeenAt", .datetime).notNull()
        }
        try db.create(table: "apiToken") { t in
            t.autoIncrementedPrimaryKey("id")
            t.belongsTo("account", onDelete: .cascade).notNull()
            t.column("tokenHash", .text).notNull().unique()
            t.column("prefix", .text).notNull().indexed()
            t.column("label", .text)
            t.column("createdAt", .datetime).notNull()
            t.column("lastUsedAt", .datetime)
        }
        // Favorites gain an owner; the existing ones belong to the implicit owner (0) until the
        // first account is created and inherits them.
        try db.rename(table: "favorite", to: "favoriteV1")
        try db.create(table: "favorite") { t in
            t.column("ownerId", .integer).notNull()
            t.column("cocktailId", .text).notNull()
            t.column("addedAt", .datetime).notNull()
            t.primaryKey(["ownerId", "cocktailId"])
        }
        try db.execute(
            sql: "INSERT INTO favorite (ownerId, cocktailId, addedAt) SELECT 0, cocktailId, addedAt FROM favoriteV1")
        try db.drop(table: "favoriteV1")
    }
}
