import CocktailBook
import Foundation
import GRDB

/// The bar, per owner (an account's id, or 0 for the implicit owner): the bottles on the
/// shelf, what is always there, the substitution rules and the shopping list. Values are
/// canonical ingredient names; like favorites they outlive catalog changes.
extension AppDatabase: BarStore {
    /// The tables the bar's data lives in, so account removal and moves name them once.
    static let barTables = [
        "barBottle", "barAlways", "barRule", "shoppingItem", "houseBatch", "barStock", "stockUse",
    ]

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

    public func shelf(of owner: FavoritesOwner) async throws -> Shelf {
        guard owner != .nobody else { return Shelf() }
        return try await read { db in
            let bottles = try String.fetchAll(
                db, sql: "SELECT value FROM barBottle WHERE ownerId = ?", arguments: [owner.id])
            let always = try String.fetchAll(
                db, sql: "SELECT value FROM barAlways WHERE ownerId = ?", arguments: [owner.id])
            let rules = try Row.fetchAll(
                db, sql: "SELECT id, use, insteadOf, bothWays FROM barRule WHERE ownerId = ? ORDER BY id",
                arguments: [owner.id]
            ).map {
                SubstitutionRule(id: $0["id"], use: $0["use"], insteadOf: $0["insteadOf"], bothWays: $0["bothWays"])
            }
            return Shelf(
                bottles: Set(bottles), rules: rules, alwaysAvailable: Set(always),
                freshBatches: try Self.freshBatches(db, owner: owner, at: Date()))
        }
    }

    public func setOnShelf(_ value: String, _ isOnShelf: Bool, owner: FavoritesOwner) async throws {
        guard owner != .nobody else { throw StoreError.noOwner }
        try await write { db in
            if isOnShelf {
                try db.execute(
                    sql: "INSERT OR IGNORE INTO barBottle (ownerId, value, addedAt) VALUES (?, ?, ?)",
                    arguments: [owner.id, value, Date()])
            } else {
                try db.execute(
                    sql: "DELETE FROM barBottle WHERE ownerId = ? AND value = ?", arguments: [owner.id, value])
            }
        }
    }

    public func setAlwaysAvailable(_ value: String, _ isAlways: Bool, owner: FavoritesOwner) async throws {
        guard owner != .nobody else { throw StoreError.noOwner }
        try await write { db in
            if isAlways {
                try db.execute(
                    sql: "INSERT OR IGNORE INTO barAlways (ownerId, value) VALUES (?, ?)", arguments: [owner.id, value])
            } else {
                try db.execute(
                    sql: "DELETE FROM barAlways WHERE ownerId = ? AND value = ?", arguments: [owner.id, value])
            }
        }
    }

    public func addRule(_ rule: SubstitutionRule, owner: FavoritesOwner) async throws -> SubstitutionRule {
        guard owner != .nobody else { throw StoreError.noOwner }
        return try await write { db in
            try db.execute(
                sql: """
                    INSERT INTO barRule (ownerId, use, insteadOf, bothWays) VALUES (?, ?, ?, ?)
                    ON CONFLICT(ownerId, use, insteadOf) DO UPDATE SET bothWays = excluded.bothWays
                    """,
                arguments: [owner.id, rule.use, rule.insteadOf, rule.bothWays]
            )
            let id = try Int64.fetchOne(
                db, sql: "SELECT id FROM barRule WHERE ownerId = ? AND use = ? AND insteadOf = ?",
                arguments: [owner.id, rule.use, rule.insteadOf])
            return SubstitutionRule(id: id, use: rule.use, insteadOf: rule.insteadOf, bothWays: rule.bothWays)
        }
    }

    public func removeRule(id: Int64, owner: FavoritesOwner) async throws -> Bool {
        guard owner != .nobody else { return false }
        return try await write { db in
            try db.execute(sql: "DELETE FROM barRule WHERE ownerId = ? AND id = ?", arguments: [owner.id, id])
            return db.changesCount > 0
        }
    }

    public func shoppingList(of owner: FavoritesOwner) async throws -> [ShoppingItem] {
        guard owner != .nobody else { return [] }
        return try await read { db in
            try Row.fetchAll(
                db,
                sql: "SELECT id, value, cocktailIds, bought, reason FROM shoppingItem WHERE ownerId = ? ORDER BY id",
                arguments: [owner.id]
            ).map { row in
                let ids: String = row["cocktailIds"]
                return ShoppingItem(
                    id: row["id"], value: row["value"], cocktailIds: ids.split(separator: ",").map(String.init),
                    isBought: row["bought"], reason: row["reason"])
            }
        }
    }

    public func addToShoppingList(_ values: [String], for cocktailId: String?, owner: FavoritesOwner) async throws {
        guard owner != .nobody else { throw StoreError.noOwner }
        try await write { db in
            for value in values {
                let existing = try Row.fetchOne(
                    db, sql: "SELECT id, cocktailIds FROM shoppingItem WHERE ownerId = ? AND value = ?",
                    arguments: [owner.id, value])
                if let existing {
                    var ids = (existing["cocktailIds"] as String).split(separator: ",").map(String.init)
                    if let cocktailId, !ids.contains(cocktailId) { ids.append(cocktailId) }
                    try db.execute(
                        sql: "UPDATE shoppingItem SET cocktailIds = ?, bought = 0 WHERE id = ?",
                        arguments: [ids.joined(separator: ","), existing["id"] as Int64])
                } else {
                    try db.execute(
                        sql:
                            "INSERT INTO shoppingItem (ownerId, value, cocktailIds, bought, addedAt) VALUES (?, ?, ?, 0, ?)",
                        arguments: [owner.id, value, cocktailId ?? "", Date()]
                    )
                }
            }
        }
    }

    public func addToShoppingList(_ needs: [ShoppingNeed], owner: FavoritesOwner) async throws {
        guard owner != .nobody else { throw StoreError.noOwner }
        try await write { db in
            for need in needs {
                let existing = try Row.fetchOne(
                    db, sql: "SELECT id, cocktailIds FROM shoppingItem WHERE ownerId = ? AND value = ?",
                    arguments: [owner.id, need.value])
                if let existing {
                    var ids = (existing["cocktailIds"] as String).split(separator: ",").map(String.init)
                    for id in need.cocktailIds where !ids.contains(id) { ids.append(id) }
                    try db.execute(
                        sql: "UPDATE shoppingItem SET cocktailIds = ?, reason = ?, bought = 0 WHERE id = ?",
                        arguments: [ids.joined(separator: ","), need.reason, existing["id"] as Int64])
                } else {
                    try db.execute(
                        sql: """
                            INSERT INTO shoppingItem (ownerId, value, cocktailIds, bought, addedAt, reason)
                            VALUES (?, ?, ?, 0, ?, ?)
                            """,
                        arguments: [owner.id, need.value, need.cocktailIds.joined(separator: ","), Date(), need.reason])
                }
            }
        }
    }

    public func setBought(_ isBought: Bool, itemId: Int64, owner: FavoritesOwner) async throws -> Bool {
        guard owner != .nobody else { return false }
        return try await write { db in
            try db.execute(
                sql: "UPDATE shoppingItem SET bought = ? WHERE ownerId = ? AND id = ?",
                arguments: [isBought, owner.id, itemId])
            return db.changesCount > 0
        }
    }

    public func removeFromShoppingList(itemId: Int64?, owner: FavoritesOwner) async throws -> Int {
        guard owner != .nobody else { return 0 }
        return try await write { db in
            if let itemId {
                try db.execute(
                    sql: "DELETE FROM shoppingItem WHERE ownerId = ? AND id = ?", arguments: [owner.id, itemId])
            } else {
                try db.execute(sql: "DELETE FROM shoppingItem WHERE ownerId = ? AND bought = 1", arguments: [owner.id])
            }
            return db.changesCount
        }
    }
}
