import CocktailBook

/// The details screen of one cocktail.
struct CocktailPage: PageModel {
    static let template = "cocktail"
    let catalogState = "ready"

    var name: String
    var preparationTime: String
    var imageURL: String
    var imageAlt: String
    var longDescription: String
    var ingredients: [String]
    var isFavorite: Bool
    var nextFavoriteValue: Bool
    var favoriteAction: String
    var favoriteAPI: String
    var from: String
    var backHref: String
    var backTitle: String

    init(item: CocktailList.Item, from filter: CocktailFilter) {
        let cocktail = item.cocktail
        name = cocktail.name
        preparationTime = cocktail.preparationTimeText
        imageURL = CocktailImage.url(for: cocktail)
        imageAlt = CocktailImage.altText(for: cocktail)
        longDescription = cocktail.longDescription
        ingredients = cocktail.ingredients
        isFavorite = item.isFavorite
        nextFavoriteValue = !item.isFavorite
        favoriteAction = "/cocktails/\(cocktail.id)/favorite"
        favoriteAPI = "/api/v1/favorites/\(cocktail.id)"
        from = filter.rawValue
        backHref = MainPage.path(for: filter)
        backTitle = filter.title
    }

    /// The details screen's address, remembering which list it was opened from.
    static func path(for id: String, from filter: CocktailFilter) -> String {
        filter == .all ? "/cocktails/\(id)" : "/cocktails/\(id)?from=\(filter.rawValue)"
    }
}
