import CocktailBook
import Foundation

/// Backup and restore, written once for both backends: the same file from either, so a book moves
/// between them by a backup from one and a restore into the other.
extension SQLBook {
    /// Everything people put into the book, read in one snapshot, with the pictures read from
    /// `pictures` (`nil` leaves them out).
    public func backup(pictures: (any PictureStore)?, at date: Date = Date()) async throws -> Data {
        var backup = try await readingSnapshot { db in try await Self.backup(db, at: date) }
        try await backup.readPictures(from: pictures)
        return try Backup.encoder.encode(backup)
    }

    private static func backup(_ db: any SQLConnection, at date: Date) async throws -> Backup {
        let accounts = try await db.tuples(
            (Int64, String, String, Date).self, "SELECT id, name, role, created_at FROM account ORDER BY id")
        var names: [Int64: String] = [0: ""]
        for account in accounts { names[account.0] = account.1 }
        func owner(_ id: Int64) throws -> String {
            guard let name = names[id] else {
                throw StoreError.invalidBackup("a row belongs to no account (owner \(id))")
            }
            return name
        }
        // A recipe's author may have been removed since: it is then the book's owner's.
        func person(_ id: Int64) -> String { names[id] ?? "" }
        func owned(_ sql: String) async throws -> [Backup.OwnedValue] {
            try await db.tuples((Int64, String).self, sql).map {
                Backup.OwnedValue(owner: try owner($0.0), value: $0.1)
            }
        }
        let decoder = JSONDecoder()
        var backup = Backup(
            format: Backup.formatName, version: 1, createdAt: date,
            accounts: accounts.map { Backup.Account(name: $0.1, role: $0.2, createdAt: $0.3) },
            favorites: try await db.tuples(
                (Int64, String, Date).self,
                "SELECT owner_id, cocktail_id, added_at FROM favorite ORDER BY owner_id, added_at, cocktail_id"
            ).map { Backup.Favorite(owner: try owner($0.0), cocktailId: $0.1, addedAt: $0.2) },
            settings: try await owned("SELECT account_id, value FROM account_settings ORDER BY account_id"),
            bottles: try await owned("SELECT owner_id, value FROM bar_bottle ORDER BY owner_id, value"),
            alwaysAvailable: try await owned("SELECT owner_id, value FROM bar_always ORDER BY owner_id, value"),
            rules: try await db.tuples(
                (Int64, String, String, Bool).self,
                "SELECT owner_id, use, instead_of, both_ways FROM bar_rule ORDER BY id"
            ).map { Backup.Rule(owner: try owner($0.0), use: $0.1, insteadOf: $0.2, bothWays: $0.3) },
            shopping: try await db.tuples(
                (Int64, String, String, Bool, Date, String?).self,
                "SELECT owner_id, value, cocktail_ids, bought, added_at, reason FROM shopping_item ORDER BY id"
            ).map {
                Backup.ShoppingItem(
                    owner: try owner($0.0), value: $0.1, cocktails: $0.2.split(separator: ",").map(String.init),
                    bought: $0.3, addedAt: $0.4, reason: $0.5)
            },
            imported: try await db.tuples(
                (String, String, String, Data, Date).self,
                "SELECT origin, id, name, payload, imported_at FROM imported_cocktail ORDER BY origin, id"
            ).map {
                Backup.Imported(
                    origin: $0.0, id: $0.1, name: $0.2, cocktail: try decoder.decode(Cocktail.self, from: $0.3),
                    importedAt: $0.4)
            },
            // The bytes are read after the rows, from the picture store.
            pictures: try await db.tuples(
                (String, String, String, Date).self,
                "SELECT source_url, file_name, content_type, imported_at FROM imported_image ORDER BY source_url"
            ).map { Backup.Picture(sourceURL: $0.0, fileName: $0.1, contentType: $0.2, importedAt: $0.3, data: Data()) }
        )
        var versions: [Int64: [Backup.Recipe.Version]] = [:]
        for row in try await db.tuples(
            (Int64, Int, Date, Int64, String?, String, Data).self,
            """
            SELECT recipe_id, number, saved_at, saved_by, saved_by_name, summary, payload FROM recipe_version
            ORDER BY recipe_id, number
            """)
        {
            versions[row.0, default: []].append(
                Backup.Recipe.Version(
                    number: row.1, savedAt: row.2, savedBy: person(row.3), savedByName: row.4, summary: row.5,
                    cocktail: try decoder.decode(Cocktail.self, from: row.6)))
        }
        backup.recipes = try await db.tuples(
            (Int64, Int64, Date, Date, Date?, Int64?).self,
            "SELECT id, author_id, created_at, updated_at, deleted_at, deleted_by FROM recipe ORDER BY id"
        ).map {
            Backup.Recipe(
                number: $0.0, author: person($0.1), createdAt: $0.2, updatedAt: $0.3, deletedAt: $0.4,
                deletedBy: $0.5.map(person), versions: versions[$0.0] ?? [])
        }
        backup.customIngredients = try await db.all(String.self, "SELECT name FROM custom_ingredient ORDER BY name")
        backup.notes = try await db.tuples(
            (Int64, String, String, Date).self,
            "SELECT owner_id, cocktail_id, text, updated_at FROM cocktail_note ORDER BY owner_id, cocktail_id"
        ).map { Backup.Note(owner: try owner($0.0), cocktailId: $0.1, text: $0.2, updatedAt: $0.3) }
        backup.ratings = try await db.tuples(
            (Int64, String, Int, Date).self,
            "SELECT owner_id, cocktail_id, stars, rated_at FROM rating ORDER BY owner_id, cocktail_id"
        ).map { Backup.Rating(owner: try owner($0.0), cocktailId: $0.1, stars: $0.2, ratedAt: $0.3) }
        backup.made = try await db.tuples(
            (Int64, String, Date, Int, String?).self,
            "SELECT owner_id, cocktail_id, made_at, servings, note FROM made_it ORDER BY id"
        ).map { Backup.Made(owner: try owner($0.0), cocktailId: $0.1, madeAt: $0.2, servings: $0.3, note: $0.4) }
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
                    cocktailId: entry.1, position: entry.2, note: entry.3, addedAt: entry.4, priceMinor: entry.5))
        }
        backup.lists = try await db.tuples(
            (Int64, Int64, String, Date, Date, String?, Date?, Date?, Int64?, Bool, String, Int?).self,
            """
            SELECT id, owner_id, name, created_at, updated_at, share_token, share_created_at, share_expires_at,
                menu_shelf_owner_id, menu_hides_unavailable, menu_prices, pour_cost_percent FROM drink_list ORDER BY id
            """
        ).map {
            // A menu that followed a removed account's bar follows nothing in the file.
            let follows = $0.8.flatMap { names[$0] }
            return Backup.DrinkList(
                owner: try owner($0.1), name: $0.2, createdAt: $0.3, updatedAt: $0.4, shareToken: $0.5,
                shareCreatedAt: $0.6, shareExpiresAt: $0.7, entries: entries[$0.0] ?? [], menuShelf: follows,
                menuHidesUnavailable: follows == nil ? nil : $0.9, menuPrices: $0.10, pourCostPercent: $0.11)
        }
        var houseVersions: [String: [Backup.HouseRecipeEntry.Version]] = [:]
        for row in try await db.tuples(
            (String, Int, Date, Int64, String?, String, Data).self,
            """
            SELECT key, number, saved_at, saved_by, saved_by_name, summary, payload FROM house_recipe_version
            ORDER BY key, number
            """)
        {
            houseVersions[row.0, default: []].append(
                .init(
                    number: row.1, savedAt: row.2, savedBy: person(row.3), savedByName: row.4, summary: row.5,
                    recipe: try StoreRules.houseRecipe(key: row.0, payload: row.6)))
        }
        backup.houseRecipes = try await db.tuples(
            (String, Int64, Date, Date, Date?).self,
            "SELECT key, author_id, created_at, updated_at, deleted_at FROM house_recipe ORDER BY created_at, key"
        ).map {
            Backup.HouseRecipeEntry(
                author: person($0.1), createdAt: $0.2, updatedAt: $0.3, deletedAt: $0.4,
                versions: houseVersions[$0.0] ?? [])
        }
        backup.batches = try await db.tuples(
            (Int64, String, Double, Date).self, "SELECT owner_id, value, ml, made_at FROM house_batch ORDER BY id"
        ).map { Backup.Batch(owner: try owner($0.0), value: $0.1, ml: $0.2, madeAt: $0.3) }
        backup.stock = try await db.tuples(
            (Int64, String, Double?, Double?, Double?, Int?, String?).self,
            """
            SELECT owner_id, value, ml, bottle_ml, low_ml, price_minor, currency FROM bar_stock
            ORDER BY owner_id, value
            """
        ).map {
            Backup.Stock(
                owner: try owner($0.0), value: $0.1, ml: $0.2, bottleMl: $0.3, lowMl: $0.4, priceMinor: $0.5,
                currency: $0.6)
        }
        backup.currency = try await db.first(
            String.self, "SELECT value FROM book_setting WHERE key = ?", BookSettingKey.currency)
        return backup
    }

    /// Replaces what people put into the book with what `data` holds, in ONE transaction: a file
    /// that is not a readable backup, or names an owner it does not list, changes nothing and
    /// says why. Accounts are matched by name: existing ones keep their password and get the
    /// backup's role; missing ones are created without a usable password (an admin sets one with
    /// `cocktailbook user passwd`). Pictures are written into `pictures` first, under their
    /// content-derived names, so a file already there is never overwritten. A part a backup
    /// does not carry (an older format's) leaves the book's as it is.
    public func restore(_ data: Data, pictures: (any PictureStore)?, unusablePasswordHash: String) async throws
        -> Backup.Summary
    {
        let backup = try Backup.validated(data)
        let written = try await backup.savePictures(into: pictures)
        do {
            return try await writing("restore") { db in
                try await Self.restore(backup, db, unusablePasswordHash: unusablePasswordHash)
            }
        } catch {
            // Nothing was restored: the pictures saved for it go too.
            try? await pictures?.removePictures(named: written)
            throw error
        }
    }

    private static func restore(_ backup: Backup, _ db: any SQLConnection, unusablePasswordHash: String)
        async throws -> Backup.Summary
    {
        try await db.lockForWriting("account")
        let signingIn = { try await db.first(Int.self, Backup.adminsWhoCanSignInSQL) ?? 0 }
        let adminsBefore = try await signingIn()
        var ids: [String: Int64] = ["": 0]
        for account in backup.accounts {
            if let id = try await db.first(
                Int64.self, "SELECT id FROM account WHERE lower(name) = lower(?)", account.name)
            {
                try await db.execute("UPDATE account SET role = ? WHERE id = ?", account.role, id)
                ids[account.name.lowercased()] = id
            } else {
                ids[account.name.lowercased()] = try await db.first(
                    Int64.self,
                    "INSERT INTO account (name, role, password_hash, created_at) VALUES (?, ?, ?, ?) RETURNING id",
                    account.name, account.role, unusablePasswordHash, account.createdAt)
            }
        }
        try Backup.checkAdmins(before: adminsBefore, after: try await signingIn())
        let passwordless = try await db.all(String.self, Backup.adminsWithoutPasswordSQL)
        let accountIDs = ids
        func id(_ owner: String) -> Int64 { accountIDs[owner.lowercased()] ?? 0 }
        for table in [
            "favorite", "account_settings", "bar_bottle", "bar_always", "bar_rule", "shopping_item",
            "imported_cocktail", "imported_image",
        ] {
            try await db.execute("DELETE FROM \(table)")
        }
        for favorite in backup.favorites {
            try await db.execute(
                """
                INSERT INTO favorite (owner_id, cocktail_id, added_at) VALUES (?, ?, ?)
                ON CONFLICT (owner_id, cocktail_id) DO UPDATE SET added_at = excluded.added_at
                """, id(favorite.owner), favorite.cocktailId, favorite.addedAt)
        }
        for setting in backup.settings where !setting.owner.isEmpty {
            try await db.execute(
                """
                INSERT INTO account_settings (account_id, value) VALUES (?, ?)
                ON CONFLICT (account_id) DO UPDATE SET value = excluded.value
                """, id(setting.owner), setting.value)
        }
        for bottle in backup.bottles {
            try await db.execute(
                "INSERT INTO bar_bottle (owner_id, value, added_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                id(bottle.owner), bottle.value, backup.createdAt)
        }
        for item in backup.alwaysAvailable {
            try await db.execute(
                "INSERT INTO bar_always (owner_id, value) VALUES (?, ?) ON CONFLICT DO NOTHING", id(item.owner),
                item.value)
        }
        for rule in backup.rules {
            try await db.execute(
                """
                INSERT INTO bar_rule (owner_id, use, instead_of, both_ways) VALUES (?, ?, ?, ?)
                ON CONFLICT (owner_id, use, instead_of) DO UPDATE SET both_ways = excluded.both_ways
                """, id(rule.owner), rule.use, rule.insteadOf, rule.bothWays)
        }
        for item in backup.shopping {
            try await db.execute(
                """
                INSERT INTO shopping_item (owner_id, value, cocktail_ids, bought, added_at, reason)
                VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (owner_id, value) DO UPDATE SET cocktail_ids = excluded.cocktail_ids,
                    bought = excluded.bought, added_at = excluded.added_at, reason = excluded.reason
                """, id(item.owner), item.value, item.cocktails.joined(separator: ","), item.bought, item.addedAt,
                item.reason)
        }
        for cocktail in backup.imported {
            try await db.execute(
                """
                INSERT INTO imported_cocktail (origin, id, name, payload, imported_at) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (origin, id) DO UPDATE SET name = excluded.name, payload = excluded.payload,
                    imported_at = excluded.imported_at
                """, cocktail.origin, cocktail.id, cocktail.name, try StoreRules.payload(cocktail.cocktail),
                cocktail.importedAt)
        }
        for picture in backup.pictures where picture.isDownload {
            try await Self.saveImage(
                ImportedImage(
                    sourceURL: picture.sourceURL, fileName: picture.fileName, contentType: picture.contentType),
                at: picture.importedAt, db)
        }
        try await restoreRecipes(backup, db, id: id)
        try await restorePersonal(backup, db, id: id)
        try await restoreStock(backup, db, id: id)
        try await restoreHouseRecipes(backup, db, id: id)
        if let currency = backup.currency { try await Self.saveCurrency(db, currency) }
        return Backup.Summary(
            accounts: backup.accounts.count, favorites: backup.favorites.count,
            importedCocktails: backup.imported.count, pictures: backup.pictures.count,
            recipes: backup.recipes?.count ?? 0, adminsWithoutPassword: passwordless)
    }
}
