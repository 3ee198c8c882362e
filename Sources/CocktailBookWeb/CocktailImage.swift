import CocktailBook

/// Where a cocktail's picture is served.
public enum CocktailImage {
    /// The picture's path on this server.
    public static func url(for cocktail: Cocktail) -> String {
        "/images/cocktails/\(cocktail.id).svg"
    }
}
