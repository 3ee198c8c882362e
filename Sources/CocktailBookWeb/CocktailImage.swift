import CocktailBook

/// Where a cocktail's picture is served, and how it is described to people who cannot see it.
public enum CocktailImage {
    /// The picture's path on this server; the version changes whenever the picture does.
    public static func url(for cocktail: Cocktail) -> String {
        "/images/cocktails/\(cocktail.id).svg"
    }

    /// The picture's alt text.
    public static func altText(for cocktail: Cocktail) -> String {
        if let glass = cocktail.glass {
            return "Illustration of a \(cocktail.name) in a \(glass.replacingOccurrences(of: "-", with: " ")) glass"
        }
        return "Illustration of a \(cocktail.name)"
    }
}
