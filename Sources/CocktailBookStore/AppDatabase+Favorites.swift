import CocktailBook
import Foundation
import GRDB

/// A cocktail the person marked as favorite. It has no foreign key to the catalog on purpose:
/// a favorite outlives its cocktail leaving the catalog, and comes back if the cocktail does.
struct FavoriteRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "favorite"
    enum Columns {
        static let cocktailId = Column(CodingKeys.cocktailId)
        static let addedAt = Column(CodingKeys.addedAt)
    }

    var cocktailId: String
    var addedAt: Date
}

extension AppDatabase: FavoritesStore {
    public func favoriteIDs() throws -> Set<String> {
        try writer.read { db in
            try Set(String.fetchAll(db, FavoriteRecord.select(FavoriteRecord.Columns.cocktailId)))
        }
    }

    public func setFavorite(_ isFavorite: Bool, for id: String) throws {
        try setFavorite(isFavorite, for: id, at: Date())
    }

    /// Marks or unmarks a favorite, stamping a new one with `date`. Marking keeps the original
    /// date of an existing favorite. An id that is neither in the cached catalog nor a favorite
    /// is refused, so a typo never creates a favorite nobody can see.
    public func setFavorite(_ isFavorite: Bool, for id: String, at date: Date) throws {
        try writer.write { db in
            let inCatalog = try CatalogCocktailRecord.exists(db, key: id) || Self.isImported(db, id: id)
            let existing = try FavoriteRecord.fetchOne(db, key: id)
            switch (isFavorite, existing) {
            case (true, nil):
                guard inCatalog else { throw StoreError.unknownCocktail(id) }
                try FavoriteRecord(cocktailId: id, addedAt: date).insert(db)
            case (false, _?):
                try FavoriteRecord.deleteOne(db, key: id)
            case (false, nil):
                guard inCatalog else { throw StoreError.unknownCocktail(id) }
            case (true, _?):
                break
            }
        }
    }

    /// The favorites with the time each was added, oldest first.
    public func favorites() throws -> [(id: String, addedAt: Date)] {
        try writer.read { db in
            try FavoriteRecord.order(FavoriteRecord.Columns.addedAt, FavoriteRecord.Columns.cocktailId).fetchAll(db)
                .map { ($0.cocktailId, $0.addedAt) }
        }
    }
}
