import CocktailsAPI
import Foundation

/// A party worked out to the bottle: how many of each drink, what they pour in total, what to
/// buy (bottles, fruit, pieces), how much ice, and what can be batched ahead.
///
/// The rules, stated once here and in ``PartyPlanner/rules`` so the pages and the API say them:
///
/// - **Servings.** Guests × drinks per guest, spread evenly over the list's drinks (the first
///   drinks of the list take the remainder); a drink given its own count keeps it, and the others
///   share what is left.
/// - **Volumes.** 1 oz = 30 ml (as bartenders reckon), a bare top-up 90 ml.
/// - **Sugar.** Sugar a recipe spoons out is bought and batched by weight, 0.85 g to the
///   millilitre spooned; in a batch it dissolves to half its spoon volume (as the ABV estimator
///   reckons it). The shopping table and the prep sheet read the same grams.
/// - **Bottles.** Spirits and liqueurs come in 700 ml bottles, wines and fortified wines
///   (vermouth) in 750 ml, mixers in 1 l, bitters in 200 ml; whole bottles for what is poured
///   plus 10 % to spare (spills, a heavy hand, a second round), rounded up.
/// - **Fruit.** Fresh citrus juice is bought as fruit: a lime gives 25 ml, a lemon 35 ml, an
///   orange 60 ml, a grapefruit 120 ml, rounded up to whole fruit. Wedges, wheels, slices and
///   twists are pieces, eight to a fruit.
/// - **Garnishes.** One piece per drink.
/// - **Ice.** 120 g per drink to shake or stir it to order (a batched stirred or built drink needs
///   none: it is diluted already, or on its glass's ice), plus the ice it is served on: 150 g in a
///   rocks glass, 250 g in a tall glass (highball, collins, mug, julep cup…), none for a drink
///   served up; plus 1 kg for each batch bottle kept cold on ice (a batch served up waits in the
///   freezer instead).
/// - **Batches** (``PartyPlanner/batch(for:table:)``). Stirred drinks are batched whole with the
///   water stirring would have added (Dave Arnold: water = −1.21·x² + 1.246·x + 0.145 of the mix,
///   x its ABV as a fraction): served up, they wait in the freezer and go into a chilled glass;
///   on the rocks, they are kept cold and poured over ice. Built drinks are batched without
///   water, their still part only: pour over the glass's ice and top each glass with what
///   sparkles. Shaken drinks are batched without citrus, egg, dairy and anything sparkling, which
///   go in per serve, and take their water from the shaker. Batches are in 750 ml bottles.
///   Muddled, blended and layered drinks are made to order.
public struct PartyPlan: Sendable, Equatable {
    /// One drink of the party and how many are made.
    public struct Drink: Sendable, Equatable {
        public var cocktail: Cocktail
        public var servings: Int

        public init(cocktail: Cocktail, servings: Int) {
            self.cocktail = cocktail
            self.servings = servings
        }
    }

    /// What the party needs of one ingredient.
    public struct Total: Sendable, Equatable {
        /// The ingredient's name in the table (or as the recipe writes it).
        public var ingredient: String
        /// The table's kind for it, when it is in the table.
        public var kind: Ingredient.Kind?
        /// Millilitres to pour, when the lines measure it.
        public var ml: Double?
        /// Grams, for sugar the lines spoon out.
        public var grams: Double?
        /// Whole bottles to buy, for spirits, liqueurs, wines, mixers and bitters.
        public var bottles: Int?
        /// The size of those bottles, in millilitres.
        public var bottleMl: Int?
        /// The fruit to buy (`lime` for fresh lime juice or lime wedges).
        public var fruit: String?
        /// How many of that fruit, for this ingredient alone, rounded up.
        public var fruitCount: Int?
        /// The fruit this ingredient takes before rounding (11.2 limes of juice, 1.75 limes of
        /// wheels): what ``PartyPlan/fruitTotals`` adds up across ingredients.
        public var fruitNeed: Double?
        /// Pieces (wedges, sprigs, sugar cubes, garnishes), when the lines count rather than measure.
        public var pieces: Int?
        /// The drinks that use it, by id, in the list's order, with how many of each are made.
        public var uses: [Use]
        /// Whether the host's shelf has it (set by ``PartyPlan/countingShelf(_:)``): one bottle of
        /// it is in hand, or, for what is not bought by the bottle, all of it; fresh fruit is
        /// always bought.
        public var onShelf = false

        /// A drink that needs this ingredient.
        public struct Use: Sendable, Equatable {
            public var cocktailId: String
            public var name: String
            public var servings: Int

            public init(cocktailId: String, name: String, servings: Int) {
                self.cocktailId = cocktailId
                self.name = name
                self.servings = servings
            }
        }

        /// What to buy, in English: `2 × 700 ml`, `16 limes`, `20 pieces`, `400 ml`.
        public var buy: String {
            if let fruit, let fruitCount {
                return "\(fruitCount) \(fruitCount == 1 ? fruit : PartyPlanner.plural(fruit))"
            }
            if let bottles, let bottleMl { return "\(bottles) × \(bottleMl) ml" }
            if let pieces { return "\(pieces) \(pieces == 1 ? "piece" : "pieces")" }
            if let grams { return "\(Int((grams - 1e-9).rounded(.up))) g" }
            if let ml { return "\(Int(ml.rounded(.up))) ml" }
            return ""
        }
    }

    /// A batch to make ahead for one drink.
    public struct Batch: Sendable, Equatable {
        public enum Kind: String, Sendable, Equatable {
            /// Everything, with the stirring water: into a chilled glass from the freezer when it is
            /// served up, else kept cold and poured over ice.
            case stirred
            /// Everything but citrus, egg, dairy and sparkling: add those and shake per serve.
            case shaken
            /// The still part, without water: pour over the glass's ice, top with what sparkles.
            case built
        }

        /// Whether the drink is served up (no ice in the glass): the batch waits in the freezer.
        public var servedUp = false

        public var cocktailId: String
        public var name: String
        public var kind: Kind
        public var servings: Int
        /// What goes in the batch, per ingredient, for all the servings: millilitres it adds to
        /// the mix, and grams for sugar (which dissolves).
        public var lines: [(ingredient: String, ml: Double, grams: Double?)]
        /// The batch before water, in millilitres.
        public var mixMl: Double
        /// The water stirring would have added (stirred batches), in millilitres.
        public var waterMl: Double
        /// 750 ml bottles the batch fills, rounded up.
        public var bottles: Int
        /// What to pour per serve from the batch, in millilitres.
        public var pourMl: Double
        /// The recipe lines added to each serve, with the table's name for each ingredient.
        public var perServe: [PerServe]

        public static func == (lhs: Batch, rhs: Batch) -> Bool {
            lhs.cocktailId == rhs.cocktailId && lhs.kind == rhs.kind && lhs.servings == rhs.servings
                && lhs.lines.map(\.ingredient) == rhs.lines.map(\.ingredient)
                && lhs.lines.map(\.ml) == rhs.lines.map(\.ml) && lhs.lines.map(\.grams) == rhs.lines.map(\.grams)
                && lhs.mixMl == rhs.mixMl && lhs.waterMl == rhs.waterMl && lhs.bottles == rhs.bottles
                && lhs.pourMl == rhs.pourMl && lhs.perServe == rhs.perServe
        }
    }

    public var guests: Int
    public var drinks: [Drink]
    public var totals: [Total]
    /// Ice to buy, in grams.
    public var iceGrams: Double
    public var batches: [Batch]
    /// Whether the host's shelf was counted (``countingShelf(_:)``).
    public var shelfCounted = false
    /// The house recipes its syrups are made by: the book's (bundled, or its own versions).
    public var houseRecipes = HouseRecipes.bundled

    public init(guests: Int, drinks: [Drink], totals: [Total], iceGrams: Double, batches: [Batch]) {
        self.guests = guests
        self.drinks = drinks
        self.totals = totals
        self.iceGrams = iceGrams
        self.batches = batches
    }

    /// Ice in kilograms, to one decimal.
    public var iceKg: Double { (iceGrams / 100).rounded() / 10 }
}

/// Why a plan cannot be made from what was asked.
public enum PartyPlanError: Error, Equatable, Sendable {
    /// Guests outside 1…``PartyPlanner/maximumGuests``.
    case guests
    /// Drinks per guest outside 1…``PartyPlanner/maximumPerGuest``.
    case perGuest
    /// A count below 0 or above ``PartyPlanner/maximumCount``.
    case count(String)
    /// A count for a drink that is not on the list.
    case notOnList(String)
    /// A list without drinks.
    case empty
}

/// Works out a ``PartyPlan``. Pure: the drinks and the ingredient table in, the plan out.
public enum PartyPlanner {
    public static let maximumGuests = 1000
    public static let maximumPerGuest = 20
    public static let maximumCount = 20_000

    /// The stated rules, as string keys (`party_rule_…`) in the order the pages show them.
    public static let rules = [
        "party_rule_servings", "party_rule_volumes", "party_rule_bottles", "party_rule_fruit", "party_rule_garnish",
        "party_rule_ice", "party_rule_batch_stirred", "party_rule_batch_built", "party_rule_batch_shaken",
        "party_rule_syrups",
        "party_rule_shelf",
    ]

    /// Juice in one fruit, in millilitres.
    public static let juicePerFruit: [String: Double] = ["lime": 25, "lemon": 35, "orange": 60, "grapefruit": 120]
    /// Wedges, wheels, slices or twists cut from one fruit.
    public static let piecesPerFruit = 8
    /// The bottle a kind of ingredient is bought in, in millilitres.
    public static func bottleMl(for kind: Ingredient.Kind?) -> Int? {
        switch kind {
        case .spirit, .liqueur: 700
        case .wine, .fortifiedWine: 750
        case .mixer: 1000
        case .bitters: 200
        default: nil
        }
    }
    /// The bottles batches are kept in, in millilitres.
    public static let batchBottleMl = 750.0
    /// Ice to chill one shaken or stirred drink, in grams.
    public static let chillingIceGrams = 120.0
    /// Ice to keep one batch bottle cold in a bucket, in grams.
    public static let batchBottleIceGrams = 1000.0
    /// What is bought beyond what is poured, of what comes in bottles.
    public static let bottleMargin = 0.10
    /// Ice a rocks glass holds.
    public static let rocksIceGrams = 150.0
    /// Ice a tall glass holds.
    public static let tallIceGrams = 250.0

    /// How many of each drink: `guests × perGuest` spread evenly, except the drinks in `counts`.
    public static func servings(
        of ids: [String], guests: Int, perGuest: Int, counts: [String: Int] = [:]
    ) throws(PartyPlanError) -> [Int] {
        guard (1...maximumGuests).contains(guests) else { throw .guests }
        guard (1...maximumPerGuest).contains(perGuest) else { throw .perGuest }
        guard !ids.isEmpty else { throw .empty }
        for (id, count) in counts.sorted(by: { $0.key < $1.key }) {
            guard ids.contains(id) else { throw .notOnList(id) }
            guard (0...maximumCount).contains(count) else { throw .count(id) }
        }
        let fixed = ids.reduce(0) { $0 + (counts[$1] ?? 0) }
        let spread = ids.filter { counts[$0] == nil }
        let left = max(0, guests * perGuest - fixed)
        var remainder = spread.isEmpty ? 0 : left % spread.count
        let each = spread.isEmpty ? 0 : left / spread.count
        return ids.map { id in
            if let count = counts[id] { return count }
            defer { remainder -= 1 }
            return each + (remainder > 0 ? 1 : 0)
        }
    }

    /// The plan for `drinks` (each with its servings) and `guests`.
    public static func plan(_ drinks: [PartyPlan.Drink], guests: Int, table: IngredientTable) -> PartyPlan {
        var totals: [PartyPlan.Total] = []
        var position: [String: Int] = [:]
        var ice = 0.0
        var batches: [PartyPlan.Batch] = []

        func add(
            _ key: String, kind: Ingredient.Kind?, ml: Double?, grams: Double? = nil, pieces: Int?, fruit: String?,
            drink: PartyPlan.Drink
        ) {
            let index: Int
            if let found = position[key] {
                index = found
            } else {
                index = totals.count
                position[key] = index
                totals.append(PartyPlan.Total(ingredient: key, kind: kind, uses: []))
            }
            if let ml { totals[index].ml = (totals[index].ml ?? 0) + ml }
            if let grams { totals[index].grams = (totals[index].grams ?? 0) + grams }
            if let pieces { totals[index].pieces = (totals[index].pieces ?? 0) + pieces }
            if let fruit { totals[index].fruit = fruit }
            if !totals[index].uses.contains(where: { $0.cocktailId == drink.cocktail.id }) {
                totals[index].uses.append(
                    .init(cocktailId: drink.cocktail.id, name: drink.cocktail.name, servings: drink.servings))
            }
        }

        for drink in drinks where drink.servings > 0 {
            let cocktail = drink.cocktail
            let servings = Double(drink.servings)
            for line in cocktail.recipe {
                let ingredient = table.ingredient(for: line)
                let name = ingredient?.name ?? line.ingredient?.lowercased() ?? line.text
                if isIce(line, ingredient) { continue }
                let citrus = citrusFruit(of: ingredient, table: table)
                if let grams = grams(of: line, ingredient) {
                    add(
                        name, kind: ingredient?.kind, ml: nil, grams: grams * servings, pieces: nil, fruit: nil,
                        drink: drink)
                } else if let ml = millilitres(of: line) {
                    add(
                        name, kind: ingredient?.kind, ml: ml * servings, pieces: nil,
                        fruit: ingredient?.kind == .juice ? citrus : nil, drink: drink)
                } else {
                    let count = Int(((line.amount?.typical ?? 1) * servings).rounded(.up))
                    add(
                        name, kind: ingredient?.kind, ml: nil, pieces: count,
                        fruit: ingredient?.kind == .fruit ? citrus : nil, drink: drink)
                }
            }
            for name in garnishes(of: cocktail) {
                let fruit = name.split(separator: " ").first.map(String.init).flatMap {
                    juicePerFruit[$0] != nil ? $0 : nil
                }
                add(name, kind: .fruit, ml: nil, pieces: drink.servings, fruit: fruit, drink: drink)
            }
            let batch = batch(for: drink, table: table)
            ice += servings * iceGrams(for: cocktail, batched: batch?.kind)
            if let batch {
                batches.append(batch)
                if !batch.servedUp { ice += Double(batch.bottles) * batchBottleIceGrams }
            }
        }

        for index in totals.indices {
            let total = totals[index]
            if let fruit = total.fruit {
                if let ml = total.ml, let juice = juicePerFruit[fruit] {
                    totals[index].fruitNeed = ml / juice
                } else if let pieces = total.pieces {
                    // A whole fruit named as such is one fruit; anything cut from it, an eighth.
                    let whole = total.ingredient.lowercased() == fruit
                    totals[index].fruitNeed = whole ? Double(pieces) : Double(pieces) / Double(piecesPerFruit)
                }
                totals[index].fruitCount = totals[index].fruitNeed.map(Self.wholeFruit)
            } else if total.grams == nil, let ml = total.ml, let size = bottleMl(for: total.kind) {
                totals[index].bottleMl = size
                totals[index].bottles = Int((ml * (1 + bottleMargin) / Double(size) - 1e-9).rounded(.up))
            }
        }
        return PartyPlan(guests: guests, drinks: drinks, totals: totals, iceGrams: ice, batches: batches)
    }

    /// Whole fruit to buy for `need` of it: rounded up.
    static func wholeFruit(_ need: Double) -> Int { Int((need - 1e-9).rounded(.up)) }

    /// The millilitres one line pours: 1 oz = 30 ml, a bare top-up 90 ml; `nil` for pieces.
    static func millilitres(of line: RecipeLine) -> Double? {
        guard let unit = line.unit, let perUnit = MeasureConversion.millilitres(per: unit) ?? unit.millilitres else {
            return nil
        }
        return (line.amount?.typical ?? 1) * perUnit
    }

    /// The citrus fruit an ingredient is bought as (`fresh lime juice` → `lime`).
    static func citrusFruit(of ingredient: Ingredient?, table: IngredientTable) -> String? {
        guard let ingredient else { return nil }
        for candidate in [ingredient.name, ingredient.formOf].compactMap({ $0?.lowercased() }) {
            if juicePerFruit[candidate] != nil { return candidate }
        }
        return nil
    }

    static func isIce(_ line: RecipeLine, _ ingredient: Ingredient?) -> Bool {
        let name = (ingredient?.name ?? line.ingredient ?? "").lowercased()
        return ingredient?.kind == .other && name.split(separator: " ").contains("ice")
    }

    /// Ice one drink needs, in grams: chilling when it is shaken or stirred to order (a drink from
    /// a stirred or built batch is not), plus service ice.
    public static func iceGrams(for cocktail: Cocktail, batched: PartyPlan.Batch.Kind? = nil) -> Double {
        var grams = 0.0
        switch cocktail.method {
        case .shaken, .stirred, .thrown, .swizzled:
            if batched != .stirred && batched != .built { grams += chillingIceGrams }
        default: break
        }
        let served = cocktail.illustration?.ice ?? "none"
        guard served != "none" else { return grams }
        switch cocktail.glass {
        case .rocks, .doubleRocks, nil: grams += rocksIceGrams
        case .coupe, .martini, .nickAndNora, .flute, .shot, .margarita: grams += rocksIceGrams
        default: grams += tallIceGrams
        }
        return grams
    }

    /// Grams of sugar spooned out per bulk millilitre.
    public static let sugarGramsPerMl = 0.85

    /// The grams a line of sugar weighs (it is spooned by volume); `nil` for anything else.
    static func grams(of line: RecipeLine, _ ingredient: Ingredient?) -> Double? {
        guard isSugar(line, ingredient) else { return nil }
        return millilitres(of: line).map { $0 * sugarGramsPerMl }
    }

    /// Granulated or superfine sugar (not a syrup, not a cube counted in pieces).
    static func isSugar(_ line: RecipeLine, _ ingredient: Ingredient?) -> Bool {
        let name = ingredient?.name.lowercased() ?? line.ingredient?.lowercased() ?? ""
        return name.contains("sugar") && ingredient?.kind == .other && !name.contains("cube")
    }

    /// `lime` → `limes`, `peach` → `peaches`, `Spritz` → `Spritzes`.
    static func plural(_ word: String) -> String {
        ["ch", "sh", "s", "x", "z"].contains(where: word.hasSuffix) ? word + "es" : word + "s"
    }
}
