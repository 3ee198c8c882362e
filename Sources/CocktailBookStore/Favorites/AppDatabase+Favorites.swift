import CocktailBook
import Foundation
import GRDB

/// A cocktail someone marked as favorite. It has no foreign key to the catalog on purpose: a
/// favorite outlives its cocktail leaving the catalog, and comes back if the cocktail does.
/// `ownerId` is an account's id, or 0 for the implicit owner of a book without accounts.
struct FavoriteRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "favorite"
    enum Columns {
        static let ownerId = Column(CodingKeys.ownerId)
        static let cocktailId = Column(CodingKeys.cocktailId)
        static let addedAt = Column(CodingKeys.addedAt)
    }

    var ownerId: Int64
    var cocktailId: String
    var addedAt: Date

    static func of(_ owner: FavoritesOwner) -> QueryInterfaceRequest<FavoriteRecord> {
        filter(Columns.ownerId == owner.id)
    }
}

extension AppDatabase: FavoritesStore {
    public func favoriteIDs(of owner: FavoritesOwner) async throws -> Set<String> {
        guard owner != .nobody else { return [] }
        return try await read { db in
            try Set(String.fetchAll(db, FavoriteRecord.of(owner).select(FavoriteRecord.Columns.cocktailId)))
        }
    }

    public func setFavorite(_ isFavorite: Bool, for id: String, owner: FavoritesOwner) async throws {
        try await setFavorite(isFavorite, for: id, owner: owner, at: Date())
    }

    /// Marks or unmarks a favorite, stamping a new one with `date`. Marking keeps the original
    /// date of an existing favorite. An id that is neither in the cached catalog nor a favorite
    /// is refused, so a typo never creates a favorite nobody can see.
    public func setFavorite(_ isFavorite: Bool, for id: String, owner: FavoritesOwner = .implicit, at date: Date)
        async throws
    {
        guard owner != .nobody else { throw StoreError.noOwner }
        try await write { db in
            let inCatalog =
                try CatalogCocktailRecord.exists(db, key: id) || Self.isImported(db, id: id)
                || Self.isOwnRecipe(db, id: id)
            let key: [String: (any DatabaseValueConvertible)?] = ["ownerId": owner.id, "cocktailId": id]
            let existing = try FavoriteRecord.fetchOne(db, key: key)
            switch (isFavorite, existing) {
            case (true, nil):
                guard inCatalog else { throw StoreError.unknownCocktail(id) }
                try FavoriteRecord(ownerId: owner.id, cocktailId: id, addedAt: date).insert(db)
            case (false, _?):
                try FavoriteRecord.deleteOne(db, key: key)
            case (false, nil):
                guard inCatalog else { throw StoreError.unknownCocktail(id) }
            case (true, _?):
                break
            }
        }
    }

    /// `owner`'s favorites with the time each was added, oldest first.
    public func favorites(of owner: FavoritesOwner = .implicit) async throws -> [(id: String, addedAt: Date)] {
        try await read { db in
            try FavoriteRecord.of(owner).order(FavoriteRecord.Columns.addedAt, FavoriteRecord.Columns.cocktailId)
                .fetchAll(db)
                .map { ($0.cocktailId, $0.addedAt) }
        }
    }
}
