import CocktailsAPI
import Foundation

/// One version of the catalog with everything worked out from it once: the alphabetical order,
/// the search index and each cocktail's canonical ingredients. Queries read it without locks.
public struct CatalogSnapshot: Sendable {
    /// The cocktails in alphabetical order.
    public let catalog: AlphabeticalCatalog
    /// The search over them.
    public let index: SearchIndex
    /// Per position, the canonical names of the cocktail's ingredients (or the names as written).
    let ingredientNames: NameLists
    /// The recipes read for the bar: what each drink needs.
    public let bar: BarIndex

    /// Works out a snapshot of `catalog` with `table` (and the bar's house recipes, the bundled
    /// ones unless told).
    public init(catalog: AlphabeticalCatalog, table: IngredientTable, houseRecipes: HouseRecipes = .bundled) {
        self.catalog = catalog
        // The index reads every recipe line already; take the canonical names and the bar's
        // reading of each recipe from that pass.
        var builder: BarIndex.Builder? = BarIndex.Builder(table: table, capacity: catalog.cocktails.count)
        index = SearchIndex(catalog: catalog, table: table, bar: &builder)
        ingredientNames = index.ingredientNames
        bar = BarIndex(builder ?? BarIndex.Builder(table: table, capacity: 0), houseRecipes: houseRecipes)
    }

    private init(catalog: AlphabeticalCatalog, index: SearchIndex, bar: BarIndex) {
        self.catalog = catalog
        self.index = index
        ingredientNames = index.ingredientNames
        self.bar = bar
    }

    /// This snapshot with the drinks whose ids are in `removed` taken out and `inserted` put in:
    /// what saving, deleting or restoring a drink of the book does. The catalog is merged rather
    /// than sorted, the search index moved rather than read again (only the new drinks' texts
    /// are); the bar is read again, as its reading is cheap beside the texts'. The result equals
    /// the snapshot built from scratch. The bar reads `houseRecipes` when given, else the
    /// snapshot's own.
    public func applying(
        removing removed: Set<String>, inserting inserted: [Cocktail], table: IngredientTable,
        locale: Locale = .catalogDefault, houseRecipes: HouseRecipes? = nil
    ) -> CatalogSnapshot {
        let (catalog, change) = catalog.applying(removing: removed, inserting: inserted, locale: locale)
        return CatalogSnapshot(
            catalog: catalog, index: index.applying(change, to: catalog, table: table),
            bar: BarIndex(cocktails: catalog.cocktails, table: table, houseRecipes: houseRecipes ?? bar.houseRecipes))
    }

    /// Answers `query` with `favorites` marked. Without search words, favorites are pinned first
    /// as on the main list; with words, the best matches come first. Sorting by rating and
    /// filtering by drinks made read `personal` (the asker's view; `now` says what is recent).
    public func answer(
        _ query: CocktailQuery, favorites: Set<String>, shelf: Shelf = Shelf(), personal: PersonalView = PersonalView(),
        now: Date = Date()
    ) -> CocktailPage {
        // What the bar makes, worked out once for the whole query.
        let evaluation = query.makeable.map { _ in bar.evaluate(shelf) }
        var chosen: [Bool] = []
        if let evaluation, let makeable = query.makeable {
            chosen = [Bool](repeating: false, count: catalog.cocktails.count)
            let positions =
                switch makeable {
                case .now: evaluation.canMakePositions
                case .withStandIn: evaluation.standInPositions
                case .oneAway: evaluation.oneAwayPositions
                }
            for position in positions {
                chosen[position] = true
            }
        }
        let recent = now.addingTimeInterval(-Double(CocktailQuery.recentDays) * 86_400)
        let madeAsAsked = { (position: Int) -> Bool in
            guard let made = query.made else { return true }
            let last = personal.made[self.catalog.cocktails[position].id]?.last
            return made == .never ? last == nil : (last.map { $0 >= recent } ?? false)
        }
        let ratedAsAsked = { (position: Int) in
            !query.rated || personal.ratings[self.catalog.cocktails[position].id] != nil
        }
        let passes = { (position: Int) in
            (chosen.isEmpty || chosen[position]) && madeAsAsked(position) && ratedAsAsked(position)
                && self.passesFilters(position, query)
        }
        var matches: [Int]
        // Text without any word ("-", "&") searches for nothing, so it lists like no text at all.
        if SearchText.terms(query.text).isEmpty {
            let unfiltered = query.kind == .all && !query.hasRefinements
            let positions = unfiltered ? Array(catalog.cocktails.indices) : catalog.cocktails.indices.filter(passes)
            let pinned = positions.filter { favorites.contains(catalog.cocktails[$0].id) }
            matches = pinned + positions.filter { !favorites.contains(catalog.cocktails[$0].id) }
        } else {
            let hits = index.search(query.text, in: query.language).map(\.position)
            matches = query.kind == .all && !query.hasRefinements ? hits : hits.filter(passes)
        }
        if query.sort == .rating {
            // Best average first, then the most rated; unrated drinks keep their order, last.
            let rating = { (position: Int) in personal.ratings[self.catalog.cocktails[position].id] }
            matches = matches.enumerated().sorted { left, right in
                switch (rating(left.element), rating(right.element)) {
                case (let a?, let b?):
                    if a.average != b.average { return a.average > b.average }
                    if a.count != b.count { return a.count > b.count }
                    return left.offset < right.offset
                case (.some, nil): return true
                case (nil, .some): return false
                case (nil, nil): return left.offset < right.offset
                }
            }.map(\.element)
        }
        let perPage = query.isPaged ? query.perPage : max(matches.count, 1)
        let (offset, overflow) = (query.page - 1).multipliedReportingOverflow(by: perPage)
        let start = overflow ? matches.count : min(offset, matches.count)
        let slice = matches[start..<min(start + perPage, matches.count)]
        let items = slice.map { position in
            let cocktail = catalog.cocktails[position]
            return CocktailList.Item(
                cocktail: cocktail, isFavorite: favorites.contains(cocktail.id), bar: evaluation?.entry(at: position))
        }
        var page = CocktailPage(items: items, total: matches.count, page: query.page, perPage: perPage)
        if matches.isEmpty, !SearchText.terms(query.text).isEmpty {
            page.suggestions = index.nearestNames(to: query.text).map { catalog.cocktails[$0].name }
        }
        return page
    }

    /// The filter values present in the catalog, each counted among the cocktails `query`'s
    /// other choices leave: with Non-alcoholic chosen, Coupe counts the non-alcoholic drinks
    /// in a coupe. Every value is listed, however small its count; the ingredients count within
    /// everything chosen (each added ingredient narrows further). Search words and `makeable`
    /// are not filters here.
    public func facets(given query: CocktailQuery) -> Facets {
        var base = query
        base.text = ""
        base.makeable = nil
        func passing(_ change: (inout CocktailQuery) -> Void) -> [Int] {
            var narrowed = base
            change(&narrowed)
            return catalog.cocktails.indices.filter { passesFilters($0, narrowed) }
        }
        let everything = facets()
        func counted(_ values: [Facets.Value], in positions: [Int], by value: (Cocktail) -> String?) -> [Facets.Value] {
            var counts: [String: Int] = [:]
            for position in positions {
                if let key = value(catalog.cocktails[position]) { counts[key, default: 0] += 1 }
            }
            return values.map { Facets.Value(value: $0.value, count: counts[$0.value] ?? 0) }
        }
        let narrowed = passing { _ in }
        let ingredientCounts = phraseCounts(of: narrowed)
        return Facets(
            kinds: counted(everything.kinds, in: passing { $0.kind = .all }, by: \.kind.rawValue),
            categories: counted(everything.categories, in: passing { $0.category = nil }, by: \.category?.rawValue),
            glasses: counted(everything.glasses, in: passing { $0.glass = nil }, by: \.glass?.rawValue),
            ingredients: everything.ingredients.map {
                Facets.Value(
                    value: $0.value, count: ingredientCounts[SearchText.terms($0.value).joined(separator: " ")] ?? 0)
            }
        )
    }

    /// For the cocktails at `positions`, how many have each run of up to six words in their
    /// ingredient names: what choosing an ingredient value (matched by whole words) would find.
    private func phraseCounts(of positions: some Sequence<Int>) -> [String: Int] {
        var drinksWithPhrase: [String: Int] = [:]
        for position in positions {
            var phrases = Set<String>()
            for name in ingredientNames[position] {
                let words = SearchText.terms(name)
                for start in words.indices {
                    for end in start..<min(words.count, start + 6) {
                        phrases.insert(words[start...end].joined(separator: " "))
                    }
                }
            }
            for phrase in phrases { drinksWithPhrase[phrase, default: 0] += 1 }
        }
        return drinksWithPhrase
    }

    /// The filter values present in the catalog, each with how many cocktails have it.
    public func facets() -> Facets {
        func counted(_ values: [String]) -> [Facets.Value] {
            Dictionary(grouping: values, by: { $0 }).map { Facets.Value(value: $0.key, count: $0.value.count) }
                .sorted { $0.value.localizedCaseInsensitiveCompare($1.value) == .orderedAscending }
        }
        let cocktails = catalog.cocktails
        // An ingredient value counts every cocktail that choosing it finds: `lemon` also counts
        // the drinks made with fresh lemon juice, as the ingredient filter matches whole words.
        // Each cocktail's word runs are counted once, so this stays linear in the catalog.
        let drinksWithPhrase = phraseCounts(of: ingredientNames.indices)
        let ingredients = Set(ingredientNames.distinct).map { name in
            Facets.Value(value: name, count: drinksWithPhrase[SearchText.terms(name).joined(separator: " ")] ?? 0)
        }
        return Facets(
            kinds: counted(cocktails.map(\.kind.rawValue)),
            categories: counted(cocktails.compactMap(\.category?.rawValue)),
            glasses: counted(cocktails.compactMap(\.glass?.rawValue)),
            ingredients: ingredients.sorted { $0.value.localizedCaseInsensitiveCompare($1.value) == .orderedAscending }
        )
    }

    private func passesFilters(_ position: Int, _ query: CocktailQuery) -> Bool {
        // The fields are read in place: a copy of the whole drink would retain each of its texts,
        // and this runs for every drink a list or a search looks at.
        let cocktails = catalog.cocktails
        guard query.kind.includes(cocktails[position]) else { return false }
        if let category = query.category, cocktails[position].category != category { return false }
        if let glass = query.glass, cocktails[position].glass != glass { return false }
        if let tag = query.tag, !Self.carries(cocktails[position].tags, tag) { return false }
        return query.ingredients.allSatisfy { wanted in
            ingredientNames[position].contains { $0.containsWords(of: wanted) }
        }
    }

    /// Whether `tags` hold `tag`, letter case aside.
    private static func carries(_ tags: [String]?, _ tag: String) -> Bool {
        (tags ?? []).contains { $0.caseInsensitiveCompare(tag) == .orderedSame }
    }
}

/// The values each filter can take in the current catalog.
public struct Facets: Sendable, Equatable, Codable {
    /// One value and how many cocktails have it.
    public struct Value: Sendable, Equatable, Codable {
        public var value: String
        public var count: Int

        public init(value: String, count: Int) {
            self.value = value
            self.count = count
        }
    }

    public var kinds: [Value]
    public var categories: [Value]
    public var glasses: [Value]
    public var ingredients: [Value]
}
