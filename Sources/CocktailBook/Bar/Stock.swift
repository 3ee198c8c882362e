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

/// How much of a bottle one making of a drink took, for "I made this" and its undo.
public struct StockUse: Sendable, Equatable {
    /// The bottle's value on the shelf (the one that stood in for a family, if so).
    public var value: String
    public var ml: Double

    public init(value: String, ml: Double) {
        self.value = value
        self.ml = ml
    }
}

/// Where batches and stock are kept, per owner.
public protocol StockStore: Sendable {
    /// `owner`'s batches of house-made ingredients, newest first.
    func batches(of owner: FavoritesOwner) async throws -> [HouseBatch]
    /// Records that `owner` made `ml` of `value` at `date`; returns the batch with its id.
    func addBatch(_ value: String, ml: Double, at date: Date, owner: FavoritesOwner) async throws -> HouseBatch
    /// `owner`'s stock, by bottle value.
    func stock(of owner: FavoritesOwner) async throws -> [String: BottleStock]
    /// Sets `value`'s stock (nil forgets it).
    func setStock(_ value: String, _ stock: BottleStock?, owner: FavoritesOwner) async throws
    /// Takes `uses` from the bottles whose level is known, remembered under `madeId` so that
    /// ``restoreStock(madeId:owner:)`` gives it back; returns the bottles that crossed their
    /// low mark with this (each once), with what is left.
    func useStock(_ uses: [StockUse], madeId: Int64, owner: FavoritesOwner) async throws -> [StockUse]
    /// Gives back what the making `madeId` took; returns what was given back.
    func restoreStock(madeId: Int64, owner: FavoritesOwner) async throws -> [StockUse]
}
