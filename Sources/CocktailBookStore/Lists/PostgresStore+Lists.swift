import CocktailBook
import Foundation
import PostgresNIO

/// People's lists of drinks, as ``AppDatabase`` keeps them; a change is announced to the other
/// instances under the topic `lists`.
extension PostgresStore {
    private static let listColumns =
        "id, owner_id, name, created_at, updated_at, share_token, share_created_at, share_expires_at, menu_shelf_owner_id, menu_hides_unavailable, menu_prices, pour_cost_percent"

    /// The lists the rows name, each with its entries.
    private func lists(_ connection: PostgresConnection, where condition: PostgresQuery) async throws -> [DrinkList] {
        var query = PostgresQuery(unsafeSQL: "SELECT \(Self.listColumns) FROM drink_list WHERE ")
        query.sql += condition.sql
        query.binds = condition.binds
        query.sql += " ORDER BY lower(name), id"
        var lists: [DrinkList] = []
        for (id, owner, name, created, updated, token, shared, expires, follows, hides, display, pourCost)
            in try await all(
                connection.query(query, logger: logger),
                as: (Int64, Int64, String, Date, Date, String?, Date?, Date?, Int64?, Bool, String, Int32?).self)
        {
            let entries = try await all(
                connection.query(
                    "SELECT cocktail_id, note, added_at, price_minor FROM drink_list_entry WHERE list_id = \(id) ORDER BY position",
                    logger: logger), as: (String, String?, Date, Int64?).self
            ).map { DrinkList.Entry(cocktailID: $0.0, note: $0.1, addedAt: $0.2, priceMinor: $0.3.map { Int($0) }) }
            lists.append(
                DrinkList(
                    id: id, ownerID: owner, name: name, createdAt: created, updatedAt: updated, entries: entries,
                    share: token.map { ListShare(token: $0, createdAt: shared ?? created, expiresAt: expires) },
                    menuShelf: follows.map { MenuShelf(ownerID: $0, hidesUnavailable: hides) },
                    menuPrices: MenuPrices(
                        display: MenuPrices.Display(rawValue: display) ?? .auto,
                        pourCostPercent: pourCost.map { Int($0) })
                ))
        }
        return lists
    }

    private func owned(_ connection: PostgresConnection, _ id: Int64, _ owner: FavoritesOwner) async throws
        -> DrinkList
    {
        guard owner != .nobody,
            let list = try await lists(connection, where: "id = \(id) AND owner_id = \(owner.id)").first
        else { throw ListError.notFound }
        return list
    }

    private func reorder(_ connection: PostgresConnection, _ id: Int64, _ order: [String], at date: Date)
        async throws
    {
        for (position, cocktailID) in order.enumerated() {
            try await connection.query(
                "UPDATE drink_list_entry SET position = \(position) WHERE list_id = \(id) AND cocktail_id = \(cocktailID)",
                logger: logger)
        }
        try await connection.query("UPDATE drink_list SET updated_at = \(date) WHERE id = \(id)", logger: logger)
    }

    public func lists(of owner: FavoritesOwner) async throws -> [DrinkList] {
        try await mapped { [self] in
            guard owner != .nobody else { return [] }
            return try await client.withConnection { connection in
                try await lists(connection, where: "owner_id = \(owner.id)")
            }
        }
    }

    public func list(id: Int64, owner: FavoritesOwner) async throws -> DrinkList? {
        try await mapped { [self] in
            try await client.withConnection { connection in try? await owned(connection, id, owner) }
        }
    }

    public func createList(named name: String, owner: FavoritesOwner, at date: Date) async throws -> DrinkList {
        guard owner != .nobody else { throw StoreError.noOwner }
        let name = try ListRules.name(name)
        return try await mapped { [self] in
            try await write("lists") { connection in
                let count = try await count(
                    connection.query("SELECT 1 FROM drink_list WHERE owner_id = \(owner.id)", logger: logger))
                guard count < ListRules.maximumLists else { throw ListError.tooManyLists }
                guard
                    let id = try await one(
                        connection.query(
                            "INSERT INTO drink_list (owner_id, name, created_at, updated_at) VALUES (\(owner.id), \(name), \(date), \(date)) RETURNING id",
                            logger: logger), as: Int64.self)
                else { throw StoreError.unavailable("the new list was given no number") }
                return DrinkList(id: id, ownerID: owner.id, name: name, createdAt: date, updatedAt: date)
            }
        }
    }

    public func renameList(id: Int64, to name: String, owner: FavoritesOwner, at date: Date) async throws
        -> DrinkList
    {
        let name = try ListRules.name(name)
        return try await mapped { [self] in
            try await write("lists") { connection in
                _ = try await owned(connection, id, owner)
                try await connection.query(
                    "UPDATE drink_list SET name = \(name), updated_at = \(date) WHERE id = \(id)", logger: logger)
                return try await owned(connection, id, owner)
            }
        }
    }

    public func deleteList(id: Int64, owner: FavoritesOwner) async throws -> Bool {
        try await mapped { [self] in
            try await write("lists") { connection in
                try await count(
                    connection.query(
                        "DELETE FROM drink_list WHERE id = \(id) AND owner_id = \(owner.id) RETURNING 1", logger: logger
                    ))
                    > 0
            }
        }
    }

    public func addEntry(_ cocktailID: String, note: String?, to listID: Int64, owner: FavoritesOwner, at date: Date)
        async throws -> DrinkList
    {
        let note = try ListRules.note(note)
        return try await mapped { [self] in
            try await write("lists") { connection in
                let list = try await owned(connection, listID, owner)
                if list.contains(cocktailID) {
                    try await connection.query(
                        "UPDATE drink_list_entry SET note = \(note) WHERE list_id = \(listID) AND cocktail_id = \(cocktailID)",
                        logger: logger)
                } else {
                    guard list.entries.count < ListRules.maximumEntries else { throw ListError.tooManyEntries }
                    try await connection.query(
                        "INSERT INTO drink_list_entry (list_id, cocktail_id, position, note, added_at) VALUES (\(listID), \(cocktailID), \(list.entries.count), \(note), \(date))",
                        logger: logger)
                }
                try await connection.query(
                    "UPDATE drink_list SET updated_at = \(date) WHERE id = \(listID)", logger: logger)
                return try await owned(connection, listID, owner)
            }
        }
    }

    public func removeEntry(_ cocktailID: String, from listID: Int64, owner: FavoritesOwner, at date: Date)
        async throws -> DrinkList
    {
        try await mapped { [self] in
            try await write("lists") { connection in
                let list = try await owned(connection, listID, owner)
                guard list.contains(cocktailID) else { throw ListError.entryNotFound }
                try await connection.query(
                    "DELETE FROM drink_list_entry WHERE list_id = \(listID) AND cocktail_id = \(cocktailID)",
                    logger: logger)
                try await reorder(
                    connection, listID, list.entries.map(\.cocktailID).filter { $0 != cocktailID }, at: date)
                return try await owned(connection, listID, owner)
            }
        }
    }

    public func moveEntry(_ cocktailID: String, to index: Int, in listID: Int64, owner: FavoritesOwner, at date: Date)
        async throws -> DrinkList
    {
        try await mapped { [self] in
            try await write("lists") { connection in
                let list = try await owned(connection, listID, owner)
                let order = try ListRules.moving(cocktailID, to: index, in: list.entries.map(\.cocktailID))
                try await reorder(connection, listID, order, at: date)
                return try await owned(connection, listID, owner)
            }
        }
    }

    public func setShare(_ share: ListShare, for listID: Int64, owner: FavoritesOwner) async throws -> DrinkList {
        try await mapped { [self] in
            try await write("lists") { connection in
                _ = try await owned(connection, listID, owner)
                try await connection.query(
                    "UPDATE drink_list SET share_token = \(share.token), share_created_at = \(share.createdAt), share_expires_at = \(share.expiresAt) WHERE id = \(listID)",
                    logger: logger)
                return try await owned(connection, listID, owner)
            }
        }
    }

    public func removeShare(of listID: Int64, owner: FavoritesOwner) async throws -> Bool {
        try await mapped { [self] in
            try await write("lists") { connection in
                let list = try await owned(connection, listID, owner)
                guard list.share != nil else { return false }
                try await connection.query(
                    "UPDATE drink_list SET share_token = NULL, share_created_at = NULL, share_expires_at = NULL WHERE id = \(listID)",
                    logger: logger)
                return true
            }
        }
    }

    public func setMenuShelf(_ menuShelf: MenuShelf?, for listID: Int64, owner: FavoritesOwner) async throws
        -> DrinkList
    {
        try await mapped { [self] in
            try await write("lists") { connection in
                _ = try await owned(connection, listID, owner)
                try await connection.query(
                    "UPDATE drink_list SET menu_shelf_owner_id = \(menuShelf?.ownerID), menu_hides_unavailable = \(menuShelf?.hidesUnavailable ?? false) WHERE id = \(listID)",
                    logger: logger)
                return try await owned(connection, listID, owner)
            }
        }
    }

    public func setEntryPrice(
        _ cocktailID: String, minor: Int?, in listID: Int64, owner: FavoritesOwner, at date: Date
    ) async throws -> DrinkList {
        let minor = try ListRules.price(minor)
        return try await mapped { [self] in
            try await write("lists") { connection in
                guard try await owned(connection, listID, owner).contains(cocktailID) else {
                    throw ListError.entryNotFound
                }
                try await connection.query(
                    "UPDATE drink_list_entry SET price_minor = \(minor) WHERE list_id = \(listID) AND cocktail_id = \(cocktailID)",
                    logger: logger)
                try await connection.query(
                    "UPDATE drink_list SET updated_at = \(date) WHERE id = \(listID)", logger: logger)
                return try await owned(connection, listID, owner)
            }
        }
    }

    public func setMenuPrices(_ prices: MenuPrices, for listID: Int64, owner: FavoritesOwner) async throws
        -> DrinkList
    {
        let prices = try ListRules.menuPrices(prices)
        return try await mapped { [self] in
            try await write("lists") { connection in
                _ = try await owned(connection, listID, owner)
                try await connection.query(
                    "UPDATE drink_list SET menu_prices = \(prices.display.rawValue), pour_cost_percent = \(prices.pourCostPercent) WHERE id = \(listID)",
                    logger: logger)
                return try await owned(connection, listID, owner)
            }
        }
    }

    public func sharedList(token: String) async throws -> DrinkList? {
        guard !token.isEmpty else { return nil }
        return try await mapped { [self] in
            try await client.withConnection { connection in
                try await lists(connection, where: "share_token = \(token)").first
            }
        }
    }
}
