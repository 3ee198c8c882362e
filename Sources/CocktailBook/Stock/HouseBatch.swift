import Foundation

/// A batch of a house-made ingredient someone made: "I made 300 ml of honey syrup" on a day.
/// Past its recipe's shelf life it counts as gone.
public struct HouseBatch: Sendable, Equatable {
    /// The stored batch's id.
    public var id: Int64
    /// The ingredient made, by its canonical name.
    public var value: String
    /// How much was made, in millilitres.
    public var ml: Double
    /// When it was made.
    public var madeAt: Date

    public init(id: Int64, value: String, ml: Double, madeAt: Date) {
        self.id = id
        self.value = value
        self.ml = ml
        self.madeAt = madeAt
    }

    /// Days as a batch's shelf life counts them: Gregorian, in UTC (as the stores date batches).
    public static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .gmt
        return calendar
    }()

    /// The most a batch may be, in millilitres: ten litres, more than any home or bar makes.
    public static let maxMl = 10_000.0

    /// When the batch stops being good, by `recipes`' shelf life counted in `calendar`'s
    /// days; nil when no recipe makes it.
    public func expiry(recipes: HouseRecipes, calendar: Calendar) -> Date? {
        recipes.recipe(for: value).flatMap { calendar.date(byAdding: .day, value: $0.shelfLifeDays, to: madeAt) }
    }

    /// Whether the batch is still good at `now`.
    public func isFresh(at now: Date, recipes: HouseRecipes, calendar: Calendar) -> Bool {
        expiry(recipes: recipes, calendar: calendar).map { now < $0 } ?? false
    }
}

extension Shelf {
    /// The house-made ingredients that have a fresh batch among `batches` at `now`; a batch
    /// drawn down to 0 ml is gone.
    public static func freshBatches(
        _ batches: [HouseBatch], at now: Date, recipes: HouseRecipes, calendar: Calendar
    ) -> Set<String> {
        Set(batches.filter { $0.ml > 0 && $0.isFresh(at: now, recipes: recipes, calendar: calendar) }.map(\.value))
    }
}
