import CocktailBook
import Foundation

/// The cached catalog: each drink kept as JSON, so that new recipe fields need no migration;
/// `name` and `position` are columns for queries and order. `catalog_fetch` has at most one row:
/// when the catalog was fetched, and the source's fingerprint of it.
extension SQLBook {
    public func loadCatalog() async throws -> CachedCatalog? {
        return try await reading { db in
            guard
                let fetch = try await db.first(
                    CatalogFetchRow.self, "SELECT fetched_at, source_digest FROM catalog_fetch WHERE id = 1")
            else { return nil }
            // One statement, so that the drinks read are those of one save.
            let cocktails = try await db.all(
                CatalogDrinkRow.self, "SELECT id, payload FROM catalog_cocktail ORDER BY position"
            )
            .map { try StoreRules.cocktail(id: $0.id, payload: $0.payload) }
            return CachedCatalog(cocktails: cocktails, fetchedAt: fetch.fetchedAt, sourceDigest: fetch.sourceDigest)
        }
    }

    public func markCatalogFetched(at date: Date) async throws {
        try await writing("catalog") { db in
            try await db.execute("UPDATE catalog_fetch SET fetched_at = ? WHERE id = 1", date)
        }
    }

    /// Replaces the cached catalog in one transaction: a reader sees the old catalog or the new
    /// one, never a mix. Favorites are untouched, even those whose cocktail left the catalog.
    public func saveCatalog(_ catalog: CachedCatalog) async throws {
        try await writing("catalog") { db in
            try await db.execute("DELETE FROM catalog_cocktail")
            // Each drink is encoded as it is written: the catalog's JSON is never all held at once.
            for (position, cocktail) in catalog.cocktails.enumerated() {
                try await db.execute(
                    "INSERT INTO catalog_cocktail (id, position, name, payload) VALUES (?, ?, ?, ?)",
                    cocktail.id, position, cocktail.name, try StoreRules.payload(cocktail))
            }
            try await db.execute(
                """
                INSERT INTO catalog_fetch (id, fetched_at, source_digest) VALUES (1, ?, ?)
                ON CONFLICT (id) DO UPDATE SET fetched_at = excluded.fetched_at, source_digest = excluded.source_digest
                """, catalog.fetchedAt, catalog.sourceDigest)
        }
    }
}

private struct CatalogFetchRow: Decodable {
    var fetchedAt: Date
    var sourceDigest: String?
}

private struct CatalogDrinkRow: Decodable {
    var id: String
    var payload: Data
}
