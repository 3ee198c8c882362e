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
}

extension AppDatabase: CatalogStore {
    public func loadCatalog() async throws -> CachedCatalog? {
        let stored = try await read { db -> (Date, [CatalogCocktailRecord])? in
            guard let fetch = try CatalogFetchRecord.fetchOne(db) else { return nil }
            return (
                fetch.fetchedAt, try CatalogCocktailRecord.order(CatalogCocktailRecord.Columns.position).fetchAll(db)
            )
        }
        guard let (fetchedAt, records) = stored else { return nil }
        // Decoded after the read, so that no reader is held meanwhile.
        let cocktails = try records.map { try StoreRules.cocktail(id: $0.id, payload: $0.payload) }
        return CachedCatalog(cocktails: cocktails, fetchedAt: fetchedAt)
    }

    /// Replaces the cached catalog in one transaction: a reader sees the old catalog or the new
    /// one, never a mix. Favorites are untouched, even those whose cocktail left the catalog.
    public func saveCatalog(_ catalog: CachedCatalog) async throws {
        let records = try catalog.cocktails.enumerated().map { position, cocktail in
            CatalogCocktailRecord(
                id: cocktail.id, position: position, name: cocktail.name, payload: try StoreRules.payload(cocktail))
        }
        try await write { db in
            try CatalogCocktailRecord.deleteAll(db)
            for record in records { try record.insert(db) }
            try CatalogFetchRecord(fetchedAt: catalog.fetchedAt).save(db)
        }
    }
}
