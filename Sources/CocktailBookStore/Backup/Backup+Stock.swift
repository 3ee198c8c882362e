import CocktailBook
import Foundation

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
