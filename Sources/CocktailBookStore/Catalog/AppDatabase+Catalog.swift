import CocktailBook
import Foundation
import GRDB

/// One cocktail of the cached catalog. The full cocktail is kept as JSON so that new recipe
/// fields need no migration; `name` and `position` are columns for queries and order.
struct CatalogCocktailRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "catalogCocktail"
    enum Columns {
        static let id = Column(CodingKeys.id)
        static let position = Column(CodingKeys.position)
    }

    var id: String
    var position: Int
    var name: String
    var payload: Data
}

/// When the cached catalog was fetched; the table has at most one row.
struct CatalogFetchRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "catalogFetch"
    var id = 1
    var fetchedAt: Date
    var sourceDigest: String?
}

extension AppDatabase: CatalogStore {
    public func loadCatalog() async throws -> CachedCatalog? {
        try await read { db -> CachedCatalog? in
            guard let fetch = try CatalogFetchRecord.fetchOne(db) else { return nil }
            // Each row is decoded as it is read, so that the rows' bytes are never all held at once.
            var cocktails: [Cocktail] = []
            let rows = try CatalogCocktailRecord.order(CatalogCocktailRecord.Columns.position).fetchCursor(db)
            while let record = try rows.next() {
                cocktails.append(try StoreRules.cocktail(id: record.id, payload: record.payload))
            }
            // The table is read once per start: its pages need not stay in this connection's cache.
            db.releaseMemory()
            return CachedCatalog(cocktails: cocktails, fetchedAt: fetch.fetchedAt, sourceDigest: fetch.sourceDigest)
        }
    }

    public func markCatalogFetched(at date: Date) async throws {
        try await write { db in
            try db.execute(sql: "UPDATE catalogFetch SET fetchedAt = ? WHERE id = 1", arguments: [date])
        }
    }

    /// Replaces the cached catalog in one transaction: a reader sees the old catalog or the new
    /// one, never a mix. Favorites are untouched, even those whose cocktail left the catalog.
    public func saveCatalog(_ catalog: CachedCatalog) async throws {
        try await write { db in
            try CatalogCocktailRecord.deleteAll(db)
            // Each drink is encoded as it is written: the catalog's JSON is never all held at once.
            for (position, cocktail) in catalog.cocktails.enumerated() {
                try CatalogCocktailRecord(
                    id: cocktail.id, position: position, name: cocktail.name, payload: try StoreRules.payload(cocktail)
                ).insert(db)
            }
            try CatalogFetchRecord(fetchedAt: catalog.fetchedAt, sourceDigest: catalog.sourceDigest).save(db)
            db.releaseMemory()
        }
    }
}
