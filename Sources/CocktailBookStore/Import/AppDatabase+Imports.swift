import CocktailBook
import Foundation
import GRDB

/// One imported cocktail, kept apart from the source's cache by the origin it came from (a URL
/// or a file path); `id` is the namespaced id the catalog shows. The cocktail is JSON, like the
/// cache's, so that new recipe fields need no migration.
struct ImportedCocktailRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "importedCocktail"
    enum Columns {
        static let origin = Column(CodingKeys.origin)
        static let id = Column(CodingKeys.id)
    }

    var origin: String
    var id: String
    var name: String
    var payload: Data
    var importedAt: Date
}

/// A downloaded picture: the URL it came from and the content-addressed file holding its bytes.
struct ImportedImageRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "importedImage"
    var sourceURL: String
    var fileName: String
    var contentType: String
    var importedAt: Date
}

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

extension AppDatabase: ImportedCocktailsStore {
    /// The schema the imports need; registered by ``AppDatabase/migrator``.
    static func migrateImports(_ db: Database) throws {
        try db.create(table: "importedCocktail") { t in
            t.column("origin", .text).notNull()
            t.column("id", .text).notNull()
            t.column("name", .text).notNull()
            t.column("payload", .blob).notNull()
            t.column("importedAt", .datetime).notNull()
            t.primaryKey(["origin", "id"])
        }
        try db.create(index: "importedCocktail_id", on: "importedCocktail", columns: ["id"])
        try db.create(table: "importedImage") { t in
            t.primaryKey("sourceURL", .text)
            t.column("fileName", .text).notNull()
            t.column("contentType", .text).notNull()
            t.column("importedAt", .datetime).notNull()
        }
    }

    public func importedCocktails() async throws -> [Cocktail] {
        try await read { db in
            let records = try ImportedCocktailRecord.order(
                ImportedCocktailRecord.Columns.origin, ImportedCocktailRecord.Columns.id
            ).fetchAll(db)
            let decoder = JSONDecoder()
            return try records.map { record in
                do {
                    return try decoder.decode(Cocktail.self, from: record.payload)
                } catch {
                    throw StoreError.corruptCatalog("imported entry \(record.id) is unreadable")
                }
            }
        }
    }

    /// Stores the cocktails of one import, and the pictures downloaded for them, in ONE write
    /// transaction: upserted by (origin, id), so a re-import updates in place. The source's
    /// cache is never touched, and nothing is written if anything fails.
    public func importCocktails(_ cocktails: [Cocktail], images: [ImportedImage] = [], origin: String, at date: Date)
        async throws -> ImportCounts
    {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let records = try cocktails.map { cocktail in
            ImportedCocktailRecord(
                origin: origin, id: cocktail.id, name: cocktail.name, payload: try encoder.encode(cocktail),
                importedAt: date)
        }
        return try await write { db in
            var counts = ImportCounts(new: 0, updated: 0)
            for record in records {
                let exists = try ImportedCocktailRecord.exists(db, key: ["origin": origin, "id": record.id])
                if exists { counts.updated += 1 } else { counts.new += 1 }
                try record.save(db)
            }
            for image in images {
                try ImportedImageRecord(
                    sourceURL: image.sourceURL, fileName: image.fileName, contentType: image.contentType,
                    importedAt: date
                ).save(db)
            }
            return counts
        }
    }

    /// The file recorded for a downloaded picture's source URL, if any.
    public func importedImageFile(for sourceURL: String) async throws -> String? {
        try await read { db in try ImportedImageRecord.fetchOne(db, key: sourceURL)?.fileName }
    }

    /// The number of rows in each table the catalog lives in, for checking that a refused
    /// import changed nothing.
    public func rowCounts() async throws -> [String: Int] {
        try await read { db in
            var counts: [String: Int] = [:]
            for table in ["catalogCocktail", "catalogFetch", "favorite", "importedCocktail", "importedImage"] {
                counts[table] = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table)") ?? 0
            }
            return counts
        }
    }

    /// Whether an imported cocktail has this (namespaced) id.
    static func isImported(_ db: Database, id: String) throws -> Bool {
        try ImportedCocktailRecord.filter(ImportedCocktailRecord.Columns.id == id).fetchCount(db) > 0
    }
}
