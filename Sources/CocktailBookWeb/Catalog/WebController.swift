import CocktailBook
import CocktailBookApp
import Foundation
import Hummingbird

/// The HTML side of the app: the screens and their form actions. Every handler asks the catalog
/// service the same question as its JSON twin in ``APIController``.
struct WebController<Context: AppContext>: Sendable {
    let catalog: CatalogService
    let renderer: PageRenderer
    /// Where shelves are kept, for `?makeable=` and the details screen's bar line.
    let bar: any BarStore
    /// Where imported pictures are; `nil` serves none.
    var images: ImportedImageFiles? = nil
    /// The book's own recipes and what people keep about drinks, for a drink's page.
    var desk: RecipeDesk? = nil

    func addRoutes(to routes: RouteBuilder<Context>) {
        let pages = routes.routes("", .page)
        pages.get("/", use: list)
        pages.get("/search", use: list)
        pages.get("/filters", use: filters)
        pages.get("/results", use: results)
        pages.get("/cocktails/:id", use: show)
        routes.routes("", .anyone).get("/random", use: random)
        var hearts = RoutePolicy.guest
        hearts.signInReason = "favorite"
        routes.routes("", hearts).post("/cocktails/:id/favorite", use: toggleFavorite)
        routes.routes("", .admin).post("/catalog/refresh", use: refresh)
        let pictures = routes.routes("", .picture)
        pictures.get("/images/cocktails/:file", use: image)
        pictures.get("/images/imported/:file") { request, context in
            guard let images else { throw HTTPError(.notFound) }
            return try await images.response(for: try context.parameters.require("file"), request: request)
        }
        // TheCocktailDB's size suffixes on an imported photo: a JPEG at that size (the lists'
        // small copies are `/medium`); another kind of picture as stored, rather than a 404 a
        // native client would show as broken.
        pictures.get("/images/imported/:file/:variant") { request, context in
            guard let images, let longest = RasterPictures.sizes[try context.parameters.require("variant")] else {
                throw HTTPError(.notFound)
            }
            return try await images.response(
                for: try context.parameters.require("file"), request: request, longest: longest)
        }
        routes.routes("", RoutePolicy(openWhenPrivate: true, offline: .asset)).get("/assets/:name") {
            request, context in
            try renderer.assets.response(for: try context.parameters.require("name"), request: request)
        }
    }

    /// The main list (`/`) and search (`/search?q=`): the same screen, the same query.
    @Sendable func list(request: Request, context: Context) async throws -> Response {
        let query = try QueryParameters.query(from: request, language: context.language)
        do {
            let shelf = await query.makeable == nil ? Shelf() : try bar.shelf(of: context.viewer.favoritesOwner)
            let owner = context.viewer.favoritesOwner
            let personal = try await desk?.personal(for: query, owner: owner) ?? PersonalView()
            let page = try await catalog.query(query, for: owner, shelf: shelf, personal: personal)
            // A page past the end is not an empty list: it is not there.
            if query.page > 1, page.items.isEmpty {
                throw AppError(
                    status: .notFound, code: "not_found", message: "There is no page \(query.page) of this list.")
            }
            var main = MainPage(
                query: query, page: page, status: await catalog.status(), strings: context.strings,
                table: catalog.ingredients, ratings: personal.ratings)
            if !query.text.isEmpty, !main.rows.isEmpty {
                main.picker = try await picker(returnPath: main.returnPath, request: request, context: context)
                main.hasPicker = main.picker != nil
            }
            return renderer.render(main, context: context)
        } catch let error as CatalogError where error == .loading || error.isUnavailable {
            return renderer.render(
                MainPage(query: query, unavailable: error, strings: context.strings), context: context)
        }
    }

    @Sendable func filters(request: Request, context: Context) async throws -> Response {
        // The screen opens with the choices it was given ("Change filters" keeps them).
        let query = (try? QueryParameters.query(from: request, language: context.language)) ?? CocktailQuery()
        let owner = context.viewer.favoritesOwner
        let personal = owner == .nobody ? nil : try await desk?.personalView(of: owner)
        return renderer.render(
            FiltersPage(
                facets: try await catalog.facets(given: query), query: query, bar: try await barCounts(context),
                personal: personal.map { ($0, catalog.now()) }, strings: context.strings), context: context)
    }

    /// The filter screen's results; an empty submission goes back to the filter screen with a note.
    @Sendable func results(request: Request, context: Context) async throws -> Response {
        let query = try QueryParameters.query(from: request, language: context.language)
        guard query.kind != .all || query.hasRefinements || query.sort != .name else {
            let page = FiltersPage(
                facets: try await catalog.facets(), message: context.strings["filters_choose_any"],
                bar: try await barCounts(context), strings: context.strings)
            return renderer.render(page, status: .badRequest, context: context)
        }
        // The results screen filters only; a stray `q` in its address is not a search.
        var filtersOnly = query
        filtersOnly.text = ""
        let shelf = await query.makeable == nil ? Shelf() : try bar.shelf(of: context.viewer.favoritesOwner)
        let owner = context.viewer.favoritesOwner
        let personal = try await desk?.personal(for: query, owner: owner) ?? PersonalView()
        let answer = try await catalog.query(filtersOnly, for: owner, shelf: shelf, personal: personal)
        var results = ResultsPage(
            query: query, page: answer, table: catalog.ingredients, ratings: personal.ratings,
            strings: context.strings)
        if !results.rows.isEmpty {
            results.picker = try await picker(returnPath: results.returnPath, request: request, context: context)
            results.hasPicker = results.picker != nil
        }
        return renderer.render(results, context: context)
    }

    /// "Add to a list" for results at `returnPath`: for someone who keeps lists and has one.
    private func picker(returnPath: String, request: Request, context: Context) async throws -> ListPicker? {
        let owner = context.viewer.favoritesOwner
        guard let desk, owner != .nobody, RecipeDesk.mayWrite(context.viewer) else { return nil }
        let parameters = FormQuery(request)
        return ListPicker(
            lists: try await desk.lists(of: owner), returnPath: returnPath, added: parameters["added"],
            to: parameters["to"], strings: context.strings)
    }

    /// How many drinks the viewer's bar makes now and one away, for the filter screen; `nil`
    /// for someone who cannot keep a bar.
    private func barCounts(_ context: Context) async throws -> (now: Int, withStandIn: Int, oneAway: Int)? {
        let owner = context.viewer.favoritesOwner
        guard owner != .nobody else { return nil }
        let evaluation = try await catalog.bar(try bar.shelf(of: owner)).evaluation
        return (
            evaluation.canMakePositions.count, evaluation.standInPositions.count, evaluation.oneAwayPositions.count
        )
    }

    /// Feeling lucky: straight to a random cocktail's details.
    @Sendable func random(request: Request, context: Context) async throws -> Response {
        let filter = try CocktailFilter(parsing: FormQuery(request)["filter"])
        let item = try await catalog.randomCocktail(in: filter)
        // The drink's back link returns to the list it was picked from.
        return .redirect(to: ListOrigin.list(filter).detailsPath(for: item.cocktail.id), type: .normal) // 303 See Other
    }

    @Sendable func show(request: Request, context: Context) async throws -> Response {
        let id = try context.parameters.require("id")
        if id.hasSuffix(".md") || id.hasSuffix(".json") { return try await export(file: id, context: context) }
        let details: CocktailDetails
        do {
            details = try await catalog.details(id: id, for: context.viewer.favoritesOwner)
        } catch CatalogError.unknownCocktail {
            throw await Self.notFound(id, desk: desk, context: context)
        }
        let lastModified = details.lastModifiedLabel(
            now: catalog.now(), calendar: catalog.calendar, strings: context.strings)
        var page = DetailsPage(
            details: details, origin: ListOrigin(request: request), lastModified: lastModified,
            settings: context.settings, strings: context.strings)
        // Link previews (title, description, picture) need absolute URLs.
        let images = CocktailDBImageBase(origin: context.origin)
        let pageURL = images.origin + "/cocktails/\(details.cocktail.id)"
        page.preview = .init(url: pageURL, image: images.url(for: details.cocktail))
        page.exportMarkdown = "/cocktails/\(details.cocktail.id).md"
        page.exportJSON = "/cocktails/\(details.cocktail.id).json"
        if let desk {
            page.book = try await DetailsBook.make(
                id: details.cocktail.id, viewer: context.viewer, desk: desk, query: FormQuery(request),
                strings: context.strings)
        }
        page.jsonLD = SchemaOrgRecipe.jsonLD(
            for: details, language: context.language, pageURL: pageURL, imageURL: images.url(for: details.cocktail),
            author: details.cocktail.author, rating: page.book?.rating,
            // The lines as the page shows them: in the viewer's units and servings.
            lines: page.ingredients.map { line in
                (line.measure.map { $0 + " " } ?? "") + (line.link ?? "") + line.name
                    + (line.note.map { ", " + $0 } ?? "")
            },
            basedOnURL: details.cocktail.basedOn.map { images.origin + "/cocktails/\($0)" })
        let owner = context.viewer.favoritesOwner
        if owner != .nobody {
            let shelf = try await bar.shelf(of: owner)
            if !shelf.bottles.isEmpty {
                let report = try await catalog.bar(shelf)
                if let position = report.cocktails.firstIndex(where: { $0.id == details.cocktail.id }) {
                    page.showBar(
                        missing: report.index.missing(at: position, on: shelf), cocktailId: details.cocktail.id,
                        strings: context.strings)
                }
            }
        }
        return renderer.render(page, context: context)
    }

    /// The answer for an address that names no drink: the book's own drink in the trash is said to
    /// be there (with Put back for whoever may restore it), anything else is not found.
    static func notFound(_ id: String, desk: RecipeDesk?, context: Context) async -> AppError {
        var error = AppError(CatalogError.unknownCocktail(id))
        guard let desk, OwnRecipe.number(in: id) != nil,
            let recipe = try? await desk.recipe(id: id, trashed: true), recipe.deletedAt != nil
        else { return error }
        error.message = "\(recipe.cocktail.name) is in the trash."
        error = error.said(by: "error_in_trash_message", ["name": recipe.cocktail.name])
        error.inTrash = (recipe.id, RecipeDesk.mayEdit(recipe, viewer: context.viewer))
        return error
    }

    /// `/cocktails/{id}.md` and `/cocktails/{id}.json`: the drink as a file to keep, in the
    /// page's language, or as the book's own import format (an array of one drink).
    private func export(file: String, context: Context) async throws -> Response {
        let markdown = file.hasSuffix(".md")
        let id = String(file.dropLast(markdown ? 3 : 5))
        let details = try await catalog.details(id: id, for: context.viewer.favoritesOwner)
        let cocktail = details.cocktail
        let body: String
        if markdown {
            var basedOnName: String?
            if let original = cocktail.basedOn { basedOnName = try? await catalog.cocktail(id: original).cocktail.name }
            body = RecipeMarkdown.markdown(
                for: cocktail, language: context.language,
                abv: details.abvText(context.strings).map(context.strings.localizingNumbers),
                basedOnName: basedOnName)
        } else {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            body = String(decoding: try encoder.encode([cocktail]), as: UTF8.self) + "\n"
        }
        let slug = cocktail.name.lowercased().map { $0.isLetter || $0.isNumber ? String($0) : "-" }.joined()
            .split(separator: "-").joined(separator: "-")
        var response = Response(
            status: .ok,
            headers: [
                .contentType: markdown ? "text/markdown; charset=utf-8" : "application/json; charset=utf-8",
                .contentDisposition:
                    "attachment; filename=\"\(slug.isEmpty ? id : slug)\(markdown ? ".md" : ".json")\"",
            ],
            body: .init(byteBuffer: ByteBuffer(string: body)))
        response.headers[.cacheControl] = "no-cache"
        return response
    }

    /// `/images/cocktails/{id}.svg`: the cocktail's illustration; `{id}.jpg` its 700 px rendering.
    @Sendable func image(request: Request, context: Context) async throws -> Response {
        let file = try context.parameters.require("file")
        guard file.hasSuffix(".svg") || file.hasSuffix(".jpg") else { throw HTTPError(.notFound) }
        let item = try await catalog.cocktail(id: String(file.dropLast(4)))
        if file.hasSuffix(".svg") { return CocktailImage.response(for: item.cocktail, request: request) }
        // The JPEG rendering, for TheCocktailDB clients (see RasterPictures).
        guard let response = RasterPictures.response(for: item.cocktail, size: 700, request: request) else {
            throw HTTPError(.notFound)
        }
        return response
    }

    /// `favorite=true|false`; answers with a redirect back to the details screen.
    @Sendable func toggleFavorite(request: Request, context: Context) async throws -> Response {
        let id = try context.parameters.require("id")
        let form = try context.submittedForm().decode(FavoriteForm.self)
        try await catalog.setFavorite(form.favorite, for: id, owner: context.owner)
        let origin = ListOrigin(from: form.from, back: form.back)
        return .redirect(to: origin.detailsPath(for: id), type: .normal) // 303 See Other
    }

    /// Retries the source and returns to the page the button was on.
    @Sendable func refresh(request: Request, context: Context) async throws -> Response {
        let form = try context.submittedForm().decode(ReturnForm.self)
        await catalog.refresh()
        return .redirect(to: LocalPath.sanitized(form.return), type: .normal) // 303 See Other
    }
}

extension CatalogError {
    var isUnavailable: Bool {
        if case .unavailable = self { return true }
        return false
    }
}

/// A drink's heart: `favorite=true` or `false`, and the list the drink was opened from.
struct FavoriteForm: PageForm {
    @Field var favorite: Bool
    var from, back: String?
}

/// A button that goes back to the page it was on (a path of this site).
struct ReturnForm: PageForm { var `return`: String? }
