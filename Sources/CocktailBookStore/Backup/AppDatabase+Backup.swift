import CocktailBook
import Foundation
import GRDB

/// A backup of everything people put into a book, as one JSON document: accounts (names, roles,
/// dates; never a password hash, session or token), favorites, settings, bars (bottles, always-
/// at-hand items, rules, shopping lists), imported cocktails and their pictures (embedded).
/// Owners are named (`""` for the owner of a book without accounts), so a backup restores into
/// any database.
public struct Backup: Codable, Sendable, Equatable {
    public static let formatName = "cocktailbook-backup"

    public struct Account: Codable, Sendable, Equatable {
        public var name: String
        public var role: String
        public var createdAt: Date
    }
    public struct Favorite: Codable, Sendable, Equatable {
        public var owner: String
        public var cocktailId: String
        public var addedAt: Date
    }
    public struct OwnedValue: Codable, Sendable, Equatable {
        public var owner: String
        public var value: String
    }
    public struct Rule: Codable, Sendable, Equatable {
        public var owner: String
        public var use: String
        public var insteadOf: String
        public var bothWays: Bool
    }
    public struct ShoppingItem: Codable, Sendable, Equatable {
        public var owner: String
        public var value: String
        public var cocktails: [String]
        public var bought: Bool
        public var addedAt: Date
        /// Why it is there; absent in backups made before reasons were kept.
        public var reason: String?
    }
    public struct Imported: Codable, Sendable, Equatable {
        public var origin: String
        public var id: String
        public var name: String
        public var cocktail: Cocktail
        public var importedAt: Date
    }
    public struct Picture: Codable, Sendable, Equatable {
        public var sourceURL: String
        public var fileName: String
        public var contentType: String
        public var importedAt: Date
        /// The file's bytes, base64 in the JSON.
        public var data: Data

        /// Whether an import downloaded it (and the book records where from), rather than a
        /// person uploading it or a recipe page bringing it.
        var isDownload: Bool { !sourceURL.isEmpty }
    }

    public var format: String
    public var version: Int
    public var createdAt: Date
    public var accounts: [Account]
    public var favorites: [Favorite]
    /// Settings of accounts (visitors keep theirs in a cookie).
    public var settings: [OwnedValue]
    public var bottles: [OwnedValue]
    public var alwaysAvailable: [OwnedValue]
    public var rules: [Rule]
    public var shopping: [ShoppingItem]
    public var imported: [Imported]
    public var pictures: [Picture]
    /// The book's own recipes and names, and each person's notes, ratings and drinks made
    /// (see `Backup+Recipes.swift`); absent from backups made before they existed.
    public var recipes: [Recipe]? = nil
    public var customIngredients: [String]? = nil
    public var notes: [Note]? = nil
    public var ratings: [Rating]? = nil
    public var made: [Made]? = nil
    public var lists: [DrinkList]? = nil
    /// Batches of house-made ingredients and the stock of bottles (see `Backup+Stock.swift`).
    public var batches: [Batch]? = nil
    public var stock: [Stock]? = nil
    /// The book's own house recipes (see `Backup+HouseRecipes.swift`).
    public var houseRecipes: [HouseRecipeEntry]? = nil
    /// The book's currency, when an admin set one; absent in older backups (a restore then
    /// leaves the book's as it is).
    public var currency: String? = nil

    /// What a restore brought back, for the one-line summary.
    public struct Summary: Sendable, Equatable {
        public var accounts: Int
        public var favorites: Int
        public var importedCocktails: Int
        public var pictures: Int
        public var recipes: Int = 0
        /// The admins who cannot sign in yet (made by the restore, so without a password), by
        /// name: each needs `cocktailbook user passwd NAME`.
        public var adminsWithoutPassword: [String] = []
    }

    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return encoder
    }

    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}

extension AppDatabase {
    /// The tables a restore replaces, in an order that respects their references.
    static let restoredTables = [
        "favorite", "account_settings", "bar_bottle", "bar_always", "bar_rule", "shopping_item", "imported_cocktail",
        "imported_image",
    ]

    /// Everything people put into the book, with the pictures read from `pictures` (the folder
    /// imported pictures are kept in; `nil` leaves them out).
    public func backup(pictures: (any PictureStore)?, at date: Date = Date()) async throws -> Data {
        var backup: Backup = try await read { db in
            let accounts = try Row.fetchAll(
                db, sql: "SELECT id, name, role, created_at AS createdAt FROM account ORDER BY id")
            var names: [Int64: String] = [0: ""]
            for row in accounts { names[row["id"]] = row["name"] }
            func owner(_ row: Row) throws -> String {
                let id: Int64 = row["ownerId"]
                guard let name = names[id] else {
                    throw StoreError.invalidBackup("a row belongs to no account (owner \(id))")
                }
                return name
            }
            let decoder = JSONDecoder()
            let imported = try Row.fetchAll(
                db, sql: "SELECT origin, id, name, payload, imported_at FROM imported_cocktail ORDER BY origin, id"
            ).map { row in
                Backup.Imported(
                    origin: row["origin"], id: row["id"], name: row["name"],
                    cocktail: try decoder.decode(Cocktail.self, from: row["payload"] as Data),
                    importedAt: row["imported_at"])
            }
            // The bytes are read after the rows, from the picture store.
            let pictures = try Row.fetchAll(
                db,
                sql: "SELECT source_url, file_name, content_type, imported_at FROM imported_image ORDER BY source_url"
            ).map { row in
                Backup.Picture(
                    sourceURL: row["source_url"], fileName: row["file_name"], contentType: row["content_type"],
                    importedAt: row["imported_at"], data: Data())
            }
            // A recipe's author may have been removed since: it is then the book's owner's.
            func person(_ id: Int64?) -> String? { id.map { names[$0] ?? "" } }
            var versions: [Int64: [Backup.Recipe.Version]] = [:]
            for row in try Row.fetchAll(
                db,
                sql:
                    "SELECT recipe_id AS recipeId, number, saved_at AS savedAt, saved_by AS savedBy, saved_by_name AS savedByName, summary, payload FROM recipe_version ORDER BY recipe_id, number"
            ) {
                versions[row["recipeId"], default: []].append(
                    Backup.Recipe.Version(
                        number: row["number"], savedAt: row["savedAt"], savedBy: person(row["savedBy"]) ?? "",
                        savedByName: row["savedByName"], summary: row["summary"],
                        cocktail: try decoder.decode(Cocktail.self, from: row["payload"] as Data)))
            }
            let recipes = try Row.fetchAll(
                db,
                sql:
                    "SELECT id, author_id AS authorId, created_at AS createdAt, updated_at AS updatedAt, deleted_at AS deletedAt, deleted_by AS deletedBy FROM recipe ORDER BY id"
            ).map { row in
                Backup.Recipe(
                    number: row["id"], author: person(row["authorId"]) ?? "", createdAt: row["createdAt"],
                    updatedAt: row["updatedAt"], deletedAt: row["deletedAt"], deletedBy: person(row["deletedBy"]),
                    versions: versions[row["id"]] ?? [])
            }
            var backup = Backup(
                format: Backup.formatName, version: 1, createdAt: date,
                accounts: accounts.map {
                    Backup.Account(name: $0["name"], role: $0["role"], createdAt: $0["createdAt"])
                },
                favorites: try Row.fetchAll(
                    db,
                    sql:
                        "SELECT owner_id AS ownerId, cocktail_id, added_at FROM favorite ORDER BY owner_id, added_at, cocktail_id"
                ).map {
                    Backup.Favorite(owner: try owner($0), cocktailId: $0["cocktail_id"], addedAt: $0["added_at"])
                },
                settings: try Row.fetchAll(
                    db, sql: "SELECT account_id AS ownerId, value FROM account_settings ORDER BY account_id"
                ).map {
                    Backup.OwnedValue(owner: try owner($0), value: $0["value"])
                },
                bottles: try Row.fetchAll(
                    db, sql: "SELECT owner_id AS ownerId, value FROM bar_bottle ORDER BY owner_id, value"
                ).map {
                    Backup.OwnedValue(owner: try owner($0), value: $0["value"])
                },
                alwaysAvailable: try Row.fetchAll(
                    db, sql: "SELECT owner_id AS ownerId, value FROM bar_always ORDER BY owner_id, value"
                ).map { Backup.OwnedValue(owner: try owner($0), value: $0["value"]) },
                rules: try Row.fetchAll(
                    db, sql: "SELECT owner_id AS ownerId, use, instead_of, both_ways FROM bar_rule ORDER BY id"
                )
                .map {
                    Backup.Rule(
                        owner: try owner($0), use: $0["use"], insteadOf: $0["instead_of"], bothWays: $0["both_ways"])
                },
                shopping: try Row.fetchAll(
                    db,
                    sql:
                        "SELECT owner_id AS ownerId, value, cocktail_ids, bought, added_at, reason FROM shopping_item ORDER BY id"
                ).map {
                    Backup.ShoppingItem(
                        owner: try owner($0), value: $0["value"],
                        cocktails: ($0["cocktail_ids"] as String).split(separator: ",").map(String.init),
                        bought: $0["bought"], addedAt: $0["added_at"], reason: $0["reason"])
                },
                imported: imported, pictures: pictures
            )
            backup.recipes = recipes
            backup.customIngredients = try String.fetchAll(db, sql: "SELECT name FROM custom_ingredient ORDER BY name")
            backup.notes = try Row.fetchAll(
                db,
                sql:
                    "SELECT owner_id AS ownerId, cocktail_id AS cocktailId, text, updated_at AS updatedAt FROM cocktail_note ORDER BY owner_id, cocktail_id"
            ).map {
                Backup.Note(
                    owner: try owner($0), cocktailId: $0["cocktailId"], text: $0["text"], updatedAt: $0["updatedAt"])
            }
            backup.ratings = try Row.fetchAll(
                db,
                sql:
                    "SELECT owner_id AS ownerId, cocktail_id AS cocktailId, stars, rated_at AS ratedAt FROM rating ORDER BY owner_id, cocktail_id"
            ).map {
                Backup.Rating(
                    owner: try owner($0), cocktailId: $0["cocktailId"], stars: $0["stars"], ratedAt: $0["ratedAt"])
            }
            backup.made = try Row.fetchAll(
                db,
                sql:
                    "SELECT owner_id AS ownerId, cocktail_id AS cocktailId, made_at AS madeAt, servings, note FROM made_it ORDER BY id"
            ).map {
                Backup.Made(
                    owner: try owner($0), cocktailId: $0["cocktailId"], madeAt: $0["madeAt"], servings: $0["servings"],
                    note: $0["note"])
            }
            var entries: [Int64: [Backup.DrinkList.Entry]] = [:]
            for row in try Row.fetchAll(
                db,
                sql:
                    "SELECT list_id AS listId, cocktail_id AS cocktailId, position, note, added_at AS addedAt, price_minor AS priceMinor FROM drink_list_entry ORDER BY list_id, position"
            ) {
                entries[row["listId"], default: []].append(
                    Backup.DrinkList.Entry(
                        cocktailId: row["cocktailId"], position: row["position"], note: row["note"],
                        addedAt: row["addedAt"], priceMinor: row["priceMinor"]))
            }
            backup.lists = try Row.fetchAll(
                db,
                sql:
                    "SELECT id, owner_id AS ownerId, name, created_at AS createdAt, updated_at AS updatedAt, share_token AS shareToken, share_created_at AS shareCreatedAt, share_expires_at AS shareExpiresAt, menu_shelf_owner_id AS menuShelfOwnerId, menu_hides_unavailable AS menuHidesUnavailable, menu_prices AS menuPrices, pour_cost_percent AS pourCostPercent FROM drink_list ORDER BY id"
            ).map {
                // A menu that followed a removed account's bar follows nothing in the file.
                let follows = ($0["menuShelfOwnerId"] as Int64?).flatMap { names[$0] }
                return Backup.DrinkList(
                    owner: try owner($0), name: $0["name"], createdAt: $0["createdAt"], updatedAt: $0["updatedAt"],
                    shareToken: $0["shareToken"], shareCreatedAt: $0["shareCreatedAt"],
                    shareExpiresAt: $0["shareExpiresAt"], entries: entries[$0["id"]] ?? [], menuShelf: follows,
                    menuHidesUnavailable: follows == nil ? nil : $0["menuHidesUnavailable"] as Bool,
                    menuPrices: $0["menuPrices"], pourCostPercent: $0["pourCostPercent"])
            }
            try Self.backupStock(db, into: &backup, owner: owner)
            try Self.backupHouseRecipes(db, into: &backup) { person($0) ?? "" }
            backup.currency = try String.fetchOne(
                db, sql: "SELECT value FROM book_setting WHERE key = ?", arguments: [BookSettingKey.currency])
            return backup
        }
        try await backup.readPictures(from: pictures)
        return try Backup.encoder.encode(backup)
    }

    /// Replaces favorites, settings, bars and imported cocktails with those of `data`, in ONE
    /// transaction: a file that is not a readable backup, or names an owner it does not list,
    /// changes nothing and says why. Accounts are matched by name: existing ones keep their
    /// password and get the backup's role; missing ones are created without a usable password
    /// (an admin sets one with `cocktailbook user passwd`). Pictures are written into `pictures`
    /// first, under their content-derived names, so a file already there is never overwritten.
    public func restore(_ data: Data, pictures: (any PictureStore)?, unusablePasswordHash: String) async throws
        -> Backup.Summary
    {
        let backup = try Backup.validated(data)
        let written = try await backup.savePictures(into: pictures)
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            return try await write { db in
                let signingIn = { try Int.fetchOne(db, sql: Backup.adminsWhoCanSignInSQL) ?? 0 }
                let adminsBefore = try signingIn()
                var ids: [String: Int64] = ["": 0]
                for account in backup.accounts {
                    if let id = try Int64.fetchOne(
                        db, sql: "SELECT id FROM account WHERE name = ? COLLATE NOCASE", arguments: [account.name])
                    {
                        try db.execute(sql: "UPDATE account SET role = ? WHERE id = ?", arguments: [account.role, id])
                        ids[account.name.lowercased()] = id
                    } else {
                        try db.execute(
                            sql: "INSERT INTO account (name, role, password_hash, created_at) VALUES (?, ?, ?, ?)",
                            arguments: [account.name, account.role, unusablePasswordHash, account.createdAt])
                        ids[account.name.lowercased()] = db.lastInsertedRowID
                    }
                }
                try Backup.checkAdmins(before: adminsBefore, after: try signingIn())
                let passwordless = try String.fetchAll(db, sql: Backup.adminsWithoutPasswordSQL)
                func id(_ owner: String) -> Int64 { ids[owner.lowercased()] ?? 0 }
                for table in Self.restoredTables { try db.execute(sql: "DELETE FROM \(table)") }
                for favorite in backup.favorites {
                    try db.execute(
                        sql: "INSERT OR REPLACE INTO favorite (owner_id, cocktail_id, added_at) VALUES (?, ?, ?)",
                        arguments: [id(favorite.owner), favorite.cocktailId, favorite.addedAt])
                }
                for setting in backup.settings where !setting.owner.isEmpty {
                    try db.execute(
                        sql: "INSERT OR REPLACE INTO account_settings (account_id, value) VALUES (?, ?)",
                        arguments: [id(setting.owner), setting.value])
                }
                for bottle in backup.bottles {
                    try db.execute(
                        sql: "INSERT OR IGNORE INTO bar_bottle (owner_id, value, added_at) VALUES (?, ?, ?)",
                        arguments: [id(bottle.owner), bottle.value, backup.createdAt])
                }
                for item in backup.alwaysAvailable {
                    try db.execute(
                        sql: "INSERT OR IGNORE INTO bar_always (owner_id, value) VALUES (?, ?)",
                        arguments: [id(item.owner), item.value])
                }
                for rule in backup.rules {
                    try db.execute(
                        sql:
                            "INSERT OR REPLACE INTO bar_rule (owner_id, use, instead_of, both_ways) VALUES (?, ?, ?, ?)",
                        arguments: [id(rule.owner), rule.use, rule.insteadOf, rule.bothWays])
                }
                for item in backup.shopping {
                    try db.execute(
                        sql:
                            "INSERT OR REPLACE INTO shopping_item (owner_id, value, cocktail_ids, bought, added_at, reason) VALUES (?, ?, ?, ?, ?, ?)",
                        arguments: [
                            id(item.owner), item.value, item.cocktails.joined(separator: ","), item.bought,
                            item.addedAt, item.reason,
                        ])
                }
                for cocktail in backup.imported {
                    try db.execute(
                        sql: """
                            INSERT OR REPLACE INTO imported_cocktail (origin, id, name, payload, imported_at)
                            VALUES (?, ?, ?, ?, ?)
                            """,
                        arguments: [
                            cocktail.origin, cocktail.id, cocktail.name, try encoder.encode(cocktail.cocktail),
                            cocktail.importedAt,
                        ])
                }
                for picture in backup.pictures where picture.isDownload {
                    try db.execute(
                        sql: """
                            INSERT OR REPLACE INTO imported_image (source_url, file_name, content_type, imported_at)
                            VALUES (?, ?, ?, ?)
                            """,
                        arguments: [picture.sourceURL, picture.fileName, picture.contentType, picture.importedAt])
                }
                try Self.restoreRecipes(backup, db, id: id, encoder: encoder)
                try Self.restoreStock(backup, db, id: id)
                try Self.restoreHouseRecipes(backup, db, id: id)
                if let currency = backup.currency {
                    try db.execute(
                        sql: "INSERT OR REPLACE INTO book_setting (key, value) VALUES (?, ?)",
                        arguments: [BookSettingKey.currency, currency])
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

    /// The recipes, names and personal records of `backup`, each kind replacing the book's
    /// only when the backup carries it.
    static func restoreRecipes(
        _ backup: Backup, _ db: Database, id: (String) -> Int64, encoder: JSONEncoder
    ) throws {
        if let recipes = backup.recipes {
            try db.execute(sql: "DELETE FROM recipe_version")
            try db.execute(sql: "DELETE FROM recipe")
            for recipe in recipes {
                guard let current = recipe.versions.last else { continue }
                try db.execute(
                    sql: """
                        INSERT INTO recipe (id, author_id, version, created_at, updated_at, deleted_at, deleted_by, payload)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        recipe.number, id(recipe.author), current.number, recipe.createdAt, recipe.updatedAt,
                        recipe.deletedAt, recipe.deletedBy.map(id), try encoder.encode(current.cocktail),
                    ])
                for version in recipe.versions {
                    try db.execute(
                        sql: """
                            INSERT INTO recipe_version (recipe_id, number, saved_at, saved_by, saved_by_name, summary, payload)
                            VALUES (?, ?, ?, ?, ?, ?, ?)
                            """,
                        arguments: [
                            recipe.number, version.number, version.savedAt, id(version.savedBy), version.savedByName,
                            version.summary, try encoder.encode(version.cocktail),
                        ])
                }
            }
        }
        if let names = backup.customIngredients {
            try db.execute(sql: "DELETE FROM custom_ingredient")
            for name in names {
                try db.execute(
                    sql: "INSERT OR IGNORE INTO custom_ingredient (name, added_at) VALUES (?, ?)",
                    arguments: [name, backup.createdAt])
            }
        }
        if let notes = backup.notes {
            try db.execute(sql: "DELETE FROM cocktail_note")
            for note in notes {
                try db.execute(
                    sql:
                        "INSERT OR REPLACE INTO cocktail_note (owner_id, cocktail_id, text, updated_at) VALUES (?, ?, ?, ?)",
                    arguments: [id(note.owner), note.cocktailId, note.text, note.updatedAt])
            }
        }
        if let ratings = backup.ratings {
            try db.execute(sql: "DELETE FROM rating")
            for rating in ratings {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO rating (owner_id, cocktail_id, stars, rated_at) VALUES (?, ?, ?, ?)",
                    arguments: [id(rating.owner), rating.cocktailId, rating.stars, rating.ratedAt])
            }
        }
        if let lists = backup.lists {
            try db.execute(sql: "DELETE FROM drink_list_entry")
            try db.execute(sql: "DELETE FROM drink_list")
            for list in lists {
                try db.execute(
                    sql: """
                        INSERT INTO drink_list (owner_id, name, created_at, updated_at, share_token, share_created_at,
                            share_expires_at, menu_shelf_owner_id, menu_hides_unavailable, menu_prices, pour_cost_percent)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        id(list.owner), list.name, list.createdAt, list.updatedAt, list.shareToken, list.shareCreatedAt,
                        list.shareExpiresAt, list.menuShelf.map(id), list.menuHidesUnavailable ?? false,
                        list.menuPrices ?? MenuPrices.Display.auto.rawValue, list.pourCostPercent,
                    ])
                let listID = db.lastInsertedRowID
                for entry in list.entries {
                    try db.execute(
                        sql: """
                            INSERT OR REPLACE INTO drink_list_entry (list_id, cocktail_id, position, note, added_at, price_minor)
                            VALUES (?, ?, ?, ?, ?, ?)
                            """,
                        arguments: [
                            listID, entry.cocktailId, entry.position, entry.note, entry.addedAt, entry.priceMinor,
                        ])
                }
            }
        }
        if let made = backup.made {
            try db.execute(sql: "DELETE FROM made_it")
            for entry in made {
                try db.execute(
                    sql: "INSERT INTO made_it (owner_id, cocktail_id, made_at, servings, note) VALUES (?, ?, ?, ?, ?)",
                    arguments: [id(entry.owner), entry.cocktailId, entry.madeAt, entry.servings, entry.note])
            }
        }
    }

}

extension Backup {
    /// Reads a backup file and checks what a restore relies on (format, version, owners, roles,
    /// picture names), before any backend changes anything.
    ///
    /// - Throws: ``StoreError/invalidBackup(_:)`` saying what is wrong.
    public static func validated(_ data: Data) throws -> Backup {
        let backup: Backup
        do {
            backup = try Backup.decoder.decode(Backup.self, from: data)
        } catch let error as DecodingError {
            throw StoreError.invalidBackup(describe(decoding: error))
        } catch {
            throw StoreError.invalidBackup("it is not JSON")
        }
        guard backup.format == Backup.formatName else {
            throw StoreError.invalidBackup("it is not a Cocktail Book backup (format \"\(backup.format)\")")
        }
        guard backup.version == 1 else {
            throw StoreError.invalidBackup("it is version \(backup.version) of the format; this book reads version 1")
        }
        let known = Set(backup.accounts.map { $0.name.lowercased() }).union([""])
        let owners =
            backup.favorites.map(\.owner) + backup.settings.map(\.owner) + backup.bottles.map(\.owner)
            + backup.alwaysAvailable.map(\.owner)
            + backup.rules.map(\.owner) + backup.shopping.map(\.owner) + backup.personalOwners + backup.stockOwners
            + backup.houseRecipePeople
        if let stranger = owners.first(where: { !known.contains($0.lowercased()) }) {
            throw StoreError.invalidBackup("it names an owner, \"\(stranger)\", that is not among its accounts")
        }
        try backup.checkRecipes()
        try backup.checkStock()
        try backup.checkHouseRecipes()
        try backup.checkPrices()
        if let role = backup.accounts.map(\.role).first(where: { Role(rawValue: $0) == nil }) {
            throw StoreError.invalidBackup("\"\(role)\" is not a role")
        }
        // The accounts a restore creates follow the rules `user add` does.
        for account in backup.accounts {
            if let problem = AccountName.problem(with: account.name) {
                throw StoreError.invalidBackup(
                    "the account name \"\(account.name.prefix(40))\" is refused (\(problem.dropLast()))")
            }
        }
        let names = backup.accounts.map { $0.name.lowercased() }
        if let twice = names.first(where: { name in names.filter { $0 == name }.count > 1 }) {
            throw StoreError.invalidBackup("it lists the account \"\(twice)\" twice")
        }
        // A picture is kept under its content's hash: a name that is not the hash of its bytes
        // would be served as another picture, or never.
        if let picture = backup.pictures.first(where: { !isNamedByItsBytes($0) }) {
            throw StoreError.invalidBackup(
                "the picture \"\(picture.fileName.prefix(80))\" is not named by the hash of its bytes")
        }
        return backup
    }

    /// Saves the pictures into `store` (one already there is never overwritten: its name is
    /// its content's hash) and returns the names this call added, to remove if the restore fails.
    public func savePictures(into store: (any PictureStore)?) async throws -> [String] {
        var saved: [String] = []
        guard let store else { return saved }
        for picture in pictures where try await store.savePicture(picture.data, named: picture.fileName) {
            saved.append(picture.fileName)
        }
        return saved
    }

    /// Fills in the bytes of the pictures from `store`: those imports recorded and every other
    /// picture of the book's own that a drink in the backup shows (uploaded in the editor or
    /// fetched with a recipe page, in any version, in the trash too). Those the store lacks (or
    /// all, without a store) are left out of the backup.
    public mutating func readPictures(from store: (any PictureStore)?) async throws {
        var kept: [Picture] = []
        if let store {
            for var picture in pictures + shownPictures() {
                guard let data = try await store.picture(named: picture.fileName) else { continue }
                picture.data = data
                kept.append(picture)
            }
        }
        pictures = kept
    }

    /// The book's own pictures the backup's drinks show that no import recorded, once each, by
    /// name. They come from no address, so their `sourceURL` is empty and a restore records no
    /// download for them.
    private func shownPictures() -> [Picture] {
        let drinks = imported.map(\.cocktail) + (recipes ?? []).flatMap { $0.versions.map(\.cocktail) }
        var seen = Set(pictures.map(\.fileName))
        var shown: [Picture] = []
        for file in drinks.compactMap({ PictureName.keptFile(in: $0.imageURL) }) where seen.insert(file).inserted {
            shown.append(
                Picture(
                    sourceURL: "", fileName: file, contentType: PictureName.contentType(ofStored: file),
                    importedAt: createdAt, data: Data()))
        }
        return shown.sorted { $0.fileName < $1.fileName }
    }

    /// Whether a picture's name is the one its bytes are kept under (or, for files kept by
    /// earlier versions, their 16-hex hash with the right extension).
    private static func isNamedByItsBytes(_ picture: Picture) -> Bool {
        if PictureName.name(for: picture.data) == picture.fileName { return true }
        guard let kind = PictureName.kind(of: picture.data) else { return false }
        return picture.fileName == ContentHash.hex(of: picture.data) + "." + kind.ext
    }

    /// Counts the admins who can sign in: a restore creates accounts with a password hash that
    /// starts with `!`, which no password matches. The same SQL on both backends.
    static let adminsWhoCanSignInSQL =
        "SELECT count(*) FROM account WHERE role = 'admin' AND password_hash NOT LIKE '!%'"
    /// The admins who cannot sign in until someone sets their password, by name.
    static let adminsWithoutPasswordSQL =
        "SELECT name FROM account WHERE role = 'admin' AND password_hash LIKE '!%' ORDER BY name"

    /// Refuses a restore that would take a book that has an admin who can sign in and leave it
    /// with none. Any other restore goes ahead, into an empty book above all (disaster recovery:
    /// a backup holds no password hashes); its summary names the admins who need a password.
    static func checkAdmins(before: Int, after: Int) throws {
        if before > 0, after == 0 {
            throw StoreError.invalidBackup(
                "it would leave the book without an admin who can sign in (the backup demotes every admin the book has, and the admins it adds have no password yet)"
            )
        }
    }

    private static func describe(decoding error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined()
            return keys.isEmpty ? "the document" : String(keys.drop { $0 == "." })
        }
        switch error {
        case .keyNotFound(let key, let context): return "\(path(context)) has no \"\(key.stringValue)\""
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(path(context)) is not what a backup holds there"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "it is not JSON" : "\(path(context)) is unreadable"
        @unknown default: return "it is not a backup"
        }
    }
}
