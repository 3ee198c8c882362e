import CocktailBook
import CocktailBookApp
import Foundation
import Hummingbird

/// The list pages: `/lists` (the viewer's lists), `/lists/{id}` (one list, with forms to
/// reorder, annotate, rename, share and delete it), the "Add to list" form of a drink's page,
/// and what a share link opens to anyone: `/s/{token}`, its drinks and its menu. Every form
/// works without script and comes back to the page.
struct ListPageController<Context: AppContext>: Sendable {
    let desk: ListDesk
    let renderer: PageRenderer
    /// The photos imports and the editor saved, for a shared drink's picture.
    var images: ImportedImageFiles? = nil

    func addRoutes(to routes: RouteBuilder<Context>) {
        let pages = routes.routes("", .member)
        pages.get("/lists", use: listsPage)
        pages.post("/lists") { request, context -> Response in
            let (form, owner) = (try context.submittedForm().decode(NameForm.self), context.owner)
            let list = try await desk.createList(named: form.name ?? "", owner: owner)
            return .redirect(to: "/lists/\(list.id)", type: .normal)
        }
        pages.get("/lists/:id", use: listPage)
        pages.get("/lists/:id/menu", use: ownerMenu)
        pages.post("/lists/:id/menu/share", use: shareMenu)
        pages.post("/lists/:id/rename") { request, context in
            try await change(request, context, notice: "renamed") { (form: NameForm, list, owner) in
                _ = try await desk.renameList(
                    id: list.id, to: form.name ?? "", owner: owner)
            }
        }
        pages.post("/lists/:id/delete") { request, context -> Response in
            let (form, owner) = (try context.submittedForm().decode(ConfirmForm.self), context.owner)
            let list = try await desk.list(try context.parameters.require("id"), owner: owner)
            guard form.confirm == "yes" else {
                throw AppError(
                    status: .badRequest, code: "confirm_required",
                    message: context.strings["drinklist_delete_confirm_needed"])
            }
            _ = try await desk.deleteList(id: list.id, owner: owner)
            return .redirect(to: "/lists?deleted=1", type: .normal)
        }
        // Several drinks at once, ticked among what the list page's search found.
        pages.post("/lists/:id/entries/add") { request, context -> Response in
            let (form, owner) = (try context.submittedForm().decode(AddEntriesForm.self), context.owner)
            let list = try await desk.list(try context.parameters.require("id"), owner: owner)
            let added = try await desk.addEntries(form.cocktail ?? [], to: list.id, owner: owner)
            return .redirect(to: "/lists/\(list.id)?added=\(added)#entries", type: .normal)
        }
        // Every drink's note and price in one save; back where the person was. A price the book
        // does not take shows again beside its field, and nothing is saved.
        pages.post("/lists/:id/entries/details") { request, context -> Response in
            let (form, owner) = (try context.submittedForm().decode(EntryDetailsForm.self), context.owner)
            let list = try await desk.list(try context.parameters.require("id"), owner: owner)
            let entries = form.entry ?? []
            let notes = form.note ?? []
            let prices = form.price ?? []
            guard notes.count == entries.count, prices.count == entries.count else {
                throw AppError(
                    status: .badRequest, code: "invalid_form", message: "Each drink needs its note and price field.")
            }
            let currency = try await desk.currency()
            var minors: [Int?] = []
            var refused: [(String, String)] = []
            for (id, typed) in zip(entries, prices) {
                guard list.contains(id) else { throw ListError.entryNotFound }
                do {
                    minors.append(try ListDesk.price(fromField: typed, currency: currency))
                } catch ListError.invalidPrice {
                    refused.append((id, typed))
                    minors.append(nil)
                }
            }
            guard refused.isEmpty else {
                var page = try await page(of: list, request: request, context: context, notice: nil)
                for (id, typed) in refused {
                    page.refusePrice(typed, for: id, currency: currency, strings: context.strings)
                }
                return renderer.render(page, status: .badRequest, context: context)
            }
            _ = try await desk.setDetails(
                entries.indices.map { (entries[$0], note: notes[$0], priceMinor: minors[$0]) }, in: list.id,
                owner: owner)
            return .redirect(to: "/lists/\(list.id)?done=details#entries", type: .normal)
        }
        pages.post("/lists/:id/entries/:cocktail/move") { request, context in
            try await change(request, context, anchor: "entries") { (form: MoveForm, list, owner) in
                _ = try await desk.moveEntry(
                    try context.parameters.require("cocktail"), to: form.to, in: list.id, owner: owner)
            }
        }
        pages.post("/lists/:id/entries/:cocktail/remove") { request, context in
            try await change(request, context, anchor: "entries") { (_: NoFields, list, owner) in
                _ = try await desk.removeEntry(
                    try context.parameters.require("cocktail"), from: list.id, owner: owner)
            }
        }
        pages.post("/lists/:id/entries/:cocktail/note") { request, context in
            try await change(request, context, anchor: "entries") { (form: NoteForm, list, owner) in
                let id = try context.parameters.require("cocktail")
                guard list.contains(id) else { throw ListError.entryNotFound }
                _ = try await desk.addEntry(
                    id, note: form.note, to: list.id, owner: owner)
            }
        }
        // A drink's menu price (empty clears it); from the menu's "use suggested price", back there.
        pages.post("/lists/:id/entries/:cocktail/price") { request, context -> Response in
            let (form, owner) = (try context.submittedForm().decode(PriceForm.self), context.owner)
            let list = try await desk.list(try context.parameters.require("id"), owner: owner)
            let cocktail = try context.parameters.require("cocktail")
            let currency = try await desk.currency()
            let minor: Int?
            do {
                minor = try ListDesk.price(fromField: form.price, currency: currency)
            } catch ListError.invalidPrice where list.contains(cocktail) {
                // The list's page again, with what was typed and why next to that drink's field.
                var page = try await page(of: list, request: request, context: context, notice: nil)
                page.refusePrice(form.price ?? "", for: cocktail, currency: currency, strings: context.strings)
                return renderer.render(page, status: .badRequest, context: context)
            }
            _ = try await desk.setEntryPrice(
                cocktail, minor: minor, in: list.id, owner: owner)
            let back = form.return == "menu" ? "/lists/\(list.id)/menu#menu-prices" : "/lists/\(list.id)#entries"
            return .redirect(to: back, type: .normal)
        }
        pages.post("/lists/:id/menu-prices") { request, context -> Response in
            let (form, owner) = (try context.submittedForm().decode(MenuPricesForm.self), context.owner)
            let list = try await desk.list(try context.parameters.require("id"), owner: owner)
            let percent = (form.pourCost ?? "").trimmingCharacters(in: .whitespaces)
            guard percent.isEmpty || Int(percent) != nil else { throw ListError.invalidPourCost }
            _ = try await desk.setMenuPrices(
                MenuPrices(display: form.display, pourCostPercent: Int(percent)), for: list.id, owner: owner)
            return .redirect(to: "/lists/\(list.id)/menu#menu-prices", type: .normal)
        }
        pages.post("/lists/:id/share") { request, context in
            try await change(request, context, notice: "shared", anchor: "share") { (form: ShareForm, list, owner) in
                let days = form.days.flatMap { $0.isEmpty ? nil : $0 }
                if let days, Int(days) == nil {
                    throw AppError(status: .badRequest, code: "invalid_expiry", message: "days is a whole number.")
                }
                _ = try await desk.share(list, days: days.flatMap { Int($0) }, owner: owner)
            }
        }
        pages.post("/lists/:id/menu-shelf") { request, context in
            try await change(request, context, notice: "menu", anchor: "menu-shelf") {
                (form: MenuShelfForm, list, owner) in
                let follows = form.follows ?? ""
                var menuShelf: MenuShelf?
                if !follows.isEmpty {
                    guard let id = Int64(follows), try await followable(owner: owner).contains(where: { $0.id == id })
                    else {
                        throw AppError(
                            status: .badRequest, code: "invalid_follows", message: "follows names no bar of this book.")
                    }
                    menuShelf = MenuShelf(ownerID: id, hidesUnavailable: form.unavailable == "hide")
                }
                _ = try await desk.setMenuShelf(menuShelf, for: list.id, owner: owner)
                if let raw = form.order {
                    guard let order = MenuOrder(rawValue: raw) else {
                        throw AppError(status: .badRequest, code: "invalid_order", message: "order is style or list.")
                    }
                    _ = try await desk.setMenuOrder(order, for: list.id, owner: owner)
                }
            }
        }
        pages.post("/lists/:id/share/revoke") { request, context in
            try await change(request, context, notice: "revoked", anchor: "share") { (_: NoFields, list, owner) in
                _ = try await desk.removeShare(of: list.id, owner: owner)
            }
        }
        // The drinks ticked on search or filter results, into the list chosen there; back to the
        // same results, which say what was added and link the list.
        pages.post("/lists/add-drinks") { request, context -> Response in
            let (form, owner) = (try context.submittedForm().decode(PickedDrinksForm.self), context.owner)
            let list = try await desk.list(form.list ?? "", owner: owner)
            let added = try await desk.addEntries(form.cocktail ?? [], to: list.id, owner: owner)
            return .redirect(to: ListPicker.back(to: form.return, added: added, list: list.id), type: .normal)
        }
        // The drink page's "Add to list…": the list is the form's choice.
        pages.post("/cocktails/:id/add-to-list") { request, context -> Response in
            let (form, owner) = (try context.submittedForm().decode(AddToListForm.self), context.owner)
            let drink = try await desk.knownDrink(try context.parameters.require("id"))
            let list = try await desk.list(form.list ?? "", owner: owner)
            _ = try await desk.addEntry(
                drink, note: form.note, to: list.id, owner: owner)
            return .redirect(to: "/cocktails/\(drink)?listed=\(list.id)#lists", type: .normal)
        }

        // A share link opens its list, the list's drinks and its menu, to anyone, also in a
        // private book: nothing else.
        let shared = routes.routes("s", .open)
        shared.get(":token", use: sharedList)
        shared.get(":token/menu", use: sharedMenu)
        shared.get(":token/cocktails/:id", use: sharedDrink)
        routes.routes("s", RoutePolicy(openWhenPrivate: true, offline: .picture)).get(
            ":token/cocktails/:id/picture", use: sharedPicture)
    }

    // MARK: The owner's pages

    @Sendable func listsPage(request: Request, context: Context) async throws -> Response {
        let lists = try await desk.lists(of: context.owner)
        return renderer.render(ListsPage(lists: lists, strings: context.strings), context: context)
    }

    @Sendable func listPage(request: Request, context: Context) async throws -> Response {
        let list = try await desk.list(try context.parameters.require("id"), owner: context.owner)
        let query = FormQuery(request)
        let notice = query["done"].flatMap {
            ["renamed", "shared", "revoked", "menu", "details"].contains($0) ? $0 : nil
        }
        var page = try await page(of: list, request: request, context: context, notice: notice)
        if let added = query["added"].flatMap(Int.init) {
            page.notice = context.strings.count("drinklist_notice_added", added)
        }
        // "Add drinks": the search on this page, and what it found.
        let find = (query["find"] ?? "").trimmingCharacters(in: .whitespaces)
        if !find.isEmpty {
            page.find = String(find.prefix(100))
            page.candidates = try await desk.candidates(
                for: list, matching: page.find, language: context.language
            ).map { .init(cocktailId: $0.cocktail.id, name: $0.cocktail.name, isListed: $0.isListed) }
            if page.candidates.isEmpty {
                page.noCandidates = context.strings("drinklist_find_none", ["words": page.find])
            }
        }
        return renderer.render(page, context: context)
    }

    /// The page of the viewer's `list`, with the notice `notice` (`renamed`…) if any.
    private func page(of list: DrinkList, request: Request, context: Context, notice: String?) async throws
        -> ListPage
    {
        let shareURL = list.share.map { ListDesk.url(of: $0, origin: context.origin) }
        return ListPage(
            list: list, rows: await desk.rows(of: list), shareURL: shareURL,
            notice: notice.map { context.strings["drinklist_notice_" + $0] }, calendar: desk.catalog.calendar,
            followable: try await followable(owner: context.owner),
            currency: try await desk.currency(), strings: context.strings)
    }

    /// The owner's menu: it carries the list's share link as a QR code when the list has a working
    /// one, else a button that makes one (``shareMenu``): reading the page changes nothing.
    @Sendable func ownerMenu(request: Request, context: Context) async throws -> Response {
        let owner = context.owner
        let list = try await desk.list(try context.parameters.require("id"), owner: owner)
        let share = list.share.flatMap { $0.isValid(at: desk.catalog.now()) ? $0 : nil }
        let rows = await desk.rows(of: list)
        let currency = try await desk.currency()
        let prices = MenuPriceSource(
            currency: currency, suggestions: try await desk.suggestions(for: list, rows: rows, currency: currency))
        var page = MenuPage(
            list: list, rows: rows,
            shareURL: share.map { ListDesk.url(of: $0, origin: context.origin) },
            path: "/lists/\(list.id)/menu", paper: MenuPage.Paper(query: FormQuery(request)["paper"]),
            backHref: "/lists/\(list.id)", backTitle: list.name, makeable: try await desk.makeableNow(for: list),
            prices: prices, strings: context.strings)
        if share == nil { page.shareAction = "/lists/\(list.id)/menu/share" }
        page.shareWarning = LinkReach.warning(for: page.shareURL, strings: context.strings)
        return renderer.render(page, context: context)
    }

    /// The menu's "Add a QR code": the list gets a share link (the one it has, if it works), and
    /// the menu shows it.
    @Sendable func shareMenu(request: Request, context: Context) async throws -> Response {
        let owner = context.owner
        let list = try await desk.list(try context.parameters.require("id"), owner: owner)
        _ = try await desk.currentShare(list, owner: owner)
        return .redirect(to: "/lists/\(list.id)/menu", type: .normal)
    }

    /// The bars a menu of `owner`'s may follow (``ListDesk/followableBars(for:)``).
    func followable(owner: FavoritesOwner) async throws -> [(id: Int64, name: String?)] {
        try await desk.followableBars(for: owner)
    }

    // MARK: What a share link opens

    @Sendable func sharedList(request: Request, context: Context) async throws -> Response {
        let token = try context.parameters.require("token")
        let list = try await desk.sharedList(token: token, strings: context.strings)
        return renderer.render(
            SharedListPage(
                list: list, token: token, rows: await desk.rows(of: list), currency: try await desk.currency(),
                strings: context.strings),
            context: context)
    }

    @Sendable func sharedMenu(request: Request, context: Context) async throws -> Response {
        let token = try context.parameters.require("token")
        let list = try await desk.sharedList(token: token, strings: context.strings)
        let share = ListShare(token: token, createdAt: list.createdAt, expiresAt: nil)
        return renderer.render(
            MenuPage(
                list: list, rows: await desk.rows(of: list),
                shareURL: ListDesk.url(of: share, origin: context.origin), path: "/s/\(token)/menu",
                paper: MenuPage.Paper(query: FormQuery(request)["paper"]), backHref: "/s/\(token)",
                backTitle: list.name, makeable: try await desk.makeableNow(for: list),
                prices: MenuPriceSource(currency: try await desk.currency(), suggestions: nil),
                strings: context.strings), context: context)
    }

    /// A drink of the shared list; any other drink of the book is not there.
    @Sendable func sharedDrink(request: Request, context: Context) async throws -> Response {
        let (list, entry) = try await sharedEntry(context)
        let details = try await desk.catalog.details(id: entry.cocktailID, for: .nobody)
        let page = DetailsPage(
            details: details, origin: .list(.all), lastModified: nil, settings: context.settings,
            strings: context.strings)
        return renderer.render(
            SharedDrinkPage(
                details: page, cocktail: details.cocktail, list: list, token: try context.parameters.require("token"),
                note: entry.note),
            context: context)
    }

    /// A shared drink's picture: its photo, or the drawing of its glass.
    @Sendable func sharedPicture(request: Request, context: Context) async throws -> Response {
        let cocktail = try await desk.catalog.cocktail(id: try await sharedEntry(context).entry.cocktailID).cocktail
        let url = CocktailImage.url(for: cocktail)
        if url.hasPrefix(ImportedImageFiles.urlPrefix) {
            guard let images else { throw HTTPError(.notFound) }
            // A list's row asks for the small copy (`?size=medium`).
            return try await images.response(
                for: String(url.dropFirst(ImportedImageFiles.urlPrefix.count)), request: request,
                longest: FormQuery(request)["size"].flatMap { RasterPictures.sizes[$0] })
        }
        return CocktailImage.response(for: cocktail, request: request)
    }

    /// The list a share link opens and its entry for the drink in the path (404 for a drink
    /// not on it).
    private func sharedEntry(_ context: Context) async throws -> (list: DrinkList, entry: DrinkList.Entry) {
        let list = try await desk.sharedList(token: try context.parameters.require("token"), strings: context.strings)
        let id = try context.parameters.require("id")
        guard let entry = list.entries.first(where: { $0.cocktailID == id }) else { throw HTTPError(.notFound) }
        return (list, entry)
    }

    // MARK: Forms

    /// Finds the owner's list, applies `apply` and goes back to the list's page.
    private func change<Form: PageForm>(
        _ request: Request, _ context: Context, notice: String? = nil, anchor: String? = nil,
        _ apply: (Form, DrinkList, FavoritesOwner) async throws -> Void
    ) async throws -> Response {
        let (form, owner) = (try context.submittedForm().decode(Form.self), context.owner)
        let list = try await desk.list(try context.parameters.require("id"), owner: owner)
        try await apply(form, list, owner)
        return .redirect(
            to: "/lists/\(list.id)" + (notice.map { "?done=" + $0 } ?? "") + (anchor.map { "#" + $0 } ?? ""),
            type: .normal)
    }
}
