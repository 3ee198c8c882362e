import CocktailBook
import Foundation

/// A row of a list, as `GET /api/v1/cocktails` shows it.
public struct CocktailSummaryPayload: Codable, Sendable, Equatable {
    public var id: String
    public var name: String
    public var kind: CocktailKind
    public var shortDescription: String
    public var preparationMinutes: Int
    public var imageURL: String
    public var isFavorite: Bool

    public init(_ item: CocktailList.Item) {
        id = item.cocktail.id
        name = item.cocktail.name
        kind = item.cocktail.kind
        shortDescription = item.cocktail.shortDescription
        preparationMinutes = item.cocktail.preparationMinutes
        imageURL = CocktailImage.url(for: item.cocktail)
        isFavorite = item.isFavorite
    }
}

/// `GET /api/v1/cocktails`: a filtered list in display order.
public struct CocktailListPayload: Codable, Sendable, Equatable {
    public var title: String
    public var filter: CocktailFilter
    public var cocktails: [CocktailSummaryPayload]

    public init(_ list: CocktailList) {
        title = list.title
        filter = list.filter
        cocktails = list.items.map(CocktailSummaryPayload.init)
    }
}

/// `GET /api/v1/favorites`: the favorites in display order.
public struct FavoritesPayload: Codable, Sendable, Equatable {
    public var cocktails: [CocktailSummaryPayload]

    public init(_ list: CocktailList) {
        cocktails = list.items.filter(\.isFavorite).map(CocktailSummaryPayload.init)
    }
}

/// `GET /api/v1/cocktails/{id}`: one cocktail in full.
public struct CocktailDetailPayload: Codable, Sendable, Equatable {
    public var id: String
    public var name: String
    public var kind: CocktailKind
    public var shortDescription: String
    public var longDescription: String
    public var preparationMinutes: Int
    public var imageURL: String
    public var ingredients: [String]
    public var glass: String?
    public var isFavorite: Bool

    public init(_ item: CocktailList.Item) {
        let cocktail = item.cocktail
        id = cocktail.id
        name = cocktail.name
        kind = cocktail.kind
        shortDescription = cocktail.shortDescription
        longDescription = cocktail.longDescription
        preparationMinutes = cocktail.preparationMinutes
        imageURL = CocktailImage.url(for: cocktail)
        ingredients = cocktail.ingredients
        glass = cocktail.glass
        isFavorite = item.isFavorite
    }
}

/// `GET /api/v1/catalog`: where the catalog stands.
public struct CatalogStatusPayload: Codable, Sendable, Equatable {
    public var state: CatalogStatus.State
    public var count: Int
    public var message: String?
    public var updatedAt: Date?
    public var refreshing: Bool

    public init(_ status: CatalogStatus) {
        state = status.state
        count = status.count
        message = status.message
        updatedAt = status.updatedAt
        refreshing = status.isRefreshing
    }

    // Absent values are written as null so that clients always see every key.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(state, forKey: .state)
        try container.encode(count, forKey: .count)
        try container.encode(message, forKey: .message)
        try container.encode(updatedAt, forKey: .updatedAt)
        try container.encode(refreshing, forKey: .refreshing)
    }
}
