import CocktailBook
import Foundation

// The JSON of `/api/v1/lists…`, as the OpenAPI document describes it.

struct ListsPayload: Encodable {
    var lists: [ListSummaryPayload]
}

struct ListSummaryPayload: Encodable {
    var id: Int64
    var name: String
    var count: Int
    var createdAt: Date
    var updatedAt: Date
    var shareURL: String?

    init(_ list: DrinkList, url: String?) {
        id = list.id
        name = list.name
        count = list.entries.count
        createdAt = list.createdAt
        updatedAt = list.updatedAt
        shareURL = url
    }
}

struct ListPayload: Encodable {
    struct Entry: Encodable {
        var id: String
        var name: String?
        var shortDescription: String?
        var note: String?
        var addedAt: Date
        var price: BottleStock.Price?
        /// The price as the request's language writes it (`€9.50`, `9,50 €`).
        var priceText: String?
    }

    var id: Int64
    var name: String
    var createdAt: Date
    var updatedAt: Date
    /// The book's currency, in which the prices are kept.
    var currency: String
    var cocktails: [Entry]
    var share: SharePayload?
    var menuShelf: MenuShelfPayload?
    var menuPrices: MenuPricesPayload

    struct MenuPricesPayload: Encodable {
        var display: String
        /// Whether the menu shows prices now (`auto`: when any drink has one).
        var shown: Bool
        var pourCostPercent: Int
    }

    struct MenuShelfPayload: Encodable {
        var follows: Int64
        var unavailable: String
    }

    init(_ list: DrinkList, rows: [ListDesk.Row], url: String?, currency: String, strings: UIStrings) {
        id = list.id
        name = list.name
        createdAt = list.createdAt
        updatedAt = list.updatedAt
        self.currency = currency
        cocktails = rows.map { row in
            Entry(
                id: row.entry.cocktailID, name: row.details?.cocktail.name,
                shortDescription: row.details?.cocktail.shortDescription, note: row.entry.note,
                addedAt: row.entry.addedAt,
                price: row.entry.priceMinor.map { BottleStock.Price(minor: $0, currency: currency) },
                priceText: row.entry.priceMinor.map { ListDesk.priceText($0, currency: currency, strings: strings) })
        }
        menuPrices = MenuPricesPayload(
            display: list.menuPrices.display.rawValue, shown: list.menuPrices.shows(list),
            pourCostPercent: list.menuPrices.pourCost)
        share = list.share.map { SharePayload(url: url ?? "", token: $0.token, expiresAt: $0.expiresAt) }
        menuShelf = list.menuShelf.map {
            MenuShelfPayload(follows: $0.ownerID, unavailable: $0.hidesUnavailable ? "hide" : "mark")
        }
    }
}

struct SharePayload: Encodable {
    var url: String
    var token: String
    /// `null` for a link that lasts until it is revoked.
    @Nullable var expiresAt: Date?

    enum CodingKeys: String, CodingKey { case url, token, expiresAt }
}
