import CocktailBook
import Foundation

/// Where a kind of document the book keeps every version of (its own recipes, its house
/// recipes) keeps its versions, and the column naming the document: one way to save a version
/// and to read a document's history, for both.
struct VersionTable: Sendable {
    let table: String
    let document: String
    /// The documents' own table (one row each, with the current version and when it went to
    /// the trash), its key column, and the column naming who put it there, where kept.
    let documents: String
    let key: String
    let deletedBy: String?

    static let recipes = VersionTable(
        table: "recipe_version", document: "recipe_id", documents: "recipe", key: "id", deletedBy: "deleted_by")
    static let houseRecipes = VersionTable(
        table: "house_recipe_version", document: "key", documents: "house_recipe", key: "key", deletedBy: nil)

    /// Puts the document `key` in the trash at `date` (by `author`), or back with `nil`: one way
    /// to move either kind of document, its versions untouched.
    func setDeleted(_ db: any SQLConnection, of key: any SQLBindable, at date: Date?, by author: Int64?)
        async throws
    {
        if let deletedBy {
            try await db.execute(
                "UPDATE \(documents) SET deleted_at = ?, \(deletedBy) = ? WHERE \(self.key) = ?", date,
                date == nil ? nil : author, key)
        } else {
            try await db.execute("UPDATE \(documents) SET deleted_at = ? WHERE \(self.key) = ?", date, key)
        }
    }

    /// The condition and order that read the trash: the last deleted first.
    var trashed: String { "deleted_at IS NOT NULL ORDER BY deleted_at DESC, \(key) DESC" }

    /// Records version `number` of the document `key`, saved by `author` at `date`.
    func save(
        _ db: any SQLConnection, of key: any SQLBindable, number: Int, at date: Date, by author: RecipeAuthor,
        summary: String, payload: Data
    ) async throws {
        try await db.execute(
            """
            INSERT INTO \(table) (\(document), number, saved_at, saved_by, saved_by_name, summary, payload)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """, key, number, date, author.id, author.name, summary, payload)
    }

    /// Every version of the document `key`, newest first, its content read by `content`.
    func versions<Content>(
        _ db: any SQLConnection, of key: any SQLBindable, content: (Data) throws -> Content
    ) async throws -> [SavedVersion<Content>] {
        try await db.all(
            Row.self,
            """
            SELECT number, saved_at, saved_by, saved_by_name, summary, payload FROM \(table)
            WHERE \(document) = ? ORDER BY number DESC
            """, key
        ).map { row in
            SavedVersion(
                number: row.number, savedAt: row.savedAt, savedBy: row.savedBy, savedByName: row.savedByName,
                summary: row.summary, content: try content(row.payload))
        }
    }

    /// Every version of every document, by document, oldest first (for a backup).
    func everyVersion<Key: Decodable & Hashable, Content>(
        _ db: any SQLConnection, content: (Key, Data) throws -> Content
    ) async throws -> [Key: [SavedVersion<Content>]] {
        var versions: [Key: [SavedVersion<Content>]] = [:]
        for row in try await db.all(
            DocumentRow<Key>.self,
            """
            SELECT \(document) AS document, number, saved_at, saved_by, saved_by_name, summary, payload FROM \(table)
            ORDER BY \(document), number
            """)
        {
            versions[row.document, default: []].append(
                SavedVersion(
                    number: row.number, savedAt: row.savedAt, savedBy: row.savedBy, savedByName: row.savedByName,
                    summary: row.summary, content: try content(row.document, row.payload)))
        }
        return versions
    }

    /// One saved version as the table holds it.
    private struct Row: Decodable {
        var number: Int
        var savedAt: Date
        var savedBy: Int64
        var savedByName: String?
        var summary: String
        var payload: Data
    }
}

/// One saved version with the document it belongs to.
private struct DocumentRow<Key: Decodable>: Decodable {
    var document: Key
    var number: Int
    var savedAt: Date
    var savedBy: Int64
    var savedByName: String?
    var summary: String
    var payload: Data
}
