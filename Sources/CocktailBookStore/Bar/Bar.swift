import CocktailBook
import Foundation

/// The bar, per owner (an account's id, or 0 for the implicit owner): the bottles on the shelf,
/// what is always there, the substitution rules and the shopping list. Values are canonical
/// ingredient names; like favorites they outlive catalog changes. A shopping item's drinks are
/// kept as comma-separated ids.
extension SQLBook where Self: BarStore & HouseRecipeStore {
    public func shelf(of owner: FavoritesOwner) async throws -> Shelf {
        guard owner != .nobody else { return Shelf() }
        let (bottles, always, rules) = try await reading { db in
            (
                try await db.all(String.self, "SELECT value FROM bar_bottle WHERE owner_id = ?", owner.id),
                try await db.all(String.self, "SELECT value FROM bar_always WHERE owner_id = ?", owner.id),
                try await db.all(
                    RuleRow.self, "SELECT id, use, instead_of, both_ways FROM bar_rule WHERE owner_id = ? ORDER BY id",
                    owner.id)
            )
        }
        let fresh = Shelf.freshBatches(
            try await batches(of: owner), at: Date(), recipes: HouseRecipes.ofBook(try await ownHouseRecipes()),
            calendar: HouseBatch.calendar)
        return Shelf(
            bottles: Set(bottles),
            rules: rules.map {
                SubstitutionRule(id: $0.id, use: $0.use, insteadOf: $0.insteadOf, bothWays: $0.bothWays)
            },
            alwaysAvailable: Set(always), freshBatches: fresh)
    }
}

extension SQLBook {
    public func setOnShelf(_ value: String, _ isOnShelf: Bool, owner: FavoritesOwner) async throws {
        guard owner != .nobody else { throw StoreError.noOwner }
        try await writing("bar") { db in
            if isOnShelf {
                try await db.execute(
                    "INSERT INTO bar_bottle (owner_id, value, added_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                    owner.id, value, Date())
            } else {
                try await db.execute("DELETE FROM bar_bottle WHERE owner_id = ? AND value = ?", owner.id, value)
            }
        }
    }

    public func setAlwaysAvailable(_ value: String, _ isAlways: Bool, owner: FavoritesOwner) async throws {
        guard owner != .nobody else { throw StoreError.noOwner }
        try await writing("bar") { db in
            if isAlways {
                try await db.execute(
                    "INSERT INTO bar_always (owner_id, value) VALUES (?, ?) ON CONFLICT DO NOTHING", owner.id, value)
            } else {
                try await db.execute("DELETE FROM bar_always WHERE owner_id = ? AND value = ?", owner.id, value)
            }
        }
    }

    public func addRule(_ rule: SubstitutionRule, owner: FavoritesOwner) async throws -> SubstitutionRule {
        guard owner != .nobody else { throw StoreError.noOwner }
        let id = try await writing("bar") { db in
            try await db.first(
                Int64.self,
                """
                INSERT INTO bar_rule (owner_id, use, instead_of, both_ways) VALUES (?, ?, ?, ?)
                ON CONFLICT (owner_id, use, instead_of) DO UPDATE SET both_ways = excluded.both_ways RETURNING id
                """, owner.id, rule.use, rule.insteadOf, rule.bothWays)
        }
        return SubstitutionRule(id: id, use: rule.use, insteadOf: rule.insteadOf, bothWays: rule.bothWays)
    }

    public func removeRule(id: Int64, owner: FavoritesOwner) async throws -> Bool {
        guard owner != .nobody else { return false }
        return try await writing("bar") { db in
            try await db.execute("DELETE FROM bar_rule WHERE owner_id = ? AND id = ? RETURNING 1", owner.id, id) > 0
        }
    }

    public func shoppingList(of owner: FavoritesOwner) async throws -> [ShoppingItem] {
        guard owner != .nobody else { return [] }
        return try await reading { db in
            try await db.all(
                ShoppingRow.self,
                "SELECT id, value, cocktail_ids, bought, reason FROM shopping_item WHERE owner_id = ? ORDER BY id",
                owner.id)
        }.map {
            ShoppingItem(
                id: $0.id, value: $0.value, cocktailIds: $0.cocktailIds.split(separator: ",").map(String.init),
                isBought: $0.bought, reason: $0.reason)
        }
    }

    public func addToShoppingList(_ values: [String], for cocktailId: String?, owner: FavoritesOwner) async throws {
        try await addToShoppingList(
            values.map { (value: $0, cocktailIds: cocktailId.map { [$0] } ?? [], reason: nil) }, keepingReasons: true,
            owner: owner)
    }

    public func addToShoppingList(_ needs: [ShoppingNeed], owner: FavoritesOwner) async throws {
        try await addToShoppingList(
            needs.map { (value: $0.value, cocktailIds: $0.cocktailIds, reason: $0.reason) }, keepingReasons: false,
            owner: owner)
    }

    /// Adds each need, or adds its drinks to the item already there (which is then to buy
    /// again); a need's reason replaces the item's unless `keepingReasons`.
    private func addToShoppingList(
        _ needs: [(value: String, cocktailIds: [String], reason: String?)], keepingReasons: Bool,
        owner: FavoritesOwner
    ) async throws {
        guard owner != .nobody else { throw StoreError.noOwner }
        try await writing("bar") { db in
            for need in needs {
                let existing = try await db.first(
                    ShoppingIdsRow.self, "SELECT id, cocktail_ids FROM shopping_item WHERE owner_id = ? AND value = ?",
                    owner.id, need.value)
                if let existing {
                    var ids = existing.cocktailIds.split(separator: ",").map(String.init)
                    for id in need.cocktailIds where !ids.contains(id) { ids.append(id) }
                    if keepingReasons {
                        try await db.execute(
                            "UPDATE shopping_item SET cocktail_ids = ?, bought = ? WHERE id = ?",
                            ids.joined(separator: ","), false, existing.id)
                    } else {
                        try await db.execute(
                            "UPDATE shopping_item SET cocktail_ids = ?, reason = ?, bought = ? WHERE id = ?",
                            ids.joined(separator: ","), need.reason, false, existing.id)
                    }
                } else {
                    try await db.execute(
                        """
                        INSERT INTO shopping_item (owner_id, value, cocktail_ids, bought, added_at, reason)
                        VALUES (?, ?, ?, ?, ?, ?)
                        """, owner.id, need.value, need.cocktailIds.joined(separator: ","), false, Date(), need.reason)
                }
            }
        }
    }

    public func setBought(_ isBought: Bool, itemId: Int64, owner: FavoritesOwner) async throws -> Bool {
        guard owner != .nobody else { return false }
        return try await writing("bar") { db in
            try await db.execute(
                "UPDATE shopping_item SET bought = ? WHERE owner_id = ? AND id = ? RETURNING 1", isBought, owner.id,
                itemId) > 0
        }
    }

    public func removeFromShoppingList(itemId: Int64?, owner: FavoritesOwner) async throws -> Int {
        guard owner != .nobody else { return 0 }
        return try await writing("bar") { db in
            if let itemId {
                return try await db.execute(
                    "DELETE FROM shopping_item WHERE owner_id = ? AND id = ? RETURNING 1", owner.id, itemId)
            }
            return try await db.execute(
                "DELETE FROM shopping_item WHERE owner_id = ? AND bought = ? RETURNING 1", owner.id, true)
        }
    }
}

private struct RuleRow: Decodable {
    var id: Int64
    var use: String
    var insteadOf: String
    var bothWays: Bool
}

private struct ShoppingRow: Decodable {
    var id: Int64
    var value: String
    var cocktailIds: String
    var bought: Bool
    var reason: String?
}

private struct ShoppingIdsRow: Decodable {
    var id: Int64
    var cocktailIds: String
}
