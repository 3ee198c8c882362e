import CocktailBook
import CocktailBookTestSupport
import CocktailsAPI
import Foundation
import Testing

enum StoreFixtures {
    static let firstDate = Date(timeIntervalSince1970: 1_700_000_000)
    static let secondDate = Date(timeIntervalSince1970: 1_700_086_400.5)

    /// The bundled catalog, decoded.
    static func bundled() throws -> [Cocktail] {
        let outcome = try CatalogDecoder.decode(SeedCatalog.data)
        try #require(outcome.cocktails.count == 13)
        return outcome.cocktails
    }

    /// Cocktails that exercise every field, given in an order that is not alphabetical.
    static let handMade: [Cocktail] = [
        Cocktail(
            id: "20", name: "Zombie", kind: .alcoholic, shortDescription: "Strong.",
            longDescription: "Very strong; \"tiki\".",
            preparationMinutes: 9, imageName: "zombie", ingredients: ["1 oz rum", "1 oz more rum", "Lime ✓"],
            glass: .tikiMug,
            illustration: .init(color: "#AA3300", ice: "crushed", garnishes: ["mint-sprig", "cherry"])
        ),
        Cocktail(
            id: "3", name: "Ágave Fizz", kind: .nonAlcoholic, shortDescription: "Fizzy.", longDescription: "",
            preparationMinutes: 1, imageName: "agave", ingredients: [], glass: nil, illustration: nil
        ),
        Cocktail(
            id: "a-b_c", name: "Apple Cooler", kind: .nonAlcoholic, shortDescription: "Cool.",
            longDescription: "Crisp.",
            preparationMinutes: 0, imageName: "apple", ingredients: ["Apple juice"], glass: .highball,
            illustration: .init(color: "#FFEEDD")
        ),
    ]

    /// The names `CatalogService.list` shows for the bundled catalog, without favorites.
    static let allNames = [
        "Basil Lemonade Punch", "Bloody Mary", "Daiquiri", "Gin and Tonic", "Manhattan", "Margarita",
        "Margarita Mocktail", "Mojito", "Non-Alcoholic Juicy Julep", "Old Fashioned", "Piña Colada",
        "Screwdriver", "Virgin Mixed Berry Caipirinha",
    ]
}
