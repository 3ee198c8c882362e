import CocktailBook
import CocktailBookStore
import CocktailsAPI
import Foundation

/// What the command line does with the book's own recipes, through the same desk (and the same
/// rules) as the web: it acts as the book's owner, or as the account it names.
public struct RecipeCommands: Sendable {
    package let desk: RecipeDesk
    package let pictures: ImportedImageFiles

    public init(catalog: CatalogService, store: any AppStore) {
        desk = RecipeDesk(catalog: catalog, store: store)
        pictures = ImportedImageFiles(store: store.pictures)
    }

    /// Why a command could not do what it was asked, in one line.
    public struct Refusal: Error, LocalizedError, Sendable {
        public var errorDescription: String?
    }

    private static func viewer(_ account: Account?) -> Viewer {
        account.map { .account($0) } ?? .owner
    }

    /// A recipe page read into a draft, as the JSON `POST /api/v1/cocktails` takes. The command
    /// line is the machine owner's: any address is allowed.
    public func draftJSON(fromPage address: String) async throws -> Data {
        let draft = try await pageDraft(address)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(RecipeInput(draft))
    }

    /// Saves a recipe page's draft as a recipe of the book, its new ingredients taken as the
    /// book's own; answers its id and name.
    public func saveFromPage(_ address: String, as account: Account?) async throws -> (id: String, name: String) {
        let draft = try await pageDraft(address)
        switch try await desk.create(draft, viewer: Self.viewer(account), confirmed: nil) {
        case .saved(let recipe):
            return (recipe.id, recipe.cocktail.name)
        case .problems(let problems):
            let first = problems.first.map { "\($0.field): " + UIStrings.english($0.message, $0.values) }
            throw Refusal(
                errorDescription:
                    "the page's recipe cannot be saved as it is (\(first ?? "no reason")); save it from the editor")
        case .newIngredients:
            throw Refusal(errorDescription: "the recipe was not saved")
        }
    }

    private func pageDraft(_ address: String) async throws -> RecipeDraft {
        do {
            return try await desk.draft(fromPage: address, policy: .anyAddress, pictures: pictures)
        } catch let refusal as RecipeDesk.PageRefusal {
            throw Refusal(errorDescription: UIStrings.english(refusal.messageKey, refusal.values))
        }
    }
}
