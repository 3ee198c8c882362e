import Foundation

/// One recipe in the catalog, as the recipe source describes it.
public struct Cocktail: Sendable, Equatable, Identifiable, Codable {
    /// The source's identifier; stable across refreshes and used in URLs.
    public var id: String
    /// The name shown in lists and as the details screen's title.
    public var name: String
    /// Whether the drink contains alcohol.
    public var kind: CocktailKind
    /// A one-line summary for the list.
    public var shortDescription: String
    /// A few sentences on the drink's character and origin for the details screen.
    public var longDescription: String
    /// How long the drink takes to make, in minutes.
    public var preparationMinutes: Int
    /// The source's name for the drink's picture.
    public var imageName: String
    /// The recipe, one human-readable line per ingredient.
    public var ingredients: [String]
    /// The glass it is served in (`coupe`, `highball`…), when the source says.
    public var glass: String?
    /// What the drink's picture needs beyond the glass, when the source says.
    public var illustration: Illustration?

    /// Creates a cocktail from its parts.
    public init(
        id: String, name: String, kind: CocktailKind, shortDescription: String, longDescription: String,
        preparationMinutes: Int, imageName: String, ingredients: [String],
        glass: String? = nil, illustration: Illustration? = nil
    ) {
        self.id = id
        self.name = name
        self.kind = kind
        self.shortDescription = shortDescription
        self.longDescription = longDescription
        self.preparationMinutes = preparationMinutes
        self.imageName = imageName
        self.ingredients = ingredients
        self.glass = glass
        self.illustration = illustration
    }

    enum CodingKeys: String, CodingKey {
        case id, name, kind = "type", shortDescription, longDescription, preparationMinutes, imageName, ingredients
        case glass, illustration
    }

    /// Human wording of the preparation time: `1 minute`, `5 minutes`.
    public var preparationTimeText: String {
        preparationMinutes == 1 ? "1 minute" : "\(preparationMinutes) minutes"
    }
}

/// Whether a cocktail contains alcohol; the raw values are the source's `type` strings.
public enum CocktailKind: String, Sendable, Codable, CaseIterable {
    /// Contains alcohol.
    case alcoholic
    /// Contains no alcohol.
    case nonAlcoholic = "non-alcoholic"
}

extension Cocktail {
    /// The hints a drawing of the drink needs besides its glass.
    public struct Illustration: Sendable, Equatable, Codable {
        /// The colour of the drink as `#RRGGBB`.
        public var color: String
        /// The ice in the glass: `none`, `cubes`, `crushed` or `large-cube`.
        public var ice: String
        /// Garnish identifiers (`lime-wheel`, `cherry`…), drawn in this order.
        public var garnishes: [String]

        /// Creates illustration hints.
        public init(color: String, ice: String = "none", garnishes: [String] = []) {
            self.color = color
            self.ice = ice
            self.garnishes = garnishes
        }

        enum CodingKeys: String, CodingKey { case color, ice, garnishes }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            color = try container.decode(String.self, forKey: .color)
            ice = try container.decodeIfPresent(String.self, forKey: .ice) ?? "none"
            garnishes = try container.decodeIfPresent([String].self, forKey: .garnishes) ?? []
        }
    }
}
