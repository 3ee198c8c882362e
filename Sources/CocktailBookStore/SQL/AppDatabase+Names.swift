import GRDB

/// SQLite's tables and columns take PostgreSQL's names (`favorite.owner_id`, not `ownerId`), one
/// migration per feature as it came to be written once (see `docs/STORAGE.md`). SQLite renames in
/// place and keeps indexes, keys and rows.
extension AppDatabase {
    /// Every table renamed so far, by its old name: what a book of an earlier release calls it.
    static let renamedTables = [
        "catalogCocktail": "catalog_cocktail", "catalogFetch": "catalog_fetch",
        "importedCocktail": "imported_cocktail", "importedImage": "imported_image",
        "accountSettings": "account_settings", "bookSetting": "book_setting", "idempotencyKey": "idempotency_key",
        "barBottle": "bar_bottle", "barAlways": "bar_always", "barRule": "bar_rule", "shoppingItem": "shopping_item",
        "cocktailNote": "cocktail_note", "madeIt": "made_it", "houseBatch": "house_batch", "barStock": "bar_stock",
        "stockUse": "stock_use", "drinkList": "drink_list", "drinkListEntry": "drink_list_entry",
        "recipeVersion": "recipe_version", "customIngredient": "custom_ingredient",
        "houseRecipe": "house_recipe", "houseRecipeVersion": "house_recipe_version", "apiToken": "api_token",
    ]

    static func renameCatalogAndFavorites(_ db: Database) throws {
        try rename(
            db,
            tables: renamedTables.filter { $0.key.hasPrefix("catalog") || $0.key.hasPrefix("imported") },
            columns: [
                "catalog_fetch": ["fetchedAt": "fetched_at", "sourceDigest": "source_digest"],
                "imported_cocktail": ["importedAt": "imported_at"],
                "imported_image": [
                    "sourceURL": "source_url", "fileName": "file_name", "contentType": "content_type",
                    "importedAt": "imported_at",
                ],
                "favorite": ["ownerId": "owner_id", "cocktailId": "cocktail_id", "addedAt": "added_at"],
            ])
        try db.execute(sql: "DROP INDEX importedCocktail_id")
        try db.execute(sql: "CREATE INDEX imported_cocktail_id ON imported_cocktail (id)")
    }

    static func renameSettingsAndKeys(_ db: Database) throws {
        try rename(
            db,
            tables: renamedTables.filter { ["accountSettings", "bookSetting", "idempotencyKey"].contains($0.key) },
            columns: [
                "account_settings": ["accountId": "account_id"],
                "idempotency_key": ["ownerId": "owner_id", "requestHash": "request_hash", "createdAt": "created_at"],
            ])
    }

    static func renameBar(_ db: Database) throws {
        try rename(
            db,
            tables: renamedTables.filter { ["barBottle", "barAlways", "barRule", "shoppingItem"].contains($0.key) },
            columns: [
                "bar_bottle": ["ownerId": "owner_id", "addedAt": "added_at"],
                "bar_always": ["ownerId": "owner_id"],
                "bar_rule": ["ownerId": "owner_id", "insteadOf": "instead_of", "bothWays": "both_ways"],
                "shopping_item": ["ownerId": "owner_id", "cocktailIds": "cocktail_ids", "addedAt": "added_at"],
            ])
    }

    static func renamePersonalAndStock(_ db: Database) throws {
        try rename(
            db,
            tables: renamedTables.filter {
                ["cocktailNote", "madeIt", "houseBatch", "barStock", "stockUse"].contains($0.key)
            },
            columns: [
                "cocktail_note": ["ownerId": "owner_id", "cocktailId": "cocktail_id", "updatedAt": "updated_at"],
                "rating": ["ownerId": "owner_id", "cocktailId": "cocktail_id", "ratedAt": "rated_at"],
                "made_it": ["ownerId": "owner_id", "cocktailId": "cocktail_id", "madeAt": "made_at"],
                "house_batch": ["ownerId": "owner_id", "madeAt": "made_at"],
                "bar_stock": [
                    "ownerId": "owner_id", "bottleMl": "bottle_ml", "lowMl": "low_ml", "priceMinor": "price_minor",
                    "updatedAt": "updated_at",
                ],
                "stock_use": [
                    "ownerId": "owner_id", "madeId": "made_id", "batchId": "batch_id", "forBatchId": "for_batch_id",
                ],
            ])
    }

    static func renameLists(_ db: Database) throws {
        try rename(
            db,
            tables: renamedTables.filter { ["drinkList", "drinkListEntry"].contains($0.key) },
            columns: [
                "drink_list": [
                    "ownerId": "owner_id", "createdAt": "created_at", "updatedAt": "updated_at",
                    "shareToken": "share_token", "shareCreatedAt": "share_created_at",
                    "shareExpiresAt": "share_expires_at", "menuShelfOwnerId": "menu_shelf_owner_id",
                    "menuHidesUnavailable": "menu_hides_unavailable", "menuPrices": "menu_prices",
                    "pourCostPercent": "pour_cost_percent",
                ],
                "drink_list_entry": [
                    "listId": "list_id", "cocktailId": "cocktail_id", "addedAt": "added_at",
                    "priceMinor": "price_minor",
                ],
            ])
    }

    static func renameRecipes(_ db: Database) throws {
        try rename(
            db,
            tables: renamedTables.filter { ["recipeVersion", "customIngredient"].contains($0.key) },
            columns: [
                "recipe": [
                    "authorId": "author_id", "createdAt": "created_at", "updatedAt": "updated_at",
                    "deletedAt": "deleted_at", "deletedBy": "deleted_by",
                ],
                "recipe_version": [
                    "recipeId": "recipe_id", "savedAt": "saved_at", "savedBy": "saved_by",
                    "savedByName": "saved_by_name",
                ],
                "custom_ingredient": ["addedAt": "added_at"],
            ])
        try rename(
            db,
            tables: renamedTables.filter { ["houseRecipe", "houseRecipeVersion"].contains($0.key) },
            columns: [
                "house_recipe": [
                    "authorId": "author_id", "createdAt": "created_at", "updatedAt": "updated_at",
                    "deletedAt": "deleted_at",
                ],
                "house_recipe_version": ["savedAt": "saved_at", "savedBy": "saved_by", "savedByName": "saved_by_name"],
            ])
    }

    static func renameAccounts(_ db: Database) throws {
        try rename(
            db, tables: renamedTables.filter { $0.key == "apiToken" },
            columns: [
                "account": ["passwordHash": "password_hash", "createdAt": "created_at"],
                "session": [
                    "tokenHash": "token_hash", "accountId": "account_id", "createdAt": "created_at",
                    "lastSeenAt": "last_seen_at",
                ],
                "api_token": [
                    "accountId": "account_id", "tokenHash": "token_hash", "createdAt": "created_at",
                    "lastUsedAt": "last_used_at",
                ],
            ])
    }

    private static func rename(_ db: Database, tables: [String: String], columns: [String: [String: String]]) throws {
        for (old, new) in tables.sorted(by: { $0.key < $1.key }) {
            try db.execute(sql: "ALTER TABLE \(old) RENAME TO \(new)")
        }
        for (table, names) in columns.sorted(by: { $0.key < $1.key }) {
            for (old, new) in names.sorted(by: { $0.key < $1.key }) {
                try db.execute(sql: "ALTER TABLE \(table) RENAME COLUMN \(old) TO \(new)")
            }
        }
    }
}
