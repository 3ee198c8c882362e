import CocktailBook
import Foundation

/// The parts of a book with rows inside rows: recipes and house recipes with their versions,
/// lists with their entries, and the stock. Each is optional in the file (older backups lack
/// them) and keeps its children in the parent's entry.
extension BookContents {
    /// The book's own recipes, every version and the trash included. They keep their numbers
    /// (their drinks' ids); new ones continue after them.
    static let recipes = BookPart(
        "recipes", \.recipes, kind: "recipes", tables: ["recipe_version", "recipe"],
        read: { db, people in
            let versions = try await VersionTable.recipes.everyVersion(db) { (_: Int64, payload) in
                try JSONDecoder().decode(Cocktail.self, from: payload)
            }.mapValues { saved in
                saved.map {
                    Backup.Recipe.Version(
                        number: $0.number, savedAt: $0.savedAt, savedBy: people.person($0.savedBy),
                        savedByName: $0.savedByName, summary: $0.summary, cocktail: $0.content)
                }
            }
            return try await db.tuples(
                (Int64, Int64, Date, Date, Date?, Int64?).self,
                "SELECT id, author_id, created_at, updated_at, deleted_at, deleted_by FROM recipe ORDER BY id"
            ).map {
                Backup.Recipe(
                    number: $0.0, author: people.person($0.1), createdAt: $0.2, updatedAt: $0.3, deletedAt: $0.4,
                    deletedBy: $0.5.map(people.person), versions: versions[$0.0] ?? [])
            }
        },
        restore: { recipe, db, people in
            guard let current = recipe.versions.last else { return }
            try await db.execute(
                """
                INSERT INTO recipe (id, author_id, version, created_at, updated_at, deleted_at, deleted_by, payload)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """, recipe.number, people.id(recipe.author), current.number, recipe.createdAt, recipe.updatedAt,
                recipe.deletedAt, recipe.deletedBy.map(people.id), try StoreRules.payload(current.cocktail))
            for version in recipe.versions {
                try await VersionTable.recipes.save(
                    db, of: recipe.number, number: version.number, at: version.savedAt,
                    by: RecipeAuthor(id: people.id(version.savedBy), name: version.savedByName),
                    summary: version.summary, payload: try StoreRules.payload(version.cocktail))
            }
        },
        then: { db in try await db.continueNumbering("recipe") })

    /// Lists with their entries, share links (a restored link keeps working) and menu settings.
    static let lists = BookPart(
        "lists", \.lists, kind: "lists", tables: ["drink_list_entry", "drink_list"], people: { [$0.owner] },
        read: { db, people in
            var entries: [Int64: [Backup.DrinkList.Entry]] = [:]
            for entry in try await db.tuples(
                (Int64, String, Int, String?, Date, Int?).self,
                """
                SELECT list_id, cocktail_id, position, note, added_at, price_minor FROM drink_list_entry
                ORDER BY list_id, position
                """)
            {
                entries[entry.0, default: []].append(
                    Backup.DrinkList.Entry(
                        cocktailId: entry.1, position: entry.2, note: entry.3, addedAt: entry.4,
                        priceMinor: entry.5))
            }
            return try await db.tuples(
                (Int64, Int64, String, Date, Date, String?, Date?, Date?, Int64?, Bool, String, Int?, String).self,
                """
                SELECT id, owner_id, name, created_at, updated_at, share_token, share_created_at, share_expires_at,
                    menu_shelf_owner_id, menu_hides_unavailable, menu_prices, pour_cost_percent, menu_order
                FROM drink_list ORDER BY id
                """
            ).map {
                // A menu that followed a removed account's bar follows nothing in the file.
                let follows = $0.8.flatMap(people.name)
                return Backup.DrinkList(
                    number: $0.0, owner: try people.owner($0.1), name: $0.2, createdAt: $0.3, updatedAt: $0.4,
                    shareToken: $0.5,
                    shareCreatedAt: $0.6, shareExpiresAt: $0.7, entries: entries[$0.0] ?? [], menuShelf: follows,
                    menuHidesUnavailable: follows == nil ? nil : $0.9, menuPrices: $0.10, pourCostPercent: $0.11,
                    menuOrder: $0.12)
            }
        },
        restore: { list, db, people in
            // A list keeps its number when the backup has it (its address and links stay the same).
            let listID = try await db.first(
                Int64.self,
                """
                INSERT INTO drink_list (id, owner_id, name, created_at, updated_at, share_token, share_created_at,
                    share_expires_at, menu_shelf_owner_id, menu_hides_unavailable, menu_prices, pour_cost_percent,
                    menu_order)
                VALUES (COALESCE(?, (SELECT COALESCE(max(id), 0) + 1 FROM drink_list)), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                RETURNING id
                """, list.number, people.id(list.owner), list.name, list.createdAt, list.updatedAt, list.shareToken,
                list.shareCreatedAt, list.shareExpiresAt, list.menuShelf.map(people.id),
                list.menuHidesUnavailable ?? false, list.menuPrices ?? MenuPrices.Display.auto.rawValue,
                list.pourCostPercent, list.menuOrder ?? MenuOrder.byStyle.rawValue)
            for entry in list.entries {
                try await db.execute(
                    """
                    INSERT INTO drink_list_entry (list_id, cocktail_id, position, note, added_at, price_minor)
                    VALUES (?, ?, ?, ?, ?, ?)
                    ON CONFLICT (list_id, cocktail_id) DO UPDATE SET position = excluded.position,
                        note = excluded.note, price_minor = excluded.price_minor
                    """, listID, entry.cocktailId, entry.position, entry.note, entry.addedAt, entry.priceMinor)
            }
        },
        then: { db in try await db.continueNumbering("drink_list") })

    /// Batches of house-made ingredients. They get new ids: what was taken from them, or to make
    /// them, is forgotten.
    static let batches = BookPart(
        "batches", \.batches, kind: "stock", tables: ["house_batch"],
        forgets: ["stock_use WHERE batch_id IS NOT NULL OR for_batch_id IS NOT NULL"], people: { [$0.owner] },
        read: { db, people in
            try await db.tuples(
                (Int64, String, Double, Date).self, "SELECT owner_id, value, ml, made_at FROM house_batch ORDER BY id"
            ).map { Backup.Batch(owner: try people.owner($0.0), value: $0.1, ml: $0.2, madeAt: $0.3) }
        },
        restore: { batch, db, people in
            try await db.execute(
                "INSERT INTO house_batch (owner_id, value, ml, made_at) VALUES (?, ?, ?, ?)", people.id(batch.owner),
                batch.value, batch.ml, batch.madeAt)
        })

    /// What is left in each bottle, its size, when it runs low and its price. What each drink
    /// made drew from it is forgotten: the drinks made come back with new ids.
    static let stock = BookPart(
        "stock", \.stock, kind: "stock", tables: ["bar_stock"], forgets: ["stock_use"], people: { [$0.owner] },
        read: { db, people in
            try await db.tuples(
                (Int64, String, Double?, Double?, Double?, Int?, String?).self,
                """
                SELECT owner_id, value, ml, bottle_ml, low_ml, price_minor, currency FROM bar_stock
                ORDER BY owner_id, value
                """
            ).map {
                Backup.Stock(
                    owner: try people.owner($0.0), value: $0.1, ml: $0.2, bottleMl: $0.3, lowMl: $0.4,
                    priceMinor: $0.5, currency: $0.6)
            }
        },
        restore: { item, db, people in
            try await db.execute(
                """
                INSERT INTO bar_stock (owner_id, value, ml, bottle_ml, low_ml, price_minor, currency, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (owner_id, value) DO NOTHING
                """, people.id(item.owner), item.value, item.ml, item.bottleMl, item.lowMl, item.priceMinor,
                item.currency, people.backupDate)
        })

    /// The book's own house recipes, every version and the deleted ones included.
    static let houseRecipes = BookPart(
        "houseRecipes", \.houseRecipes, kind: "house", tables: ["house_recipe_version", "house_recipe"],
        people: { [$0.author] + $0.versions.map(\.savedBy) },
        read: { db, people in
            let versions = try await VersionTable.houseRecipes.everyVersion(db) { (key: String, payload) in
                try StoreRules.houseRecipe(key: key, payload: payload)
            }.mapValues { saved in
                saved.map {
                    Backup.HouseRecipeEntry.Version(
                        number: $0.number, savedAt: $0.savedAt, savedBy: people.person($0.savedBy),
                        savedByName: $0.savedByName, summary: $0.summary, recipe: $0.content)
                }
            }
            return try await db.tuples(
                (String, Int64, Date, Date, Date?).self,
                "SELECT key, author_id, created_at, updated_at, deleted_at FROM house_recipe ORDER BY created_at, key"
            ).map {
                Backup.HouseRecipeEntry(
                    author: people.person($0.1), createdAt: $0.2, updatedAt: $0.3, deletedAt: $0.4,
                    versions: versions[$0.0] ?? [])
            }
        },
        restore: { entry, db, people in
            guard let current = entry.versions.last else { return }
            let key = OwnHouseRecipe.key(current.recipe.ingredient)
            try await db.execute(
                """
                INSERT INTO house_recipe (key, author_id, version, created_at, updated_at, deleted_at, payload)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """, key, people.id(entry.author), current.number, entry.createdAt, entry.updatedAt, entry.deletedAt,
                try StoreRules.payload(current.recipe))
            for version in entry.versions {
                try await VersionTable.houseRecipes.save(
                    db, of: key, number: version.number, at: version.savedAt,
                    by: RecipeAuthor(id: people.id(version.savedBy), name: version.savedByName),
                    summary: version.summary, payload: try StoreRules.payload(version.recipe))
            }
        })
}
