import CocktailBook
import Foundation
import PostgresNIO

/// The bar: shelves, always-at-hand items, substitution rules and shopping lists, per owner.
extension PostgresStore {
    public func shelf(of owner: FavoritesOwner) async throws -> Shelf {
        try await mapped { [self] in
            guard owner != .nobody else { return Shelf() }
            let bottles = try await many(
                client.query("SELECT value FROM bar_bottle WHERE owner_id = \(owner.id)", logger: logger),
                as: String.self)
            let always = try await many(
                client.query("SELECT value FROM bar_always WHERE owner_id = \(owner.id)", logger: logger),
                as: String.self)
            let rules = try await all(
                client.query(
                    "SELECT id, use, instead_of, both_ways FROM bar_rule WHERE owner_id = \(owner.id) ORDER BY id",
                    logger: logger
                ), as: (Int64, String, String, Bool).self
            ).map { row in
                let (c0, c1, c2, c3) = row
                return SubstitutionRule(id: c0, use: c1, insteadOf: c2, bothWays: c3)
            }
            let fresh = Shelf.freshBatches(
                try await batches(client, owner: owner), at: Date(),
                recipes: HouseRecipes.ofBook(
                    try await houseRecipes(client.query(Self.countingHouseRecipes, logger: logger))),
                calendar: HouseBatch.calendar)
            return Shelf(bottles: Set(bottles), rules: rules, alwaysAvailable: Set(always), freshBatches: fresh)
        }
    }

    public func setOnShelf(_ value: String, _ isOnShelf: Bool, owner: FavoritesOwner) async throws {
        try await mapped { [self] in
            guard owner != .nobody else { throw StoreError.noOwner }
            try await write("bar") { connection in
                if isOnShelf {
                    try await connection.query(
                        "INSERT INTO bar_bottle (owner_id, value, added_at) VALUES (\(owner.id), \(value), \(Date())) ON CONFLICT DO NOTHING",
                        logger: logger
                    )
                } else {
                    try await connection.query(
                        "DELETE FROM bar_bottle WHERE owner_id = \(owner.id) AND value = \(value)", logger: logger)
                }
            }
        }
    }

    public func setAlwaysAvailable(_ value: String, _ isAlways: Bool, owner: FavoritesOwner) async throws {
        try await mapped { [self] in
            guard owner != .nobody else { throw StoreError.noOwner }
            try await write("bar") { connection in
                if isAlways {
                    try await connection.query(
                        "INSERT INTO bar_always (owner_id, value) VALUES (\(owner.id), \(value)) ON CONFLICT DO NOTHING",
                        logger: logger)
                } else {
                    try await connection.query(
                        "DELETE FROM bar_always WHERE owner_id = \(owner.id) AND value = \(value)", logger: logger)
                }
            }
        }
    }

    public func addRule(_ rule: SubstitutionRule, owner: FavoritesOwner) async throws -> SubstitutionRule {
        try await mapped { [self] in
            guard owner != .nobody else { throw StoreError.noOwner }
            return try await write("bar") { connection in
                let id = try await one(
                    connection.query(
                        """
                        INSERT INTO bar_rule (owner_id, use, instead_of, both_ways) VALUES (\(owner.id), \(rule.use), \(rule.insteadOf), \(rule.bothWays))
                        ON CONFLICT (owner_id, use, instead_of) DO UPDATE SET both_ways = excluded.both_ways RETURNING id
                        """,
                        logger: logger
                    ), as: Int64.self)
                return SubstitutionRule(id: id, use: rule.use, insteadOf: rule.insteadOf, bothWays: rule.bothWays)
            }
        }
    }

    public func removeRule(id: Int64, owner: FavoritesOwner) async throws -> Bool {
        try await mapped { [self] in
            guard owner != .nobody else { return false }
            return try await write("bar") { connection in
                try await count(
                    connection.query(
                        "DELETE FROM bar_rule WHERE owner_id = \(owner.id) AND id = \(id) RETURNING 1", logger: logger))
                    > 0
            }
        }
    }

    public func shoppingList(of owner: FavoritesOwner) async throws -> [ShoppingItem] {
        try await mapped { [self] in
            guard owner != .nobody else { return [] }
            return try await all(
                client.query(
                    "SELECT id, value, cocktail_ids, bought, reason FROM shopping_item WHERE owner_id = \(owner.id) ORDER BY id",
                    logger: logger
                ), as: (Int64, String, String, Bool, String?).self
            ).map {
                ShoppingItem(
                    id: $0.0, value: $0.1, cocktailIds: $0.2.split(separator: ",").map(String.init), isBought: $0.3,
                    reason: $0.4)
            }
        }
    }

    public func addToShoppingList(_ needs: [ShoppingNeed], owner: FavoritesOwner) async throws {
        try await mapped { [self] in
            guard owner != .nobody else { throw StoreError.noOwner }
            try await write("bar") { connection in
                for need in needs {
                    let existing = try await first(
                        connection.query(
                            "SELECT id, cocktail_ids FROM shopping_item WHERE owner_id = \(owner.id) AND value = \(need.value) FOR UPDATE",
                            logger: logger
                        ), as: (Int64, String).self)
                    if let (id, stored) = existing {
                        var ids = stored.split(separator: ",").map(String.init)
                        for cocktail in need.cocktailIds where !ids.contains(cocktail) { ids.append(cocktail) }
                        try await connection.query(
                            "UPDATE shopping_item SET cocktail_ids = \(ids.joined(separator: ",")), reason = \(need.reason), bought = false WHERE id = \(id)",
                            logger: logger)
                    } else {
                        try await connection.query(
                            """
                            INSERT INTO shopping_item (owner_id, value, cocktail_ids, bought, added_at, reason)
                            VALUES (\(owner.id), \(need.value), \(need.cocktailIds.joined(separator: ",")), false, \(Date()), \(need.reason))
                            """,
                            logger: logger
                        )
                    }
                }
            }
        }
    }

    public func addToShoppingList(_ values: [String], for cocktailId: String?, owner: FavoritesOwner) async throws {
        try await mapped { [self] in
            guard owner != .nobody else { throw StoreError.noOwner }
            try await write("bar") { connection in
                for value in values {
                    let existing = try await first(
                        connection.query(
                            "SELECT id, cocktail_ids FROM shopping_item WHERE owner_id = \(owner.id) AND value = \(value) FOR UPDATE",
                            logger: logger
                        ), as: (Int64, String).self)
                    if let (id, stored) = existing {
                        var ids = stored.split(separator: ",").map(String.init)
                        if let cocktailId, !ids.contains(cocktailId) { ids.append(cocktailId) }
                        try await connection.query(
                            "UPDATE shopping_item SET cocktail_ids = \(ids.joined(separator: ",")), bought = false WHERE id = \(id)",
                            logger: logger)
                    } else {
                        try await connection.query(
                            "INSERT INTO shopping_item (owner_id, value, cocktail_ids, bought, added_at) VALUES (\(owner.id), \(value), \(cocktailId ?? ""), false, \(Date()))",
                            logger: logger
                        )
                    }
                }
            }
        }
    }

    public func setBought(_ isBought: Bool, itemId: Int64, owner: FavoritesOwner) async throws -> Bool {
        try await mapped { [self] in
            guard owner != .nobody else { return false }
            return try await write("bar") { connection in
                try await count(
                    connection.query(
                        "UPDATE shopping_item SET bought = \(isBought) WHERE owner_id = \(owner.id) AND id = \(itemId) RETURNING 1",
                        logger: logger
                    )) > 0
            }
        }
    }

    public func removeFromShoppingList(itemId: Int64?, owner: FavoritesOwner) async throws -> Int {
        try await mapped { [self] in
            guard owner != .nobody else { return 0 }
            return try await write("bar") { connection in
                if let itemId {
                    return try await count(
                        connection.query(
                            "DELETE FROM shopping_item WHERE owner_id = \(owner.id) AND id = \(itemId) RETURNING 1",
                            logger: logger))
                }
                return try await count(
                    connection.query(
                        "DELETE FROM shopping_item WHERE owner_id = \(owner.id) AND bought RETURNING 1", logger: logger)
                )
            }
        }
    }
}
