import CocktailBook
import CocktailBookStore
import Foundation

/// The book's drinks written for another app or to keep: the use case behind `cocktailbook
/// export` and Maintenance's "Export for another app".
public struct BookExporter: Sendable {
    public let catalog: CatalogService
    public let store: any AppStore
    /// Where the drinks' photos are kept.
    public let pictures: ImportedImageFiles

    /// An exporter of `store`'s drinks as `catalog` shows them.
    public init(catalog: CatalogService, store: any AppStore) {
        self.catalog = catalog
        self.store = store
        pictures = ImportedImageFiles(store: store.pictures)
    }

    /// The drinks of the book's own and the imported ones, with the bundled catalog's when asked.
    public func bookDrinks(includingBundled: Bool) async throws -> [Cocktail] {
        if includingBundled { return try await catalog.list(filter: .all).items.map(\.cocktail) }
        let own = try await store.ownRecipes().filter { $0.deletedAt == nil }.map(\.cocktail)
        return own + (try await store.importedCocktails())
    }

    /// The drinks of `list` still in the catalog, in its order.
    public func drinks(of list: DrinkList) async -> [Cocktail] {
        var drinks: [Cocktail] = []
        for entry in list.entries {
            if let item = try? await catalog.cocktail(id: entry.cocktailID) { drinks.append(item.cocktail) }
        }
        return drinks
    }

    /// `drinks` written as `format`, texts (Markdown, schema.org) in `strings`' language.
    public func write(_ drinks: [Cocktail], as format: BookExport.Format, strings: UIStrings) async throws -> Data {
        switch format {
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            return try encoder.encode(drinks) + Data("\n".utf8)
        case .md:
            var documents: [String] = []
            for drink in drinks {
                let details = try await catalog.details(id: drink.id)
                var basedOnName: String?
                if let original = drink.basedOn {
                    basedOnName = try? await catalog.cocktail(id: original).cocktail.name
                }
                documents.append(
                    RecipeMarkdown.markdown(
                        for: drink, language: strings.language,
                        abv: details.abvText(strings).map(strings.localizingNumbers), basedOnName: basedOnName))
            }
            return Data(documents.joined(separator: "\n---\n\n").utf8)
        case .schemaOrg:
            var recipes: [Any] = []
            for drink in drinks {
                let details = try await catalog.details(id: drink.id)
                let script = SchemaOrgRecipe.jsonLD(
                    for: details, language: strings.language, pageURL: drink.recipeSource ?? "/cocktails/\(drink.id)",
                    imageURL: nil, author: drink.author)
                recipes.append(try JSONSerialization.jsonObject(with: Data(script.utf8)))
            }
            return try JSONSerialization.data(
                withJSONObject: recipes, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
                + Data("\n".utf8)
        case .csv:
            return try BookExport.csv(drinks)
        case .barAssistant, .mealie:
            var withPhotos: [BookExport.Drink] = []
            for drink in drinks {
                var photo: Data?
                if let file = PictureName.keptFile(in: drink.imageURL) {
                    photo = try await pictures.store.picture(named: file)
                }
                withPhotos.append(BookExport.Drink(cocktail: drink, photo: photo))
            }
            return format == .mealie ? try BookExport.mealie(withPhotos) : try BookExport.barAssistant(withPhotos)
        }
    }
}
