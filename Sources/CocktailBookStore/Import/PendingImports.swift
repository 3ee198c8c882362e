import Foundation

/// An uploaded export waiting for its review to be applied, then kept a day so that it can be
/// undone.
public struct PendingImport: Sendable, Equatable, Decodable {
    /// Its id, which names it in the API's addresses.
    public var id: String
    /// The account that uploaded it (0 for the owner of a book without accounts).
    public var ownerID: Int64
    /// The uploaded file's name, which tells its format.
    public var fileName: String
    /// The format it was read as.
    public var format: String
    public var createdAt: Date
    public var appliedAt: Date?
    public var undoneAt: Date?

    /// A staged import.
    public init(
        id: String, ownerID: Int64, fileName: String, format: String, createdAt: Date, appliedAt: Date? = nil,
        undoneAt: Date? = nil
    ) {
        self.id = id
        self.ownerID = ownerID
        self.fileName = fileName
        self.format = format
        self.createdAt = createdAt
        self.appliedAt = appliedAt
        self.undoneAt = undoneAt
    }

    /// The row's columns as ``SQLRow`` names them (`owner_id` is `ownerId`).
    enum CodingKeys: String, CodingKey {
        case id, fileName, format, createdAt, appliedAt, undoneAt
        case ownerID = "ownerId"
    }

    /// How long an import stays to be applied, or to be undone once applied.
    public static let keptFor: TimeInterval = 24 * 60 * 60
}

/// A staged import's row: its record and its file's bytes, read in one statement.
private struct StagedRow: Decodable {
    var pending: PendingImport
    var payload: Data

    enum CodingKeys: String, CodingKey { case payload }

    init(from decoder: any Decoder) throws {
        pending = try PendingImport(from: decoder)
        payload = try decoder.container(keyedBy: CodingKeys.self).decode(Data.self, forKey: .payload)
    }
}

extension SQLBook {
    /// Keeps an uploaded export until its review is applied or a day has passed.
    public func stagePendingImport(_ pending: PendingImport, payload: Data) async throws {
        try await writing(nil) { db in
            // What is more than a day old has had its day: its file goes.
            try await db.execute(
                "DELETE FROM pending_import WHERE created_at < ?",
                pending.createdAt.addingTimeInterval(-2 * PendingImport.keptFor))
            try await db.execute(
                """
                INSERT INTO pending_import (id, owner_id, file_name, format, payload, created_at)
                VALUES (?, ?, ?, ?, ?, ?)
                """, pending.id, pending.ownerID, pending.fileName, pending.format, payload, pending.createdAt)
        }
    }

    /// A staged import and its file's bytes, if it is still kept.
    public func pendingImport(id: String) async throws -> (PendingImport, Data)? {
        try await reading { db in
            let columns = "id, owner_id, file_name, format, created_at, applied_at, undone_at, payload"
            return try await db.first(StagedRow.self, "SELECT \(columns) FROM pending_import WHERE id = ?", id).map {
                ($0.pending, $0.payload)
            }
        }
    }

    public func markPendingImportApplied(id: String, at date: Date) async throws -> Bool {
        try await writing(nil) { db in
            try await db.execute(
                "UPDATE pending_import SET applied_at = ? WHERE id = ? AND applied_at IS NULL RETURNING 1", date, id)
                == 1
        }
    }

    /// Removes the drinks an applied import made and marks it undone, in one transaction.
    public func undoPendingImport(id: String, origin: String, at date: Date) async throws -> Int {
        try await writing("imports") { db in
            let removed = try await db.execute("DELETE FROM imported_cocktail WHERE origin = ? RETURNING 1", origin)
            try await db.execute("UPDATE pending_import SET undone_at = ? WHERE id = ?", date, id)
            return removed
        }
    }
}
