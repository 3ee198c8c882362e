import CocktailBook
import Foundation

/// People's lists of drinks: one row per list (with its share link and its menu's settings) and
/// one per entry, numbered by position. Entries have no foreign key to the catalog, like
/// favorites: a drink that leaves the catalog stays on the list and comes back with it.
extension SQLBook {
    /// The lists `condition` picks (with its arguments), by name, each with its entries.
    private static func lists(_ db: any SQLConnection, where condition: String, _ arguments: any SQLBindable...)
        async throws -> [DrinkList]
    {
        let rows = try await db.rows(
            "SELECT * FROM drink_list WHERE \(condition) ORDER BY lower(name), id", arguments.map(\.sqlValue)
        ).map { row in
            do { return try row.decode(ListRow.self) } catch { throw StoreError.unavailable("a list cannot be read") }
        }
        var lists: [DrinkList] = []
        for row in rows {
            let entries = try await db.all(
                EntryRow.self,
                "SELECT cocktail_id, note, added_at, price_minor FROM drink_list_entry WHERE list_id = ? ORDER BY position",
                row.id
            ).map {
                DrinkList.Entry(
                    cocktailID: $0.cocktailId, note: $0.note, addedAt: $0.addedAt, priceMinor: $0.priceMinor)
            }
            lists.append(
                DrinkList(
                    id: row.id, ownerID: row.ownerId, name: row.name, createdAt: row.createdAt,
                    updatedAt: row.updatedAt, entries: entries,
                    share: row.shareToken.map {
                        ListShare(
                            token: $0, createdAt: row.shareCreatedAt ?? row.createdAt, expiresAt: row.shareExpiresAt)
                    },
                    menuShelf: row.menuShelfOwnerId.map {
                        MenuShelf(ownerID: $0, hidesUnavailable: row.menuHidesUnavailable)
                    },
                    menuPrices: MenuPrices(
                        display: MenuPrices.Display(rawValue: row.menuPrices) ?? .auto,
                        pourCostPercent: row.pourCostPercent),
                    menuOrder: MenuOrder(rawValue: row.menuOrder) ?? .byStyle))
        }
        return lists
    }

    /// `owner`'s list `id`, or ``ListError/notFound``.
    private static func owned(_ db: any SQLConnection, _ id: Int64, _ owner: FavoritesOwner) async throws -> DrinkList {
        guard owner != .nobody, let list = try await lists(db, where: "id = ? AND owner_id = ?", id, owner.id).first
        else { throw ListError.notFound }
        return list
    }

    /// Writes the entries' positions in `order` and stamps the list as changed.
    private static func reorder(_ db: any SQLConnection, _ id: Int64, _ order: [String], at date: Date) async throws {
        for (position, cocktailID) in order.enumerated() {
            try await db.execute(
                "UPDATE drink_list_entry SET position = ? WHERE list_id = ? AND cocktail_id = ?", position, id,
                cocktailID)
        }
        try await touch(db, id, at: date)
    }

    private static func touch(_ db: any SQLConnection, _ id: Int64, at date: Date) async throws {
        try await db.execute("UPDATE drink_list SET updated_at = ? WHERE id = ?", date, id)
    }

    /// Changes `owner`'s list `id` with `change`, then reads it back.
    private func changing(
        _ id: Int64, _ owner: FavoritesOwner,
        _ change: @escaping @Sendable (any SQLConnection, DrinkList) async throws -> Void
    ) async throws -> DrinkList {
        try await writing("lists") { db in
            try await change(db, try await Self.owned(db, id, owner))
            return try await Self.owned(db, id, owner)
        }
    }

    public func lists(of owner: FavoritesOwner) async throws -> [DrinkList] {
        guard owner != .nobody else { return [] }
        return try await reading { db in try await Self.lists(db, where: "owner_id = ?", owner.id) }
    }

    public func list(id: Int64, owner: FavoritesOwner) async throws -> DrinkList? {
        guard owner != .nobody else { return nil }
        return try await reading { db in try await Self.lists(db, where: "id = ? AND owner_id = ?", id, owner.id).first
        }
    }

    public func createList(named name: String, owner: FavoritesOwner, at date: Date) async throws -> DrinkList {
        guard owner != .nobody else { throw StoreError.noOwner }
        let name = try ListRules.name(name)
        return try await writing("lists") { db in
            let count =
                try await db.first(Int.self, "SELECT count(*) FROM drink_list WHERE owner_id = ?", owner.id) ?? 0
            guard count < ListRules.maximumLists else { throw ListError.tooManyLists }
            let id = try await db.first(
                Int64.self,
                "INSERT INTO drink_list (owner_id, name, created_at, updated_at) VALUES (?, ?, ?, ?) RETURNING id",
                owner.id, name, date, date)
            return DrinkList(id: id ?? 0, ownerID: owner.id, name: name, createdAt: date, updatedAt: date)
        }
    }

    public func renameList(id: Int64, to name: String, owner: FavoritesOwner, at date: Date) async throws
        -> DrinkList
    {
        let name = try ListRules.name(name)
        return try await changing(id, owner) { db, _ in
            try await db.execute("UPDATE drink_list SET name = ?, updated_at = ? WHERE id = ?", name, date, id)
        }
    }

    public func deleteList(id: Int64, owner: FavoritesOwner) async throws -> Bool {
        guard owner != .nobody else { return false }
        return try await writing("lists") { db in
            try await db.execute("DELETE FROM drink_list WHERE id = ? AND owner_id = ? RETURNING 1", id, owner.id) > 0
        }
    }

    public func addEntry(_ cocktailID: String, note: String?, to listID: Int64, owner: FavoritesOwner, at date: Date)
        async throws -> DrinkList
    {
        let note = try ListRules.note(note)
        return try await changing(listID, owner) { db, list in
            if list.contains(cocktailID) {
                try await db.execute(
                    "UPDATE drink_list_entry SET note = ? WHERE list_id = ? AND cocktail_id = ?", note, listID,
                    cocktailID)
            } else {
                guard list.entries.count < ListRules.maximumEntries else { throw ListError.tooManyEntries }
                try await db.execute(
                    "INSERT INTO drink_list_entry (list_id, cocktail_id, position, note, added_at) VALUES (?, ?, ?, ?, ?)",
                    listID, cocktailID, list.entries.count, note, date)
            }
            try await Self.touch(db, listID, at: date)
        }
    }

    public func removeEntry(_ cocktailID: String, from listID: Int64, owner: FavoritesOwner, at date: Date)
        async throws -> DrinkList
    {
        try await changing(listID, owner) { db, list in
            guard list.contains(cocktailID) else { throw ListError.entryNotFound }
            try await db.execute(
                "DELETE FROM drink_list_entry WHERE list_id = ? AND cocktail_id = ?", listID, cocktailID)
            try await Self.reorder(db, listID, list.entries.map(\.cocktailID).filter { $0 != cocktailID }, at: date)
        }
    }

    public func moveEntry(_ cocktailID: String, to index: Int, in listID: Int64, owner: FavoritesOwner, at date: Date)
        async throws -> DrinkList
    {
        try await changing(listID, owner) { db, list in
            let order = try ListRules.moving(cocktailID, to: index, in: list.entries.map(\.cocktailID))
            try await Self.reorder(db, listID, order, at: date)
        }
    }

    public func setShare(_ share: ListShare, for listID: Int64, owner: FavoritesOwner) async throws -> DrinkList {
        try await changing(listID, owner) { db, _ in
            try await db.execute(
                "UPDATE drink_list SET share_token = ?, share_created_at = ?, share_expires_at = ? WHERE id = ?",
                share.token, share.createdAt, share.expiresAt, listID)
        }
    }

    public func removeShare(of listID: Int64, owner: FavoritesOwner) async throws -> Bool {
        try await writing("lists") { db in
            let list = try await Self.owned(db, listID, owner)
            guard list.share != nil else { return false }
            try await db.execute(
                "UPDATE drink_list SET share_token = NULL, share_created_at = NULL, share_expires_at = NULL WHERE id = ?",
                listID)
            return true
        }
    }

    public func setMenuShelf(_ menuShelf: MenuShelf?, for listID: Int64, owner: FavoritesOwner) async throws
        -> DrinkList
    {
        try await changing(listID, owner) { db, _ in
            try await db.execute(
                "UPDATE drink_list SET menu_shelf_owner_id = ?, menu_hides_unavailable = ? WHERE id = ?",
                menuShelf?.ownerID, menuShelf?.hidesUnavailable ?? false, listID)
        }
    }

    public func setMenuOrder(_ order: MenuOrder, for listID: Int64, owner: FavoritesOwner) async throws
        -> DrinkList
    {
        try await changing(listID, owner) { db, _ in
            try await db.execute("UPDATE drink_list SET menu_order = ? WHERE id = ?", order.rawValue, listID)
        }
    }

    public func setEntryPrice(
        _ cocktailID: String, minor: Int?, in listID: Int64, owner: FavoritesOwner, at date: Date
    ) async throws -> DrinkList {
        let minor = try ListRules.price(minor)
        return try await changing(listID, owner) { db, list in
            guard list.contains(cocktailID) else { throw ListError.entryNotFound }
            try await db.execute(
                "UPDATE drink_list_entry SET price_minor = ? WHERE list_id = ? AND cocktail_id = ?", minor, listID,
                cocktailID)
            try await Self.touch(db, listID, at: date)
        }
    }

    public func setMenuPrices(_ prices: MenuPrices, for listID: Int64, owner: FavoritesOwner) async throws
        -> DrinkList
    {
        let prices = try ListRules.menuPrices(prices)
        return try await changing(listID, owner) { db, _ in
            try await db.execute(
                "UPDATE drink_list SET menu_prices = ?, pour_cost_percent = ? WHERE id = ?", prices.display.rawValue,
                prices.pourCostPercent, listID)
        }
    }

    public func sharedList(token: String) async throws -> DrinkList? {
        guard !token.isEmpty else { return nil }
        return try await reading { db in try await Self.lists(db, where: "share_token = ?", token).first }
    }
}

private struct ListRow: Decodable {
    var id: Int64
    var ownerId: Int64
    var name: String
    var createdAt: Date
    var updatedAt: Date
    var shareToken: String?
    var shareCreatedAt: Date?
    var shareExpiresAt: Date?
    var menuShelfOwnerId: Int64?
    var menuHidesUnavailable: Bool
    var menuPrices: String
    var pourCostPercent: Int?
    var menuOrder: String
}

private struct EntryRow: Decodable {
    var cocktailId: String
    var note: String?
    var addedAt: Date
    var priceMinor: Int?
}
