import CocktailBook
import Foundation

/// The bar's use cases, one person's at a time, for its pages, its API and the command line: the
/// shelf and what it makes, what is always there, the bottles' stock, house-made batches,
/// substitution rules and the shopping list. Callers name ingredients by the value the bar's
/// index knows (each reads it from its own input: a form's field, a path, an argument).
package struct BarDesk: Sendable {
    let catalog: CatalogService
    let store: any BarStore
    /// The book's settings, for the currency a bottle's price is in unless it names another.
    let book: (any BookSettingsStore)?

    package init(catalog: CatalogService, store: any BarStore, book: (any BookSettingsStore)? = nil) {
        self.catalog = catalog
        self.store = store
        self.book = book
    }

    /// The book's currency, which a bottle's price is in unless it was given in another.
    package func currency() async throws -> String {
        try await book?.currency() ?? BookCurrency.defaultCode
    }

    /// What a change to the bar was refused for; each caller says it in its own words.
    package enum Refusal: Error, Equatable {
        /// A batch of something without a house recipe.
        case notHouseMade(String)
        /// A batch of less than 1 ml or more than ``HouseBatch/maxMl``.
        case batchAmount
        /// A rule that puts an ingredient in its own place.
        case sameIngredient
        /// "I bought a new bottle" of one whose size is unknown.
        case noBottleSize
    }

    /// The index the bar reasons with (ingredients, families, house recipes).
    package func index() async throws -> BarIndex { try await catalog.barIndex() }

    /// The catalog's clock.
    package func now() -> Date { catalog.now() }

    // MARK: Reading

    package func shelf(of owner: FavoritesOwner) async throws -> Shelf { try await store.shelf(of: owner) }

    /// What `owner`'s shelf makes, and what it nearly makes.
    package func report(of owner: FavoritesOwner) async throws -> BarReport {
        try await catalog.bar(try store.shelf(of: owner))
    }

    package func stock(of owner: FavoritesOwner) async throws -> [String: BottleStock] {
        try await store.stock(of: owner)
    }

    package func batches(of owner: FavoritesOwner) async throws -> [HouseBatch] { try await store.batches(of: owner) }

    package func shoppingList(of owner: FavoritesOwner) async throws -> [ShoppingItem] {
        try await store.shoppingList(of: owner)
    }

    /// The shopping list as it is shared and answered: a bottle that ran low says so, in
    /// `strings`' words, where its line has no other reason.
    package func shoppingList(of owner: FavoritesOwner, strings: UIStrings) async throws -> [ShoppingItem] {
        StockText.sayingLow(
            try await store.shoppingList(of: owner), stock: try await store.stock(of: owner), index: try await index(),
            strings: strings)
    }

    /// The drink names a shopping list's lines are for, by id (a drink no longer in the book is
    /// left out).
    package func drinkNames(for items: [ShoppingItem], owner: FavoritesOwner) async -> [String: String] {
        var names: [String: String] = [:]
        for id in Set(items.flatMap(\.cocktailIds)) {
            names[id] = try? await catalog.cocktail(id: id, for: owner).cocktail.name
        }
        return names
    }

    /// The whole bar as the API and `cocktailbook bar --json` answer it.
    package func payload(of owner: FavoritesOwner, strings: UIStrings) async throws -> BarPayload {
        BarPayload(
            try await store.shelf(of: owner), strings: strings, stock: try await store.stock(of: owner),
            batches: try await store.batches(of: owner), now: catalog.now(),
            recipes: try await catalog.barIndex().houseRecipes)
    }

    // MARK: The shelf

    package func setOnShelf(_ value: String, _ isOnShelf: Bool, owner: FavoritesOwner) async throws {
        try await store.setOnShelf(value, isOnShelf, owner: owner)
    }

    /// Puts the bottle on the shelf with its stock (`nil` keeps what is known of it).
    package func putOnShelf(_ value: String, stock: BottleStock?, owner: FavoritesOwner) async throws {
        try await store.setOnShelf(value, true, owner: owner)
        if let stock { try await store.setStock(value, stock, owner: owner) }
    }

    package func setStock(_ value: String, _ stock: BottleStock?, owner: FavoritesOwner) async throws {
        try await store.setStock(value, stock, owner: owner)
    }

    /// "I bought a new bottle": its level back to the bottle's size, its shopping line ticked off.
    package func refill(_ value: String, owner: FavoritesOwner) async throws {
        guard var stock = try await store.stock(of: owner)[value], let bottle = stock.bottleMl else {
            throw Refusal.noBottleSize
        }
        stock.ml = bottle
        try await store.setStock(value, stock, owner: owner)
        if let item = try await store.shoppingList(of: owner).first(where: { $0.value == value }) {
            _ = try await store.setBought(true, itemId: item.id, owner: owner)
        }
    }

    package func setAlways(_ value: String, _ isAlways: Bool, owner: FavoritesOwner) async throws {
        try await store.setAlwaysAvailable(value, isAlways, owner: owner)
    }

    // MARK: House-made batches

    /// "I made 300 ml of honey syrup": the batch, what it took from tracked bottles and the
    /// bottles that crossed their low mark.
    package func makeBatch(_ value: String, ml: Double, owner: FavoritesOwner) async throws
        -> (batch: HouseBatch, drawn: [StockUse], low: [StockUse], recipes: HouseRecipes)
    {
        let index = try await catalog.barIndex()
        guard index.houseRecipes.recipe(for: value) != nil else { throw Refusal.notHouseMade(value) }
        guard ml >= 1, ml <= HouseBatch.maxMl else { throw Refusal.batchAmount }
        let made = try await store.makeBatch(value, ml: ml, index: index, at: catalog.now(), owner: owner)
        return (made.batch, made.drawn, made.low, index.houseRecipes)
    }

    /// Undoes a batch: off the shelf, and what making it took back on the bottles; `false` when
    /// `owner` has no batch `id`.
    package func removeBatch(id: Int64, owner: FavoritesOwner) async throws -> Bool {
        try await store.removeBatch(id: id, owner: owner) != nil
    }

    // MARK: Substitution rules

    package func addRule(use: String, insteadOf: String, bothWays: Bool, owner: FavoritesOwner) async throws
        -> SubstitutionRule
    {
        guard use != insteadOf else { throw Refusal.sameIngredient }
        return try await store.addRule(
            SubstitutionRule(use: use, insteadOf: insteadOf, bothWays: bothWays), owner: owner)
    }

    package func removeRule(id: Int64, owner: FavoritesOwner) async throws -> Bool {
        try await store.removeRule(id: id, owner: owner)
    }

    /// The built-in rules, then `owner`'s.
    package func rules(of owner: FavoritesOwner) async throws -> [SubstitutionRule] {
        BuiltInBar.rules + (try await store.shelf(of: owner).rules)
    }

    // MARK: The shopping list

    /// Adds the book's ingredients `values`.
    package func addToShoppingList(_ values: [String], owner: FavoritesOwner) async throws {
        try await store.addToShoppingList(values, for: nil, owner: owner)
    }

    /// Adds a line of free text ("olives", "napkins"); `false` when it is empty or too long.
    package func addToShoppingList(text: String, owner: FavoritesOwner) async throws -> Bool {
        guard let line = ShoppingText.line(text, in: try await catalog.barIndex()) else { return false }
        try await store.addToShoppingList([line], for: nil, owner: owner)
        return true
    }

    /// Every ingredient the drink `id` lacks on `owner`'s shelf goes on the shopping list.
    package func addMissing(of id: String, owner: FavoritesOwner) async throws {
        let item = try await catalog.cocktail(id: id, for: owner)
        let shelf = try await store.shelf(of: owner)
        let report = try await catalog.bar(shelf)
        guard let position = report.cocktails.firstIndex(where: { $0.id == item.cocktail.id }) else { return }
        let missing = report.index.missing(at: position, on: shelf)
        try await store.addToShoppingList(missing, for: item.cocktail.id, owner: owner)
    }

    /// Ticks a line off (or back on); `false` when `owner` has no line `id`.
    package func setBought(_ isBought: Bool, itemId: Int64, owner: FavoritesOwner) async throws -> Bool {
        try await store.setBought(isBought, itemId: itemId, owner: owner)
    }

    /// Removes line `itemId`, or every bought line when it is `nil`; how many went.
    package func removeFromShoppingList(itemId: Int64?, owner: FavoritesOwner) async throws -> Int {
        try await store.removeFromShoppingList(itemId: itemId, owner: owner)
    }
}
