import CocktailBook
import Foundation

/// Batches of house-made ingredients and the stock of bottles, per owner. What "I made this"
/// took from each bottle or batch is kept by the making's id (`stock_use.made_id`), and what
/// making a batch took by the batch made (`for_batch_id`), so undoing either gives exactly that
/// back.
extension SQLBook {
    public func batches(of owner: FavoritesOwner) async throws -> [HouseBatch] {
        guard owner != .nobody else { return [] }
        return try await reading { db in
            try await db.all(
                BatchRow.self,
                "SELECT id, value, ml, made_at FROM house_batch WHERE owner_id = ? ORDER BY made_at DESC, id DESC",
                owner.id)
        }.map { HouseBatch(id: $0.id, value: $0.value, ml: $0.ml, madeAt: $0.madeAt) }
    }

    public func addBatch(
        _ value: String, ml: Double, at date: Date, drawing uses: [StockUse], owner: FavoritesOwner
    ) async throws -> (batch: HouseBatch, low: [StockUse]) {
        guard owner != .nobody else { throw StoreError.noOwner }
        return try await writing("bar") { db in
            let id = try await db.first(
                Int64.self, "INSERT INTO house_batch (owner_id, value, ml, made_at) VALUES (?, ?, ?, ?) RETURNING id",
                owner.id, value, ml, date)
            let batch = HouseBatch(id: id ?? 0, value: value, ml: ml, madeAt: date)
            let taken = try await Self.take(
                db, uses.map { StockUse(value: $0.value, ml: $0.ml) }, madeId: 0, forBatch: batch.id, owner: owner)
            return (batch, taken.low)
        }
    }

    public func removeBatch(id: Int64, owner: FavoritesOwner) async throws -> [StockUse]? {
        guard owner != .nobody else { return nil }
        return try await writing("bar") { db in
            let removed = try await db.execute(
                "DELETE FROM house_batch WHERE owner_id = ? AND id = ? RETURNING id", owner.id, id)
            guard removed > 0 else { return nil }
            return try await Self.giveBack(db, "for_batch_id = ?", id, owner: owner)
        }
    }

    public func stock(of owner: FavoritesOwner) async throws -> [String: BottleStock] {
        guard owner != .nobody else { return [:] }
        let rows = try await reading { db in
            try await db.all(
                StockRow.self,
                "SELECT value, ml, bottle_ml, low_ml, price_minor, currency FROM bar_stock WHERE owner_id = ?",
                owner.id)
        }
        var stock: [String: BottleStock] = [:]
        for row in rows {
            let price = row.priceMinor.flatMap { minor in
                row.currency.map { BottleStock.Price(minor: minor, currency: $0) }
            }
            stock[row.value] = BottleStock(ml: row.ml, bottleMl: row.bottleMl, lowMl: row.lowMl, price: price)
        }
        return stock
    }

    public func setStock(_ value: String, _ stock: BottleStock?, owner: FavoritesOwner) async throws {
        guard owner != .nobody else { throw StoreError.noOwner }
        try await writing("bar") { db in
            guard let stock else {
                try await db.execute("DELETE FROM bar_stock WHERE owner_id = ? AND value = ?", owner.id, value)
                return
            }
            try await db.execute(
                """
                INSERT INTO bar_stock (owner_id, value, ml, bottle_ml, low_ml, price_minor, currency, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (owner_id, value) DO UPDATE SET ml = excluded.ml, bottle_ml = excluded.bottle_ml,
                    low_ml = excluded.low_ml, price_minor = excluded.price_minor, currency = excluded.currency,
                    updated_at = excluded.updated_at
                """, owner.id, value, stock.ml, stock.bottleMl, stock.lowMl, stock.price?.minor, stock.price?.currency,
                Date())
        }
    }

    public func useStock(_ uses: [StockUse], madeId: Int64, owner: FavoritesOwner) async throws -> [StockUse] {
        guard owner != .nobody else { throw StoreError.noOwner }
        return try await writing("bar") { db in
            try await Self.take(db, uses, madeId: madeId, forBatch: nil, owner: owner).low
        }
    }

    public func recordMade(
        _ cocktailID: String, servings: Int, note: String?, drawing uses: [StockUse], owner: FavoritesOwner,
        at date: Date
    ) async throws -> MadeWithStock {
        guard owner != .nobody else { throw StoreError.noOwner }
        return try await writing("personal") { db in
            let entry = try await Self.insertMade(
                db, cocktailID, servings: servings, note: note, owner: owner, at: date)
            let taken = try await Self.take(db, uses, madeId: entry.id, forBatch: nil, owner: owner)
            return MadeWithStock(entry: entry, drawn: taken.drawn, low: taken.low)
        }
    }

    public func restoreStock(madeId: Int64, owner: FavoritesOwner) async throws -> [StockUse] {
        guard owner != .nobody else { return [] }
        return try await writing("bar") { db in
            try await Self.giveBack(db, "made_id = ? AND for_batch_id IS NULL", madeId, owner: owner)
        }
    }

    public func stockTaken(madeId: Int64, owner: FavoritesOwner) async throws -> [StockUse] {
        guard owner != .nobody else { return [] }
        return try await reading { db in
            try await db.all(
                UseRow.self,
                """
                SELECT id, value, ml, batch_id FROM stock_use
                WHERE owner_id = ? AND made_id = ? AND for_batch_id IS NULL ORDER BY id
                """, owner.id, madeId
            ).map { StockUse(value: $0.value, ml: $0.ml, batchId: $0.batchId) }
        }
    }

    /// Takes `uses` from the tracked bottles and batches, remembered under `madeId` (or the
    /// batch made, `forBatch`); returns what really came off (never more than was left) and the
    /// bottles that crossed their low mark, which go on the shopping list (once: a line ticked
    /// off comes back).
    static func take(
        _ db: any SQLConnection, _ uses: [StockUse], madeId: Int64, forBatch: Int64?, owner: FavoritesOwner
    ) async throws -> (drawn: [StockUse], low: [StockUse]) {
        var crossed: [StockUse] = []
        var drawn: [StockUse] = []
        for use in uses where use.ml > 0 {
            if let batch = use.batchId {
                guard
                    let before = try await db.first(
                        Double.self, "SELECT ml FROM house_batch WHERE owner_id = ? AND id = ?" + db.forUpdate,
                        owner.id, batch)
                else { continue }
                let after = max(0, before - use.ml)
                try await db.execute("UPDATE house_batch SET ml = ? WHERE id = ?", after, batch)
                try await db.execute(
                    "INSERT INTO stock_use (owner_id, made_id, value, ml, batch_id) VALUES (?, ?, ?, ?, ?)", owner.id,
                    madeId, use.value, before - after, batch)
                drawn.append(StockUse(value: use.value, ml: before - after, batchId: batch))
                continue
            }
            guard
                let level = try await db.first(
                    LevelRow.self, "SELECT ml, low_ml FROM bar_stock WHERE owner_id = ? AND value = ?" + db.forUpdate,
                    owner.id, use.value),
                let before = level.ml
            else { continue }
            let after = max(0, before - use.ml)
            try await db.execute(
                "UPDATE bar_stock SET ml = ?, updated_at = ? WHERE owner_id = ? AND value = ?", after, Date(), owner.id,
                use.value)
            try await db.execute(
                "INSERT INTO stock_use (owner_id, made_id, value, ml, for_batch_id) VALUES (?, ?, ?, ?, ?)", owner.id,
                madeId, use.value, before - after, forBatch)
            drawn.append(StockUse(value: use.value, ml: before - after))
            if let low = level.lowMl, before > low, after <= low {
                crossed.append(StockUse(value: use.value, ml: after))
                try await db.execute(
                    """
                    INSERT INTO shopping_item (owner_id, value, cocktail_ids, bought, added_at) VALUES (?, ?, '', ?, ?)
                    ON CONFLICT (owner_id, value) DO UPDATE SET bought = excluded.bought
                    """, owner.id, use.value, false, Date())
            }
        }
        return (drawn, crossed)
    }

    /// Gives back the uses `filter` picks (with `id` for its one argument) to their bottles and
    /// batches, and forgets them; returns them in the order they were taken.
    static func giveBack(_ db: any SQLConnection, _ filter: String, _ id: Int64, owner: FavoritesOwner)
        async throws -> [StockUse]
    {
        let uses = try await db.all(
            UseRow.self, "DELETE FROM stock_use WHERE owner_id = ? AND \(filter) RETURNING id, value, ml, batch_id",
            owner.id, id
        ).sorted { $0.id < $1.id }.map { StockUse(value: $0.value, ml: $0.ml, batchId: $0.batchId) }
        for use in uses {
            if let batch = use.batchId {
                try await db.execute(
                    "UPDATE house_batch SET ml = ml + ? WHERE owner_id = ? AND id = ?", use.ml, owner.id, batch)
            } else {
                try await db.execute(
                    "UPDATE bar_stock SET ml = ml + ?, updated_at = ? WHERE owner_id = ? AND value = ? AND ml IS NOT NULL",
                    use.ml, Date(), owner.id, use.value)
            }
        }
        return uses
    }
}

private struct BatchRow: Decodable {
    var id: Int64
    var value: String
    var ml: Double
    var madeAt: Date
}

private struct StockRow: Decodable {
    var value: String
    var ml: Double?
    var bottleMl: Double?
    var lowMl: Double?
    var priceMinor: Int?
    var currency: String?
}

private struct LevelRow: Decodable {
    var ml: Double?
    var lowMl: Double?
}

private struct UseRow: Decodable {
    var id: Int64
    var value: String
    var ml: Double
    var batchId: Int64?
}
