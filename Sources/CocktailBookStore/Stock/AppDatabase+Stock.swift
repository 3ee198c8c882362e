import CocktailBook
import Foundation
import GRDB

/// Batches of house-made ingredients and the stock of bottles, per owner. What "I made this"
/// took from each bottle is kept by the making's id, so undoing it gives exactly that back.
extension AppDatabase: StockStore {
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

    /// The house-made ingredients with a fresh batch of `owner`'s at `now`.
    static func freshBatches(_ db: Database, owner: FavoritesOwner, at now: Date) throws -> Set<String> {
        Shelf.freshBatches(
            try batches(db, owner: owner), at: now, recipes: try houseRecipesOfBook(db), calendar: HouseBatch.calendar)
    }

    static func batches(_ db: Database, owner: FavoritesOwner) throws -> [HouseBatch] {
        try Row.fetchAll(
            db, sql: "SELECT id, value, ml, madeAt FROM houseBatch WHERE ownerId = ? ORDER BY madeAt DESC, id DESC",
            arguments: [owner.id]
        ).map { HouseBatch(id: $0["id"], value: $0["value"], ml: $0["ml"], madeAt: $0["madeAt"]) }
    }

    public func batches(of owner: FavoritesOwner) async throws -> [HouseBatch] {
        guard owner != .nobody else { return [] }
        return try await read { db in try Self.batches(db, owner: owner) }
    }

    public func addBatch(
        _ value: String, ml: Double, at date: Date, drawing uses: [StockUse], owner: FavoritesOwner
    ) async throws -> (batch: HouseBatch, low: [StockUse]) {
        guard owner != .nobody else { throw StoreError.noOwner }
        return try await write { db in
            try db.execute(
                sql: "INSERT INTO houseBatch (ownerId, value, ml, madeAt) VALUES (?, ?, ?, ?)",
                arguments: [owner.id, value, ml, date])
            let batch = HouseBatch(id: db.lastInsertedRowID, value: value, ml: ml, madeAt: date)
            let taken = try Self.take(
                db, uses.map { StockUse(value: $0.value, ml: $0.ml) }, madeId: 0,
                forBatch: batch.id, owner: owner)
            return (batch, taken.low)
        }
    }

    public func removeBatch(id: Int64, owner: FavoritesOwner) async throws -> [StockUse]? {
        guard owner != .nobody else { return nil }
        return try await write { db in
            try db.execute(sql: "DELETE FROM houseBatch WHERE ownerId = ? AND id = ?", arguments: [owner.id, id])
            guard db.changesCount > 0 else { return nil }
            return try Self.giveBack(db, filter: "forBatchId = ?", id, owner: owner)
        }
    }

    public func stock(of owner: FavoritesOwner) async throws -> [String: BottleStock] {
        guard owner != .nobody else { return [:] }
        return try await read { db in
            var stock: [String: BottleStock] = [:]
            for row in try Row.fetchAll(
                db, sql: "SELECT value, ml, bottleMl, lowMl, priceMinor, currency FROM barStock WHERE ownerId = ?",
                arguments: [owner.id])
            {
                let minor: Int? = row["priceMinor"]
                let currency: String? = row["currency"]
                stock[row["value"]] = BottleStock(
                    ml: row["ml"], bottleMl: row["bottleMl"], lowMl: row["lowMl"],
                    price: minor.flatMap { minor in currency.map { BottleStock.Price(minor: minor, currency: $0) } })
            }
            return stock
        }
    }

    public func setStock(_ value: String, _ stock: BottleStock?, owner: FavoritesOwner) async throws {
        guard owner != .nobody else { throw StoreError.noOwner }
        try await write { db in
            guard let stock else {
                try db.execute(
                    sql: "DELETE FROM barStock WHERE ownerId = ? AND value = ?", arguments: [owner.id, value])
                return
            }
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO barStock (ownerId, value, ml, bottleMl, lowMl, priceMinor, currency, updatedAt)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    owner.id, value, stock.ml, stock.bottleMl, stock.lowMl, stock.price?.minor, stock.price?.currency,
                    Date(),
                ])
        }
    }

    public func useStock(_ uses: [StockUse], madeId: Int64, owner: FavoritesOwner) async throws -> [StockUse] {
        guard owner != .nobody else { throw StoreError.noOwner }
        return try await write { db in try Self.take(db, uses, madeId: madeId, forBatch: nil, owner: owner).low }
    }

    public func recordMade(
        _ cocktailID: String, servings: Int, note: String?, drawing uses: [StockUse], owner: FavoritesOwner,
        at date: Date
    ) async throws -> MadeWithStock {
        guard owner != .nobody else { throw StoreError.noOwner }
        return try await write { db in
            let entry = try Self.insertMade(db, cocktailID, servings: servings, note: note, owner: owner, at: date)
            let taken = try Self.take(db, uses, madeId: entry.id, forBatch: nil, owner: owner)
            return MadeWithStock(entry: entry, drawn: taken.drawn, low: taken.low)
        }
    }

    /// Takes `uses` from the tracked bottles and batches, remembered under `madeId` (or the
    /// batch made, `forBatch`); returns what really came off (never more than was left) and the
    /// bottles that crossed their low mark.
    static func take(
        _ db: Database, _ uses: [StockUse], madeId: Int64, forBatch: Int64?, owner: FavoritesOwner
    ) throws -> (drawn: [StockUse], low: [StockUse]) {
        var crossed: [StockUse] = []
        var drawn: [StockUse] = []
        for use in uses where use.ml > 0 {
            if let batch = use.batchId {
                guard
                    let before = try Double.fetchOne(
                        db, sql: "SELECT ml FROM houseBatch WHERE ownerId = ? AND id = ?", arguments: [owner.id, batch])
                else { continue }
                let after = max(0, before - use.ml)
                try db.execute(sql: "UPDATE houseBatch SET ml = ? WHERE id = ?", arguments: [after, batch])
                try db.execute(
                    sql: "INSERT INTO stockUse (ownerId, madeId, value, ml, batchId) VALUES (?, ?, ?, ?, ?)",
                    arguments: [owner.id, madeId, use.value, before - after, batch])
                drawn.append(StockUse(value: use.value, ml: before - after, batchId: batch))
                continue
            }
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT ml, lowMl FROM barStock WHERE ownerId = ? AND value = ?",
                    arguments: [owner.id, use.value]),
                let before = row["ml"] as Double?
            else { continue }
            let after = max(0, before - use.ml)
            try db.execute(
                sql: "UPDATE barStock SET ml = ?, updatedAt = ? WHERE ownerId = ? AND value = ?",
                arguments: [after, Date(), owner.id, use.value])
            try db.execute(
                sql: "INSERT INTO stockUse (ownerId, madeId, value, ml, forBatchId) VALUES (?, ?, ?, ?, ?)",
                arguments: [owner.id, madeId, use.value, before - after, forBatch])
            drawn.append(StockUse(value: use.value, ml: before - after))
            if let low = row["lowMl"] as Double?, before > low, after <= low {
                crossed.append(StockUse(value: use.value, ml: after))
                // On the list once: never a second line, and a line ticked off comes back.
                try db.execute(
                    sql: """
                        INSERT OR IGNORE INTO shopping_item (owner_id, value, cocktail_ids, bought, added_at)
                        VALUES (?, ?, '', 0, ?)
                        """,
                    arguments: [owner.id, use.value, Date()])
                try db.execute(
                    sql: "UPDATE shopping_item SET bought = 0 WHERE owner_id = ? AND value = ?",
                    arguments: [owner.id, use.value])
            }
        }
        return (drawn, crossed)
    }

    public func restoreStock(madeId: Int64, owner: FavoritesOwner) async throws -> [StockUse] {
        guard owner != .nobody else { return [] }
        return try await write { db in
            try Self.giveBack(db, filter: "madeId = ? AND forBatchId IS NULL", madeId, owner: owner)
        }
    }

    /// Gives back the uses `filter` picks (with `id` for its one argument) to their bottles and
    /// batches, and forgets them; returns them in the order they were taken.
    static func giveBack(_ db: Database, filter: String, _ id: Int64, owner: FavoritesOwner) throws -> [StockUse] {
        let uses = try Row.fetchAll(
            db, sql: "SELECT value, ml, batchId FROM stockUse WHERE ownerId = ? AND \(filter) ORDER BY id",
            arguments: [owner.id, id]
        ).map { StockUse(value: $0["value"], ml: $0["ml"], batchId: $0["batchId"]) }
        for use in uses {
            if let batch = use.batchId {
                try db.execute(
                    sql: "UPDATE houseBatch SET ml = ml + ? WHERE ownerId = ? AND id = ?",
                    arguments: [use.ml, owner.id, batch])
            } else {
                try db.execute(
                    sql: """
                        UPDATE barStock SET ml = ml + ?, updatedAt = ?
                        WHERE ownerId = ? AND value = ? AND ml IS NOT NULL
                        """,
                    arguments: [use.ml, Date(), owner.id, use.value])
            }
        }
        try db.execute(sql: "DELETE FROM stockUse WHERE ownerId = ? AND \(filter)", arguments: [owner.id, id])
        return uses
    }
}
