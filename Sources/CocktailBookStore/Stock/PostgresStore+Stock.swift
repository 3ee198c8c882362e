import CocktailBook
import Foundation
import PostgresNIO

/// Batches of house-made ingredients and the stock of bottles, per owner, as in SQLite.
extension PostgresStore {
    func batches(_ connection: PostgresClient, owner: FavoritesOwner) async throws -> [HouseBatch] {
        try await all(
            connection.query(
                "SELECT id, value, ml, made_at FROM house_batch WHERE owner_id = \(owner.id) ORDER BY made_at DESC, id DESC",
                logger: logger
            ), as: (Int64, String, Double, Date).self
        ).map { HouseBatch(id: $0.0, value: $0.1, ml: $0.2, madeAt: $0.3) }
    }

    public func batches(of owner: FavoritesOwner) async throws -> [HouseBatch] {
        try await mapped { [self] in
            guard owner != .nobody else { return [] }
            return try await batches(client, owner: owner)
        }
    }

    public func addBatch(
        _ value: String, ml: Double, at date: Date, drawing uses: [StockUse], owner: FavoritesOwner
    ) async throws -> (batch: HouseBatch, low: [StockUse]) {
        try await mapped { [self] in
            guard owner != .nobody else { throw StoreError.noOwner }
            return try await write("bar") { connection in
                let id = try await one(
                    connection.query(
                        "INSERT INTO house_batch (owner_id, value, ml, made_at) VALUES (\(owner.id), \(value), \(ml), \(date)) RETURNING id",
                        logger: logger
                    ), as: Int64.self)
                let batch = HouseBatch(id: id ?? 0, value: value, ml: ml, madeAt: date)
                let taken = try await take(
                    connection, uses.map { StockUse(value: $0.value, ml: $0.ml) }, madeId: 0, forBatch: batch.id,
                    owner: owner)
                return (batch, taken.low)
            }
        }
    }

    public func removeBatch(id: Int64, owner: FavoritesOwner) async throws -> [StockUse]? {
        try await mapped { [self] in
            guard owner != .nobody else { return nil }
            return try await write("bar") { connection in
                let removed = try await first(
                    connection.query(
                        "DELETE FROM house_batch WHERE owner_id = \(owner.id) AND id = \(id) RETURNING id",
                        logger: logger
                    ), as: Int64.self)
                guard removed != nil else { return nil }
                return try await giveBack(
                    connection,
                    all(
                        connection.query(
                            """
                            DELETE FROM stock_use WHERE owner_id = \(owner.id) AND for_batch_id = \(id)
                            RETURNING id, value, ml, batch_id
                            """,
                            logger: logger
                        ), as: (Int64, String, Double, Int64?).self), owner: owner)
            }
        }
    }

    public func stock(of owner: FavoritesOwner) async throws -> [String: BottleStock] {
        try await mapped { [self] in
            guard owner != .nobody else { return [:] }
            var stock: [String: BottleStock] = [:]
            for row in try await all(
                client.query(
                    "SELECT value, ml, bottle_ml, low_ml, price_minor, currency FROM bar_stock WHERE owner_id = \(owner.id)",
                    logger: logger
                ), as: (String, Double?, Double?, Double?, Int64?, String?).self)
            {
                let price = row.4.flatMap { minor in row.5.map { BottleStock.Price(minor: Int(minor), currency: $0) } }
                stock[row.0] = BottleStock(ml: row.1, bottleMl: row.2, lowMl: row.3, price: price)
            }
            return stock
        }
    }

    public func setStock(_ value: String, _ stock: BottleStock?, owner: FavoritesOwner) async throws {
        try await mapped { [self] in
            guard owner != .nobody else { throw StoreError.noOwner }
            try await write("bar") { connection in
                guard let stock else {
                    try await connection.query(
                        "DELETE FROM bar_stock WHERE owner_id = \(owner.id) AND value = \(value)", logger: logger)
                    return
                }
                let minor = stock.price.map { Int64($0.minor) }
                try await connection.query(
                    """
                    INSERT INTO bar_stock (owner_id, value, ml, bottle_ml, low_ml, price_minor, currency, updated_at)
                    VALUES (\(owner.id), \(value), \(stock.ml), \(stock.bottleMl), \(stock.lowMl), \(minor), \(stock.price?.currency), \(Date()))
                    ON CONFLICT (owner_id, value) DO UPDATE SET ml = excluded.ml, bottle_ml = excluded.bottle_ml,
                        low_ml = excluded.low_ml, price_minor = excluded.price_minor, currency = excluded.currency,
                        updated_at = excluded.updated_at
                    """,
                    logger: logger)
            }
        }
    }

    public func useStock(_ uses: [StockUse], madeId: Int64, owner: FavoritesOwner) async throws -> [StockUse] {
        try await mapped { [self] in
            guard owner != .nobody else { throw StoreError.noOwner }
            return try await write("bar") { connection in
                try await take(connection, uses, madeId: madeId, forBatch: nil, owner: owner).low
            }
        }
    }

    public func recordMade(
        _ cocktailID: String, servings: Int, note: String?, drawing uses: [StockUse], owner: FavoritesOwner,
        at date: Date
    ) async throws -> MadeWithStock {
        try await mapped { [self] in
            guard owner != .nobody else { throw StoreError.noOwner }
            return try await write("personal") { connection in
                let entry = try await insertMade(
                    connection, cocktailID, servings: servings, note: note, owner: owner, at: date)
                let taken = try await take(connection, uses, madeId: entry.id, forBatch: nil, owner: owner)
                return MadeWithStock(entry: entry, drawn: taken.drawn, low: taken.low)
            }
        }
    }

    /// Takes `uses` from the tracked bottles and batches, remembered under `madeId` (or the
    /// batch made, `forBatch`); returns what really came off (never more than was left) and the
    /// bottles that crossed their low mark.
    private func take(
        _ connection: PostgresConnection, _ uses: [StockUse], madeId: Int64, forBatch: Int64?, owner: FavoritesOwner
    ) async throws -> (drawn: [StockUse], low: [StockUse]) {
        var crossed: [StockUse] = []
        var drawn: [StockUse] = []
        for use in uses where use.ml > 0 {
            if let batch = use.batchId {
                guard
                    let before = try await first(
                        connection.query(
                            "SELECT ml FROM house_batch WHERE owner_id = \(owner.id) AND id = \(batch) FOR UPDATE",
                            logger: logger
                        ), as: Double.self)
                else { continue }
                let after = max(0, before - use.ml)
                try await connection.query(
                    "UPDATE house_batch SET ml = \(after) WHERE id = \(batch)", logger: logger)
                try await connection.query(
                    """
                    INSERT INTO stock_use (owner_id, made_id, value, ml, batch_id)
                    VALUES (\(owner.id), \(madeId), \(use.value), \(before - after), \(batch))
                    """,
                    logger: logger)
                drawn.append(StockUse(value: use.value, ml: before - after, batchId: batch))
                continue
            }
            guard
                let (level, low) = try await first(
                    connection.query(
                        "SELECT ml, low_ml FROM bar_stock WHERE owner_id = \(owner.id) AND value = \(use.value) FOR UPDATE",
                        logger: logger
                    ), as: (Double?, Double?).self),
                let before = level
            else { continue }
            let after = max(0, before - use.ml)
            let taken = before - after
            try await connection.query(
                "UPDATE bar_stock SET ml = \(after), updated_at = \(Date()) WHERE owner_id = \(owner.id) AND value = \(use.value)",
                logger: logger)
            try await connection.query(
                """
                INSERT INTO stock_use (owner_id, made_id, value, ml, for_batch_id)
                VALUES (\(owner.id), \(madeId), \(use.value), \(taken), \(forBatch))
                """,
                logger: logger)
            drawn.append(StockUse(value: use.value, ml: taken))
            if let low, before > low, after <= low {
                crossed.append(StockUse(value: use.value, ml: after))
                // On the list once: never a second line, and a line ticked off comes back.
                try await connection.query(
                    """
                    INSERT INTO shopping_item (owner_id, value, cocktail_ids, bought, added_at)
                    VALUES (\(owner.id), \(use.value), '', false, \(Date()))
                    ON CONFLICT (owner_id, value) DO UPDATE SET bought = false
                    """,
                    logger: logger)
            }
        }
        return (drawn, crossed)
    }

    public func restoreStock(madeId: Int64, owner: FavoritesOwner) async throws -> [StockUse] {
        try await mapped { [self] in
            guard owner != .nobody else { return [] }
            return try await write("bar") { connection in
                try await giveBack(
                    connection,
                    all(
                        connection.query(
                            """
                            DELETE FROM stock_use
                            WHERE owner_id = \(owner.id) AND made_id = \(madeId) AND for_batch_id IS NULL
                            RETURNING id, value, ml, batch_id
                            """,
                            logger: logger
                        ), as: (Int64, String, Double, Int64?).self), owner: owner)
            }
        }
    }

    /// Gives back `rows` (deleted uses: id, value, ml, batch) to their bottles and batches, in
    /// the order they were taken.
    private func giveBack(
        _ connection: PostgresConnection, _ rows: [(Int64, String, Double, Int64?)], owner: FavoritesOwner
    ) async throws -> [StockUse] {
        let uses = rows.sorted { $0.0 < $1.0 }.map { StockUse(value: $0.1, ml: $0.2, batchId: $0.3) }
        for use in uses {
            if let batch = use.batchId {
                try await connection.query(
                    "UPDATE house_batch SET ml = ml + \(use.ml) WHERE owner_id = \(owner.id) AND id = \(batch)",
                    logger: logger)
            } else {
                try await connection.query(
                    "UPDATE bar_stock SET ml = ml + \(use.ml), updated_at = \(Date()) WHERE owner_id = \(owner.id) AND value = \(use.value) AND ml IS NOT NULL",
                    logger: logger)
            }
        }
        return uses
    }
}
