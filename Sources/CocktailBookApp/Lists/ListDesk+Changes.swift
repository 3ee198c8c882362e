import CocktailBook
import Foundation

/// A person's lists changed, for the list pages and the lists API alike: each change is dated
/// by the catalog's clock and checked by the store (a name, a note, a price, the owner).
extension ListDesk {
    /// `owner`'s lists, by name.
    package func lists(of owner: FavoritesOwner) async throws -> [DrinkList] { try await store.lists(of: owner) }

    package func createList(named name: String, owner: FavoritesOwner) async throws -> DrinkList {
        try await store.createList(named: name, owner: owner, at: catalog.now())
    }

    package func renameList(id: Int64, to name: String, owner: FavoritesOwner) async throws -> DrinkList {
        try await store.renameList(id: id, to: name, owner: owner, at: catalog.now())
    }

    /// `false` when `owner` has no such list.
    package func deleteList(id: Int64, owner: FavoritesOwner) async throws -> Bool {
        try await store.deleteList(id: id, owner: owner)
    }

    /// Adds a drink at the end, or changes the note of one the list holds.
    package func addEntry(_ cocktailID: String, note: String?, to listID: Int64, owner: FavoritesOwner)
        async throws -> DrinkList
    {
        try await store.addEntry(cocktailID, note: note, to: listID, owner: owner, at: catalog.now())
    }

    /// Adds the drinks `cocktailIDs` to the list in that order, leaving out the ones it holds
    /// already; how many were added. A drink the book does not have is `unknownCocktail`.
    package func addEntries(_ cocktailIDs: [String], to listID: Int64, owner: FavoritesOwner) async throws -> Int {
        var list = try await list(String(listID), owner: owner)
        // Every drink is checked before any is added: a wrong one adds none.
        for id in cocktailIDs { _ = try await catalog.cocktail(id: id) }
        var added = 0
        for id in cocktailIDs where !list.contains(id) {
            list = try await store.addEntry(id, note: nil, to: listID, owner: owner, at: catalog.now())
            added += 1
        }
        return added
    }

    /// Sets each drink's note and price on the list, writing only what changed.
    package func setDetails(
        _ details: [(cocktailID: String, note: String, priceMinor: Int?)], in listID: Int64, owner: FavoritesOwner
    ) async throws -> DrinkList {
        var list = try await list(String(listID), owner: owner)
        for detail in details {
            guard let entry = list.entries.first(where: { $0.cocktailID == detail.cocktailID }) else {
                throw ListError.entryNotFound
            }
            let note = detail.note.trimmingCharacters(in: .whitespacesAndNewlines)
            if note != (entry.note ?? "") {
                list = try await store.addEntry(
                    detail.cocktailID, note: note.isEmpty ? nil : note, to: listID, owner: owner, at: catalog.now())
            }
            if detail.priceMinor != entry.priceMinor {
                list = try await store.setEntryPrice(
                    detail.cocktailID, minor: detail.priceMinor, in: listID, owner: owner, at: catalog.now())
            }
        }
        return list
    }

    /// The drinks of the book whose names or lines match `words`, to add to `list` (the first
    /// `limit`), each saying whether the list holds it already.
    package func candidates(for list: DrinkList, matching words: String, language: Language, limit: Int = 20)
        async throws -> [(cocktail: Cocktail, isListed: Bool)]
    {
        var query = CocktailQuery(text: words, perPage: limit)
        query.language = language
        return try await catalog.query(query).items.map { ($0.cocktail, list.contains($0.cocktail.id)) }
    }

    package func removeEntry(_ cocktailID: String, from listID: Int64, owner: FavoritesOwner) async throws
        -> DrinkList
    {
        try await store.removeEntry(cocktailID, from: listID, owner: owner, at: catalog.now())
    }

    /// Moves a drink to `index` (0 is the top), the others keeping their order.
    package func moveEntry(_ cocktailID: String, to index: Int, in listID: Int64, owner: FavoritesOwner)
        async throws -> DrinkList
    {
        try await store.moveEntry(cocktailID, to: index, in: listID, owner: owner, at: catalog.now())
    }

    /// A drink's menu price (`nil` clears it).
    package func setEntryPrice(_ cocktailID: String, minor: Int?, in listID: Int64, owner: FavoritesOwner)
        async throws -> DrinkList
    {
        try await store.setEntryPrice(cocktailID, minor: minor, in: listID, owner: owner, at: catalog.now())
    }

    package func setMenuPrices(_ prices: MenuPrices, for listID: Int64, owner: FavoritesOwner) async throws
        -> DrinkList
    {
        try await store.setMenuPrices(prices, for: listID, owner: owner)
    }

    /// Makes the list's menu follow a bar (or every drink again, with `nil`).
    package func setMenuShelf(_ menuShelf: MenuShelf?, for listID: Int64, owner: FavoritesOwner) async throws
        -> DrinkList
    {
        try await store.setMenuShelf(menuShelf, for: listID, owner: owner)
    }

    /// Orders the list's menu by style or as the list is ordered.
    package func setMenuOrder(_ order: MenuOrder, for listID: Int64, owner: FavoritesOwner) async throws -> DrinkList {
        try await store.setMenuOrder(order, for: listID, owner: owner)
    }

    /// Revokes the list's share link; `false` when it had none.
    package func removeShare(of listID: Int64, owner: FavoritesOwner) async throws -> Bool {
        try await store.removeShare(of: listID, owner: owner)
    }
}
