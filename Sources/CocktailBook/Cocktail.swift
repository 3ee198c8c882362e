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
    /// `true` when `preparationMinutes` is our estimate (an imported drink whose source gave no
    /// time) rather than the source's own figure; `nil` means the source's figure.
    public var preparationEstimated: Bool? {
        get { rare?.fields.preparationEstimated }
        set { updateRare { $0.preparationEstimated = newValue } }
    }
    /// The source's name for the drink's picture.
    public var imageName: String
    /// The recipe, one human-readable line per ingredient.
    public var ingredients: [String]
    /// The glass it is served in (`coupe`, `highball`…), when the source says.
    public var glass: String?
    /// What the drink's picture needs beyond the glass, when the source says.
    public var illustration: Illustration? {
        get { rare?.fields.illustration }
        set { updateRare { $0.illustration = newValue } }
    }
    /// The family it belongs to (`Sour`, `Highball`…), when the source says.
    public var category: String?
    /// How it is mixed (`shaken`, `stirred`, `built`…), when the source says.
    public var method: String?
    /// The steps to make it, in order, when the source says.
    public var instructions: [String]?
    /// What goes on or in the glass at the end, in words.
    public var garnish: String?
    /// Short keywords (`gin`, `bitter`, `brunch`).
    public var tags: [String]?
    /// The IBA official list it is on: `unforgettables`, `contemporary-classics` or `new-era`.
    public var iba: String? {
        get { rare?.fields.iba }
        set { updateRare { $0.iba = newValue } }
    }
    /// When the recipe was last changed, as ISO 8601 text.
    public var dateModified: String?
    /// Where the drink's photo is, when it has one (an imported drink's local copy, or the
    /// source's own URL); `nil` means the drawn illustration.
    public var imageURL: String? {
        get { rare?.fields.imageURL }
        set { updateRare { $0.imageURL = newValue } }
    }
    /// An http(s) URL of a video showing how the drink is made, when the source has one.
    public var video: String? {
        get { rare?.fields.video }
        set { updateRare { $0.video = newValue } }
    }
    /// Who made the drink's photo, or its licence, in the source's words.
    public var imageAttribution: String? {
        get { rare?.fields.imageAttribution }
        set { updateRare { $0.imageAttribution = newValue } }
    }
    /// Where the drink's photo was taken from, in the source's words.
    public var imageSource: String? {
        get { rare?.fields.imageSource }
        set { updateRare { $0.imageSource = newValue } }
    }
    /// The drink's words in other languages, by language code (`it`); see ``texts(in:)``.
    public var translations: [String: CocktailTexts]? {
        get { rare?.fields.translations }
        set { updateRare { $0.translations = newValue } }
    }
    /// Other balances of the same drink, shown beside the recipe, never instead of it (an IBA
    /// drink's recipe is the IBA's; the house's everyday version is a variant).
    public var variants: [Variant]? {
        get { rare?.fields.variants }
        set { updateRare { $0.variants = newValue } }
    }

    /// The fields most drinks leave empty (a drawing's hints, a photo and its credits, a video,
    /// translations, variants, the IBA list), kept apart behind one reference that is `nil`
    /// when all are: inline they made every drink 352 bytes, 1.4 MB of a 10,000-drink catalog
    /// that nearly never uses them. The box is never changed; a change makes a new one.
    private var rare: Rare?

    /// The less common fields' values.
    struct RareFields: Sendable, Equatable {
        var preparationEstimated: Bool?
        var illustration: Illustration?
        var iba: String?
        var imageURL: String?
        var video: String?
        var imageAttribution: String?
        var imageSource: String?
        var translations: [String: CocktailTexts]?
        var variants: [Variant]?

        var isEmpty: Bool { self == RareFields() }
    }

    final class Rare: Sendable {
        let fields: RareFields
        init(_ fields: RareFields) { self.fields = fields }

        /// A box for `fields`, or none when they are all empty.
        static func boxing(_ fields: RareFields) -> Rare? { fields.isEmpty ? nil : Rare(fields) }
    }

    private mutating func updateRare(_ change: (inout RareFields) -> Void) {
        var fields = rare?.fields ?? RareFields()
        change(&fields)
        rare = Rare.boxing(fields)
    }

    public static func == (lhs: Cocktail, rhs: Cocktail) -> Bool {
        lhs.id == rhs.id && lhs.name == rhs.name && lhs.kind == rhs.kind && lhs.shortDescription == rhs.shortDescription
            && lhs.longDescription == rhs.longDescription && lhs.preparationMinutes == rhs.preparationMinutes
            && lhs.imageName == rhs.imageName && lhs.ingredients == rhs.ingredients && lhs.glass == rhs.glass
            && lhs.category == rhs.category && lhs.method == rhs.method && lhs.instructions == rhs.instructions
            && lhs.garnish == rhs.garnish && lhs.tags == rhs.tags && lhs.dateModified == rhs.dateModified
            && (lhs.rare === rhs.rare || (lhs.rare?.fields ?? RareFields()) == (rhs.rare?.fields ?? RareFields()))
    }

    /// Creates a cocktail from its parts.
    public init(
        id: String, name: String, kind: CocktailKind, shortDescription: String, longDescription: String,
        preparationMinutes: Int, imageName: String, ingredients: [String],
        glass: String? = nil, illustration: Illustration? = nil, category: String? = nil, method: String? = nil,
        instructions: [String]? = nil, garnish: String? = nil, tags: [String]? = nil, iba: String? = nil,
        dateModified: String? = nil, imageURL: String? = nil, preparationEstimated: Bool? = nil,
        video: String? = nil, imageAttribution: String? = nil, imageSource: String? = nil,
        translations: [String: CocktailTexts]? = nil, variants: [Variant]? = nil
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
        self.category = category
        self.method = method
        self.instructions = instructions
        self.garnish = garnish
        self.tags = tags
        self.dateModified = dateModified
        rare = Rare.boxing(
            RareFields(
                preparationEstimated: preparationEstimated, illustration: illustration, iba: iba,
                imageURL: SafeLink.picture(imageURL),
                video: SafeLink.web(video), imageAttribution: imageAttribution, imageSource: SafeLink.web(imageSource),
                translations: translations, variants: variants
            ))
    }

    enum CodingKeys: String, CodingKey {
        case id, name
        case kind = "type"
        case shortDescription, longDescription, preparationMinutes, imageName, ingredients
        case glass, illustration, category, method, instructions, garnish, tags, iba, dateModified, imageURL
        case preparationEstimated, video, imageAttribution, imageSource, translations, variants
    }

    /// Decodes the catalog's keys; the estimate flag, the video and the picture's credits are
    /// read leniently: absent or unreadable, they are `nil`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var fields = RareFields()
        id = try container.decode(String.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        kind = try container.decode(CocktailKind.self, forKey: .kind)
        shortDescription = try container.decode(String.self, forKey: .shortDescription)
        longDescription = try container.decode(String.self, forKey: .longDescription)
        preparationMinutes = try container.decode(Int.self, forKey: .preparationMinutes)
        imageName = try container.decode(String.self, forKey: .imageName)
        ingredients = try container.decode([String].self, forKey: .ingredients)
        glass = try container.decodeIfPresent(String.self, forKey: .glass)
        fields.illustration = try container.decodeIfPresent(Illustration.self, forKey: .illustration)
        category = try container.decodeIfPresent(String.self, forKey: .category)
        method = try container.decodeIfPresent(String.self, forKey: .method)
        instructions = try container.decodeIfPresent([String].self, forKey: .instructions)
        garnish = try container.decodeIfPresent(String.self, forKey: .garnish)
        tags = try container.decodeIfPresent([String].self, forKey: .tags)
        fields.iba = try container.decodeIfPresent(String.self, forKey: .iba)
        dateModified = try container.decodeIfPresent(String.self, forKey: .dateModified)
        fields.imageURL = SafeLink.picture(try container.decodeIfPresent(String.self, forKey: .imageURL))
        fields.preparationEstimated = (try? container.decodeIfPresent(Bool.self, forKey: .preparationEstimated)) ?? nil
        fields.video = SafeLink.web((try? container.decodeIfPresent(String.self, forKey: .video)) ?? nil)
        fields.imageAttribution = (try? container.decodeIfPresent(String.self, forKey: .imageAttribution)) ?? nil
        fields.imageSource = SafeLink.web((try? container.decodeIfPresent(String.self, forKey: .imageSource)) ?? nil)
        fields.translations = try container.decodeIfPresent([String: CocktailTexts].self, forKey: .translations)
        fields.variants = try container.decodeIfPresent([Variant].self, forKey: .variants)
        rare = Rare.boxing(fields)
    }

    /// Writes the catalog's keys, the absent ones left out.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(kind, forKey: .kind)
        try container.encode(shortDescription, forKey: .shortDescription)
        try container.encode(longDescription, forKey: .longDescription)
        try container.encode(preparationMinutes, forKey: .preparationMinutes)
        try container.encode(imageName, forKey: .imageName)
        try container.encode(ingredients, forKey: .ingredients)
        try container.encodeIfPresent(glass, forKey: .glass)
        try container.encodeIfPresent(illustration, forKey: .illustration)
        try container.encodeIfPresent(category, forKey: .category)
        try container.encodeIfPresent(method, forKey: .method)
        try container.encodeIfPresent(instructions, forKey: .instructions)
        try container.encodeIfPresent(garnish, forKey: .garnish)
        try container.encodeIfPresent(tags, forKey: .tags)
        try container.encodeIfPresent(iba, forKey: .iba)
        try container.encodeIfPresent(dateModified, forKey: .dateModified)
        try container.encodeIfPresent(imageURL, forKey: .imageURL)
        try container.encodeIfPresent(preparationEstimated, forKey: .preparationEstimated)
        try container.encodeIfPresent(video, forKey: .video)
        try container.encodeIfPresent(imageAttribution, forKey: .imageAttribution)
        try container.encodeIfPresent(imageSource, forKey: .imageSource)
        try container.encodeIfPresent(translations, forKey: .translations)
        try container.encodeIfPresent(variants, forKey: .variants)
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
