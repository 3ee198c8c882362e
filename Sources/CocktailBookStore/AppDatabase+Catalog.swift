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
        let stored = try await writer.read { db -> (Date, StoredRows)? in
            guard let fetch = try CatalogFetchRecord.fetchOne(db) else { return nil }
            var stored = StoredRows()
            let rows = try Row.fetchCursor(
                db, sql: "SELECT id, payload FROM \(CatalogCocktailRecord.databaseTableName) ORDER BY position")
            while let row = try rows.next() {
                stored.append(id: row[0], payload: row.dataNoCopy(atIndex: 1) ?? Data())
            }
            // The table is read once per start: its pages need not stay in this connection's
            // cache (2 MB at 10,000 drinks).
            db.releaseMemory()
            return (fetch.fetchedAt, stored)
        }
        guard let (fetchedAt, rows) = stored else { return nil }
        // Decoded after the read, so that no reader is held meanwhile.
        return CachedCatalog(cocktails: try StoreRules.decodeCatalog(rows), fetchedAt: fetchedAt)
    }

    /// Replaces the cached catalog in one transaction: a reader sees the old catalog or the new
    /// one, never a mix. Favorites are untouched, even those whose cocktail left the catalog.
    public func saveCatalog(_ catalog: CachedCatalog) async throws {
        let records = catalog.cocktails.enumerated().map { position, cocktail in
            CatalogCocktailRecord(
                id: cocktail.id, position: position, name: cocktail.name, payload: CatalogPayload.encode(cocktail))
        }
        try await writer.write { db in
            try CatalogCocktailRecord.deleteAll(db)
            for record in records { try record.insert(db) }
            try CatalogFetchRecord(fetchedAt: catalog.fetchedAt).save(db)
        }
        // Nor the pages just written (they stay cached after the commit otherwise).
        try await writer.writeWithoutTransaction { db in db.releaseMemory() }
    }
}
