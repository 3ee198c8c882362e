import CocktailBook
import Foundation

/// The parts of a restore that a backup may leave out (an older format's): each replaces the
/// book's only when the backup carries it.
extension SQLBook {
    /// The recipes and the names people added, each replacing the book's only when the backup
    /// carries it. Recipes keep their numbers (their drinks' ids); new ones continue after them.
    static func restoreRecipes(_ backup: Backup, _ db: any SQLConnection, id: (String) -> Int64)
        async throws
    {
        if let recipes = backup.recipes {
            try await db.execute("DELETE FROM recipe_version")
            try await db.execute("DELETE FROM recipe")
            for recipe in recipes {
                guard let current = recipe.versions.last else { continue }
                try await db.execute(
                    """
                    INSERT INTO recipe (id, author_id, version, created_at, updated_at, deleted_at, deleted_by, payload)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """, recipe.number, id(recipe.author), current.number, recipe.createdAt, recipe.updatedAt,
                    recipe.deletedAt, recipe.deletedBy.map(id), try StoreRules.payload(current.cocktail))
                for version in recipe.versions {
                    try await db.execute(
                        """
                        INSERT INTO recipe_version (recipe_id, number, saved_at, saved_by, saved_by_name, summary, payload)
                        VALUES (?, ?, ?, ?, ?, ?, ?)
                        """, recipe.number, version.number, version.savedAt, id(version.savedBy), version.savedByName,
                        version.summary, try StoreRules.payload(version.cocktail))
                }
            }
            try await db.continueNumbering("recipe")
        }
        if let names = backup.customIngredients {
            try await db.execute("DELETE FROM custom_ingredient")
            for name in names {
                try await db.execute(
                    "INSERT INTO custom_ingredient (name, added_at) VALUES (?, ?) ON CONFLICT DO NOTHING", name,
                    backup.createdAt)
            }
        }
    }

    /// Notes, ratings, lists and drinks made, each kind replacing the book's only when the
    /// backup carries it.
    static func restorePersonal(_ backup: Backup, _ db: any SQLConnection, id: (String) -> Int64)
        async throws
    {
        if let notes = backup.notes {
            try await db.execute("DELETE FROM cocktail_note")
            for note in notes {
                try await db.execute(
                    """
                    INSERT INTO cocktail_note (owner_id, cocktail_id, text, updated_at) VALUES (?, ?, ?, ?)
                    ON CONFLICT (owner_id, cocktail_id) DO UPDATE SET text = excluded.text, updated_at = excluded.updated_at
                    """, id(note.owner), note.cocktailId, note.text, note.updatedAt)
            }
        }
        if let ratings = backup.ratings {
            try await db.execute("DELETE FROM rating")
            for rating in ratings {
                try await db.execute(
                    """
                    INSERT INTO rating (owner_id, cocktail_id, stars, rated_at) VALUES (?, ?, ?, ?)
                    ON CONFLICT (owner_id, cocktail_id) DO UPDATE SET stars = excluded.stars, rated_at = excluded.rated_at
                    """, id(rating.owner), rating.cocktailId, rating.stars, rating.ratedAt)
            }
        }
        if let lists = backup.lists {
            try await db.execute("DELETE FROM drink_list_entry")
            try await db.execute("DELETE FROM drink_list")
            for list in lists {
                let listID = try await db.first(
                    Int64.self,
                    """
                    INSERT INTO drink_list (owner_id, name, created_at, updated_at, share_token, share_created_at,
                        share_expires_at, menu_shelf_owner_id, menu_hides_unavailable, menu_prices, pour_cost_percent)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id
                    """, id(list.owner), list.name, list.createdAt, list.updatedAt, list.shareToken,
                    list.shareCreatedAt, list.shareExpiresAt, list.menuShelf.map(id),
                    list.menuHidesUnavailable ?? false,
                    list.menuPrices ?? MenuPrices.Display.auto.rawValue, list.pourCostPercent)
                for entry in list.entries {
                    try await db.execute(
                        """
                        INSERT INTO drink_list_entry (list_id, cocktail_id, position, note, added_at, price_minor)
                        VALUES (?, ?, ?, ?, ?, ?)
                        ON CONFLICT (list_id, cocktail_id) DO UPDATE SET position = excluded.position,
                            note = excluded.note, price_minor = excluded.price_minor
                        """, listID, entry.cocktailId, entry.position, entry.note, entry.addedAt, entry.priceMinor)
                }
            }
        }
        if let made = backup.made {
            try await db.execute("DELETE FROM made_it")
            for entry in made {
                try await db.execute(
                    "INSERT INTO made_it (owner_id, cocktail_id, made_at, servings, note) VALUES (?, ?, ?, ?, ?)",
                    id(entry.owner), entry.cocktailId, entry.madeAt, entry.servings, entry.note)
            }
        }
    }

    /// The batches and stock of `backup`, each replacing the book's only when the backup carries it.
    static func restoreStock(_ backup: Backup, _ db: any SQLConnection, id: (String) -> Int64) async throws {
        if let batches = backup.batches {
            try await db.execute("DELETE FROM house_batch")
            // The batches get new ids: what was taken from them, or to make them, is forgotten.
            try await db.execute("DELETE FROM stock_use WHERE batch_id IS NOT NULL OR for_batch_id IS NOT NULL")
            for batch in batches {
                try await db.execute(
                    "INSERT INTO house_batch (owner_id, value, ml, made_at) VALUES (?, ?, ?, ?)", id(batch.owner),
                    batch.value, batch.ml, batch.madeAt)
            }
        }
        if let stock = backup.stock {
            try await db.execute("DELETE FROM bar_stock")
            try await db.execute("DELETE FROM stock_use")
            for item in stock {
                try await db.execute(
                    """
                    INSERT INTO bar_stock (owner_id, value, ml, bottle_ml, low_ml, price_minor, currency, updated_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (owner_id, value) DO NOTHING
                    """, id(item.owner), item.value, item.ml, item.bottleMl, item.lowMl, item.priceMinor, item.currency,
                    backup.createdAt)
            }
        }
    }

    /// The house recipes of `backup`, replacing the book's only when the backup carries them.
    static func restoreHouseRecipes(_ backup: Backup, _ db: any SQLConnection, id: (String) -> Int64)
        async throws
    {
        guard let entries = backup.houseRecipes else { return }
        try await db.execute("DELETE FROM house_recipe_version")
        try await db.execute("DELETE FROM house_recipe")
        for entry in entries {
            guard let current = entry.versions.last else { continue }
            let key = OwnHouseRecipe.key(current.recipe.ingredient)
            try await db.execute(
                """
                INSERT INTO house_recipe (key, author_id, version, created_at, updated_at, deleted_at, payload)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """, key, id(entry.author), current.number, entry.createdAt, entry.updatedAt, entry.deletedAt,
                try StoreRules.payload(current.recipe))
            for version in entry.versions {
                try await db.execute(
                    """
                    INSERT INTO house_recipe_version (key, number, saved_at, saved_by, saved_by_name, summary, payload)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """, key, version.number, version.savedAt, id(version.savedBy), version.savedByName,
                    version.summary,
                    try StoreRules.payload(version.recipe))
            }
        }
    }
}
