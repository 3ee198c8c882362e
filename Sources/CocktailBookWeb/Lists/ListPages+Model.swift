import CocktailBook
import CocktailBookApp
import Crypto
import Foundation

/// `/lists`: the viewer's lists and the form that makes a new one.
struct ListsPage: PageModel {
    static let template = "lists"
    let catalogState = "ready"

    struct Row: Sendable {
        var href: String
        var name: String
        var count: String
        var isShared: Bool
    }

    var lists: [Row]
    var isEmpty: Bool
    var nameLimit = ListRules.maximumNameLength

    init(lists: [DrinkList], strings: UIStrings) {
        self.lists = lists.map {
            Row(
                href: "/lists/\($0.id)", name: $0.name, count: strings.count("lists_drink_count", $0.entries.count),
                isShared: $0.share != nil)
        }
        isEmpty = lists.isEmpty
    }
}

/// `/lists/{id}`: one list of the viewer's, with every way to change it.
struct ListPage: PageModel {
    static let template = "list"
    let catalogState = "ready"

    /// "Add drinks": what was searched for on the page and the drinks it found, to tick and add
    /// several at once.
    struct Candidate: Sendable {
        var cocktailId: String
        var name: String
        var isListed: Bool
    }
    var find = ""
    var candidates: [Candidate] = []
    /// "Nothing matches …" after a search that found nothing.
    var noCandidates: String?
    var addEntriesAction = ""
    /// The one form that saves every drink's note and price.
    var detailsAction = ""

    struct Row: Sendable {
        var position: Int
        var cocktailId: String
        var href: String
        var name: String
        var shortDescription: String?
        var note: String
        var noteLabel: String
        var upLabel: String
        var downLabel: String
        var removeLabel: String
        /// Where the up and down buttons move the drink to (text: a section on `0` must show).
        var upTo: String?
        var downTo: String?
        var moveAction: String
        var removeAction: String
        /// The menu price as the field shows it (`9.5`), empty without one.
        var price: String
        var priceLabel: String
        /// A price the server refused: the field shows what was typed, with why.
        var priceProblem: FieldProblem.Model?
    }

    struct Expiry: Sendable {
        var value: String
        var label: String
    }

    var id: Int64
    var name: String
    var rows: [Row]
    var isEmpty: Bool
    var renameAction: String
    var deleteAction: String
    var shareAction: String
    var revokeAction: String
    var menuHref: String
    var planHref: String
    var shareURL: String?
    /// Said when the share link names an address guests' phones cannot open.
    var shareWarning: String?
    var shareExpiry: String?
    var expiries: [Expiry]
    var followOptions: [Choice]
    var menuShelfAction: String
    var hidesUnavailable: Bool
    /// Whether the menu keeps the list's order (else it groups the drinks by style).
    var menuInListOrder = false
    var notice: String?
    var nameLimit = ListRules.maximumNameLength
    var noteLimit = ListRules.maximumNoteLength

    init(
        list: DrinkList, rows: [ListDesk.Row], shareURL: String?, notice: String?, calendar: Calendar,
        followable: [(id: Int64, name: String?)] = [], currency: String = BookCurrency.defaultCode,
        strings: UIStrings
    ) {
        id = list.id
        name = list.name
        let base = "/lists/\(list.id)"
        self.rows = rows.enumerated().map { index, row in
            let id = row.entry.cocktailID
            let name = row.details?.cocktail.name ?? id
            return Row(
                position: index + 1, cocktailId: id, href: "/cocktails/\(id)", name: name,
                shortDescription: row.details.map { $0.cocktail.texts(in: strings.language).shortDescription },
                note: row.entry.note ?? "", noteLabel: strings("drinklist_note_for", ["name": name]),
                upLabel: strings("drinklist_move_up", ["name": name]),
                downLabel: strings("drinklist_move_down", ["name": name]),
                removeLabel: strings("drinklist_remove", ["name": name]),
                upTo: index > 0 ? String(index - 1) : nil, downTo: index < rows.count - 1 ? String(index + 1) : nil,
                moveAction: "\(base)/entries/\(id)/move", removeAction: "\(base)/entries/\(id)/remove",
                price: row.entry.priceMinor.map { Money.major($0, currency: currency) } ?? "",
                priceLabel: strings("drinklist_price_for", ["name": name, "currency": currency]))
        }
        isEmpty = rows.isEmpty
        addEntriesAction = base + "/entries/add"
        detailsAction = base + "/entries/details"
        renameAction = base + "/rename"
        deleteAction = base + "/delete"
        shareAction = base + "/share"
        revokeAction = base + "/share/revoke"
        menuHref = base + "/menu"
        planHref = base + "/plan"
        self.shareURL = shareURL
        shareWarning = LinkReach.warning(for: shareURL, strings: strings)
        shareExpiry = list.share.map { share in
            share.expiresAt.map {
                strings(
                    "drinklist_share_expires", ["date": DateText.dayAndTime($0, calendar: calendar, strings: strings)])
            } ?? strings["drinklist_share_forever"]
        }
        expiries =
            [Expiry(value: "", label: strings["drinklist_share_never"])]
            + [1, 7, 30].map { Expiry(value: String($0), label: strings.count("drinklist_share_days", $0)) }
        self.notice = notice
        let follows = list.menuShelf?.ownerID
        followOptions =
            [Choice(value: "", label: strings["menu_follow_none"], selected: follows == nil)]
            + followable.map { bar in
                Choice(
                    value: String(bar.id),
                    label: bar.name.map { strings("menu_follow_account", ["name": $0]) } ?? strings["menu_follow_mine"],
                    selected: follows == bar.id)
            }
        menuShelfAction = base + "/menu-shelf"
        hidesUnavailable = list.menuShelf?.hidesUnavailable ?? false
        menuInListOrder = list.menuOrder == .asListed
    }

    /// Shows the price typed for the drink `cocktailID` again, with the reason it was refused:
    /// the largest price the book takes, in `currency` as `strings`' language writes it.
    mutating func refusePrice(_ typed: String, for cocktailID: String, currency: String, strings: UIStrings) {
        guard let index = rows.firstIndex(where: { $0.cocktailId == cocktailID }) else { return }
        let largest = Money.text(ListRules.maximumPriceMinor, currency: currency, locale: strings.locale)
        rows[index].price = typed
        rows[index].priceProblem = FieldProblem.Model(
            fieldId: "price-\(cocktailID)", typed: typed,
            message: strings("drinklist_price_invalid", ["largest": largest]))
    }
}

/// `/s/{token}`: a shared list as anyone with the link sees it: its name and drinks, nothing of
/// whose it is.
struct SharedListPage: PageModel {
    static let template = "shared-list"
    let catalogState = "ready"

    struct Row: Sendable {
        var href: String
        var imageURL: String
        var name: String
        var shortDescription: String?
        var note: String?
        /// The drink's price, when the owner shows prices on the menu.
        var priceText: String?
    }

    var name: String
    var rows: [Row]
    var isEmpty: Bool
    var menuHref: String

    /// `currency`: the book's, for the prices the menu shows (none when the owner hides them).
    init(list: DrinkList, token: String, rows: [ListDesk.Row], currency: String, strings: UIStrings) {
        name = list.name
        let showsPrices = list.menuPrices.shows(list)
        self.rows = rows.compactMap { row in
            guard let details = row.details else { return nil }
            let href = "/s/\(token)/cocktails/\(details.cocktail.id)"
            return Row(
                href: href,
                imageURL: SharedDrinkPage.pictureURL(drinkHref: href, cocktail: details.cocktail) + "&size=medium",
                name: details.cocktail.name,
                shortDescription: details.cocktail.texts(in: strings.language).shortDescription, note: row.entry.note,
                priceText: showsPrices
                    ? row.entry.priceMinor.map { ListDesk.priceText($0, currency: currency, strings: strings) } : nil)
        }
        isEmpty = self.rows.isEmpty
        menuHref = "/s/\(token)/menu"
    }
}

/// `/s/{token}/cocktails/{id}`: one drink of a shared list, read-only: the whole recipe (its
/// picture, glass, method, garnish, lines and steps) without the book's buttons, forms or links
/// elsewhere.
struct SharedDrinkPage: PageModel {
    static let template = "shared-cocktail"
    let catalogState = "ready"

    var listName: String
    var listHref: String
    var name: String
    var preparationTime: String
    var abvText: String?
    var standardDrinksText: String?
    var imageURL: String
    var imageAlt: String
    var pictureCredit: String?
    var facts: [DetailsPage.Fact]
    var longDescription: String
    var ingredients: [DetailsPage.Ingredient]
    var instructions: [String]
    var note: String?

    /// The drink's picture as the share link serves it (the book's own picture routes may be
    /// closed to a guest of a private book): `{drink's address}/picture`, with the picture's
    /// version so a changed photo or drawing is fetched again.
    static func pictureURL(drinkHref: String, cocktail: Cocktail) -> String {
        let digest = SHA256.hash(data: Data(CocktailImage.url(for: cocktail).utf8))
        return drinkHref + "/picture?v=" + digest.prefix(6).map { String(format: "%02x", $0) }.joined()
    }

    init(details: DetailsPage, cocktail: Cocktail, list: DrinkList, token: String, note: String?) {
        listName = list.name
        listHref = "/s/\(token)"
        name = details.name
        preparationTime = details.preparationTime
        abvText = details.abvText
        standardDrinksText = details.standardDrinksText
        imageURL = Self.pictureURL(drinkHref: "/s/\(token)/cocktails/\(cocktail.id)", cocktail: cocktail)
        imageAlt = details.imageAlt
        pictureCredit = details.pictureCredit
        facts = details.facts
        longDescription = details.longDescription
        ingredients = details.ingredients
        instructions = details.instructions
        self.note = note
    }
}
