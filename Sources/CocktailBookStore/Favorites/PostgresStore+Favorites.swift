import CocktailBook
import Foundation
import PostgresNIO

/// Favorites, per owner.
extension PostgresStore {
    public func favoriteIDs(of owner: FavoritesOwner) async throws -> Set<String> {
        try await mapped { [self] in
            guard owner != .nobody else { return [] }
            return Set(
                try await many(
                    client.query("SELECT cocktail_id FROM favorite WHERE owner_id = \(owner.id)", logger: logger),
                    as: String.self))
        }
    }

    public func setFavorite(_ isFavorite: Bool, for id: String, owner: FavoritesOwner) async throws {
        try await mapped { [self] in
            try await setFavorite(isFavorite, for: id, owner: owner, at: Date())
        }
    }

    public func setFavorite(_ isFavorite: Bool, for id: String, owner: FavoritesOwner, at date: Date) async throws {
        try await mapped { [self] in
            guard owner != .nobody else { throw StoreError.noOwner }
            try await write("favorites") { connection in
                let recipe = OwnRecipe.number(in: id) ?? 0
                let known = try await count(
                    connection.query(
                        "SELECT 1 FROM catalog_cocktail WHERE id = \(id) UNION ALL SELECT 1 FROM imported_cocktail WHERE id = \(id) UNION ALL SELECT 1 FROM recipe WHERE id = \(recipe) UNION ALL SELECT 1 FROM favorite WHERE owner_id = \(owner.id) AND cocktail_id = \(id)",
                        logger: logger
                    ))
                guard known > 0 else { throw StoreError.unknownCocktail(id) }
                if isFavorite {
                    try await connection.query(
                        "INSERT INTO favorite (owner_id, cocktail_id, added_at) VALUES (\(owner.id), \(id), \(date)) ON CONFLICT DO NOTHING",
                        logger: logger
                    )
                } else {
                    try await connection.query(
                        "DELETE FROM favorite WHERE owner_id = \(owner.id) AND cocktail_id = \(id)", logger: logger)
                }
            }
        }
    }

    public func favorites(of owner: FavoritesOwner) async throws -> [(id: String, addedAt: Date)] {
        try await mapped { [self] in
            let rows = try await client.query(
                "SELECT cocktail_id, added_at FROM favorite WHERE owner_id = \(owner.id) ORDER BY added_at, cocktail_id",
                logger: logger)
            var favorites: [(id: String, addedAt: Date)] = []
            for try await (id, date) in rows.decode((String, Date).self) { favorites.append((id, date)) }
            return favorites
        }
    }

    public func resetFavorites(of owner: FavoritesOwner) async throws -> Int {
        try await mapped { [self] in
            guard owner != .nobody else { return 0 }
            return try await write("favorites") { connection in
                try await count(
                    connection.query("DELETE FROM favorite WHERE owner_id = \(owner.id) RETURNING 1", logger: logger))
            }
        }
    }
}
