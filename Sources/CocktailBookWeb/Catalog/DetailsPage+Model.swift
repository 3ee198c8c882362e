import CocktailBook
import CocktailBookApp
import CocktailsAPI
import Foundation

/// The details screen of one cocktail.
struct DetailsPage: PageModel {
    static let template = "cocktail"
    let catalogState = "ready"

    var name: String
    var preparationTime: String
    var imageURL: String
    var imageAlt: String
    /// The picture's credit, shown under it as `Picture: …`.
    var imageAttribution: String?
    /// An http(s) URL of a video of the drink being made.
    var video: String?
    /// `From example.com, by Jane Doe`, linking to the recipe's page, for a recipe taken from
    /// a page or another app.
    var recipeCredit: RecipeCredit?

    struct RecipeCredit: Sendable {
        var text: String
        var href: String?
    }
    var longDescription: String
    var ingredients: [Ingredient]
    /// `As the IBA specifies it`, over the recipe of an IBA drink.
    var specNote: String?
    /// Other balances of the drink, each with its own lines, after the recipe.
    var variants: [Variant]
    var abvText: String?
    /// `2.6 standard drinks`: the alcohol in one serving, beside its strength.
    var standardDrinksText: String?
    var facts: [Fact]
    var instructions: [String]
    var tags: [Tag]
    /// A tag, linking to the drinks that carry it.
    struct Tag {
        var name: String
        var href: String
    }
    var isFavorite: Bool
    var nextFavoriteValue: Bool
    var favoriteAction: String
    var favoriteAPI: String
    var from: String
    var back: String?
    var backHref: String
    var backTitle: String
    var lastModified: String?
    var lastModifiedText: String?
    var pictureCredit: String?
    /// How many drinks the recipe is shown for, with links one fewer and one more.
    var servingsText: String
    var fewerServings: String?
    var moreServings: String?
    /// The most servings the stepper goes to, for its script.
    let servingsMax = Settings.servingsRange.upperBound
    var fewerValue: Int
    var moreValue: Int
    /// `Total ≈ 90 ml` of measured liquids, in the chosen units.
    var totalVolume: String?
    /// The page's link preview: its own address and picture, absolute.
    struct Preview: Sendable {
        var url: String
        var image: String
    }
    var preview: Preview?
    /// The drink as a schema.org `Recipe`, for the page's head (already safe inside a script).
    var jsonLD: String?
    /// The drink as a file: Markdown to read, the book's import JSON to take elsewhere.
    var exportMarkdown = ""
    var exportJSON = ""
    /// The one-line description, for link previews and the share sheet.
    var shortDescription = ""

    /// The book's buttons, links and the viewer's own rating, note and drinks made.
    var book: DetailsBook?

    /// What the viewer's bar says about this drink, once they have a shelf.
    var barNote: String?
    var barMissing = false
    var cocktailId = ""

    /// Adds the bar's line: everything at hand, or what is not on the shelf.
    mutating func showBar(missing: [String], cocktailId: String, strings: UIStrings) {
        self.cocktailId = cocktailId
        barMissing = !missing.isEmpty
        barNote =
            missing.isEmpty
            ? strings["details_bar_ready"]
            : strings("details_bar_missing", ["names": missing.map(strings.ingredient).joined(separator: ", ")])
    }

    struct Ingredient: Sendable {
        var measure: String?
        /// Italian's `di` or `d'` between the measure and the name.
        var link: String?
        var name: String
        var note: String?
    }

    struct Variant: Sendable {
        var name: String
        var description: String?
        var ingredients: [Ingredient]
    }

    struct Fact: Sendable {
        var label: String
        var value: String
    }

    init(
        details: CocktailDetails, origin: ListOrigin, lastModified: String?, settings: Settings = Settings(),
        strings: UIStrings = .english
    ) {
        let item = CocktailList.Item(cocktail: details.cocktail, isFavorite: details.isFavorite)
        let cocktail = item.cocktail
        let texts = cocktail.texts(in: strings.language)
        name = cocktail.name
        preparationTime = cocktail.preparationTimeText(strings)
        imageURL = CocktailImage.url(for: cocktail)
        imageAlt = CocktailImage.altText(for: cocktail, strings: strings)
        imageAttribution = cocktail.imageAttribution.flatMap {
            $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : $0
        }
        pictureCredit = imageAttribution.map { strings("details_picture_credit", ["credit": $0]) }
        video = cocktail.video.flatMap(Self.webURL)
        recipeCredit = Self.recipeCredit(of: cocktail, strings: strings)
        longDescription = texts.longDescription
        shortDescription = texts.shortDescription
        ingredients = Self.rows(details.lines, settings: settings, strings: strings)
        specNote = cocktail.iba == nil ? nil : strings["details_iba_spec"]
        variants = zip(texts.variants ?? [], details.variantLines).map { words, lines in
            Variant(
                name: words.name, description: words.description,
                ingredients: Self.rows(lines, settings: settings, strings: strings))
        }
        let servings = settings.servings
        servingsText = strings.count("details_servings_count", servings)
        let path = origin.detailsPath(for: cocktail.id)
        let link = { (count: Int) in path + (path.contains("?") ? "&" : "?") + "servings=\(count)" }
        fewerValue = servings - 1
        moreValue = servings + 1
        fewerServings = servings > Settings.servingsRange.lowerBound ? link(servings - 1) : nil
        moreServings = servings < Settings.servingsRange.upperBound ? link(servings + 1) : nil
        totalVolume = MeasureConversion.totalVolume(
            of: details.lines.map(\.parsed), in: settings.units, servings: servings
        ).map { total in
            strings(
                "details_total",
                [
                    "volume": strings.localizingNumbers(
                        in: MeasureText.text(
                            amount: .init(total), unit: MeasureUnit(rawValue: settings.units.rawValue), strings: strings
                        ) ?? "")
                ])
        }
        abvText = details.abvText(strings).map(strings.localizingNumbers)
        standardDrinksText = details.standardDrinksText(strings)
        facts = [
            cocktail.glass.map { Fact(label: strings["details_glass"], value: strings.glass($0)) },
            cocktail.method.map { Fact(label: strings["details_method"], value: strings.method($0)) },
            texts.garnish.flatMap { $0.isEmpty ? nil : Fact(label: strings["details_garnish"], value: $0) },
            cocktail.category.map { Fact(label: strings["details_style"], value: strings.category($0)) },
            cocktail.iba.flatMap { IBAList.title($0, strings: strings) }.map {
                Fact(label: strings["details_iba"], value: $0)
            },
        ].compactMap { $0 }
        instructions = texts.instructions ?? []
        tags = (cocktail.tags ?? []).map { tag in
            var query = CocktailQuery()
            query.tag = tag
            return Tag(name: strings.tag(tag), href: "/results" + QueryParameters.string(for: query))
        }
        isFavorite = item.isFavorite
        nextFavoriteValue = !item.isFavorite
        favoriteAction = "/cocktails/\(cocktail.id)/favorite"
        favoriteAPI = "/api/v1/favorites/\(cocktail.id)"
        from = origin.filter.rawValue
        back = origin.backPath.isEmpty ? nil : origin.backPath
        backHref = origin.href
        backTitle = origin.title(strings)
        self.lastModified = lastModified
        // Inside a sentence the label is lower case: "Last modified this year", "Modificato oggi".
        lastModifiedText = lastModified.map {
            strings("details_last_modified", ["label": $0.prefix(1).lowercased() + $0.dropFirst()])
        }
    }
}

extension DetailsPage {
    /// Recipe lines as the screen lists them: converted to the chosen units, scaled for the
    /// servings and named in the page's language.
    static func rows(_ lines: [CocktailDetails.Line], settings: Settings, strings: UIStrings) -> [Ingredient] {
        lines.map { line in
            // A line the parser could not split still shows exactly as written.
            // A top-up says so once: "Soda water, to top", never "Top up Soda water, to top".
            if line.parsed.unit == .top, line.parsed.amount == nil, line.parsed.ingredient != nil {
                let words = strings.words(for: line.parsed, measure: nil, canonical: line.ingredient?.name)
                return Ingredient(
                    measure: nil, link: words.link.isEmpty ? nil : words.link, name: words.name, note: words.note)
            }
            guard line.parsed.ingredient != nil, line.measure != nil else {
                // A line without a measure ("Soda water, to top") is a name the table may know.
                let words = strings.words(for: line.parsed, measure: nil, canonical: line.ingredient?.name)
                let text = strings.language == .english ? line.parsed.text : words.text
                return Ingredient(measure: nil, link: nil, name: text, note: nil)
            }
            let shown = MeasureConversion.convert(line.parsed, to: settings.units, servings: settings.servings)
            let words = strings.words(
                for: shown, measure: MeasureText.text(amount: shown.amount, unit: shown.unit, strings: strings),
                canonical: line.ingredient?.name)
            return Ingredient(
                measure: words.measure, link: words.link.isEmpty ? nil : words.link, name: words.name,
                note: words.note)
        }
    }

    /// `text` when it is an http(s) URL: anything else (`javascript:`…) is never linked.
    static func webURL(_ text: String) -> String? {
        let lowered = text.lowercased()
        return lowered.hasPrefix("https://") || lowered.hasPrefix("http://") ? text : nil
    }
}

/// The IBA's names for its three lists.
enum IBAList {
    static func title(_ id: String, strings: UIStrings = .english) -> String? {
        switch id {
        case "unforgettables", "contemporary-classics", "new-era":
            strings["iba_" + id.replacingOccurrences(of: "-", with: "_")]
        default: nil
        }
    }
}

extension DetailsPage {
    /// `From example.com, by Jane Doe` (the site is the address's host, without `www.`), `From
    /// example.com`, `By Jane Doe`, or nothing when the drink names neither.
    static func recipeCredit(of cocktail: Cocktail, strings: UIStrings) -> RecipeCredit? {
        let href = cocktail.recipeSource.flatMap(webURL)
        let site = href.flatMap { URL(string: $0)?.host() }.map { $0.hasPrefix("www.") ? String($0.dropFirst(4)) : $0 }
        let author = cocktail.recipeAuthor?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let text: String
        switch (site, author.isEmpty) {
        case (let site?, false): text = strings("details_recipe_from_by", ["site": site, "author": author])
        case (let site?, true): text = strings("details_recipe_from", ["site": site])
        case (nil, false): text = strings("details_recipe_by", ["author": author])
        case (nil, true): return nil
        }
        return RecipeCredit(text: text, href: href)
    }
}
