/// What someone has at home: the bottles on the shelf, the substitutions they accept and the
/// things they never run out of. Every name is a canonical ingredient name (as in the filters).
public struct Shelf: Sendable, Equatable {
    /// The bottles (and fruit, syrups…) on the shelf.
    public var bottles: Set<String>
    /// The substitutions this person added; the built-in ones always apply too.
    public var rules: [SubstitutionRule]
    /// What they marked as always there (sugar, say), besides ``BuiltInBar/alwaysAvailable``.
    public var alwaysAvailable: Set<String>
    /// The house-made ingredients with a batch still within its shelf life (see
    /// ``HouseBatch/isFresh(at:recipes:calendar:)``).
    public var freshBatches: Set<String>

    public init(
        bottles: Set<String> = [], rules: [SubstitutionRule] = [], alwaysAvailable: Set<String> = [],
        freshBatches: Set<String> = []
    ) {
        self.bottles = bottles
        self.rules = rules
        self.alwaysAvailable = alwaysAvailable
        self.freshBatches = freshBatches
    }
}

/// "Use this for that": a bottle standing in for an ingredient a recipe names. One-way unless
/// ``bothWays``.
public struct SubstitutionRule: Sendable, Equatable, Hashable, Codable {
    /// The stored rule's id; `nil` for built-in rules.
    public var id: Int64?
    /// The ingredient used (`orange curaçao`).
    public var use: String
    /// The ingredient it stands in for (`triple sec`).
    public var insteadOf: String
    /// Whether it also works the other way round.
    public var bothWays: Bool
    /// Part of the book's reviewed set rather than added by someone.
    public var isBuiltIn: Bool

    public init(id: Int64? = nil, use: String, insteadOf: String, bothWays: Bool = false, isBuiltIn: Bool = false) {
        self.id = id
        self.use = use
        self.insteadOf = insteadOf
        self.bothWays = bothWays
        self.isBuiltIn = isBuiltIn
    }
}

/// The reviewed defaults every bar starts with.
public enum BuiltInBar {
    /// Never missing: nobody shops for ice or water.
    public static let alwaysAvailable: Set<String> = ["ice cubes", "crushed ice", "water", "cold water"]

    /// Substitutions that change nothing a guest would notice and are no form of one thing.
    /// Forms (limes for lime juice, sugar for a sugar cube or simple syrup) and stand-ins that
    /// change the drink (bourbon for rye whiskey) are the ingredient table's `formOf` and
    /// `standsInFor`, read by ``BarIndex``. Deliberately absent anywhere: lemon juice for lime
    /// juice (a different drink), rich syrup for simple syrup (a different balance), one vermouth
    /// for another.
    public static let rules: [SubstitutionRule] = [
        SubstitutionRule(use: "ice cubes", insteadOf: "crushed ice", bothWays: true, isBuiltIn: true)
    ]
}

/// A shelf's evaluation with what is needed to show it: the bar's index and the catalog in
/// the same order as the evaluation's positions.
public struct BarReport: Sendable {
    public let index: BarIndex
    public let evaluation: BarEvaluation
    public let cocktails: [Cocktail]

    public init(index: BarIndex, evaluation: BarEvaluation, cocktails: [Cocktail]) {
        self.index = index
        self.evaluation = evaluation
        self.cocktails = cocktails
    }
}

/// A line of the shopping list.
public struct ShoppingItem: Sendable, Equatable {
    public var id: Int64
    /// The ingredient's value.
    public var value: String
    /// The drinks it was added for, by id.
    public var cocktailIds: [String]
    public var isBought: Bool
    /// Why it is on the list, as it was said when it was added (`2 × 700 ml gin for 24 Negronis`);
    /// `nil` for an item added by hand or for one drink.
    public var reason: String?

    public init(id: Int64, value: String, cocktailIds: [String], isBought: Bool, reason: String? = nil) {
        self.id = id
        self.value = value
        self.cocktailIds = cocktailIds
        self.isBought = isBought
        self.reason = reason
    }
}

/// Something to buy and why, as a party plan sends it to the shopping list.
public struct ShoppingNeed: Sendable, Equatable {
    /// The ingredient's value, as the shelf names it (`lime`, `london dry gin`).
    public var value: String
    /// The line that says how much and for what, in the language it was planned in.
    public var reason: String
    /// The drinks it is for, by id.
    public var cocktailIds: [String]

    public init(value: String, reason: String, cocktailIds: [String]) {
        self.value = value
        self.reason = reason
        self.cocktailIds = cocktailIds
    }
}

/// Where shelves, substitution rules and shopping lists are kept, per owner.
public protocol BarStore: StockStore {
    /// `owner`'s shelf; empty for ``FavoritesOwner/nobody``.
    func shelf(of owner: FavoritesOwner) async throws -> Shelf
    /// Puts `value` on the shelf or takes it off; twice is the same as once.
    func setOnShelf(_ value: String, _ isOnShelf: Bool, owner: FavoritesOwner) async throws
    /// Marks `value` always available, or not.
    func setAlwaysAvailable(_ value: String, _ isAlways: Bool, owner: FavoritesOwner) async throws
    /// Saves a rule of `owner`'s and returns it with its id; the same rule twice is kept once.
    func addRule(_ rule: SubstitutionRule, owner: FavoritesOwner) async throws -> SubstitutionRule
    /// Removes one of `owner`'s rules; `false` when there was none with that id.
    func removeRule(id: Int64, owner: FavoritesOwner) async throws -> Bool
    /// `owner`'s shopping list, in the order items were added.
    func shoppingList(of owner: FavoritesOwner) async throws -> [ShoppingItem]
    /// Adds `values` (for `cocktailId`, when given); an item already listed gains the drink.
    func addToShoppingList(_ values: [String], for cocktailId: String?, owner: FavoritesOwner) async throws
    /// Adds each need with its reason in one transaction; an item already listed is not added
    /// twice: it takes the new reason, gains the drinks and is to buy again.
    func addToShoppingList(_ needs: [ShoppingNeed], owner: FavoritesOwner) async throws
    /// Ticks an item off or back; `false` when there was none with that id.
    func setBought(_ isBought: Bool, itemId: Int64, owner: FavoritesOwner) async throws -> Bool
    /// Removes one item, or every bought one when `itemId` is nil; returns how many went.
    func removeFromShoppingList(itemId: Int64?, owner: FavoritesOwner) async throws -> Int
}
