import CocktailsAPI
import Foundation

/// One recipe as another app keeps it (Bar Assistant, Mealie, Tandoor, Paprika, Nextcloud
/// Cookbook, a spreadsheet), read into plain texts before it becomes a drink of the book. Lines
/// are written as a person would type them (`45 ml white rum`), so that they go through the same
/// parser and the same guesses as a recipe page.
public struct ForeignRecipe: Sendable, Equatable {
    /// The recipe's name.
    public var name: String
    /// Its description, plain text.
    public var description = ""
    /// The ingredient lines, in order.
    public var ingredients: [String] = []
    /// The steps, in order.
    public var steps: [String] = []
    /// The glass, as the app names it (`Highball`).
    public var glass = ""
    /// The method, as the app names it (`Shake`).
    public var method = ""
    /// The garnish, when the app keeps it apart from the lines.
    public var garnish = ""
    /// Tags and keywords.
    public var tags: [String] = []
    /// Categories ("Cocktails", "Dinner"): they tell a drink from a dinner, and become tags only
    /// when they say more than that.
    public var categories: [String] = []
    /// How many it makes, as written.
    public var yield = ""
    /// The address the recipe came from, when the app kept it.
    public var source = ""
    /// Who wrote it, when the app says.
    public var author = ""
    /// The photo's bytes, when the file carries it (they are checked and cleaned before use).
    public var photo: Data?
    /// The photo's address, when the app only names one (downloaded like an import's pictures).
    public var photoAddress: String?

    /// A recipe named `name`.
    public init(name: String) {
        self.name = name
    }

    /// Whether it reads as a drink: a line names a spirit, liqueur, wine, beer, bitters or mixer
    /// the book knows, or a tag or category says cocktail or drink. General recipe apps hold
    /// dinners too; only these are offered from them unless the person asks for every recipe.
    public var looksLikeCocktail: Bool {
        let words = (tags + categories).map { $0.lowercased().trimmingCharacters(in: .whitespaces) }
        if words.contains(where: RecipeGuesses.drinkWords.contains) { return true }
        let drinkKinds: Set<Ingredient.Kind> = [.spirit, .liqueur, .fortifiedWine, .wine, .beer, .bitters, .mixer]
        return ingredients.contains { text in
            let line = IngredientParser.parse(text)
            guard let ingredient = RecipeGuesses.table.ingredient(for: line) else { return false }
            return drinkKinds.contains(ingredient.kind)
        }
    }

    /// The editor's draft of it: lines parsed into amount, unit and ingredient, the kind, method,
    /// glass and garnish guessed where the app did not say, and the source kept as the drink's
    /// source address.
    public func draft() -> RecipeDraft {
        var page = PageRecipe()
        page.name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        page.description = description
        page.ingredients = ingredients.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
        page.steps = steps.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
        page.yield = yield
        page.categories = categories
        page.keywords = tags
        page.author = author.trimmingCharacters(in: .whitespacesAndNewlines)
        let base = URL(string: SafeLink.web(source) ?? "") ?? URL(string: "about:blank")!
        var draft = RecipePageReader.draft(from: page, baseURL: base)
        if let glass = Glass(named: glass) { draft.glass = glass.rawValue }
        if let method = MixingMethod(named: method) ?? RecipeGuesses.method(in: method) {
            draft.method = method.rawValue
        }
        let garnish = garnish.trimmingCharacters(in: .whitespacesAndNewlines)
        if !garnish.isEmpty { draft.garnish = RecipeText.clipped(garnish, to: RecipeDraft.maximumShortLength) }
        draft.imageSource = photo != nil || photoAddress != nil ? SafeLink.web(source) : nil
        return draft
    }
}

/// The recipes read from one file, and what was passed over in it.
public struct ForeignBook: Sendable, Equatable {
    /// The app the file came from.
    public var format: BookFormat
    /// The recipes, in the file's order.
    public var recipes: [ForeignRecipe]
    /// One reason per entry that could not be read.
    public var skipped: [String] = []

    /// A book of `recipes` read as `format`.
    public init(format: BookFormat, recipes: [ForeignRecipe], skipped: [String] = []) {
        self.format = format
        self.recipes = recipes
        self.skipped = skipped
    }
}

extension ForeignBook {
    /// A recipe ready to store: the drink, and its photo's bytes when the file carried one.
    public struct Drink: Sendable, Equatable {
        /// The drink, its id namespaced by the import's origin.
        public var cocktail: Cocktail
        /// The photo, not yet checked or cleaned.
        public var photo: Data?
    }

    /// The drinks of the book's recipes, ids derived from their names and namespaced by `origin`
    /// (so that importing the same file again updates them). From an app that holds dinners too,
    /// only recipes that read as drinks are kept unless `everyRecipe`.
    ///
    /// - Returns: the drinks, and one line per recipe passed over with why.
    public func drinks(origin: String, at date: Date, everyRecipe: Bool = false) -> (
        drinks: [Drink], passedOver: [String]
    ) {
        var drinks: [Drink] = []
        var passedOver = skipped
        var used: Set<String> = []
        for recipe in recipes {
            if format.holdsDinnersToo, !everyRecipe, !recipe.looksLikeCocktail {
                passedOver.append("\(recipe.name): not a drink (no spirit, liqueur, wine or mixer, no cocktail tag)")
                continue
            }
            var draft = recipe.draft()
            draft.imageURL = recipe.photoAddress
            var slug = Self.slug(recipe.name)
            if !used.insert(slug).inserted {
                var number = 2
                while !used.insert("\(slug)-\(number)").inserted { number += 1 }
                slug = "\(slug)-\(number)"
            }
            let id = CatalogImport.namespacedID(slug, origin: origin)
            guard let cocktail = draft.cocktail(id: id, author: nil, dateModified: date)
            else {
                let problem = draft.problems().first.map { "\($0.field): \($0.message)" } ?? "not readable"
                passedOver.append("\(recipe.name.isEmpty ? "a recipe without a name" : recipe.name): \(problem)")
                continue
            }
            drinks.append(Drink(cocktail: cocktail, photo: recipe.photo))
        }
        return (drinks, passedOver)
    }

    /// `Paper Plane` → `paper-plane`: ASCII letters and digits, at most 40.
    public static func slug(_ name: String) -> String {
        let folded = name.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: Locale(identifier: "en"))
        var slug = ""
        for scalar in folded.unicodeScalars {
            if scalar.isASCII, CharacterSet.alphanumerics.contains(scalar) {
                slug.unicodeScalars.append(scalar)
            } else if !slug.isEmpty, slug.last != "-" {
                slug += "-"
            }
        }
        let trimmed = String(slug.prefix(40)).trimmingCharacters(in: CharacterSet(charactersIn: "-"))
        return trimmed.isEmpty ? "recipe" : trimmed
    }
}
