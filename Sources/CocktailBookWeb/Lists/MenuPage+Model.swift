import CocktailBook
import CocktailBookApp
import CocktailsAPI
import Foundation
import QRCode

/// A list as a menu to hand guests or print: its title, the drinks in sections by category
/// (in the list's order within each), each with its name, a line of description and its
/// strength, and the QR code of the list's share link.
struct MenuPage: PageModel {
    static let template = "menu"
    let catalogState = "ready"

    /// The paper sizes the print stylesheet lays a menu out for (`?paper=`).
    enum Paper: String, CaseIterable, Sendable {
        case a4, a5, letter

        init(query: String?) {
            self = query.flatMap { Paper(rawValue: $0.lowercased()) } ?? .a5
        }
    }

    struct Item: Sendable {
        var name: String
        var shortDescription: String
        var abvText: String?
        /// The bar the menu follows cannot make it now.
        var isNotToday = false
        /// Its price, when the menu shows prices and it has one.
        var priceText: String? = nil
        /// The owner's suggested price (never on a shared menu).
        var suggestion: MenuSuggestion? = nil
    }

    struct Section: Sendable {
        /// The style's heading; none on a menu in the list's own order. (Not `title`: Mustache
        /// would read the page's title where a section has none.)
        var heading: String
        var items: [Item]
    }

    struct PaperLink: Sendable {
        var href: String
        var label: String
        var isCurrent: Bool
    }

    var title: String
    var sections: [Section]
    var isEmpty: Bool
    var paper: String
    var papers: [PaperLink]
    var backHref: String
    var backTitle: String
    /// The share link's QR code, an SVG our encoder wrote (no text of anyone's in it but the
    /// link, which it escapes).
    var qrSVG: String?
    var shareURL: String?
    /// The owner's choices about prices (never on a shared menu).
    var pricing: MenuPricingForm?
    /// Where the owner asks for a share link, when the list has none: a page read with GET never
    /// makes one (a link from another site must not publish a list).
    var shareAction: String?
    /// For the owner: said when the QR code names an address guests' phones cannot open.
    var shareWarning: String?

    init(
        list: DrinkList, rows: [ListDesk.Row], shareURL: String?, path: String, paper: Paper, backHref: String,
        backTitle: String, makeable: Set<String>? = nil, prices: MenuPriceSource? = nil, strings: UIStrings
    ) {
        let shows = list.menuPrices.shows(list)
        title = list.name
        var byCategory: [DrinkCategory?: [Item]] = [:]
        var inListOrder: [Item] = []
        for row in rows {
            guard let details = row.details else { continue }
            let isNotToday = makeable.map { !$0.contains(details.cocktail.id) } ?? false
            if isNotToday, list.menuShelf?.hidesUnavailable == true { continue }
            let item =
                Item(
                    name: details.cocktail.name,
                    shortDescription: details.cocktail.texts(in: strings.language).shortDescription,
                    // A guest's menu says a strength or nothing: not which bottle the book cannot weigh.
                    abvText: details.unknownStrengths.isEmpty || details.cocktail.kind == .nonAlcoholic
                        ? details.abvText(strings).map(strings.localizingNumbers) : nil, isNotToday: isNotToday,
                    priceText: shows ? prices?.text(row.entry.priceMinor, strings: strings) : nil,
                    suggestion: prices.flatMap { source in
                        source.suggestions?[details.cocktail.id].map {
                            MenuSuggestion(
                                $0, list: list, cocktail: details.cocktail, currency: source.currency,
                                strings: strings)
                        }
                    })
            byCategory[details.cocktail.category, default: []].append(item)
            inListOrder.append(item)
        }
        if list.menuOrder == .asListed {
            // As the owner ordered the list: one run, no style headings.
            sections = inListOrder.isEmpty ? [] : [Section(heading: "", items: inListOrder)]
        } else {
            let order: [DrinkCategory?] = DrinkCategory.allCases.map { $0 } + [nil]
            sections = order.compactMap { category in
                guard let items = byCategory[category] else { return nil }
                return Section(heading: category.map(strings.category) ?? strings["menu_other"], items: items)
            }
        }
        isEmpty = sections.isEmpty
        self.paper = paper.rawValue
        papers = Paper.allCases.map {
            PaperLink(
                href: path + "?paper=" + $0.rawValue, label: strings["menu_paper_" + $0.rawValue],
                isCurrent: $0 == paper)
        }
        self.backHref = backHref
        self.backTitle = backTitle
        self.shareURL = shareURL
        pricing = prices?.suggestions.map {
            MenuPricingForm(list, currency: prices?.currency ?? "", hasSuggestions: !$0.isEmpty, strings)
        }
        qrSVG = shareURL.flatMap { url in
            (try? QRCode.encode(url, correction: .medium))?.svg(
                moduleSize: 3, quietZone: 4, label: strings("menu_qr_label", ["url": url]))
        }
    }
}
