import CocktailsAPI
import Foundation

/// One recipe in the catalog, as the recipe source describes it: a plain value, stored and sent
/// as its JSON (the catalog file's format).
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
    /// `true` when `preparationMinutes` is our estimate (an imported drink whose source gave no
    /// time) rather than the source's own figure; `nil` means the source's figure.
    public var preparationEstimated: Bool?
    /// The source's name for the drink's picture.
    public var imageName: String
    /// The recipe, one human-readable line per ingredient.
    public var ingredients: [String]
    /// The glass it is served in, when the source says.
    public var glass: Glass?
    /// What the drink's picture needs beyond the glass, when the source says.
    public var illustration: Illustration?
    /// The family it belongs to, when the source says.
    public var category: DrinkCategory?
    /// How it is mixed, when the source says.
    public var method: MixingMethod?
    /// The steps to make it, in order, when the source says.
    public var instructions: [String]?
    /// What goes on or in the glass at the end, in words.
    public var garnish: String?
    /// Short keywords (`gin`, `bitter`, `brunch`).
    public var tags: [String]?
    /// The IBA official list it is on: `unforgettables`, `contemporary-classics` or `new-era`.
    public var iba: String?
    /// When the recipe was last changed, as ISO 8601 text.
    public var dateModified: String?
    /// Where the drink's photo is, when it has one (an imported drink's local copy, or the
    /// source's own URL); `nil` means the drawn illustration.
    public var imageURL: String?
    /// An http(s) URL of a video showing how the drink is made, when the source has one.
    public var video: String?
    /// Who made the drink's photo, or its licence, in the source's words.
    public var imageAttribution: String?
    /// Where the drink's photo was taken from, in the source's words.
    public var imageSource: String?
    /// The drink's words in other languages, by language code (`it`); see ``texts(in:)``.
    public var translations: [String: CocktailTexts]?
    /// Other balances of the same drink, shown beside the recipe, never instead of it (an IBA
    /// drink's recipe is the IBA's; the house's everyday version is a variant).
    public var variants: [Variant]?
    /// For a drink written in the book as an adaptation, the id of the drink it adapts.
    public var basedOn: String?
    /// For a drink written in the book, who wrote it (an account's name, or none in a book
    /// without accounts).
    public var author: String?
    /// The address of the page or app the recipe was taken from (an http(s) link).
    public var recipeSource: String?
    /// Who wrote the recipe there, in the source's words (`Jane Doe`).
    public var recipeAuthor: String?

    /// Creates a cocktail from its parts.
    public init(
        id: String, name: String, kind: CocktailKind, shortDescription: String, longDescription: String,
        preparationMinutes: Int, imageName: String, ingredients: [String],
        glass: Glass? = nil, illustration: Illustration? = nil, category: DrinkCategory? = nil,
        method: MixingMethod? = nil, instructions: [String]? = nil, garnish: String? = nil, tags: [String]? = nil,
        iba: String? = nil, dateModified: String? = nil, imageURL: String? = nil, preparationEstimated: Bool? = nil,
        video: String? = nil, imageAttribution: String? = nil, imageSource: String? = nil,
        translations: [String: CocktailTexts]? = nil, variants: [Variant]? = nil, basedOn: String? = nil,
        author: String? = nil, recipeSource: String? = nil, recipeAuthor: String? = nil
    ) {
        self.id = id
        self.name = name
        self.kind = kind
        self.shortDescription = shortDescription
        self.longDescription = longDescription
        self.preparationMinutes = preparationMinutes
        self.preparationEstimated = preparationEstimated
        self.imageName = imageName
        self.ingredients = ingredients
        self.glass = glass
        self.illustration = illustration
        self.category = category
        self.method = method
        self.instructions = instructions
        self.garnish = garnish
        self.tags = tags
        self.iba = iba
        self.dateModified = dateModified
        self.imageURL = SafeLink.picture(imageURL)
        self.video = SafeLink.web(video)
        self.imageAttribution = imageAttribution
        self.imageSource = SafeLink.web(imageSource)
        self.translations = translations
        self.variants = variants
        self.basedOn = basedOn
        self.author = author
        self.recipeSource = SafeLink.web(recipeSource)
        self.recipeAuthor = recipeAuthor
    }

    enum CodingKeys: String, CodingKey {
        case id, name
        case kind = "type"
        case shortDescription, longDescription, preparationMinutes, preparationEstimated
        case imageName, ingredients, glass, illustration, category, method, instructions, garnish, tags, iba
        case dateModified, imageURL, video, imageAttribution, imageSource, translations, variants, basedOn, author
        case recipeSource, recipeAuthor
    }

    /// Decodes the catalog's keys. A glass, family or method is read by any of its names (ours or
    /// TheCocktailDB's); one the book does not know is left out rather than failing the drink, as
    /// are an unreadable estimate flag, video or picture credit. Links that are not safe are dropped.
    /// Set to `true` in a decoder's `userInfo` to read strictly, as an import does: a value of
    /// the wrong type under any key fails with `DecodingError.typeMismatch`. Without it, the
    /// optional extras (`video`, `author`, …) of a wrong type are left out, as a catalog refresh
    /// keeps a drink rather than lose it for a stray field.
    public static let strictDecoding = CodingUserInfoKey(rawValue: "cocktailbook.strictDecoding")!

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let strict = decoder.userInfo[Self.strictDecoding] as? Bool == true
        func lenient<T: Decodable>(_ key: CodingKeys) throws -> T? {
            if strict { return try container.decodeIfPresent(T.self, forKey: key) }
            return (try? container.decodeIfPresent(T.self, forKey: key)) ?? nil
        }
        self.init(
            id: try container.decode(String.self, forKey: .id),
            name: try container.decode(String.self, forKey: .name),
            kind: try container.decode(CocktailKind.self, forKey: .kind),
            shortDescription: try container.decode(String.self, forKey: .shortDescription),
            longDescription: try container.decode(String.self, forKey: .longDescription),
            preparationMinutes: try container.decode(Int.self, forKey: .preparationMinutes),
            imageName: try container.decode(String.self, forKey: .imageName),
            ingredients: try container.decode([String].self, forKey: .ingredients),
            glass: try container.decodeIfPresent(String.self, forKey: .glass).flatMap(Glass.init(named:)),
            illustration: try container.decodeIfPresent(Illustration.self, forKey: .illustration),
            category: try container.decodeIfPresent(String.self, forKey: .category).flatMap(DrinkCategory.init(named:)),
            method: try container.decodeIfPresent(String.self, forKey: .method).flatMap(MixingMethod.init(named:)),
            instructions: try container.decodeIfPresent([String].self, forKey: .instructions),
            garnish: try container.decodeIfPresent(String.self, forKey: .garnish),
            tags: try container.decodeIfPresent([String].self, forKey: .tags),
            iba: try container.decodeIfPresent(String.self, forKey: .iba),
            dateModified: try container.decodeIfPresent(String.self, forKey: .dateModified),
            imageURL: try container.decodeIfPresent(String.self, forKey: .imageURL),
            preparationEstimated: try lenient(.preparationEstimated), video: try lenient(.video),
            imageAttribution: try lenient(.imageAttribution), imageSource: try lenient(.imageSource),
            translations: try container.decodeIfPresent([String: CocktailTexts].self, forKey: .translations),
            variants: try container.decodeIfPresent([Variant].self, forKey: .variants),
            basedOn: (try lenient(.basedOn) as String?).flatMap { CocktailID.isValid($0) ? $0 : nil },
            author: try lenient(.author), recipeSource: try lenient(.recipeSource),
            recipeAuthor: try lenient(.recipeAuthor)
        )
    }

    /// The recipe lines read into amount, unit, ingredient and note.
    public var recipe: [RecipeLine] { ingredients.map(IngredientParser.parse) }

    /// Human wording of the preparation time: `1 minute`, `5 minutes`, and `≈ 4 minutes` when
    /// the time is an estimate.
    public var preparationTimeText: String { preparationTimeText(.english) }

    /// The preparation time in the words of `strings`' language.
    public func preparationTimeText(_ strings: UIStrings) -> String {
        let text = strings.count("details_minutes", preparationMinutes)
        return preparationEstimated == true ? strings("details_about", ["text": text]) : text
    }
}

extension Cocktail {
    /// Another balance of a drink: a name, a line on why, and its own recipe lines.
    public struct Variant: Sendable, Equatable, Codable {
        /// `House Margarita`.
        public var name: String
        /// What sets it apart, in a sentence.
        public var description: String?
        /// Its recipe, one line per ingredient, in the same grammar as the drink's.
        public var ingredients: [String]

        /// Creates a variant.
        public init(name: String, description: String? = nil, ingredients: [String]) {
            self.name = name
            self.description = description
            self.ingredients = ingredients
        }

        /// The recipe lines read into amount, unit, ingredient and note.
        public var recipe: [RecipeLine] { ingredients.map(IngredientParser.parse) }
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
        /// Bands of colour from the bottom up, for layered drinks; empty means one colour.
        public var layers: [Layer]

        /// One band of a layered drink.
        public struct Layer: Sendable, Equatable, Codable {
            /// The band's colour as `#RRGGBB`.
            public var color: String
            /// The band's share of the drink's height, from 0 to 1.
            public var fraction: Double

            /// Creates a band.
            public init(color: String, fraction: Double) {
                self.color = color
                self.fraction = fraction
            }
        }

        /// Creates illustration hints.
        public init(color: String, ice: String = "none", garnishes: [String] = [], layers: [Layer] = []) {
            self.color = color
            self.ice = ice
            self.garnishes = garnishes
            self.layers = layers
        }

        enum CodingKeys: String, CodingKey { case color, ice, garnishes, layers }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            color = try container.decode(String.self, forKey: .color)
            ice = try container.decodeIfPresent(String.self, forKey: .ice) ?? "none"
            garnishes = try container.decodeIfPresent([String].self, forKey: .garnishes) ?? []
            layers = try container.decodeIfPresent([Layer].self, forKey: .layers) ?? []
        }
    }
}
