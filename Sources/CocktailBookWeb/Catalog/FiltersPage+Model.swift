import CocktailBook
import CocktailBookApp
import CocktailsAPI
import Foundation

/// The filter screen: one value per group (kind, category, glass) and any number of ingredients,
/// submitted to the results screen.
struct FiltersPage: PageModel {
    static let template = "filters"
    let catalogState = "ready"

    struct Option: Sendable {
        var id: String
        var value: String
        var label: String
        var count: Int
        var isChecked: Bool
        /// A choice that would lead to no drink at all, given the others.
        var isDisabled = false
    }

    struct Group: Sendable {
        var name: String
        var legend: String
        var options: [Option]
        /// The group's "Any" choice, which clears it alone.
        var anyId: String
        var anyLabel: String
        var anyChecked: Bool
    }

    var groups: [Group]
    var ingredients: [Option]
    /// The ingredients no drink left by the other choices has: folded away, not a wall of 0s.
    var impossibleIngredients: [Option] = []
    var hasIngredients: Bool
    var clearIngredientsHref: String
    var message: String?

    init(
        facets: Facets, query: CocktailQuery = CocktailQuery(), message: String? = nil,
        bar: (now: Int, withStandIn: Int, oneAway: Int)? = nil, personal: (view: PersonalView, now: Date)? = nil,
        strings: UIStrings = .english
    ) {
        func options(_ name: String, _ values: [Facets.Value], label: (String) -> String, checked: (String) -> Bool)
            -> [Option]
        {
            values.enumerated().map { index, value in
                Option(
                    id: "\(name)-\(index)", value: value.value, label: label(value.value), count: value.count,
                    isChecked: checked(value.value),
                    isDisabled: value.count == 0 && !checked(value.value))
            }
        }
        let kindLabel = { (raw: String) in
            CocktailKind(rawValue: raw) == .nonAlcoholic
                ? strings["filters_kind_non_alcoholic"] : strings["filters_kind_alcoholic"]
        }
        groups = [
            Group(
                name: "filter", legend: strings["filters_kind"],
                options: options("filter", facets.kinds, label: kindLabel) { query.kind.rawValue == $0 },
                anyId: "filter-any", anyLabel: strings["filters_any"], anyChecked: query.kind == .all),
            Group(
                name: "category", legend: strings["filters_category"],
                options: options(
                    "category", facets.categories, label: { DrinkCategory(named: $0).map(strings.category) ?? $0 }
                ) {
                    query.category?.rawValue == $0
                },
                anyId: "category-any", anyLabel: strings["filters_any"], anyChecked: query.category == nil),
            Group(
                name: "glass", legend: strings["filters_glass"],
                options: options("glass", facets.glasses, label: { Glass(named: $0).map(strings.glass) ?? $0 }) {
                    query.glass?.rawValue == $0
                },
                anyId: "glass-any", anyLabel: strings["filters_any"], anyChecked: query.glass == nil),
        ]
        // In the order of the names shown (assenzio, not absinthe, comes first in Italian).
        ingredients = options("ingredient", facets.ingredients, label: strings.ingredient) {
            query.ingredients.contains($0)
        }.sorted {
            $0.label.compare($1.label, options: [.caseInsensitive, .diacriticInsensitive], locale: strings.locale)
                == .orderedAscending
        }
        impossibleIngredients = ingredients.filter(\.isDisabled)
        ingredients.removeAll(where: \.isDisabled)
        hasIngredients = !query.ingredients.isEmpty
        var withoutIngredients = query
        withoutIngredients.ingredients = []
        clearIngredientsHref = "/filters" + QueryParameters.string(for: withoutIngredients, page: 1, includeText: false)
        if let bar {
            let values = [
                Facets.Value(value: CocktailQuery.Makeable.now.rawValue, count: bar.now),
                Facets.Value(value: CocktailQuery.Makeable.withStandIn.rawValue, count: bar.withStandIn),
                Facets.Value(value: CocktailQuery.Makeable.oneAway.rawValue, count: bar.oneAway),
            ]
            groups.append(
                Group(
                    name: "makeable", legend: strings["filters_bar"],
                    options: options(
                        "makeable", values, label: { CocktailQuery.Makeable(rawValue: $0)?.title(strings) ?? $0 }
                    ) { query.makeable?.rawValue == $0 },
                    anyId: "makeable-any", anyLabel: strings["filters_any"], anyChecked: query.makeable == nil
                ))
        }
        if let personal {
            // Counted over the whole book: what the person made is theirs, not the filters'.
            let total = facets.kinds.reduce(0) { $0 + $1.count }
            let recent = personal.now.addingTimeInterval(-Double(CocktailQuery.recentDays) * 86_400)
            let madeRecently = personal.view.made.values.filter { $0.last >= recent }.count
            let values = [
                Facets.Value(value: CocktailQuery.Made.never.rawValue, count: max(0, total - personal.view.made.count)),
                Facets.Value(value: CocktailQuery.Made.recently.rawValue, count: madeRecently),
            ]
            groups.append(
                Group(
                    name: "made", legend: strings["filters_made"],
                    options: options(
                        "made", values,
                        label: { $0 == "never" ? strings["filters_made_never"] : strings["filters_made_recently"] }
                    ) { query.made?.rawValue == $0 },
                    anyId: "made-any", anyLabel: strings["filters_any"], anyChecked: query.made == nil))
            groups.append(
                Group(
                    name: "rated", legend: strings["filters_rated"],
                    options: options(
                        "rated", [Facets.Value(value: "yes", count: personal.view.ratings.count)],
                        label: { _ in strings["filters_rated_yes"] }
                    ) { query.rated && $0 == "yes" },
                    anyId: "rated-any", anyLabel: strings["filters_any"], anyChecked: !query.rated))
            groups.append(
                Group(
                    name: "sort", legend: strings["filters_sort"],
                    options: options(
                        "sort", [Facets.Value(value: "rating", count: personal.view.ratings.count)],
                        label: { _ in strings["filters_sort_rating"] }
                    ) { query.sort.rawValue == $0 },
                    anyId: "sort-any", anyLabel: strings["filters_sort_name"], anyChecked: query.sort == .name))
        }
        self.message = message
    }
}

/// The results screen: how many cocktails match the chosen filters, with a picture, the name and
/// the ingredients of each.
struct ResultsPage: PageModel {
    static let template = "results"
    let catalogState = "ready"

    struct Row: Sendable {
        var id: String
        var name: String
        var href: String
        var imageURL: String
        var ingredients: String
        var isFavorite: Bool
        /// The book's average stars and how many rated it, on a list about ratings.
        var rating: String?
        var ratingLabel: String?
    }

    var countText: String
    var summary: String
    var rows: [Row]
    var nextPageHref: String?
    /// The filter screen with the current choices, to change them.
    var changeFiltersHref: String
    /// The results' own address (first page), where an add to a list comes back.
    var returnPath: String
    /// Ticks beside the drinks and "Add to a list", for someone with lists.
    var picker: ListPicker?
    var hasPicker = false

    init(
        query: CocktailQuery, page: CocktailPage, table: IngredientTable, ratings: [String: RatingSummary] = [:],
        strings: UIStrings = .english
    ) {
        countText = strings.count("search_results", page.total)
        let ingredientsText =
            query.ingredients.isEmpty
            ? nil
            : strings(
                "results_with", ["ingredients": query.ingredients.map(strings.ingredient).joined(separator: ", ")])
        let makeableText = query.makeable.map { $0.title(strings) }
        let madeText = query.made.map {
            $0 == .never ? strings["filters_made_never"] : strings["filters_made_recently"]
        }
        summary = [
            query.kind == .all ? nil : query.kind.label(strings), query.category.map(strings.category),
            query.glass.map(strings.glass), ingredientsText, query.tag.map { "#" + strings.tag($0) }, makeableText,
            madeText, query.rated ? strings["filters_rated_yes"] : nil,
            query.sort == .rating ? strings["filters_sort_rating"] : nil,
        ].compactMap { $0 }.joined(separator: " · ")
        changeFiltersHref = "/filters" + QueryParameters.string(for: query, page: 1)
        returnPath = "/results" + QueryParameters.string(for: query, page: query.page)
        let origin = ListOrigin.results(path: "/results" + QueryParameters.string(for: query, page: 1))
        rows = page.items.map { item in
            let names = item.cocktail.recipe.compactMap {
                (table.ingredient(for: $0)?.name ?? $0.ingredient).map(strings.ingredient)
            }
            let rating = RowRating(query.showsRatings ? ratings[item.cocktail.id] : nil, strings: strings)
            return Row(
                id: item.cocktail.id, name: item.cocktail.name, href: origin.detailsPath(for: item.cocktail.id),
                imageURL: CocktailImage.thumbnailURL(for: item.cocktail),
                ingredients: names.joined(separator: ", "), isFavorite: item.isFavorite,
                rating: rating?.text, ratingLabel: rating?.label
            )
        }
        nextPageHref = page.nextPage.map { "/results" + QueryParameters.string(for: query, page: $0) }
    }
}

/// A row's stars on a list about ratings (sorted by them, or only the rated): the book's average,
/// and the same said in words for a screen reader.
struct RowRating: Sendable {
    var text: String
    var label: String

    init?(_ summary: RatingSummary?, strings: UIStrings) {
        guard let summary else { return nil }
        let average = strings.decimal(summary.average)
        text = strings("results_rating", ["average": average])
        label = strings.count("results_rating_label", summary.count, ["average": average])
    }
}
