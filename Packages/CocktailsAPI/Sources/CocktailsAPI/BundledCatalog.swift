import Foundation

/// The catalog that ships with the package: the cocktails every fresh install starts with.
public enum BundledCatalog {
    /// The bundled catalog as UTF-8 JSON, exactly as a ``CocktailsAPI`` delivers it.
    ///
    /// Empty if the resource is missing from the build, which the package's tests guard against.
    public static let data: Data = resource("cocktails")

    /// The canonical ingredient table the bundled recipes are written against, as UTF-8 JSON: an
    /// array of `{"name","kind","abv","aliases"}`.
    public static let ingredientsData: Data = resource("ingredients")

    /// The reviewed recipes of the house-made ingredients (syrups, oleo saccharum), as UTF-8
    /// JSON: an array of `{"ingredient","minutes","yield","shelfLifeDays","storage","lines","steps"}`
    /// whose names are the ingredient table's.
    public static let houseRecipesData: Data = resource("house-recipes")

    private static func resource(_ name: String) -> Data {
        guard let url = Bundle.module.url(forResource: name, withExtension: "json"),
            let data = try? Data(contentsOf: url)
        else { return Data() }
        return data
    }
}
