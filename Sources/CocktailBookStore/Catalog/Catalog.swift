import CocktailBook
import Foundation

/// The cached catalog: each drink kept as JSON, so that new recipe fields need no migration;
/// `name` and `position` are columns for queries and order. `catalog_fetch` has at most one row:
/// when the catalog was fetched, and the source's fingerprint of it.
extension SQLBook {
    public func loadCatalog() async throws -> CachedCatalog? {
        return try await readingSnapshot { db in
            guard
                let fetch = try await db.first(
                    CatalogFetchRow.self, "SELECT fetched_at, source_digest FROM catalog_fetch WHERE id = 1")
            else { return nil }
            // The drinks of one save (one snapshot), read a page at a time by their key and each
            // page decoded on every core: the stored JSON of 10,000 drinks in five languages
            // (70 MB) is never all held at once, only the drinks it becomes.
            var placed: [(position: Int, cocktail: Cocktail)] = []
            var after = ""
            while true {
                let page = try await db.all(
                    CatalogDrinkRow.self,
                    "SELECT id, position, payload FROM catalog_cocktail WHERE id > ? ORDER BY id LIMIT \(Self.catalogPage)",
                    after)
                guard let last = page.last else { break }
                placed += try zip(page.map(\.position), StoreRules.cocktails(page.map { ($0.id, $0.payload) }))
                    .map { ($0, $1) }
                after = last.id
            }
            placed.sort { $0.position < $1.position }
            return CachedCatalog(
                cocktails: placed.map(\.cocktail), fetchedAt: fetch.fetchedAt, sourceDigest: fetch.sourceDigest)
        }
    }

    /// How many stored drinks one read of the cached catalog takes.
    static var catalogPage: Int { 2_500 }

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
    var position: Int
    var payload: Data
}
