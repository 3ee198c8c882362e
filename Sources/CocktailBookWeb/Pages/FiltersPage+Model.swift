import CocktailBook

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
    }

    struct Group: Sendable {
        var name: String
        var legend: String
        var options: [Option]
    }

    var groups: [Group]
    var ingredients: [Option]
    var message: String?

    init(facets: Facets, query: CocktailQuery = CocktailQuery(), message: String? = nil) {
        func options(_ name: String, _ values: [Facets.Value], label: (String) -> String, checked: (String) -> Bool) -> [Option] {
            values.enumerated().map { index, value in
                Option(id: "\(name)-\(index)", value: value.value, label: label(value.value), count: value.count, isChecked: checked(value.value))
            }
        }
        let kindLabel = { (raw: String) in CocktailKind(rawValue: raw) == .nonAlcoholic ? "Non-alcoholic" : "Alcoholic" }
        groups = [
            Group(name: "filter", legend: "Alcoholic type", options: options("filter", facets.kinds, label: kindLabel) { query.kind.rawValue == $0 }),
            Group(name: "category", legend: "Category", options: options("category", facets.categories, label: { $0 }) { query.category == $0 }),
            Group(name: "glass", legend: "Glass", options: options("glass", facets.glasses, label: GlassName.display) { query.glass == $0 }),
        ]
        ingredients = options("ingredient", facets.ingredients, label: { $0 }) { query.ingredients.contains($0) }
        self.message = message
    }
}

/// The results screen: how many cocktails match the chosen filters, with a picture, the name and
/// the ingredients of each.
struct ResultsPage: PageModel {
    static let template = "results"
    let catalogState = "ready"

    struct Row: Sendable {
        var name: String
        var href: String
        var imageURL: String
        var ingredients: String
        var isFavorite: Bool
    }

    var countText: String
    var summary: String
    var rows: [Row]
    var hasRows: Bool
    var nextPageHref: String?

    init(query: CocktailQuery, page: CocktailPage, table: IngredientTable) {
        countText = page.total == 1 ? "1 result" : "\(page.total) results"
        summary = [
            query.kind == .all ? nil : query.kind.label, query.category, query.glass.map(GlassName.display),
        ].compactMap { $0 }.joined(separator: " · ") + (query.ingredients.isEmpty ? "" : (query.kind != .all || query.category != nil || query.glass != nil ? " · " : "") + "with " + query.ingredients.joined(separator: ", "))
        let origin = ListOrigin.results(path: "/results" + QueryParameters.string(for: query, page: 1))
        rows = page.items.map { item in
            let names = item.cocktail.recipe.compactMap { table.ingredient(for: $0)?.name ?? $0.ingredient }
            return Row(
                name: item.cocktail.name, href: origin.detailsPath(for: item.cocktail.id), imageURL: CocktailImage.url(for: item.cocktail),
                ingredients: names.joined(separator: ", "), isFavorite: item.isFavorite
            )
        }
        hasRows = !rows.isEmpty
        nextPageHref = page.nextPage.map { "/results" + QueryParameters.string(for: query, page: $0) }
    }
}
