import CocktailBook
import Foundation
import PostgresNIO

/// Imported cocktails and the pictures recorded for them.
extension PostgresStore {
    public func importedCocktails() async throws -> [Cocktail] {
        try await mapped { [self] in
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
    }

    public func importCocktails(_ cocktails: [Cocktail], images: [ImportedImage], origin: String, at date: Date)
        async throws -> ImportCounts
    {
        try await mapped { [self] in
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
        try await mapped { [self] in
            try await one(
                client.query("SELECT file_name FROM imported_image WHERE source_url = \(sourceURL)", logger: logger),
                as: String.self)
        }
    }

    public func importedOrigins() async throws -> [(origin: String, count: Int)] {
        try await mapped { [self] in
            try await all(
                client.query(
                    "SELECT origin, count(*) FROM imported_cocktail GROUP BY origin ORDER BY origin", logger: logger),
                as: (String, Int64).self
            )
            .map { ($0.0, Int($0.1)) }
        }
    }

    public func removeImported(origin: String) async throws -> Int {
        try await mapped { [self] in
            try await write("imports") { connection in
                try await count(
                    connection.query(
                        "DELETE FROM imported_cocktail WHERE origin = \(origin) RETURNING 1", logger: logger))
            }
        }
    }

    public func importedPictures() async throws -> [String] {
        try await mapped { [self] in
            try await many(client.query("SELECT file_name FROM imported_image", logger: logger), as: String.self)
        }
    }

    public func importedPictureSources() async throws -> [(sourceURL: String, fileName: String)] {
        try await mapped { [self] in
            try await all(
                client.query("SELECT source_url, file_name FROM imported_image ORDER BY source_url", logger: logger),
                as: (String, String).self
            )
            .map { ($0.0, $0.1) }
        }
    }

    public func rowCounts() async throws -> [String: Int] {
        try await mapped { [self] in
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
}
