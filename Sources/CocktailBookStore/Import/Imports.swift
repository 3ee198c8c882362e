import CocktailBook
import Foundation

/// Imported cocktails, kept apart from the source's cache by the origin each came from (a URL
/// or a file path); `id` is the namespaced id the catalog shows. Each drink is JSON, like the
/// cache's, so that new recipe fields need no migration. `imported_image` records each
/// downloaded picture: the URL it came from and the content-addressed file holding its bytes.
/// How an import changed the database.
public struct ImportCounts: Sendable, Equatable {
    /// Cocktails stored for the first time.
    public var new: Int
    /// Cocktails already stored from the same origin, now replaced.
    public var updated: Int

    /// Creates the counts.
    public init(new: Int, updated: Int) {
        self.new = new
        self.updated = updated
    }
}

/// A picture fetched during an import, to be recorded with the cocktails.
public struct ImportedImage: Sendable, Equatable {
    /// The URL it was downloaded from.
    public var sourceURL: String
    /// Its file under the images directory, `<hash>.<ext>`.
    public var fileName: String
    /// Its media type, e.g. `image/jpeg`.
    public var contentType: String

    /// Creates the record of one picture.
    public init(sourceURL: String, fileName: String, contentType: String) {
        self.sourceURL = sourceURL
        self.fileName = fileName
        self.contentType = contentType
    }
}

extension SQLBook {
    public func importedCocktails() async throws -> [Cocktail] {
        let rows = try await reading { db in
            try await db.tuples((String, Data).self, "SELECT id, payload FROM imported_cocktail ORDER BY origin, id")
        }
        let decoder = JSONDecoder()
        return try rows.map { row in
            do {
                return try decoder.decode(Cocktail.self, from: row.1)
            } catch {
                throw StoreError.corruptCatalog("imported entry \(row.0) is unreadable")
            }
        }
    }

    /// Stores the cocktails of one import, and the pictures downloaded for them, in ONE write
    /// transaction: upserted by (origin, id), so a re-import updates in place. The source's
    /// cache is never touched, and nothing is written if anything fails.
    public func importCocktails(_ cocktails: [Cocktail], images: [ImportedImage], origin: String, at date: Date)
        async throws -> ImportCounts
    {
        let payloads = try cocktails.map(StoreRules.payload)
        return try await writing("imports") { db in
            var counts = ImportCounts(new: 0, updated: 0)
            for (cocktail, payload) in zip(cocktails, payloads) {
                let known = try await db.exists(
                    "SELECT 1 FROM imported_cocktail WHERE origin = ? AND id = ?", origin, cocktail.id)
                if known { counts.updated += 1 } else { counts.new += 1 }
                try await db.execute(
                    """
                    INSERT INTO imported_cocktail (origin, id, name, payload, imported_at) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT (origin, id) DO UPDATE SET name = excluded.name, payload = excluded.payload,
                        imported_at = excluded.imported_at
                    """, origin, cocktail.id, cocktail.name, payload, date)
            }
            for image in images {
                try await db.saveImage(image, at: date)
            }
            return counts
        }
    }

    /// The file recorded for a downloaded picture's source URL, if any.
    public func importedImageFile(for sourceURL: String) async throws -> String? {
        try await reading { db in
            try await db.first(String.self, "SELECT file_name FROM imported_image WHERE source_url = ?", sourceURL)
        }
    }

    /// The imported cocktails' origins (file names or addresses) with how many drinks each gave.
    public func importedOrigins() async throws -> [(origin: String, count: Int)] {
        return try await reading { db in
            try await db.tuples(
                (String, Int).self, "SELECT origin, count(*) FROM imported_cocktail GROUP BY origin ORDER BY origin")
        }.map { $0 }
    }

    /// Removes the drinks imported from `origin`; returns how many there were.
    public func removeImported(origin: String) async throws -> Int {
        try await writing("imports") { db in
            try await db.execute("DELETE FROM imported_cocktail WHERE origin = ? RETURNING 1", origin)
        }
    }

    /// Removes the drink `id` imported from another origin than `keeping`.
    public func removeImportedCocktail(id: String, keeping origin: String) async throws -> Int {
        try await writing("imports") { db in
            try await db.execute("DELETE FROM imported_cocktail WHERE id = ? AND origin <> ? RETURNING 1", id, origin)
        }
    }

    /// The files of every recorded picture.
    public func importedPictures() async throws -> [String] {
        try await reading { db in try await db.all(String.self, "SELECT file_name FROM imported_image") }
    }

    /// Every recorded picture's source URL with its file, by URL.
    public func importedPictureSources() async throws -> [(sourceURL: String, fileName: String)] {
        return try await reading { db in
            try await db.tuples(
                (String, String).self, "SELECT source_url, file_name FROM imported_image ORDER BY source_url")
        }.map { $0 }
    }

    /// The number of rows in each table the catalog lives in, for checking that a refused
    /// import changed nothing.
    public func rowCounts() async throws -> [String: Int] {
        let tables = [
            "catalogCocktail": "catalog_cocktail", "catalogFetch": "catalog_fetch", "favorite": "favorite",
            "importedCocktail": "imported_cocktail", "importedImage": "imported_image",
        ]
        return try await reading { db in
            var counts: [String: Int] = [:]
            for (name, table) in tables {
                counts[name] = try await db.first(Int.self, "SELECT count(*) FROM \(table)") ?? 0
            }
            return counts
        }
    }
}

extension SQLConnection {
    /// Records a downloaded picture (replacing what was recorded for its URL).
    func saveImage(_ image: ImportedImage, at date: Date) async throws {
        try await execute(
            """
            INSERT INTO imported_image (source_url, file_name, content_type, imported_at) VALUES (?, ?, ?, ?)
            ON CONFLICT (source_url) DO UPDATE SET file_name = excluded.file_name,
                content_type = excluded.content_type, imported_at = excluded.imported_at
            """, image.sourceURL, image.fileName, image.contentType, date)
    }
}
