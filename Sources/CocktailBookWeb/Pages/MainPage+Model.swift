import CocktailBook

/// The main screen: a filtered list, or the loading or failure state while there is none.
struct MainPage: PageModel {
    static let template = "main"

    struct Segment: Sendable {
        var label: String
        var href: String
        var isCurrent: Bool
    }

    struct Row: Sendable {
        var name: String
        var shortDescription: String
        var href: String
        var isFavorite: Bool
    }

    var title: String
    var segments: [Segment]
    var rows: [Row] = []
    var catalogState: String
    var refreshNotice: String?
    var failureMessage: String?
    var returnPath: String
    // Templates see stored properties only, so the flags they branch on are stored too.
    var isReady: Bool
    var isLoading: Bool
    var isFailed: Bool
    var hasRows = false

    private init(filter: CocktailFilter, state: CatalogStatus.State) {
        title = filter.title
        segments = CocktailFilter.allCases.map { Segment(label: $0.label, href: Self.path(for: $0), isCurrent: $0 == filter) }
        catalogState = state.rawValue
        isReady = state == .ready
        isLoading = state == .loading
        isFailed = state == .failed
        returnPath = Self.path(for: filter)
    }

    /// The list is available.
    init(list: CocktailList, status: CatalogStatus) {
        self.init(filter: list.filter, state: .ready)
        rows = list.items.map { item in
            Row(
                name: item.cocktail.name, shortDescription: item.cocktail.shortDescription,
                href: CocktailPage.path(for: item.cocktail.id, from: list.filter), isFavorite: item.isFavorite
            )
        }
        hasRows = !rows.isEmpty
        if status.lastRefreshFailed {
            refreshNotice = "Couldn't refresh the cocktails; showing the saved list."
        }
    }

    /// No list yet: still loading, or failed with nothing cached.
    init(filter: CocktailFilter, unavailable error: CatalogError) {
        if case .unavailable(let message) = error {
            self.init(filter: filter, state: .failed)
            failureMessage = message
        } else {
            self.init(filter: filter, state: .loading)
        }
    }

    /// Where the list for `filter` lives.
    static func path(for filter: CocktailFilter) -> String {
        filter == .all ? "/" : "/?filter=\(filter.rawValue)"
    }
}
