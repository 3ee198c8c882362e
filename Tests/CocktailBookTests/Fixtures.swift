import CocktailBook
import CocktailBookTestSupport
import CocktailsAPI
import Foundation
import Testing

/// Shared values for the domain tests: the bundled catalog and small hand-made cocktails.
enum Fixtures {
    /// The seed catalog, decoded; every test that needs the real 13 cocktails starts here.
    static func bundledCocktails() throws -> [Cocktail] {
        let outcome = try CatalogDecoder.decode(SeedCatalog.data)
        try #require(outcome.skipped.isEmpty, "the bundled catalog should decode cleanly: \(outcome.skipped)")
        return outcome.cocktails
    }

    /// A cocktail with only the fields ordering and filtering look at filled in meaningfully.
    static func cocktail(_ id: String, _ name: String, _ kind: CocktailKind = .alcoholic, minutes: Int = 5) -> Cocktail
    {
        Cocktail(
            id: id, name: name, kind: kind, shortDescription: "\(name), short.", longDescription: "\(name), long.",
            preparationMinutes: minutes, imageName: "image-\(id)", ingredients: ["1 oz of \(name)"]
        )
    }

    /// The bundled names in alphabetical order, per filter, with no favorites.
    static let allNames = [
        "Basil Lemonade Punch", "Bloody Mary", "Daiquiri", "Gin and Tonic", "Manhattan", "Margarita",
        "Margarita Mocktail", "Mojito", "Non-Alcoholic Juicy Julep", "Old Fashioned", "Piña Colada",
        "Screwdriver", "Virgin Mixed Berry Caipirinha",
    ]
    static let alcoholicNames = [
        "Bloody Mary", "Daiquiri", "Gin and Tonic", "Manhattan", "Margarita", "Mojito", "Old Fashioned",
        "Piña Colada", "Screwdriver",
    ]
    static let nonAlcoholicNames = [
        "Basil Lemonade Punch", "Margarita Mocktail", "Non-Alcoholic Juicy Julep", "Virgin Mixed Berry Caipirinha",
    ]

    /// The payload bytes of a JSON literal written in a test.
    static func json(_ text: String) -> Data { Data(text.utf8) }
}

extension CocktailList {
    /// The names of the rows, in display order.
    var names: [String] { items.map(\.cocktail.name) }
}
