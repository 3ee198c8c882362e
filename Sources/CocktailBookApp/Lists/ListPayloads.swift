import CocktailBook
import Foundation

// The JSON of `/api/v1/lists…`, as the OpenAPI document describes it.

package struct ListsPayload: Encodable {
    package var lists: [ListSummaryPayload]

    package init(lists: [ListSummaryPayload]) {
        self.lists = lists
    }
}

package struct ListSummaryPayload: Encodable {
    package var id: Int64
    package var name: String
    package var count: Int
    package var createdAt: Date
    package var updatedAt: Date
    package var shareURL: String?

    package init(_ list: DrinkList, url: String?) {
        id = list.id
        name = list.name
        count = list.entries.count
        createdAt = list.createdAt
        updatedAt = list.updatedAt
        shareURL = url
    }
}

package struct ListPayload: Encodable {
    package struct Entry: Encodable {
        package var id: String
        package var name: String?
        package var shortDescription: String?
        package var note: String?
        package var addedAt: Date
        package var price: BottleStock.Price?
        /// The price as the request's language writes it (`€9.50`, `9,50 €`).
        package var priceText: String?
    }

    package var id: Int64
    package var name: String
    package var createdAt: Date
    package var updatedAt: Date
    /// The book's currency, in which the prices are kept.
    package var currency: String
    package var cocktails: [Entry]
    package var share: SharePayload?
    package var menuShelf: MenuShelfPayload?
    package var menuPrices: MenuPricesPayload
    /// `style` (under each style's heading) or `list` (in the list's order).
    package var menuOrder: String

    package struct MenuPricesPayload: Encodable {
        package var display: String
        /// Whether the menu shows prices now (`auto`: when any drink has one).
        package var shown: Bool
        package var pourCostPercent: Int
    }

    package struct MenuShelfPayload: Encodable {
        package var follows: Int64
        package var unavailable: String
    }

    package init(_ list: DrinkList, rows: [ListDesk.Row], url: String?, currency: String, strings: UIStrings) {
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
        menuOrder = list.menuOrder.rawValue
        share = list.share.map { SharePayload(url: url ?? "", token: $0.token, expiresAt: $0.expiresAt) }
        menuShelf = list.menuShelf.map {
            MenuShelfPayload(follows: $0.ownerID, unavailable: $0.hidesUnavailable ? "hide" : "mark")
        }
    }
}

package struct SharePayload: Encodable {
    package var url: String
    package var token: String
    /// `null` for a link that lasts until it is revoked.
    @Nullable package var expiresAt: Date?

    package enum CodingKeys: String, CodingKey { case url, token, expiresAt }

    package init(url: String, token: String, expiresAt: Date? = nil) {
        self.url = url
        self.token = token
        self.expiresAt = expiresAt
    }
}
