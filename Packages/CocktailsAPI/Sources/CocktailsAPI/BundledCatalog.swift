import Foundation

/// The catalog that ships with the package: the cocktails every fresh install starts with.
public enum BundledCatalog {
    /// The bundled catalog as UTF-8 JSON, exactly as a ``CocktailsAPI`` delivers it.
    ///
    /// Empty if the resource is missing from the build, which the package's tests guard against.
    public static let data: Data = {
        guard let url = Bundle.module.url(forResource: "cocktails", withExtension: "json"),
              let data = try? Data(contentsOf: url)
        else { return Data() }
        return data
    }()
}
