import CocktailsAPI
import Foundation

/// What a person asks the catalog for: words to search, filters to narrow by, and a page.
///
/// Syntax (web and API): `?q=marg&filter=alcoholic&category=Sour&glass=coupe&ingredient=gin&ingredient=campari&page=2`.
/// `kind` is accepted as another name for `filter`; `ingredient` repeats and every one must be in
/// the drink. Ingredient values match the canonical table by whole words, so `gin` matches every gin.
public struct CocktailQuery: Sendable, Equatable {
    /// Words to search for; empty lists everything.
    public var text: String
    /// Alcoholic, non-alcoholic or all.
    public var kind: CocktailFilter
    /// A family such as `Sour`.
    public var category: DrinkCategory?
    /// A glass such as `coupe`.
    public var glass: Glass?
    /// Ingredients that must all be in the drink.
    public var ingredients: [String]
    /// A tag the drink must carry (`tag=smoky`), as the catalog writes it, in any case.
    public var tag: String?
    /// The page, from 1.
    public var page: Int
    /// Rows per page.
    public var perPage: Int
    /// Whether the answer is cut into pages; when `false` every match is on page 1.
    public var isPaged = true
    /// Only the drinks the asker's bar can make now, or those one ingredient away.
    public var makeable: Makeable?

    /// The order of a list without search words: by name (favorites first), or best rated first.
    public var sort: Sort = .name
    /// Only the drinks the asker never made, or made in the last ``recentDays`` days.
    public var made: Made?
    /// Only the drinks someone in the book rated (`rated=yes`).
    public var rated = false
    /// The language the answer is shown in: words are searched in the descriptions and the
    /// ingredient names that language's pages show. Not part of the query's address (the page's
    /// language is a setting of its own).
    public var language: Language = .english

    /// `sort=name` or `sort=rating`.
    public enum Sort: String, Sendable, Equatable, CaseIterable {
        case name
        case rating
    }

    /// `made=never` or `made=recently`.
    public enum Made: String, Sendable, Equatable, CaseIterable {
        case never
        case recently
    }

    /// What "recently" spans.
    public static let recentDays = 30

    /// `makeable=now` (every line covered exactly, by a family or by a form), `makeable=stand-in`
    /// (only with a stand-in that changes the drink, such as bourbon for rye whiskey) or
    /// `makeable=one-away`.
    public enum Makeable: String, Sendable, Equatable, CaseIterable {
        case now
        case withStandIn = "stand-in"
        case oneAway = "one-away"

        /// The list's title in `strings`' language.
        public func title(_ strings: UIStrings) -> String {
            switch self {
            case .now: strings["bar_can_make"]
            case .withStandIn: strings["bar_stand_in"]
            case .oneAway: strings["bar_one_away"]
            }
        }
    }

    /// The largest page size a caller may ask for.
    public static let maximumPerPage = 200
    /// The page size of the screens.
    public static let defaultPerPage = 50
    /// The most ingredients one query may require: a recipe has at most 15, so more could only
    /// make the query slower, never match anything new.
    public static let maximumIngredients = 15

    /// Creates a query; pages below 1 and sizes outside 1…200 are clamped.
    public init(
        text: String = "", kind: CocktailFilter = .all, category: DrinkCategory? = nil, glass: Glass? = nil,
        ingredients: [String] = [], page: Int = 1, perPage: Int = CocktailQuery.defaultPerPage
    ) {
        self.text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        self.kind = kind
        self.category = category
        self.glass = glass
        self.ingredients = ingredients.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        self.page = max(1, page)
        self.perPage = min(max(1, perPage), Self.maximumPerPage)
    }

    /// The same query answered on one page, whatever its length.
    public var unpaged: CocktailQuery {
        var query = self
        query.isPaged = false
        query.page = 1
        return query
    }

    /// Whether anything beyond the kind narrows the list.
    public var hasRefinements: Bool {
        category != nil || glass != nil || !ingredients.isEmpty || makeable != nil || made != nil || tag != nil
            || rated
    }

    /// Whether a list of this query is about ratings (sorted by them, or only rated drinks), so
    /// that each row shows its stars.
    public var showsRatings: Bool { sort == .rating || rated }

    /// Whether the query narrows the catalog at all.
    public var isEmpty: Bool { text.isEmpty && kind == .all && !hasRefinements }
}

/// One page of a query's answer.
public struct CocktailPage: Sendable, Equatable {
    /// The rows of this page, in order.
    public var items: [CocktailList.Item]
    /// How many cocktails match in all.
    public var total: Int
    /// This page's number.
    public var page: Int
    /// How many rows a page has.
    public var perPage: Int
    /// When words found nothing: the drinks whose names are nearest to them (``SearchIndex/nearestNames(to:limit:)``).
    public var suggestions: [String] = []

    /// The next page's number, if there are more rows.
    public var nextPage: Int? {
        let (shown, overflow) = page.multipliedReportingOverflow(by: perPage)
        return !overflow && shown < total ? page + 1 : nil
    }
}

extension String {
    /// Whether the words of `phrase` appear together, in order, among this text's words
    /// (`gin` in `London dry gin`, but not in `ginger beer`).
    func containsWords(of phrase: String) -> Bool {
        let words = SearchText.terms(self)
        let wanted = SearchText.terms(phrase)
        guard !wanted.isEmpty, wanted.count <= words.count else { return false }
        return (0...(words.count - wanted.count)).contains { Array(words[$0..<($0 + wanted.count)]) == wanted }
    }
}
