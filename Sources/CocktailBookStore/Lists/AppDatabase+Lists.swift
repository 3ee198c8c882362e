import CocktailBook
import Foundation
import GRDB

/// People's lists of drinks: one row per list (with its share link, if any) and one per entry,
/// numbered by position. Entries have no foreign key to the catalog, like favorites: a drink
/// that leaves the catalog stays on the list and comes back with it.
extension AppDatabase: ListStore {
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

    private static func list(_ db: Database, _ row: Row) throws -> DrinkList {
        let id: Int64 = row["id"]
        let entries = try Row.fetchAll(
            db, sql: "SELECT * FROM drinkListEntry WHERE listId = ? ORDER BY position", arguments: [id]
        ).map {
            DrinkList.Entry(
                cocktailID: $0["cocktailId"], note: $0["note"], addedAt: $0["addedAt"], priceMinor: $0["priceMinor"])
        }
        let token: String? = row["shareToken"]
        let follows: Int64? = row["menuShelfOwnerId"]
        return DrinkList(
            id: id, ownerID: row["ownerId"], name: row["name"], createdAt: row["createdAt"],
            updatedAt: row["updatedAt"], entries: entries,
            share: token.map {
                ListShare(token: $0, createdAt: row["shareCreatedAt"], expiresAt: row["shareExpiresAt"])
            },
            menuShelf: follows.map { MenuShelf(ownerID: $0, hidesUnavailable: row["menuHidesUnavailable"]) },
            menuPrices: MenuPrices(
                display: MenuPrices.Display(rawValue: row["menuPrices"] ?? "") ?? .auto,
                pourCostPercent: row["pourCostPercent"]))
    }

    private static func owned(_ db: Database, _ id: Int64, _ owner: FavoritesOwner) throws -> DrinkList {
        guard owner != .nobody,
            let row = try Row.fetchOne(
                db, sql: "SELECT * FROM drinkList WHERE id = ? AND ownerId = ?", arguments: [id, owner.id])
        else { throw ListError.notFound }
        return try list(db, row)
    }

    /// Writes the entries' positions in `order` and stamps the list as changed.
    private static func reorder(_ db: Database, _ id: Int64, _ order: [String], at date: Date) throws {
        for (position, cocktailID) in order.enumerated() {
            try db.execute(
                sql: "UPDATE drinkListEntry SET position = ? WHERE listId = ? AND cocktailId = ?",
                arguments: [position, id, cocktailID])
        }
        try touch(db, id, at: date)
    }

    private static func touch(_ db: Database, _ id: Int64, at date: Date) throws {
        try db.execute(sql: "UPDATE drinkList SET updatedAt = ? WHERE id = ?", arguments: [date, id])
    }

    public func lists(of owner: FavoritesOwner) async throws -> [DrinkList] {
        guard owner != .nobody else { return [] }
        return try await read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM drinkList WHERE ownerId = ? ORDER BY name COLLATE NOCASE, id",
                arguments: [owner.id]
            ).map { try Self.list(db, $0) }
        }
    }

    public func list(id: Int64, owner: FavoritesOwner) async throws -> DrinkList? {
        try await read { db in try? Self.owned(db, id, owner) }
    }

    public func createList(named name: String, owner: FavoritesOwner, at date: Date) async throws -> DrinkList {
        guard owner != .nobody else { throw StoreError.noOwner }
        let name = try ListRules.name(name)
        return try await write { db in
            let count =
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM drinkList WHERE ownerId = ?", arguments: [owner.id])
                ?? 0
            guard count < ListRules.maximumLists else { throw ListError.tooManyLists }
            try db.execute(
                sql: "INSERT INTO drinkList (ownerId, name, createdAt, updatedAt) VALUES (?, ?, ?, ?)",
                arguments: [owner.id, name, date, date])
            return DrinkList(id: db.lastInsertedRowID, ownerID: owner.id, name: name, createdAt: date, updatedAt: date)
        }
    }

    public func renameList(id: Int64, to name: String, owner: FavoritesOwner, at date: Date) async throws
        -> DrinkList
    {
        let name = try ListRules.name(name)
        return try await write { db in
            _ = try Self.owned(db, id, owner)
            try db.execute(
                sql: "UPDATE drinkList SET name = ?, updatedAt = ? WHERE id = ?", arguments: [name, date, id])
            return try Self.owned(db, id, owner)
        }
    }

    public func deleteList(id: Int64, owner: FavoritesOwner) async throws -> Bool {
        try await write { db in
            try db.execute(sql: "DELETE FROM drinkList WHERE id = ? AND ownerId = ?", arguments: [id, owner.id])
            return db.changesCount > 0
        }
    }

    public func addEntry(_ cocktailID: String, note: String?, to listID: Int64, owner: FavoritesOwner, at date: Date)
        async throws -> DrinkList
    {
        let note = try ListRules.note(note)
        return try await write { db in
            let list = try Self.owned(db, listID, owner)
            if list.contains(cocktailID) {
                try db.execute(
                    sql: "UPDATE drinkListEntry SET note = ? WHERE listId = ? AND cocktailId = ?",
                    arguments: [note, listID, cocktailID])
            } else {
                guard list.entries.count < ListRules.maximumEntries else { throw ListError.tooManyEntries }
                try db.execute(
                    sql:
                        "INSERT INTO drinkListEntry (listId, cocktailId, position, note, addedAt) VALUES (?, ?, ?, ?, ?)",
                    arguments: [listID, cocktailID, list.entries.count, note, date])
            }
            try Self.touch(db, listID, at: date)
            return try Self.owned(db, listID, owner)
        }
    }

    public func removeEntry(_ cocktailID: String, from listID: Int64, owner: FavoritesOwner, at date: Date)
        async throws -> DrinkList
    {
        try await write { db in
            let list = try Self.owned(db, listID, owner)
            guard list.contains(cocktailID) else { throw ListError.entryNotFound }
            try db.execute(
                sql: "DELETE FROM drinkListEntry WHERE listId = ? AND cocktailId = ?", arguments: [listID, cocktailID])
            try Self.reorder(db, listID, list.entries.map(\.cocktailID).filter { $0 != cocktailID }, at: date)
            return try Self.owned(db, listID, owner)
        }
    }

    public func moveEntry(_ cocktailID: String, to index: Int, in listID: Int64, owner: FavoritesOwner, at date: Date)
        async throws -> DrinkList
    {
        try await write { db in
            let list = try Self.owned(db, listID, owner)
            let order = try ListRules.moving(cocktailID, to: index, in: list.entries.map(\.cocktailID))
            try Self.reorder(db, listID, order, at: date)
            return try Self.owned(db, listID, owner)
        }
    }

    public func setShare(_ share: ListShare, for listID: Int64, owner: FavoritesOwner) async throws -> DrinkList {
        try await write { db in
            _ = try Self.owned(db, listID, owner)
            try db.execute(
                sql: "UPDATE drinkList SET shareToken = ?, shareCreatedAt = ?, shareExpiresAt = ? WHERE id = ?",
                arguments: [share.token, share.createdAt, share.expiresAt, listID])
            return try Self.owned(db, listID, owner)
        }
    }

    public func removeShare(of listID: Int64, owner: FavoritesOwner) async throws -> Bool {
        try await write { db in
            let list = try Self.owned(db, listID, owner)
            guard list.share != nil else { return false }
            try db.execute(
                sql:
                    "UPDATE drinkList SET shareToken = NULL, shareCreatedAt = NULL, shareExpiresAt = NULL WHERE id = ?",
                arguments: [listID])
            return true
        }
    }

    public func setMenuShelf(_ menuShelf: MenuShelf?, for listID: Int64, owner: FavoritesOwner) async throws
        -> DrinkList
    {
        try await write { db in
            _ = try Self.owned(db, listID, owner)
            try db.execute(
                sql: "UPDATE drinkList SET menuShelfOwnerId = ?, menuHidesUnavailable = ? WHERE id = ?",
                arguments: [menuShelf?.ownerID, menuShelf?.hidesUnavailable ?? false, listID])
            return try Self.owned(db, listID, owner)
        }
    }

    public func setEntryPrice(
        _ cocktailID: String, minor: Int?, in listID: Int64, owner: FavoritesOwner, at date: Date
    ) async throws -> DrinkList {
        let minor = try ListRules.price(minor)
        return try await write { db in
            guard try Self.owned(db, listID, owner).contains(cocktailID) else { throw ListError.entryNotFound }
            try db.execute(
                sql: "UPDATE drinkListEntry SET priceMinor = ? WHERE listId = ? AND cocktailId = ?",
                arguments: [minor, listID, cocktailID])
            try Self.touch(db, listID, at: date)
            return try Self.owned(db, listID, owner)
        }
    }

    public func setMenuPrices(_ prices: MenuPrices, for listID: Int64, owner: FavoritesOwner) async throws
        -> DrinkList
    {
        let prices = try ListRules.menuPrices(prices)
        return try await write { db in
            _ = try Self.owned(db, listID, owner)
            try db.execute(
                sql: "UPDATE drinkList SET menuPrices = ?, pourCostPercent = ? WHERE id = ?",
                arguments: [prices.display.rawValue, prices.pourCostPercent, listID])
            return try Self.owned(db, listID, owner)
        }
    }

    public func sharedList(token: String) async throws -> DrinkList? {
        guard !token.isEmpty else { return nil }
        return try await read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM drinkList WHERE shareToken = ?", arguments: [token]).map {
                try Self.list(db, $0)
            }
        }
    }
}
