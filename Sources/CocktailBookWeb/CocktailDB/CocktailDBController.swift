import CocktailBook
import CocktailBookApp
import CocktailsAPI
import Foundation
import Hummingbird

/// TheCocktailDB's free v1 read API, at `/api/json/v1/{key}/…` with any key, so that apps and
/// libraries written against TheCocktailDB can point at a Cocktail Book instead.
///
/// Syntax: `search.php?s=NAME|f=LETTER|i=INGREDIENT`, `lookup.php?i=ID|iid=ID`, `random.php`,
/// `filter.php?i=|a=|c=|g=` (may be combined; `i=` takes a comma-separated list, all required),
/// `list.php?c=list|g=list|i=list|a=list`. Every answer comes from the same ``CatalogService``
/// queries as our own API and pages, so a catalog that is loading or failed answers 503.
struct CocktailDBController<Context: AppContext>: Sendable {
    let catalog: CatalogService

    /// Adds the API under `/api/json/v1/{key}` and the pictures' `/preview` variant.
    func addRoutes(to routes: RouteBuilder<Context>) {
        let api = routes.routes("api/json/v1/:key", .api(cached: true))
        api.get("search.php", use: search)
        api.get("lookup.php", use: lookup)
        api.get("filter.php", use: filter)
        api.get("list.php", use: list)
        routes.routes("api/json/v1/:key", .api()).get("random.php", use: random)
        let router = routes.routes("", .picture)
        // TheCocktailDB serves sizes at `strDrinkThumb + "/preview|small|medium|large"`: the JPEG
        // at that size; an SVG is the same at any size, so its variants are the picture itself.
        router.get("/images/cocktails/:file/:variant", use: preview)
    }

    /// `s=` names containing the text (empty lists all), `f=` names starting with a letter,
    /// `i=` ingredients by name.
    @Sendable func search(request: Request, context: Context) async throws -> Response {
        let images = CocktailDBImageBase(origin: context.origin)
        if let text = parameter("s", of: request) {
            let wanted = SearchText.fold(text.trimmingCharacters(in: .whitespaces))
            let matches = Self.closestFirst(
                try await cocktails { wanted.isEmpty || SearchText.fold($0.name).contains(wanted) }, to: wanted)
            return try CocktailDBEnvelope.drinks(matches.map { full($0, images: images) }).response()
        }
        if let letter = parameter("f", of: request) {
            // TheCocktailDB reads one character; a longer value is taken by its first. The
            // catalog is asked even for none, so that a catalog still loading answers 503.
            let first = SearchText.fold(letter.trimmingCharacters(in: .whitespaces)).first
            let matches = try await cocktails { first != nil && SearchText.fold($0.name).first == first }
            return try CocktailDBEnvelope.drinks(matches.map { full($0, images: images) }).response()
        }
        if let name = parameter("i", of: request) {
            let positions = CocktailDBIngredient.positions(
                matching: CocktailDBIngredientNames.canonical(name, in: catalog.ingredients), in: catalog.ingredients)
            return try await ingredients(at: positions).response()
        }
        throw Self.missing("search.php", "s, f or i")
    }

    /// `i=` a drink by id, `iid=` an ingredient by its position in the table.
    @Sendable func lookup(request: Request, context: Context) async throws -> Response {
        if let id = parameter("i", of: request) {
            let details: CocktailDetails
            do {
                details = try await catalog.details(id: id.trimmingCharacters(in: .whitespaces))
            } catch CatalogError.unknownCocktail, CatalogError.invalidID {
                return try CocktailDBEnvelope.drinks([]).response()
            }
            let images = CocktailDBImageBase(origin: context.origin)
            return try CocktailDBEnvelope.drinks([CocktailDBDrink.full(details, images: images)]).response()
        }
        if let id = parameter("iid", of: request) {
            let table = catalog.ingredients.ingredients
            // Ids count from 1; any other number, however large or small, simply finds nothing.
            let number = Int(id.trimmingCharacters(in: .whitespaces)) ?? 0
            let position = number >= 1 && number <= table.count ? number - 1 : nil
            return try await ingredients(at: position.map { [$0] } ?? []).response()
        }
        throw Self.missing("lookup.php", "i or iid")
    }

    /// One drink picked at random, in full.
    @Sendable func random(request: Request, context: Context) async throws -> Response {
        let item = try await catalog.randomCocktail()
        let details = try await catalog.details(id: item.cocktail.id)
        let images = CocktailDBImageBase(origin: context.origin)
        return try CocktailDBEnvelope.drinks([CocktailDBDrink.full(details, images: images)]).response()
    }

    /// Every given filter must hold; `i=` matches canonical ingredient names by whole words, the
    /// others TheCocktailDB's vocabulary (see ``CocktailDBVocabulary``).
    @Sendable func filter(request: Request, context: Context) async throws -> Response {
        let (ingredient, alcoholic) = (parameter("i", of: request), parameter("a", of: request))
        let category = parameter("c", of: request).map(CocktailDBVocabulary.normalized)
        let glass = parameter("g", of: request).map(CocktailDBVocabulary.normalized)
        guard ingredient != nil || alcoholic != nil || category != nil || glass != nil else {
            throw Self.missing("filter.php", "i, a, c or g")
        }
        let wanted = (ingredient ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
            !$0.isEmpty
        }
        .map { CocktailDBIngredientNames.canonical($0, in: catalog.ingredients) }
        guard wanted.count <= CocktailQuery.maximumIngredients else { throw QueryParameters.tooManyIngredients }
        var kind = CocktailFilter.all
        switch alcoholic.map(CocktailDBVocabulary.normalized) {
        case nil: break
        case "alcoholic": kind = .alcoholic
        case "non alcoholic": kind = .nonAlcoholic
        default: return try CocktailDBEnvelope.drinks([]).response() // `Optional alcohol` and the unknown
        }
        // An empty `i=` names no ingredient; it must not widen the answer to every drink.
        if ingredient != nil, wanted.isEmpty { return try CocktailDBEnvelope.drinks([]).response() }
        let matches = try await cocktails(CocktailQuery(kind: kind, ingredients: wanted)) { cocktail in
            (category == nil
                || CocktailDBVocabulary.normalized(CocktailDBVocabulary.category(of: cocktail)) == category)
                && (glass == nil
                    || cocktail.glass.map { CocktailDBVocabulary.normalized($0.entry.cocktailDB) } == glass)
        }
        let images = CocktailDBImageBase(origin: context.origin)
        return try CocktailDBEnvelope.drinks(matches.map { CocktailDBDrink.summary($0, images: images) }).response()
    }

    /// The values present in the catalog, in TheCocktailDB's words (categories: all eleven of
    /// TheCocktailDB's, as it lists them). The parameter's value is not checked: clients always
    /// send `list`, and nothing else would mean anything.
    @Sendable func list(request: Request, context: Context) async throws -> Response {
        let values: [String]
        let key: String
        if parameter("c", of: request) != nil {
            key = "strCategory"
            _ = try await cocktails { _ in false } // first, so that a catalog still loading answers 503
            // All of TheCocktailDB's eleven, as it lists them: clients build menus from this list.
            values = CocktailDBVocabulary.categories
        } else if parameter("g", of: request) != nil {
            key = "strGlass"
            let present = Set(
                try await catalog.facets().glasses.compactMap { Glass(named: $0.value)?.entry.cocktailDB })
            values = CocktailDBVocabulary.glasses.filter(present.contains)
        } else if parameter("i", of: request) != nil {
            key = "strIngredient1"
            let names = Set(
                try await catalog.facets().ingredients.map { CocktailDBIngredientNames.name(for: $0.value) })
            values = names.sorted { $0.localizedCaseInsensitiveCompare($1) == .orderedAscending }
        } else if parameter("a", of: request) != nil {
            key = "strAlcoholic"
            values = try await catalog.facets().kinds.compactMap {
                CocktailKind(rawValue: $0.value).map(CocktailDBVocabulary.alcoholic)
            }
        } else {
            throw Self.missing("list.php", "c, g, i or a")
        }
        return try CocktailDBEnvelope.drinks(values.map { CocktailDBRecord([(key, $0)]) }).response()
    }

    /// `/images/cocktails/{id}.svg|jpg/preview|small|medium|large`.
    @Sendable func preview(request: Request, context: Context) async throws -> Response {
        let file = try context.parameters.require("file")
        guard let size = RasterPictures.sizes[try context.parameters.require("variant")],
            file.hasSuffix(".svg") || file.hasSuffix(".jpg")
        else {
            throw HTTPError(.notFound)
        }
        let item = try await catalog.cocktail(id: String(file.dropLast(4)))
        if file.hasSuffix(".svg") { return CocktailImage.response(for: item.cocktail, request: request) }
        guard let response = RasterPictures.response(for: item.cocktail, size: size, request: request) else {
            throw HTTPError(.notFound)
        }
        return response
    }

    // MARK: - Helpers

    /// `cocktails` (alphabetical) with the name equal to `wanted` first, then names starting
    /// with it, then the rest: `search.php?s=margarita` answers Margarita first, as TheCocktailDB does.
    static func closestFirst(_ cocktails: [Cocktail], to wanted: String) -> [Cocktail] {
        guard !wanted.isEmpty else { return cocktails }
        func rank(_ cocktail: Cocktail) -> Int {
            let name = SearchText.fold(cocktail.name)
            return name == wanted ? 0 : name.hasPrefix(wanted) ? 1 : 2
        }
        return cocktails.enumerated().sorted { lhs, rhs in
            let (l, r) = (rank(lhs.element), rank(rhs.element))
            return l != r ? l < r : lhs.offset < rhs.offset
        }.map(\.element)
    }

    /// The cocktails answering `query` that `wanted` keeps, in plain alphabetical order:
    /// TheCocktailDB has no favorites, so ours are not pinned first here. They are kept before
    /// they are sorted: `search.php?s=` keeps a few hundred of 10,000.
    private func cocktails(_ query: CocktailQuery = CocktailQuery(), where wanted: (Cocktail) -> Bool = { _ in true })
        async throws -> [Cocktail]
    {
        let page = try await catalog.query(query.unpaged)
        return AlphabeticalCatalog(page.items.compactMap { wanted($0.cocktail) ? $0.cocktail : nil }).cocktails
    }

    private func full(_ cocktail: Cocktail, images: CocktailDBImageBase) -> CocktailDBRecord {
        CocktailDBDrink.full(
            CocktailDetails(CocktailList.Item(cocktail: cocktail, isFavorite: false), table: catalog.ingredients),
            images: images)
    }

    private func ingredients(at positions: [Int]) async throws -> CocktailDBEnvelope {
        // Asked even when nothing matched, so that a catalog still loading answers 503 here too.
        let usage = Dictionary(try await catalog.facets().ingredients.map { ($0.value, $0.count) }, uniquingKeysWith: +)
        return .ingredients(
            positions.map { CocktailDBIngredient.record(at: $0, in: catalog.ingredients, usage: usage) })
    }

    /// A query parameter with `+` read as a space, as TheCocktailDB's PHP reads it; no drink or
    /// ingredient name has a plus sign to lose.
    private func parameter(_ name: String, of request: Request) -> String? {
        request.uri.queryParameters[Substring(name)].map { $0.replacingOccurrences(of: "+", with: " ") }
    }

    private static func missing(_ endpoint: String, _ names: String) -> AppError {
        AppError(
            status: .badRequest, code: "missing_parameter", message: "\(endpoint) needs one of the parameters \(names)."
        )
    }
}
