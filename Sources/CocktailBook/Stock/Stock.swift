import CocktailsAPI
import Foundation

/// What someone knows about one bottle on the shelf: how much is left, its size, the mark at
/// which it goes on the shopping list and what it cost. Every part is optional.
public struct BottleStock: Sendable, Equatable, Codable {
    /// How much is left, in millilitres.
    public var ml: Double?
    /// The bottle's size, in millilitres.
    public var bottleMl: Double?
    /// At or below this much the bottle goes on the shopping list.
    public var lowMl: Double?
    /// What a bottle of ``bottleMl`` cost.
    public var price: Price?

    /// A price in a currency's minor unit (cents): `{"minor": 2500, "currency": "EUR"}`.
    public struct Price: Sendable, Equatable, Codable {
        public var minor: Int
        public var currency: String

        public init(minor: Int, currency: String) {
            self.minor = minor
            self.currency = currency
        }
    }

    public init(ml: Double? = nil, bottleMl: Double? = nil, lowMl: Double? = nil, price: Price? = nil) {
        self.ml = ml
        self.bottleMl = bottleMl
        self.lowMl = lowMl
        self.price = price
    }

    /// The largest bottle the book accepts: 20 litres (a bag-in-box or a keg's worth).
    public static let maxMl = 20_000.0
    /// The largest price the book accepts, in minor units: 1,000,000.00.
    public static let maxMinor = 100_000_000

    /// Why a stock is refused, or nil when it is sound: amounts within 0…20,000 ml, what is
    /// left no more than the bottle holds, a price with a three-letter currency.
    public var problem: String? {
        for (name, value) in [("ml", ml), ("bottleMl", bottleMl), ("lowMl", lowMl)] {
            if let value, !(0...Self.maxMl).contains(value) || !value.isFinite {
                return "\(name) must be between 0 and \(Int(Self.maxMl)) ml."
            }
        }
        if let bottleMl, bottleMl <= 0 { return "bottleMl must be more than 0 ml." }
        if let ml, let bottleMl, ml > bottleMl { return "ml cannot be more than the bottle holds (bottleMl)." }
        if let lowMl, let bottleMl, lowMl > bottleMl { return "lowMl cannot be more than the bottle holds (bottleMl)." }
        if let price {
            guard (0...Self.maxMinor).contains(price.minor) else {
                return "price.minor must be between 0 and \(Self.maxMinor)."
            }
            guard price.currency.count == 3, price.currency.allSatisfy({ $0.isASCII && $0.isUppercase }) else {
                return "price.currency must be a three-letter ISO 4217 code such as EUR."
            }
            guard bottleMl != nil else { return "A price needs the bottle's size (bottleMl)." }
        }
        return nil
    }

    /// Whether what is left is at or below the low mark.
    public var isLow: Bool {
        guard let ml, let lowMl else { return false }
        return ml <= lowMl
    }

    /// The cost of `ml` millilitres from this bottle, in minor units; nil without a price.
    public func cost(ofMl pour: Double) -> Double? {
        guard let price, let bottleMl, bottleMl > 0 else { return nil }
        return Double(price.minor) * pour / bottleMl
    }

    /// The level a person picks: a fraction of the bottle (full, ¾, ½, ¼, empty).
    public static func level(_ fraction: Double, of bottleMl: Double) -> Double {
        (bottleMl * min(max(fraction, 0), 1)).rounded()
    }
}

/// How much of a bottle (or of a batch) one making took, for "I made this", a batch made and
/// their undo.
public struct StockUse: Sendable, Equatable {
    /// The bottle's value on the shelf (the one that stood in for a family, if so).
    public var value: String
    /// In the bottle's unit (``StockUnit``): millilitres, grams or pieces.
    public var ml: Double
    /// The batch it comes from, for a house-made ingredient with a batch on the shelf; nil for
    /// a bottle.
    public var batchId: Int64?

    public init(value: String, ml: Double, batchId: Int64? = nil) {
        self.value = value
        self.ml = ml
        self.batchId = batchId
    }
}

/// What a stocked thing's level, size and price count in. The fields keep the names the API
/// fixed (`ml`, `bottleMl`), but a bag of limes counts limes and a bag of sugar grams.
public enum StockUnit: String, Sendable, Equatable, Codable {
    /// Poured: bottles of spirits, syrups, juices.
    case ml
    /// Weighed: what house recipes measure in grams (sugar, honey, almonds); a spoon of it in a
    /// drink counts 1 g per ml.
    case g
    /// Counted: fruit bought by the piece (a bag of 10 limes), and what house recipes count
    /// (cinnamon sticks).
    case pieces
}

/// Where batches and stock are kept, per owner.
public protocol StockStore: Sendable {
    /// `owner`'s batches of house-made ingredients, newest first.
    func batches(of owner: FavoritesOwner) async throws -> [HouseBatch]
    /// Records that `owner` made `ml` of `value` at `date`, taking `uses` (what its recipe
    /// used) from the bottles whose level is known, remembered with the batch so that
    /// ``removeBatch(id:owner:)`` gives it back; returns the batch with its id and the bottles
    /// that crossed their low mark (each once).
    func addBatch(
        _ value: String, ml: Double, at date: Date, drawing uses: [StockUse], owner: FavoritesOwner
    ) async throws -> (batch: HouseBatch, low: [StockUse])
    /// Removes `owner`'s batch `id` and gives back what making it took; nil when there is no
    /// such batch, else what was given back.
    func removeBatch(id: Int64, owner: FavoritesOwner) async throws -> [StockUse]?
    /// `owner`'s stock, by bottle value.
    func stock(of owner: FavoritesOwner) async throws -> [String: BottleStock]
    /// Sets `value`'s stock (nil forgets it).
    func setStock(_ value: String, _ stock: BottleStock?, owner: FavoritesOwner) async throws
    /// Takes `uses` from the bottles whose level is known (and from the batches they name),
    /// remembered under `madeId` so that
    /// ``restoreStock(madeId:owner:)`` gives it back; returns the bottles that crossed their
    /// low mark with this (each once), with what is left.
    func useStock(_ uses: [StockUse], madeId: Int64, owner: FavoritesOwner) async throws -> [StockUse]
    /// Gives back what the making `madeId` took; returns what was given back.
    func restoreStock(madeId: Int64, owner: FavoritesOwner) async throws -> [StockUse]
    /// What the making `madeId` took, in the order it was taken (nothing once given back).
    func stockTaken(madeId: Int64, owner: FavoritesOwner) async throws -> [StockUse]
    /// "I made this", in ONE transaction: records that `owner` made `cocktailID` and takes
    /// `uses` from the bottles whose level is known and the batches they name, remembered under
    /// the new making. A failure part-way keeps neither.
    func recordMade(
        _ cocktailID: String, servings: Int, note: String?, drawing uses: [StockUse], owner: FavoritesOwner,
        at date: Date
    ) async throws -> MadeWithStock
}

/// A making recorded with what it really took: `drawn` has, per bottle or batch, the amount
/// that came off (less than the recipe pours when the bottle had less left; bottles whose level
/// is not known are not in it), and `low` the bottles that crossed their low mark.
public struct MadeWithStock: Sendable, Equatable {
    public var entry: MadeEntry
    public var drawn: [StockUse]
    public var low: [StockUse]

    public init(entry: MadeEntry, drawn: [StockUse], low: [StockUse]) {
        self.entry = entry
        self.drawn = drawn
        self.low = low
    }
}

extension StockStore {
    /// Records a batch that took nothing from the shelf.
    public func addBatch(_ value: String, ml: Double, at date: Date, owner: FavoritesOwner) async throws -> HouseBatch {
        try await addBatch(value, ml: ml, at: date, drawing: [], owner: owner).batch
    }
}

extension BarStore {
    /// "I made this": records that `owner` made `servings` of `cocktail` and takes what they pour
    /// from `owner`'s bottles and fresh batches (``BarIndex/draws(of:servings:on:batches:at:)``),
    /// in one transaction. Returns the making, what really came off and the bottles that crossed
    /// their low mark.
    public func recordMade(
        _ cocktail: Cocktail, servings: Int, note: String?, index: BarIndex, at now: Date, owner: FavoritesOwner
    ) async throws -> MadeWithStock {
        let draws = index.draws(
            of: cocktail, servings: servings, on: try await shelf(of: owner), batches: try await batches(of: owner),
            at: now)
        return try await recordMade(cocktail.id, servings: servings, note: note, drawing: draws, owner: owner, at: now)
    }

    /// "I made 300 ml of honey syrup": a dated batch of `value`, whose recipe's ingredients
    /// (``BarIndex/uses(forMaking:of:on:)``) come off the bottles whose level is known; removing
    /// the batch gives them back. Returns the batch, what it took from tracked bottles and the
    /// bottles that crossed their low mark.
    public func makeBatch(
        _ value: String, ml: Double, index: BarIndex, at now: Date, owner: FavoritesOwner
    ) async throws -> (batch: HouseBatch, drawn: [StockUse], low: [StockUse]) {
        let uses = index.uses(forMaking: ml, of: value, on: try await shelf(of: owner))
        let tracked = try await stock(of: owner)
        let made = try await addBatch(value, ml: ml, at: now, drawing: uses, owner: owner)
        return (made.batch, uses.filter { tracked[$0.value]?.ml != nil }, made.low)
    }
}
