import CocktailBook
import Foundation

/// A row of a list, as `GET /api/v1/cocktails` shows it.
public struct CocktailSummaryPayload: Codable, Sendable, Equatable {
    public var id: String
    public var name: String
    public var kind: CocktailKind
    public var shortDescription: String
    public var preparationMinutes: Int
    public var imageURL: String
    public var isFavorite: Bool
    /// For `?makeable=`: what the caller's bar lacks (empty for "now") and how the rest is covered.
    public var missing: [BarIngredientPayload]?
    public var matchedBy: [BarMatchPayload]?
    /// For `?makeable=`: the stand-ins among `matchedBy` (bourbon for rye whiskey).
    public var standIns: [BarMatchPayload]?

    public init(_ item: CocktailList.Item, language: Language = .english) {
        id = item.cocktail.id
        name = item.cocktail.name
        kind = item.cocktail.kind
        shortDescription = item.cocktail.texts(in: language).shortDescription
        preparationMinutes = item.cocktail.preparationMinutes
        imageURL = CocktailImage.url(for: item.cocktail)
        isFavorite = item.isFavorite
        if let bar = item.bar {
            let strings = UIStrings.of(language)
            missing = bar.missing.map { BarIngredientPayload($0, strings: strings) }
            matchedBy = bar.matchedBy.map(BarMatchPayload.init)
            standIns = bar.standIns.map(BarMatchPayload.init)
        }
    }
}

/// `GET /api/v1/cocktails`: a filtered list in display order (best matches first when searching).
public struct CocktailListPayload: Codable, Sendable, Equatable {
    public var title: String
    public var filter: CocktailFilter
    public var query: String
    public var total: Int
    public var page: Int
    public var perPage: Int
    @Nullable public var nextPage: Int?
    public var cocktails: [CocktailSummaryPayload]

    public init(query: CocktailQuery, page: CocktailPage, language: Language = .english) {
        title = query.kind.title
        filter = query.kind
        self.query = query.text
        total = page.total
        self.page = page.page
        perPage = page.perPage
        nextPage = page.nextPage
        cocktails = page.items.map { CocktailSummaryPayload($0, language: language) }
    }
}

/// `GET /api/v1/favorites`: the favorites in display order.
public struct FavoritesPayload: Codable, Sendable, Equatable {
    public var cocktails: [CocktailSummaryPayload]

    public init(_ list: CocktailList) {
        cocktails = list.items.filter(\.isFavorite).map { CocktailSummaryPayload($0) }
    }
}

/// `GET /api/v1/cocktails/{id}`: one cocktail in full.
public struct CocktailDetailPayload: Codable, Sendable, Equatable {
    /// One recipe line: the text as written and its parts.
    public struct Line: Codable, Sendable, Equatable {
        public var text: String
        @Nullable public var amount: Double?
        /// The high end when the amount is a range (`2-3 dashes`).
        public var amountMax: Double?
        @Nullable public var unit: String?
        /// The canonical ingredient name when the table knows it, else the name as written.
        @Nullable public var ingredient: String?
        @Nullable public var note: String?

        /// The line as written, or converted to `units` and scaled for `servings` drinks (then
        /// `text` is rewritten from the converted measure).
        package init(
            _ line: CocktailDetails.Line, conversion: (units: Settings.Units, servings: Int)? = nil,
            strings: UIStrings = .english
        ) {
            var parsed = line.parsed
            text = parsed.text
            if let conversion, parsed.amount != nil, parsed.ingredient != nil {
                parsed = MeasureConversion.convert(parsed, to: conversion.units, servings: conversion.servings)
                text = strings.line(
                    parsed, measure: MeasureText.text(amount: parsed.amount, unit: parsed.unit, strings: strings),
                    canonical: line.ingredient?.name)
            } else if strings.language != .english {
                // Another language: the line is written again from its parts, through the tables.
                let measure =
                    parsed.ingredient != nil && parsed.amount != nil
                    ? MeasureText.text(amount: parsed.amount, unit: parsed.unit, strings: strings) : nil
                text = strings.line(parsed, measure: measure, canonical: line.ingredient?.name)
            }
            amount = parsed.amount?.value
            amountMax = parsed.amount?.upperValue
            unit = parsed.unit?.rawValue
            ingredient = line.ingredient?.name ?? line.parsed.ingredient
            note = line.parsed.note
        }
    }

    /// Another balance of the drink, beside its recipe.
    public struct Variant: Codable, Sendable, Equatable {
        public var name: String
        @Nullable public var description: String?
        public var ingredients: [Line]
    }

    public var id: String
    public var name: String
    public var kind: CocktailKind
    public var shortDescription: String
    public var longDescription: String
    public var preparationMinutes: Int
    /// Whether `preparationMinutes` is our estimate rather than the source's figure.
    public var preparationEstimated: Bool
    public var imageURL: String
    /// An http(s) URL of a video of the drink being made.
    @Nullable public var video: String?
    /// Who made the photo, or its licence, as the source credits it.
    @Nullable public var imageAttribution: String?
    /// Where the recipe was taken from, and who wrote it there.
    @Nullable public var recipeSource: String?
    @Nullable public var recipeAuthor: String?
    public var ingredients: [Line]
    /// Other balances of the drink (the house's everyday version of an IBA drink), never instead
    /// of `ingredients`.
    public var variants: [Variant]
    @Nullable public var glass: String?
    @Nullable public var category: String?
    @Nullable public var method: String?
    public var instructions: [String]
    @Nullable public var garnish: String?
    public var tags: [String]
    @Nullable public var iba: String?
    /// The estimated ABV in percent, to one decimal; `nil` while `abvUnknownFor` names lines.
    @Nullable public var abv: Double?
    /// The ingredients of poured lines whose strength the book does not know.
    public var abvUnknownFor: [String] = []
    @Nullable public var dateModified: String?
    /// `Today`, `This week`, `This month`, `This year` or `N years ago`.
    @Nullable public var lastModifiedLabel: String?
    public var isFavorite: Bool
    /// For a drink written in the book: its version (what `If-Match` names), the drink it adapts
    /// and its author; whether the caller may change it.
    @Nullable public var version: Int?
    @Nullable public var basedOn: String?
    @Nullable public var author: String?
    public var editable = false
    /// The book's adaptations of this drink.
    public var adaptations: [Adaptation] = []
    /// The caller's own note, rating and record of making it, and the book's average rating.
    @Nullable public var note: String?
    @Nullable public var rating: Rating?
    @Nullable public var made: Made?

    public struct Adaptation: Codable, Sendable, Equatable {
        public var id: String
        public var name: String
    }

    public struct Rating: Codable, Sendable, Equatable {
        /// The members' average, to one decimal, and how many rated it.
        @Nullable public var average: Double?
        public var count: Int
        /// The caller's own, 1–5.
        @Nullable public var mine: Int?
    }

    public struct Made: Codable, Sendable, Equatable {
        public var count: Int
        @Nullable public var last: Date?
        public var entries: [MadeEntry]
    }

    /// The payload of `details`, in `language`, with its measures converted when `conversion`
    /// is given (`?units=ml&servings=4`).
    public init(
        _ details: CocktailDetails, now: Date, calendar: Calendar = .labels(for: .catalogDefault),
        language: Language = .english,
        conversion: (units: Settings.Units, servings: Int)? = nil
    ) {
        let cocktail = details.cocktail
        let texts = cocktail.texts(in: language)
        id = cocktail.id
        name = cocktail.name
        kind = cocktail.kind
        shortDescription = texts.shortDescription
        longDescription = texts.longDescription
        preparationMinutes = cocktail.preparationMinutes
        preparationEstimated = cocktail.preparationEstimated ?? false
        imageURL = CocktailImage.url(for: cocktail)
        video = cocktail.video
        imageAttribution = cocktail.imageAttribution
        recipeSource = cocktail.recipeSource
        recipeAuthor = cocktail.recipeAuthor
        let strings = UIStrings.of(language)
        ingredients = details.lines.map { Line($0, conversion: conversion, strings: strings) }
        variants = zip(texts.variants ?? [], details.variantLines).map { words, lines in
            Variant(
                name: words.name, description: words.description,
                ingredients: lines.map { Line($0, conversion: conversion, strings: strings) })
        }
        glass = cocktail.glass?.rawValue
        category = cocktail.category?.rawValue
        method = cocktail.method?.rawValue
        instructions = texts.instructions ?? []
        garnish = texts.garnish
        tags = cocktail.tags ?? []
        iba = cocktail.iba
        abv = details.abv.map { ($0 * 10).rounded() / 10 }
        abvUnknownFor = details.unknownStrengths
        dateModified = cocktail.dateModified
        lastModifiedLabel = details.lastModifiedLabel(now: now, calendar: calendar, strings: strings)
        isFavorite = details.isFavorite
    }
}

/// `GET /api/v1/catalog`: where the catalog stands.
public struct CatalogStatusPayload: Codable, Sendable, Equatable {
    public var state: CatalogStatus.State
    public var count: Int
    @Nullable public var message: String?
    @Nullable public var updatedAt: Date?
    public var refreshing: Bool

    public init(_ status: CatalogStatus) {
        state = status.state
        count = status.count
        message = status.message
        updatedAt = status.updatedAt
        refreshing = status.isRefreshing
    }
}
