import CocktailBook
import Foundation
import PostgresNIO

/// Backup and restore: the same file format as SQLite's, so a book moves between backends by a
/// backup from one and a restore into the other.
extension PostgresStore {
    static func payloads(_ cocktails: [Cocktail]) throws -> [ByteBuffer] {
        try cocktails.map { ByteBuffer(bytes: try StoreRules.payload($0)) }
    }

    public func backup(pictures: (any PictureStore)?, at date: Date) async throws -> Data {
        try await mapped { [self] in
            // One snapshot of the database for the whole file.
            var backup: Backup = try await transaction { connection in
                try await connection.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY", logger: logger)
                let accounts = try await all(
                    connection.query("SELECT id, name, role, created_at FROM account ORDER BY id", logger: logger),
                    as: (Int64, String, String, Date).self)
                var names: [Int64: String] = [0: ""]
                for account in accounts { names[account.0] = account.1 }
                func owner(_ id: Int64) throws -> String {
                    guard let name = names[id] else {
                        throw StoreError.invalidBackup("a row belongs to no account (owner \(id))")
                    }
                    return name
                }
                let decoder = JSONDecoder()
                var imported: [Backup.Imported] = []
                let importedRows = try await connection.query(
                    "SELECT origin, id, name, payload, imported_at FROM imported_cocktail ORDER BY origin, id",
                    logger: logger)
                for try await (origin, id, name, payload, importedAt) in importedRows.decode(
                    (String, String, String, ByteBuffer, Date).self)
                {
                    let cocktail = try decoder.decode(Cocktail.self, from: Data(payload.readableBytesView))
                    imported.append(
                        Backup.Imported(origin: origin, id: id, name: name, cocktail: cocktail, importedAt: importedAt))
                }
                // The bytes are read after the rows, from the picture store.
                let pictures = try await all(
                    connection.query(
                        "SELECT source_url, file_name, content_type, imported_at FROM imported_image ORDER BY source_url",
                        logger: logger
                    ), as: (String, String, String, Date).self
                ).map { row in
                    let (sourceURL, fileName, contentType, importedAt) = row
                    return Backup.Picture(
                        sourceURL: sourceURL, fileName: fileName, contentType: contentType, importedAt: importedAt,
                        data: Data())
                }
                // A recipe's author may have been removed since: it is then the book's owner's.
                func person(_ id: Int64) -> String { names[id] ?? "" }
                var versions: [Int64: [Backup.Recipe.Version]] = [:]
                let versionRows = try await connection.query(
                    "SELECT recipe_id, number, saved_at, saved_by, saved_by_name, summary, payload FROM recipe_version ORDER BY recipe_id, number",
                    logger: logger)
                for try await (recipeID, number, savedAt, savedBy, savedByName, summary, payload) in versionRows.decode(
                    (Int64, Int, Date, Int64, String?, String, ByteBuffer).self)
                {
                    versions[recipeID, default: []].append(
                        Backup.Recipe.Version(
                            number: number, savedAt: savedAt, savedBy: person(savedBy), savedByName: savedByName,
                            summary: summary,
                            cocktail: try decoder.decode(Cocktail.self, from: Data(payload.readableBytesView))))
                }
                let recipes = try await all(
                    connection.query(
                        "SELECT id, author_id, created_at, updated_at, deleted_at, deleted_by FROM recipe ORDER BY id",
                        logger: logger), as: (Int64, Int64, Date, Date, Date?, Int64?).self
                ).map { row in
                    Backup.Recipe(
                        number: row.0, author: person(row.1), createdAt: row.2, updatedAt: row.3, deletedAt: row.4,
                        deletedBy: row.5.map(person), versions: versions[row.0] ?? [])
                }
                var personal = Backup(
                    format: Backup.formatName, version: 1, createdAt: date, accounts: [], favorites: [], settings: [],
                    bottles: [], alwaysAvailable: [], rules: [], shopping: [], imported: [], pictures: [])
                personal.recipes = recipes
                personal.customIngredients = try await all(
                    connection.query("SELECT name FROM custom_ingredient ORDER BY name", logger: logger),
                    as: String.self)
                personal.notes = try await all(
                    connection.query(
                        "SELECT owner_id, cocktail_id, text, updated_at FROM cocktail_note ORDER BY owner_id, cocktail_id",
                        logger: logger), as: (Int64, String, String, Date).self
                ).map { Backup.Note(owner: try owner($0.0), cocktailId: $0.1, text: $0.2, updatedAt: $0.3) }
                personal.ratings = try await all(
                    connection.query(
                        "SELECT owner_id, cocktail_id, stars, rated_at FROM rating ORDER BY owner_id, cocktail_id",
                        logger: logger), as: (Int64, String, Int, Date).self
                ).map { Backup.Rating(owner: try owner($0.0), cocktailId: $0.1, stars: $0.2, ratedAt: $0.3) }
                personal.made = try await all(
                    connection.query(
                        "SELECT owner_id, cocktail_id, made_at, servings, note FROM made_it ORDER BY id", logger: logger
                    ),
                    as: (Int64, String, Date, Int, String?).self
                ).map {
                    Backup.Made(owner: try owner($0.0), cocktailId: $0.1, madeAt: $0.2, servings: $0.3, note: $0.4)
                }
                var entries: [Int64: [Backup.DrinkList.Entry]] = [:]
                for entry in try await all(
                    connection.query(
                        "SELECT list_id, cocktail_id, position, note, added_at, price_minor FROM drink_list_entry ORDER BY list_id, position",
                        logger: logger), as: (Int64, String, Int, String?, Date, Int64?).self)
                {
                    entries[entry.0, default: []].append(
                        Backup.DrinkList.Entry(
                            cocktailId: entry.1, position: entry.2, note: entry.3, addedAt: entry.4,
                            priceMinor: entry.5.map { Int($0) }))
                }
                personal.lists = try await all(
                    connection.query(
                        "SELECT id, owner_id, name, created_at, updated_at, share_token, share_created_at, share_expires_at, menu_shelf_owner_id, menu_hides_unavailable, menu_prices, pour_cost_percent FROM drink_list ORDER BY id",
                        logger: logger),
                    as: (Int64, Int64, String, Date, Date, String?, Date?, Date?, Int64?, Bool, String, Int32?).self
                ).map {
                    // A menu that followed a removed account's bar follows nothing in the file.
                    let follows = $0.8.flatMap { names[$0] }
                    return Backup.DrinkList(
                        owner: try owner($0.1), name: $0.2, createdAt: $0.3, updatedAt: $0.4, shareToken: $0.5,
                        shareCreatedAt: $0.6, shareExpiresAt: $0.7, entries: entries[$0.0] ?? [], menuShelf: follows,
                        menuHidesUnavailable: follows == nil ? nil : $0.9, menuPrices: $0.10,
                        pourCostPercent: $0.11.map { Int($0) })
                }
                var backup = Backup(
                    format: Backup.formatName, version: 1, createdAt: date,
                    accounts: accounts.map { Backup.Account(name: $0.1, role: $0.2, createdAt: $0.3) },
                    favorites: try await all(
                        connection.query(
                            "SELECT owner_id, cocktail_id, added_at FROM favorite ORDER BY owner_id, added_at, cocktail_id",
                            logger: logger
                        ), as: (Int64, String, Date).self
                    ).map { row in
                        let (c0, c1, c2) = row
                        return Backup.Favorite(owner: try owner(c0), cocktailId: c1, addedAt: c2)
                    },
                    settings: try await ownedValues(
                        "SELECT account_id, value FROM account_settings ORDER BY account_id", connection, owner),
                    bottles: try await ownedValues(
                        "SELECT owner_id, value FROM bar_bottle ORDER BY owner_id, value", connection, owner),
                    alwaysAvailable: try await ownedValues(
                        "SELECT owner_id, value FROM bar_always ORDER BY owner_id, value", connection, owner),
                    rules: try await all(
                        connection.query(
                            "SELECT owner_id, use, instead_of, both_ways FROM bar_rule ORDER BY id", logger: logger
                        ), as: (Int64, String, String, Bool).self
                    ).map { row in
                        let (c0, c1, c2, c3) = row
                        return Backup.Rule(owner: try owner(c0), use: c1, insteadOf: c2, bothWays: c3)
                    },
                    shopping: try await all(
                        connection.query(
                            "SELECT owner_id, value, cocktail_ids, bought, added_at, reason FROM shopping_item ORDER BY id",
                            logger: logger
                        ), as: (Int64, String, String, Bool, Date, String?).self
                    ).map {
                        Backup.ShoppingItem(
                            owner: try owner($0.0), value: $0.1, cocktails: $0.2.split(separator: ",").map(String.init),
                            bought: $0.3, addedAt: $0.4, reason: $0.5)
                    },
                    imported: imported, pictures: pictures
                )
                backup.recipes = personal.recipes
                backup.customIngredients = personal.customIngredients
                backup.notes = personal.notes
                backup.ratings = personal.ratings
                backup.made = personal.made
                backup.lists = personal.lists
                try await backupHouseRecipes(connection, into: &backup) { names[$0] ?? "" }
                backup.batches = try await all(
                    connection.query(
                        "SELECT owner_id, value, ml, made_at FROM house_batch ORDER BY id", logger: logger),
                    as: (Int64, String, Double, Date).self
                ).map { Backup.Batch(owner: try owner($0.0), value: $0.1, ml: $0.2, madeAt: $0.3) }
                backup.stock = try await all(
                    connection.query(
                        "SELECT owner_id, value, ml, bottle_ml, low_ml, price_minor, currency FROM bar_stock ORDER BY owner_id, value",
                        logger: logger), as: (Int64, String, Double?, Double?, Double?, Int64?, String?).self
                ).map {
                    Backup.Stock(
                        owner: try owner($0.0), value: $0.1, ml: $0.2, bottleMl: $0.3, lowMl: $0.4,
                        priceMinor: $0.5.map { Int($0) }, currency: $0.6)
                }
                backup.currency = try await one(
                    connection.query(
                        "SELECT value FROM book_setting WHERE key = \(BookSettingKey.currency)", logger: logger),
                    as: String.self)
                return backup
            }
            try await backup.readPictures(from: pictures)
            return try Backup.encoder.encode(backup)
        }
    }

    /// How many admins can sign in (see ``Backup/adminsWhoCanSignInSQL``).
    private func adminsWhoCanSignIn(_ connection: PostgresConnection) async throws -> Int {
        let count = try await one(
            connection.query(PostgresQuery(unsafeSQL: Backup.adminsWhoCanSignInSQL), logger: logger),
            as: Int64.self)
        return Int(count ?? 0)
    }

    private func ownedValues(
        _ sql: String, _ connection: PostgresConnection, _ owner: (Int64) throws -> String
    ) async throws -> [Backup.OwnedValue] {
        try await all(connection.query(PostgresQuery(unsafeSQL: sql), logger: logger), as: (Int64, String).self)
            .map { Backup.OwnedValue(owner: try owner($0.0), value: $0.1) }
    }

    public func restore(_ data: Data, pictures: (any PictureStore)?, unusablePasswordHash: String) async throws
        -> Backup.Summary
    {
        try await mapped { [self] in
            let backup = try Backup.validated(data)
            let written = try await backup.savePictures(into: pictures)
            do {
                let payloads = try Self.payloads(backup.imported.map(\.cocktail))
                return try await write("restore") { connection in
                    try await connection.query("LOCK TABLE account IN SHARE ROW EXCLUSIVE MODE", logger: logger)
                    let adminsBefore = try await adminsWhoCanSignIn(connection)
                    var ids: [String: Int64] = ["": 0]
                    for account in backup.accounts {
                        if let id = try await one(
                            connection.query(
                                "SELECT id FROM account WHERE lower(name) = lower(\(account.name))", logger: logger),
                            as: Int64.self)
                        {
                            try await connection.query(
                                "UPDATE account SET role = \(account.role) WHERE id = \(id)", logger: logger)
                            ids[account.name.lowercased()] = id
                        } else {
                            ids[account.name.lowercased()] = try await one(
                                connection.query(
                                    "INSERT INTO account (name, role, password_hash, created_at) VALUES (\(account.name), \(account.role), \(unusablePasswordHash), \(account.createdAt)) RETURNING id",
                                    logger: logger
                                ), as: Int64.self)
                        }
                    }
                    try Backup.checkAdmins(before: adminsBefore, after: try await adminsWhoCanSignIn(connection))
                    let passwordless = try await many(
                        connection.query(
                            PostgresQuery(unsafeSQL: Backup.adminsWithoutPasswordSQL), logger: logger),
                        as: String.self)
                    func id(_ owner: String) -> Int64 { ids[owner.lowercased()] ?? 0 }
                    for table in [
                        "favorite", "account_settings", "bar_bottle", "bar_always", "bar_rule", "shopping_item",
                        "imported_cocktail", "imported_image",
                    ] {
                        try await connection.query(PostgresQuery(unsafeSQL: "DELETE FROM \(table)"), logger: logger)
                    }
                    for favorite in backup.favorites {
                        try await connection.query(
                            "INSERT INTO favorite (owner_id, cocktail_id, added_at) VALUES (\(id(favorite.owner)), \(favorite.cocktailId), \(favorite.addedAt)) ON CONFLICT (owner_id, cocktail_id) DO UPDATE SET added_at = excluded.added_at",
                            logger: logger
                        )
                    }
                    for setting in backup.settings where !setting.owner.isEmpty {
                        try await connection.query(
                            "INSERT INTO account_settings (account_id, value) VALUES (\(id(setting.owner)), \(setting.value)) ON CONFLICT (account_id) DO UPDATE SET value = excluded.value",
                            logger: logger
                        )
                    }
                    for bottle in backup.bottles {
                        try await connection.query(
                            "INSERT INTO bar_bottle (owner_id, value, added_at) VALUES (\(id(bottle.owner)), \(bottle.value), \(backup.createdAt)) ON CONFLICT DO NOTHING",
                            logger: logger
                        )
                    }
                    for item in backup.alwaysAvailable {
                        try await connection.query(
                            "INSERT INTO bar_always (owner_id, value) VALUES (\(id(item.owner)), \(item.value)) ON CONFLICT DO NOTHING",
                            logger: logger)
                    }
                    for rule in backup.rules {
                        try await connection.query(
                            """
                            INSERT INTO bar_rule (owner_id, use, instead_of, both_ways) VALUES (\(id(rule.owner)), \(rule.use), \(rule.insteadOf), \(rule.bothWays))
                            ON CONFLICT (owner_id, use, instead_of) DO UPDATE SET both_ways = excluded.both_ways
                            """,
                            logger: logger
                        )
                    }
                    for item in backup.shopping {
                        try await connection.query(
                            """
                            INSERT INTO shopping_item (owner_id, value, cocktail_ids, bought, added_at, reason)
                            VALUES (\(id(item.owner)), \(item.value), \(item.cocktails.joined(separator: ",")), \(item.bought), \(item.addedAt), \(item.reason))
                            ON CONFLICT (owner_id, value) DO UPDATE SET cocktail_ids = excluded.cocktail_ids, bought = excluded.bought, added_at = excluded.added_at, reason = excluded.reason
                            """,
                            logger: logger
                        )
                    }
                    for (cocktail, payload) in zip(backup.imported, payloads) {
                        try await connection.query(
                            """
                            INSERT INTO imported_cocktail (origin, id, name, payload, imported_at)
                            VALUES (\(cocktail.origin), \(cocktail.id), \(cocktail.name), \(payload), \(cocktail.importedAt))
                            ON CONFLICT (origin, id) DO UPDATE SET name = excluded.name, payload = excluded.payload, imported_at = excluded.imported_at
                            """,
                            logger: logger
                        )
                    }
                    for picture in backup.pictures where picture.isDownload {
                        try await connection.query(
                            """
                            INSERT INTO imported_image (source_url, file_name, content_type, imported_at)
                            VALUES (\(picture.sourceURL), \(picture.fileName), \(picture.contentType), \(picture.importedAt))
                            ON CONFLICT (source_url) DO UPDATE SET file_name = excluded.file_name,
                                content_type = excluded.content_type, imported_at = excluded.imported_at
                            """, logger: logger)
                    }
                    try await restoreRecipes(backup, connection, id: id)
                    try await restoreStock(backup, connection, id: id)
                    try await restoreHouseRecipes(backup, connection, id: id)
                    if let currency = backup.currency {
                        try await connection.query(
                            """
                            INSERT INTO book_setting (key, value) VALUES (\(BookSettingKey.currency), \(currency))
                            ON CONFLICT (key) DO UPDATE SET value = excluded.value
                            """, logger: logger)
                    }
                    return Backup.Summary(
                        accounts: backup.accounts.count, favorites: backup.favorites.count,
                        importedCocktails: backup.imported.count, pictures: backup.pictures.count,
                        recipes: backup.recipes?.count ?? 0, adminsWithoutPassword: passwordless)
                }
            } catch {
                // Nothing was restored: the pictures saved for it go too.
                try? await pictures?.removePictures(named: written)
                throw error
            }
        }
    }

    /// The batches and stock of `backup`, each replacing the book's only when the backup carries it.
    private func restoreStock(_ backup: Backup, _ connection: PostgresConnection, id: (String) -> Int64)
        async throws
    {
        if let batches = backup.batches {
            try await connection.query("DELETE FROM house_batch", logger: logger)
            // The batches get new ids: what was taken from them, or to make them, is forgotten.
            try await connection.query(
                "DELETE FROM stock_use WHERE batch_id IS NOT NULL OR for_batch_id IS NOT NULL", logger: logger)
            for batch in batches {
                try await connection.query(
                    """
                    INSERT INTO house_batch (owner_id, value, ml, made_at)
                    VALUES (\(id(batch.owner)), \(batch.value), \(batch.ml), \(batch.madeAt))
                    """,
                    logger: logger)
            }
        }
        if let stock = backup.stock {
            try await connection.query("DELETE FROM bar_stock", logger: logger)
            try await connection.query("DELETE FROM stock_use", logger: logger)
            for item in stock {
                let minor = item.priceMinor.map { Int64($0) }
                try await connection.query(
                    """
                    INSERT INTO bar_stock (owner_id, value, ml, bottle_ml, low_ml, price_minor, currency, updated_at)
                    VALUES (\(id(item.owner)), \(item.value), \(item.ml), \(item.bottleMl), \(item.lowMl), \(minor),
                        \(item.currency), \(backup.createdAt))
                    ON CONFLICT (owner_id, value) DO NOTHING
                    """,
                    logger: logger)
            }
        }
    }

    /// The recipes, names and personal records of `backup`, each kind replacing the book's
    /// only when the backup carries it.
    private func restoreRecipes(_ backup: Backup, _ connection: PostgresConnection, id: (String) -> Int64)
        async throws
    {
        if let recipes = backup.recipes {
            try await connection.query("DELETE FROM recipe_version", logger: logger)
            try await connection.query("DELETE FROM recipe", logger: logger)
            for recipe in recipes {
                guard let current = recipe.versions.last else { continue }
                let payload = try Self.payloads([current.cocktail])[0]
                let deletedBy = recipe.deletedBy.map(id)
                try await connection.query(
                    """
                    INSERT INTO recipe (id, author_id, version, created_at, updated_at, deleted_at, deleted_by, payload)
                    VALUES (\(recipe.number), \(id(recipe.author)), \(current.number), \(recipe.createdAt), \(recipe.updatedAt), \(recipe.deletedAt), \(deletedBy), \(payload))
                    """,
                    logger: logger)
                for (version, versionPayload) in zip(
                    recipe.versions, try Self.payloads(recipe.versions.map(\.cocktail)))
                {
                    try await connection.query(
                        """
                        INSERT INTO recipe_version (recipe_id, number, saved_at, saved_by, saved_by_name, summary, payload)
                        VALUES (\(recipe.number), \(version.number), \(version.savedAt), \(id(version.savedBy)), \(version.savedByName), \(version.summary), \(versionPayload))
                        """,
                        logger: logger)
                }
            }
            // New recipes continue after the restored numbers.
            try await connection.query(
                "SELECT setval(pg_get_serial_sequence('recipe', 'id'), COALESCE((SELECT max(id) FROM recipe), 0) + 1, false)",
                logger: logger)
        }
        if let names = backup.customIngredients {
            try await connection.query("DELETE FROM custom_ingredient", logger: logger)
            for name in names {
                try await connection.query(
                    "INSERT INTO custom_ingredient (name, added_at) VALUES (\(name), \(backup.createdAt)) ON CONFLICT DO NOTHING",
                    logger: logger)
            }
        }
        if let notes = backup.notes {
            try await connection.query("DELETE FROM cocktail_note", logger: logger)
            for note in notes {
                try await connection.query(
                    """
                    INSERT INTO cocktail_note (owner_id, cocktail_id, text, updated_at)
                    VALUES (\(id(note.owner)), \(note.cocktailId), \(note.text), \(note.updatedAt))
                    ON CONFLICT (owner_id, cocktail_id) DO UPDATE SET text = excluded.text, updated_at = excluded.updated_at
                    """,
                    logger: logger)
            }
        }
        if let ratings = backup.ratings {
            try await connection.query("DELETE FROM rating", logger: logger)
            for rating in ratings {
                try await connection.query(
                    """
                    INSERT INTO rating (owner_id, cocktail_id, stars, rated_at)
                    VALUES (\(id(rating.owner)), \(rating.cocktailId), \(rating.stars), \(rating.ratedAt))
                    ON CONFLICT (owner_id, cocktail_id) DO UPDATE SET stars = excluded.stars, rated_at = excluded.rated_at
                    """,
                    logger: logger)
            }
        }
        if let lists = backup.lists {
            try await connection.query("DELETE FROM drink_list", logger: logger)
            for list in lists {
                let listID = try await one(
                    connection.query(
                        """
                        INSERT INTO drink_list (owner_id, name, created_at, updated_at, share_token, share_created_at, share_expires_at,
                            menu_shelf_owner_id, menu_hides_unavailable, menu_prices, pour_cost_percent)
                        VALUES (\(id(list.owner)), \(list.name), \(list.createdAt), \(list.updatedAt), \(list.shareToken), \(list.shareCreatedAt), \(list.shareExpiresAt),
                            \(list.menuShelf.map(id)), \(list.menuHidesUnavailable ?? false), \(list.menuPrices ?? "auto"), \(list.pourCostPercent))
                        RETURNING id
                        """,
                        logger: logger), as: Int64.self)
                for entry in list.entries {
                    try await connection.query(
                        """
                        INSERT INTO drink_list_entry (list_id, cocktail_id, position, note, added_at, price_minor)
                        VALUES (\(listID), \(entry.cocktailId), \(entry.position), \(entry.note), \(entry.addedAt), \(entry.priceMinor))
                        ON CONFLICT (list_id, cocktail_id) DO UPDATE SET position = excluded.position, note = excluded.note,
                            price_minor = excluded.price_minor
                        """,
                        logger: logger)
                }
            }
        }
        if let made = backup.made {
            try await connection.query("DELETE FROM made_it", logger: logger)
            for entry in made {
                try await connection.query(
                    """
                    INSERT INTO made_it (owner_id, cocktail_id, made_at, servings, note)
                    VALUES (\(id(entry.owner)), \(entry.cocktailId), \(entry.madeAt), \(entry.servings), \(entry.note))
                    """,
                    logger: logger)
            }
        }
    }
}
