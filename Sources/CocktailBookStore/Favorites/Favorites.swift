import CocktailBook
import Foundation

/// Favorites, per owner. A favorite has no foreign key to the catalog on purpose: it outlives its
/// cocktail leaving the catalog, and comes back if the cocktail does. `owner_id` is an account's
/// id, or 0 for the implicit owner of a book without accounts.
extension SQLBook {
    public func favoriteIDs(of owner: FavoritesOwner) async throws -> Set<String> {
        guard owner != .nobody else { return [] }
        return try await reading { db in
            Set(try await db.all(String.self, "SELECT cocktail_id FROM favorite WHERE owner_id = ?", owner.id))
        }
    }

    public func setFavorite(_ isFavorite: Bool, for id: String, owner: FavoritesOwner) async throws {
        try await setFavorite(isFavorite, for: id, owner: owner, at: Date())
    }

    /// Marks or unmarks a favorite, stamping a new one with `date`. Marking keeps the original
    /// date of an existing favorite. An id that is neither a drink the book has (cached,
    /// imported, its own) nor a favorite is refused, so a typo never creates a favorite nobody
    /// can see.
    public func setFavorite(
        _ isFavorite: Bool, for id: String, owner: FavoritesOwner = .implicit, at date: Date
    ) async throws {
        guard owner != .nobody else { throw StoreError.noOwner }
        try await writing("favorites") { db in
            let known = try await db.exists(
                """
                SELECT 1 FROM catalog_cocktail WHERE id = ? UNION ALL SELECT 1 FROM imported_cocktail WHERE id = ?
                UNION ALL SELECT 1 FROM recipe WHERE id = ? UNION ALL SELECT 1 FROM favorite WHERE owner_id = ? AND cocktail_id = ?
                """, id, id, OwnRecipe.number(in: id) ?? 0, owner.id, id)
            guard known else { throw StoreError.unknownCocktail(id) }
            if isFavorite {
                try await db.execute(
                    "INSERT INTO favorite (owner_id, cocktail_id, added_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                    owner.id, id, date)
            } else {
                try await db.execute("DELETE FROM favorite WHERE owner_id = ? AND cocktail_id = ?", owner.id, id)
            }
        }
    }

    /// `owner`'s favorites with the time each was added, oldest first.
    public func favorites(of owner: FavoritesOwner = .implicit) async throws -> [(id: String, addedAt: Date)] {
        return try await reading { db in
            try await db.tuples(
                (String, Date).self,
                "SELECT cocktail_id, added_at FROM favorite WHERE owner_id = ? ORDER BY added_at, cocktail_id",
                owner.id)
        }.map { $0 }
    }

    /// Removes every favorite of `owner`; returns how many there were.
    public func resetFavorites(of owner: FavoritesOwner) async throws -> Int {
        guard owner != .nobody else { return 0 }
        return try await writing("favorites") { db in
            try await db.execute("DELETE FROM favorite WHERE owner_id = ? RETURNING 1", owner.id)
        }
    }
}
