import CocktailBook
import Foundation
import HTTPTypes

/// What the list pages and the list API share: whose lists they are, which drinks may go on
/// them, share links (minted, checked, revoked) and the drinks of a list as the catalog has
/// them. Both the HTML and the JSON side call these, so they answer the same.
package struct ListDesk: Sendable {
    package let catalog: CatalogService
    let store: any ListStore
    /// The shelves a party plan may count and the shopping list it adds to.
    package let bar: any BarStore
    /// The book's currency, in which menu prices are kept.
    package let book: any BookSettingsStore
    /// The accounts whose owners shared their bar with the household, by id, with their names.
    package var sharedBars: @Sendable () async throws -> [(id: Int64, name: String)] = { [] }

    /// The bars a menu of `owner`'s may follow: their own (named `nil`), then those shared with
    /// the household. Checked here, once, for the page and the API alike, and again whenever a
    /// menu is read: a bar that stops being shared is followed no more.
    package func followableBars(for owner: FavoritesOwner) async throws -> [(id: Int64, name: String?)] {
        [(owner.id, nil)] + (try await sharedBars()).filter { $0.id != owner.id }.map { ($0.id, Optional($0.name)) }
    }

    /// A drink of a list as it is shown: the catalog's drink (`nil` once it left the catalog).
    package struct Row: Sendable {
        package var entry: DrinkList.Entry
        package var details: CocktailDetails?
    }

    /// The owner's list `id`, or a 404.
    package func list(_ rawID: String, owner: FavoritesOwner) async throws -> DrinkList {
        guard let id = Int64(rawID), let list = try await store.list(id: id, owner: owner) else {
            throw ListError.notFound
        }
        return list
    }

    /// The catalog's id of a drink that may go on a list (it must exist), or a 404.
    package func knownDrink(_ raw: String) async throws -> String {
        try await catalog.cocktail(id: raw).cocktail.id
    }

    /// The list's drinks in order, each with the catalog's details.
    package func rows(of list: DrinkList) async -> [Row] {
        var rows: [Row] = []
        for entry in list.entries {
            rows.append(Row(entry: entry, details: try? await catalog.details(id: entry.cocktailID, for: .nobody)))
        }
        return rows
    }

    /// The drinks of the catalog the bar `list`'s menu follows can make now (as named, no
    /// stand-in), or `nil` for a menu that follows no bar. Read at every request: the shared
    /// menu changes as bottles come and go.
    package func makeableNow(for list: DrinkList) async throws -> Set<String>? {
        guard let follows = list.menuShelf,
            try await followableBars(for: FavoritesOwner(account: list.ownerID)).contains(where: {
                $0.id == follows.ownerID
            })
        else { return nil }
        let report = try await catalog.bar(try await bar.shelf(of: FavoritesOwner(account: follows.ownerID)))
        return Set(report.evaluation.canMakePositions.map { report.cocktails[$0].id })
    }

    // MARK: Share links

    /// A new share link's token: 192 bits from the system's secure generator, URL-safe base64
    /// (32 characters).
    package static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<24).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
    }

    /// Gives the list a new share link, lasting `days` (forever when `nil`).
    package func share(_ list: DrinkList, days: Int?, owner: FavoritesOwner) async throws -> DrinkList {
        if let days, !(1...ListRules.maximumShareDays).contains(days) {
            throw AppError(
                status: .unprocessableContent, code: "invalid_expiry",
                message: "expiresInDays is a whole number from 1 to \(ListRules.maximumShareDays).")
        }
        let now = catalog.now()
        let share = ListShare(
            token: Self.newToken(), createdAt: now, expiresAt: days.map { now.addingTimeInterval(Double($0) * 86_400) })
        return try await store.setShare(share, for: list.id, owner: owner)
    }

    /// The list's working share link, made now if it has none (or only an expired one).
    package func currentShare(_ list: DrinkList, owner: FavoritesOwner) async throws -> ListShare {
        if let share = list.share, share.isValid(at: catalog.now()) { return share }
        guard let share = try await self.share(list, days: nil, owner: owner).share else { throw ListError.notFound }
        return share
    }

    /// The list a share token opens now; a revoked, expired or made-up token is a friendly 404.
    package func sharedList(token: String, strings: UIStrings) async throws -> DrinkList {
        guard token.utf8.count <= 64, let list = try await store.sharedList(token: token),
            list.share?.isValid(at: catalog.now()) == true
        else {
            throw AppError(status: .notFound, code: "share_not_found", message: strings["share_gone_message"])
        }
        return list
    }

    /// The share link's absolute address: the book's public address, else as the request
    /// reached the server (``AppContext/origin``).
    package static func url(of share: ListShare, origin: String) -> String {
        origin + "/s/" + share.token
    }
}
