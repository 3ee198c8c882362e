import CocktailBook
import Foundation
import PostgresNIO

/// Imported cocktails and the pictures recorded for them.
extension PostgresStore {
    public func importedCocktails() async throws -> [Cocktail] {
        let rows = try await client.query(
            "SELECT id, payload FROM imported_cocktail ORDER BY origin, id", logger: logger)
        let decoder = JSONDecoder()
        var cocktails: [Cocktail] = []
        for try await (id, payload) in rows.decode((String, ByteBuffer).self) {
            do {
                cocktails.append(try decoder.decode(Cocktail.self, from: Data(payload.readableBytesView)))
            } catch {
                throw StoreError.corruptCatalog("imported entry \(id) is unreadable")
            }
        }
        return cocktails
    }

    public func importCocktails(_ cocktails: [Cocktail], images: [ImportedImage], origin: String, at date: Date)
        async throws -> ImportCounts
    {
        let payloads = try Self.payloads(cocktails)
        return try await write("imports") { connection in
            var counts = ImportCounts(new: 0, updated: 0)
            for (cocktail, payload) in zip(cocktails, payloads) {
                // xmax is 0 for a row this statement inserted, and set for one it updated.
                let inserted =
                    try await one(
                        connection.query(
                            """
                            INSERT INTO imported_cocktail (origin, id, name, payload, imported_at)
                            VALUES (\(origin), \(cocktail.id), \(cocktail.name), \(payload), \(date))
                            ON CONFLICT (origin, id) DO UPDATE SET name = excluded.name, payload = excluded.payload, imported_at = excluded.imported_at
                            RETURNING (xmax = 0)
                            """,
                            logger: logger
                        ), as: Bool.self) ?? true
                if inserted { counts.new += 1 } else { counts.updated += 1 }
            }
            for image in images {
                try await saveImage(image.sourceURL, image.fileName, image.contentType, date, connection)
            }
            return counts
        }
    }

    func saveImage(
        _ sourceURL: String, _ fileName: String, _ contentType: String, _ date: Date, _ connection: PostgresConnection
    ) async throws {
        try await connection.query(
            """
            INSERT INTO imported_image (source_url, file_name, content_type, imported_at) VALUES (\(sourceURL), \(fileName), \(contentType), \(date))
            ON CONFLICT (source_url) DO UPDATE SET file_name = excluded.file_name, content_type = excluded.content_type, imported_at = excluded.imported_at
            """,
            logger: logger
        )
    }

    public func importedImageFile(for sourceURL: String) async throws -> String? {
        try await one(
            client.query("SELECT file_name FROM imported_image WHERE source_url = \(sourceURL)", logger: logger),
            as: String.self)
    }

    public func importedOrigins() async throws -> [(origin: String, count: Int)] {
        try await all(
            client.query(
                "SELECT origin, count(*) FROM imported_cocktail GROUP BY origin ORDER BY origin", logger: logger),
            as: (String, Int64).self
        )
        .map { ($0.0, Int($0.1)) }
    }

    public func removeImported(origin: String) async throws -> Int {
        try await write("imports") { connection in
            try await count(
                connection.query("DELETE FROM imported_cocktail WHERE origin = \(origin) RETURNING 1", logger: logger))
        }
    }

    public func importedPictures() async throws -> [String] {
        try await many(client.query("SELECT file_name FROM imported_image", logger: logger), as: String.self)
    }

    public func importedPictureSources() async throws -> [(sourceURL: String, fileName: String)] {
        try await all(
            client.query("SELECT source_url, file_name FROM imported_image ORDER BY source_url", logger: logger),
            as: (String, String).self
        )
        .map { ($0.0, $0.1) }
    }

    public func rowCounts() async throws -> [String: Int] {
        var counts: [String: Int] = [:]
        let tables = [
            "catalogCocktail": "catalog_cocktail", "catalogFetch": "catalog_fetch", "favorite": "favorite",
            "importedCocktail": "imported_cocktail", "importedImage": "imported_image",
        ]
        for (name, table) in tables {
            counts[name] =
                try await one(
                    client.query(PostgresQuery(unsafeSQL: "SELECT count(*) FROM \(table)"), logger: logger),
                    as: Int64.self
                ).map(Int.init) ?? 0
        }
        return counts
    }
}

/// The bar: shelves, always-at-hand items, substitution rules and shopping lists, per owner.
extension PostgresStore {
    public func shelf(of owner: FavoritesOwner) async throws -> Shelf {
        guard owner != .nobody else { return Shelf() }
        let bottles = try await many(
            client.query("SELECT value FROM bar_bottle WHERE owner_id = \(owner.id)", logger: logger), as: String.self)
        let always = try await many(
            client.query("SELECT value FROM bar_always WHERE owner_id = \(owner.id)", logger: logger), as: String.self)
        let rules = try await all(
            client.query(
                "SELECT id, use, instead_of, both_ways FROM bar_rule WHERE owner_id = \(owner.id) ORDER BY id",
                logger: logger
            ), as: (Int64, String, String, Bool).self
        ).map { row in
            let (c0, c1, c2, c3) = row
            return SubstitutionRule(id: c0, use: c1, insteadOf: c2, bothWays: c3)
        }
        return Shelf(bottles: Set(bottles), rules: rules, alwaysAvailable: Set(always))
    }

    public func setOnShelf(_ value: String, _ isOnShelf: Bool, owner: FavoritesOwner) async throws {
        guard owner != .nobody else { throw StoreError.noOwner }
        try await write("bar") { connection in
            if isOnShelf {
                try await connection.query(
                    "INSERT INTO bar_bottle (owner_id, value, added_at) VALUES (\(owner.id), \(value), \(Date())) ON CONFLICT DO NOTHING",
                    logger: logger
                )
            } else {
                try await connection.query(
                    "DELETE FROM bar_bottle WHERE owner_id = \(owner.id) AND value = \(value)", logger: logger)
            }
        }
    }

    public func setAlwaysAvailable(_ value: String, _ isAlways: Bool, owner: FavoritesOwner) async throws {
        guard owner != .nobody else { throw StoreError.noOwner }
        try await write("bar") { connection in
            if isAlways {
                try await connection.query(
                    "INSERT INTO bar_always (owner_id, value) VALUES (\(owner.id), \(value)) ON CONFLICT DO NOTHING",
                    logger: logger)
            } else {
                try await connection.query(
                    "DELETE FROM bar_always WHERE owner_id = \(owner.id) AND value = \(value)", logger: logger)
            }
        }
    }

    public func addRule(_ rule: SubstitutionRule, owner: FavoritesOwner) async throws -> SubstitutionRule {
        guard owner != .nobody else { throw StoreError.noOwner }
        return try await write("bar") { connection in
            let id = try await one(
                connection.query(
                    """
                    INSERT INTO bar_rule (owner_id, use, instead_of, both_ways) VALUES (\(owner.id), \(rule.use), \(rule.insteadOf), \(rule.bothWays))
                    ON CONFLICT (owner_id, use, instead_of) DO UPDATE SET both_ways = excluded.both_ways RETURNING id
                    """,
                    logger: logger
                ), as: Int64.self)
            return SubstitutionRule(id: id, use: rule.use, insteadOf: rule.insteadOf, bothWays: rule.bothWays)
        }
    }

    public func removeRule(id: Int64, owner: FavoritesOwner) async throws -> Bool {
        guard owner != .nobody else { return false }
        return try await write("bar") { connection in
            try await count(
                connection.query(
                    "DELETE FROM bar_rule WHERE owner_id = \(owner.id) AND id = \(id) RETURNING 1", logger: logger)) > 0
        }
    }

    public func shoppingList(of owner: FavoritesOwner) async throws -> [ShoppingItem] {
        guard owner != .nobody else { return [] }
        return try await all(
            client.query(
                "SELECT id, value, cocktail_ids, bought FROM shopping_item WHERE owner_id = \(owner.id) ORDER BY id",
                logger: logger
            ), as: (Int64, String, String, Bool).self
        ).map {
            ShoppingItem(
                id: $0.0, value: $0.1, cocktailIds: $0.2.split(separator: ",").map(String.init), isBought: $0.3)
        }
    }

    public func addToShoppingList(_ values: [String], for cocktailId: String?, owner: FavoritesOwner) async throws {
        guard owner != .nobody else { throw StoreError.noOwner }
        try await write("bar") { connection in
            for value in values {
                let existing = try await first(
                    connection.query(
                        "SELECT id, cocktail_ids FROM shopping_item WHERE owner_id = \(owner.id) AND value = \(value) FOR UPDATE",
                        logger: logger
                    ), as: (Int64, String).self)
                if let (id, stored) = existing {
                    var ids = stored.split(separator: ",").map(String.init)
                    if let cocktailId, !ids.contains(cocktailId) { ids.append(cocktailId) }
                    try await connection.query(
                        "UPDATE shopping_item SET cocktail_ids = \(ids.joined(separator: ",")), bought = false WHERE id = \(id)",
                        logger: logger)
                } else {
                    try await connection.query(
                        "INSERT INTO shopping_item (owner_id, value, cocktail_ids, bought, added_at) VALUES (\(owner.id), \(value), \(cocktailId ?? ""), false, \(Date()))",
                        logger: logger
                    )
                }
            }
        }
    }

    public func setBought(_ isBought: Bool, itemId: Int64, owner: FavoritesOwner) async throws -> Bool {
        guard owner != .nobody else { return false }
        return try await write("bar") { connection in
            try await count(
                connection.query(
                    "UPDATE shopping_item SET bought = \(isBought) WHERE owner_id = \(owner.id) AND id = \(itemId) RETURNING 1",
                    logger: logger
                )) > 0
        }
    }

    public func removeFromShoppingList(itemId: Int64?, owner: FavoritesOwner) async throws -> Int {
        guard owner != .nobody else { return 0 }
        return try await write("bar") { connection in
            if let itemId {
                return try await count(
                    connection.query(
                        "DELETE FROM shopping_item WHERE owner_id = \(owner.id) AND id = \(itemId) RETURNING 1",
                        logger: logger))
            }
            return try await count(
                connection.query(
                    "DELETE FROM shopping_item WHERE owner_id = \(owner.id) AND bought RETURNING 1", logger: logger))
        }
    }
}

/// The pictures' bytes, in the database (``AppStore/pictures`` is the store itself).
extension PostgresStore: PictureStore {
    public var pictures: any PictureStore { self }

    public func savePicture(_ bytes: Data, named name: String) async throws -> Bool {
        try await write("pictures") { connection in
            try await count(
                connection.query(
                    "INSERT INTO picture (file_name, bytes) VALUES (\(name), \(ByteBuffer(bytes: bytes))) ON CONFLICT DO NOTHING RETURNING 1",
                    logger: logger
                )) > 0
        }
    }

    public func picture(named name: String) async throws -> Data? {
        try await one(
            client.query("SELECT bytes FROM picture WHERE file_name = \(name)", logger: logger), as: ByteBuffer.self
        )
        .map { Data($0.readableBytesView) }
    }

    public func removePictures(named names: [String]) async throws {
        guard !names.isEmpty else { return }
        try await write("pictures") { connection in
            try await connection.query("DELETE FROM picture WHERE file_name = ANY(\(names))", logger: logger)
        }
    }

    public func pictureSizes() async throws -> [String: Int] {
        var sizes: [String: Int] = [:]
        for (name, size) in try await all(
            client.query("SELECT file_name, octet_length(bytes)::bigint FROM picture", logger: logger),
            as: (String, Int64).self)
        {
            sizes[name] = Int(size)
        }
        return sizes
    }
}
