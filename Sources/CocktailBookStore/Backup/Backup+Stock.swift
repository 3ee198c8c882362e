import CocktailBook
import Foundation
import GRDB

/// Batches of house-made ingredients and the stock of bottles in a backup. Optional in the
/// file: a backup made before they existed has neither, and restoring it leaves them as they
/// are. What each making took (for its undo) is not kept: a restore gives the drinks made new
/// ids, so it is forgotten instead.
extension Backup {
    public struct Batch: Codable, Sendable, Equatable {
        public var owner: String
        public var value: String
        public var ml: Double
        public var madeAt: Date
    }

    public struct Stock: Codable, Sendable, Equatable {
        public var owner: String
        public var value: String
        public var ml: Double?
        public var bottleMl: Double?
        public var lowMl: Double?
        public var priceMinor: Int?
        public var currency: String?
    }

    /// The owners of batches and stock, which must be among the backup's accounts.
    var stockOwners: [String] { (batches ?? []).map(\.owner) + (stock ?? []).map(\.owner) }

    /// A stock a restore must refuse: what the API refuses.
    func checkStock() throws {
        for item in stock ?? [] {
            let price = item.priceMinor.flatMap { minor in
                item.currency.map { BottleStock.Price(minor: minor, currency: $0) }
            }
            if let problem = BottleStock(ml: item.ml, bottleMl: item.bottleMl, lowMl: item.lowMl, price: price).problem
            {
                throw StoreError.invalidBackup("the stock of \"\(item.value.prefix(40))\" is refused (\(problem))")
            }
        }
        // A batch drawn down to nothing is kept (it is gone from the shelf, not from the record).
        for batch in batches ?? [] where !(batch.ml >= 0 && batch.ml <= HouseBatch.maxMl) {
            throw StoreError.invalidBackup("a batch of \"\(batch.value.prefix(40))\" has an impossible amount")
        }
    }
}

extension AppDatabase {
    static func backupStock(_ db: Database, into backup: inout Backup, owner: (Row) throws -> String) throws {
        backup.batches = try Row.fetchAll(
            db, sql: "SELECT owner_id AS ownerId, value, ml, made_at AS madeAt FROM house_batch ORDER BY id"
        ).map {
            Backup.Batch(owner: try owner($0), value: $0["value"], ml: $0["ml"], madeAt: $0["madeAt"])
        }
        backup.stock = try Row.fetchAll(
            db,
            sql:
                "SELECT owner_id AS ownerId, value, ml, bottle_ml AS bottleMl, low_ml AS lowMl, price_minor AS priceMinor, currency FROM bar_stock ORDER BY owner_id, value"
        ).map {
            Backup.Stock(
                owner: try owner($0), value: $0["value"], ml: $0["ml"], bottleMl: $0["bottleMl"], lowMl: $0["lowMl"],
                priceMinor: $0["priceMinor"], currency: $0["currency"])
        }
    }

    /// The batches and stock of `backup`, each replacing the book's only when the backup carries it.
    static func restoreStock(_ backup: Backup, _ db: Database, id: (String) -> Int64) throws {
        if let batches = backup.batches {
            try db.execute(sql: "DELETE FROM house_batch")
            // The batches get new ids: what was taken from them, or to make them, is forgotten.
            try db.execute(sql: "DELETE FROM stock_use WHERE batch_id IS NOT NULL OR for_batch_id IS NOT NULL")
            for batch in batches {
                try db.execute(
                    sql: "INSERT INTO house_batch (owner_id, value, ml, made_at) VALUES (?, ?, ?, ?)",
                    arguments: [id(batch.owner), batch.value, batch.ml, batch.madeAt])
            }
        }
        if let stock = backup.stock {
            try db.execute(sql: "DELETE FROM bar_stock")
            try db.execute(sql: "DELETE FROM stock_use")
            for item in stock {
                try db.execute(
                    sql: """
                        INSERT OR REPLACE INTO bar_stock (owner_id, value, ml, bottle_ml, low_ml, price_minor, currency, updated_at)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        id(item.owner), item.value, item.ml, item.bottleMl, item.lowMl, item.priceMinor, item.currency,
                        backup.createdAt,
                    ])
            }
        }
    }
}
