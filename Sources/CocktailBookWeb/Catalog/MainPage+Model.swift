import CocktailBook
import CocktailBookApp

/// The main screen (`/`) and the search screen (`/search`): a filtered list or search results with
/// a search field, or the loading or failure state while there is no catalog.
struct MainPage: PageModel {
    static let template = "main"

    struct Segment: Sendable {
        var label: String
        var href: String
        var isCurrent: Bool
    }

    struct Row: Sendable {
        var id: String
        var name: String
        var shortDescription: String
        var href: String
        var isFavorite: Bool
        /// For `?makeable=`: what is missing, and how the shelf covers the rest.
        var barNote: String? = nil
        /// The picture and the main ingredients, shown beside the name on wide screens.
        var imageURL: String = ""
        var ingredients: String = ""
        /// The book's stars, when the list is sorted by them or shows only rated drinks.
        var rating: RowRating? = nil
    }

    var title: String
    var segments: [Segment]
    var searchText: String
    var filterValue: String?
    var rows: [Row] = []
    var catalogState: String
    var refreshNotice: String?
    var failureMessage: String?
    var noMatches: String?
    /// "Did you mean": the drinks whose names are nearest to words that found nothing.
    var didYouMean: String?
    var suggestions: [Suggestion] = []

    struct Suggestion: Sendable {
        var name: String
        var href: String
        /// Followed by a comma (all but the last).
        var more = true
    }
    var clearSearchHref: String
    var resultCount: String?
    var nextPageHref: String?
    /// Without script, a later page links back to the one before and says which rows it shows.
    var previousPageHref: String?
    var rangeText: String?
    var returnPath: String
    /// On search results, ticks beside the drinks and "Add to a list", for someone with lists.
    var picker: ListPicker?
    var hasPicker = false
    /// Feeling lucky, within the list on screen.
    var luckyHref: String
    // Templates see stored properties only, so the flags they branch on are stored too.
    var isReady: Bool
    var isLoading: Bool
    var isFailed: Bool

    private init(query: CocktailQuery, state: CatalogStatus.State, strings: UIStrings) {
        // While searching, the heading says what is searched, in the list the segments choose.
        let listTitle = query.makeable.map { $0.title(strings) } ?? query.kind.title(strings)
        title =
            query.text.isEmpty
            ? listTitle : strings("search_heading", ["text": query.text, "list": listTitle])
        searchText = query.text
        filterValue = query.kind == .all ? nil : query.kind.rawValue
        segments = CocktailFilter.allCases.map { kind in
            var target = query
            target.kind = kind
            target.page = 1
            return Segment(label: kind.label(strings), href: Self.path(for: target), isCurrent: kind == query.kind)
        }
        catalogState = state.rawValue
        isReady = state == .ready
        isLoading = state == .loading
        isFailed = state == .failed
        clearSearchHref = Self.path(for: CocktailQuery(kind: query.kind))
        returnPath = Self.path(for: query)
        luckyHref = query.kind == .all ? "/random" : "/random?filter=\(query.kind.rawValue)"
    }

    /// The list is available.
    init(
        query: CocktailQuery, page: CocktailPage, status: CatalogStatus, strings: UIStrings = .english,
        table: IngredientTable = IngredientTable([]), ratings: [String: RatingSummary] = [:]
    ) {
        self.init(query: query, state: .ready, strings: strings)
        let origin: ListOrigin = query.text.isEmpty ? .list(query.kind) : .search(path: Self.path(for: query, page: 1))
        rows = page.items.map { item in
            Row(
                id: item.cocktail.id, name: item.cocktail.name,
                shortDescription: item.cocktail.texts(in: strings.language).shortDescription,
                href: origin.detailsPath(for: item.cocktail.id), isFavorite: item.isFavorite,
                barNote: item.bar.map { entry in
                    (entry.missing.map { strings("bar_missing", ["name": strings.ingredient($0)]) }
                        + entry.matchedBy.map { BarPage.reason($0, strings: strings) })
                        .joined(separator: " · ")
                }.flatMap { $0.isEmpty ? nil : $0 },
                imageURL: CocktailImage.thumbnailURL(for: item.cocktail),
                ingredients: item.cocktail.recipe.prefix(4).compactMap {
                    (table.ingredient(for: $0)?.name ?? $0.ingredient).map(strings.ingredient)
                }.joined(separator: ", "),
                rating: RowRating(query.showsRatings ? ratings[item.cocktail.id] : nil, strings: strings)
            )
        }
        if !query.text.isEmpty {
            // Said once: a count above the drinks, or "No cocktails match…" alone.
            if page.total == 0 {
                noMatches = strings("search_no_matches", ["text": query.text])
                suggestions = page.suggestions.map { name in
                    var target = query
                    target.text = name
                    return Suggestion(name: name, href: Self.path(for: target, page: 1))
                }
                if !suggestions.isEmpty { suggestions[suggestions.count - 1].more = false }
                didYouMean = suggestions.isEmpty ? nil : strings["search_did_you_mean"]
            } else {
                resultCount = strings.count("search_results", page.total)
            }
        }
        nextPageHref = page.nextPage.map { Self.path(for: query, page: $0) }
        if query.page > 1 {
            previousPageHref = Self.path(for: query, page: query.page - 1)
            let first = (query.page - 1) * page.perPage + 1
            rangeText = strings(
                "list_range",
                ["from": String(first), "to": String(first + page.items.count - 1), "total": String(page.total)])
        }
        if status.lastRefreshFailed {
            refreshNotice = strings["list_refresh_failed"]
        }
    }

    /// No list yet: still loading, or failed with nothing cached.
    init(query: CocktailQuery, unavailable error: CatalogError, strings: UIStrings = .english) {
        if case .unavailable(let message) = error {
            self.init(query: query, state: .failed, strings: strings)
            failureMessage = message
        } else {
            self.init(query: query, state: .loading, strings: strings)
        }
    }

    /// Where the list for `filter` lives.
    static func path(for filter: CocktailFilter) -> String {
        filter == .all ? "/" : "/?filter=\(filter.rawValue)"
    }

    /// Where `query` is answered: the main screen without words, the search screen with them.
    static func path(for query: CocktailQuery, page: Int? = nil) -> String {
        (query.text.isEmpty ? "/" : "/search") + QueryParameters.string(for: query, page: page ?? query.page)
    }
}
