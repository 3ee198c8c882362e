import CocktailBook
import Foundation

/// An ingredient as the bar's JSON names it: the value (as in `GET /api/v1/filters`) and its
/// name in the asker's language.
public struct BarIngredientPayload: Codable, Sendable, Equatable {
    public var value: String
    public var name: String
    /// How much is left, when the owner said so; the bottle's size, low mark and price too.
    public var stockMl: Double?
    public var bottleMl: Double?
    public var lowMl: Double?
    public var price: BottleStock.Price?

    package init(_ value: String, strings: UIStrings, stock: BottleStock? = nil) {
        self.value = value
        name = strings.ingredient(value)
        stockMl = stock?.ml
        bottleMl = stock?.bottleMl
        lowMl = stock?.lowMl
        price = stock?.price
    }
}

/// A batch of a house-made ingredient: `{"id","value","name","ml","madeAt","expiresAt","fresh"}`.
public struct HouseBatchPayload: Codable, Sendable, Equatable {
    public var id: Int64
    public var value: String
    public var name: String
    public var ml: Double
    public var madeAt: Date
    public var expiresAt: Date?
    public var fresh: Bool
    /// What making it took from tracked bottles, when it was just made.
    public var drawn: [StockDrawPayload]?

    package init(
        _ batch: HouseBatch, now: Date, strings: UIStrings, recipes: HouseRecipes = .bundled, drawn: [StockUse]? = nil
    ) {
        self.drawn = drawn?.map { StockDrawPayload($0, strings: strings) }
        id = batch.id
        value = batch.value
        name = strings.ingredient(batch.value)
        ml = batch.ml
        madeAt = batch.madeAt
        expiresAt = batch.expiry(recipes: recipes, calendar: HouseBatch.calendar)
        fresh = batch.isFresh(at: now, recipes: recipes, calendar: HouseBatch.calendar)
    }
}

/// What a making took from one tracked bottle or batch: `{"value","name","ml","batchId"}`,
/// in the bottle's unit (`ml` names millilitres, grams or pieces, as its stock counts).
public struct StockDrawPayload: Codable, Sendable, Equatable {
    public var value: String
    public var name: String
    public var ml: Double
    /// The batch it came from; null for a bottle.
    @Nullable public var batchId: Int64?

    package init(_ use: StockUse, strings: UIStrings) {
        value = use.value
        name = strings.ingredient(use.value)
        ml = use.ml
        batchId = use.batchId
    }
}

/// `POST /api/v1/cocktails/{id}/made`: the record and what it took from the shelf.
public struct MadePayload: Codable, Sendable, Equatable {
    public var id: Int64
    public var cocktailID: String
    public var madeAt: Date
    public var servings: Int
    public var note: String?
    public var drawn: [StockDrawPayload]

    package init(_ entry: MadeEntry, drawn: [StockUse], strings: UIStrings) {
        id = entry.id
        cocktailID = entry.cocktailID
        madeAt = entry.madeAt
        servings = entry.servings
        note = entry.note
        self.drawn = drawn.map { StockDrawPayload($0, strings: strings) }
    }
}

/// `GET /api/v1/bar`.
public struct BarPayload: Codable, Sendable, Equatable {
    public var ingredients: [BarIngredientPayload]
    /// What the owner marked as always there (ice and water always are).
    public var alwaysAvailable: [BarIngredientPayload]
    /// The batches of house-made ingredients, newest first, fresh or not.
    public var batches: [HouseBatchPayload]

    public init(
        _ shelf: Shelf, strings: UIStrings, stock: [String: BottleStock] = [:], batches: [HouseBatch] = [],
        now: Date = Date(), recipes: HouseRecipes = .bundled
    ) {
        let sorted = { (values: Set<String>) in
            values.sorted { $0.localizedCaseInsensitiveCompare($1) == .orderedAscending }
        }
        ingredients = sorted(shelf.bottles).map { BarIngredientPayload($0, strings: strings, stock: stock[$0]) }
        alwaysAvailable = sorted(shelf.alwaysAvailable).map { BarIngredientPayload($0, strings: strings) }
        self.batches = batches.map { HouseBatchPayload($0, now: now, strings: strings, recipes: recipes) }
    }
}

/// How one needed ingredient is covered: `{"needed","have","rule"}`, where `rule` is `family`
/// (the bottle is a kind of what is needed), `form` (another form of it: sugar for a sugar
/// cube), `built-in` or `yours` (a substitution), `stand-in` (it changes the drink) or
/// `house-made` (made from the shelf by its house recipe: honey syrup from honey).
public struct BarMatchPayload: Codable, Sendable, Equatable {
    public var needed: String
    public var have: String
    public var rule: String

    package init(_ match: BarEvaluation.Match) {
        needed = match.needed
        have = match.have
        rule = match.how.rawValue
    }
}

/// `GET /api/v1/bar/suggestions`: one bottle to buy and the drinks it completes.
public struct BarSuggestionPayload: Codable, Sendable, Equatable {
    public var value: String
    public var name: String
    public var unlocks: Int
    public var cocktails: [String]
    /// The house-made ingredients it completes the drinks through (`honey syrup` for honey).
    public var through: [String]

    public init(value: String, name: String, unlocks: Int, cocktails: [String], through: [String] = []) {
        self.value = value
        self.name = name
        self.unlocks = unlocks
        self.cocktails = cocktails
        self.through = through
    }
}

/// A substitution rule in `GET /api/v1/bar/rules`.
public struct BarRulePayload: Codable, Sendable, Equatable {
    @Nullable public var id: Int64?
    public var use: String
    public var insteadOf: String
    public var bothWays: Bool
    public var builtIn: Bool

    package init(_ rule: SubstitutionRule) {
        id = rule.id
        use = rule.use
        insteadOf = rule.insteadOf
        bothWays = rule.bothWays
        builtIn = rule.isBuiltIn
    }
}

/// `GET /api/v1/shopping-list`: the items and the list as plain text, ready to share.
public struct ShoppingListPayload: Codable, Sendable, Equatable {
    public struct Item: Codable, Sendable, Equatable {
        public var id: Int64
        public var value: String
        public var name: String
        public var cocktails: [String]
        public var bought: Bool
        /// Why it is there (a party plan's line), when it was said.
        public var reason: String?
    }

    public var items: [Item]
    public var text: String

    package init(_ items: [ShoppingItem], strings: UIStrings) {
        self.items = items.map {
            Item(
                id: $0.id, value: $0.value, name: strings.ingredient($0.value), cocktails: $0.cocktailIds,
                bought: $0.isBought, reason: $0.reason)
        }
        text = Self.text(items, strings: strings)
    }

    /// The list as a message: one line per item, bought ones ticked, each with its reason.
    package static func text(_ items: [ShoppingItem], strings: UIStrings) -> String {
        ([strings["shopping_title"]]
            + items.map {
                ($0.isBought ? "☑ " : "☐ ") + strings.ingredient($0.value) + ($0.reason.map { " — " + $0 } ?? "")
            }).joined(separator: "\n")
    }
}
