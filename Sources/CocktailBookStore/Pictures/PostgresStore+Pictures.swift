import CocktailBook
import Foundation
import PostgresNIO

/// The pictures' bytes, in the database (``AppStore/pictures`` is the store itself).
extension PostgresStore: PictureStore {
    public var pictures: any PictureStore { self }
    /// Kept backups share the picture table, under names no picture can have
    /// (``BackupShelf``), so every instance can hand them out.
    public var keptBackups: any PictureStore { self }

    public func savePicture(_ bytes: Data, named name: String) async throws -> Bool {
        try await mapped { [self] in
            try await write("pictures") { connection in
                try await count(
                    connection.query(
                        "INSERT INTO picture (file_name, bytes) VALUES (\(name), \(ByteBuffer(bytes: bytes))) ON CONFLICT DO NOTHING RETURNING 1",
                        logger: logger
                    )) > 0
            }
        }
    }

    public func picture(named name: String) async throws -> Data? {
        try await mapped { [self] in
            try await one(
                client.query("SELECT bytes FROM picture WHERE file_name = \(name)", logger: logger), as: ByteBuffer.self
            )
            .map { Data($0.readableBytesView) }
        }
    }

    public func removePictures(named names: [String]) async throws {
        try await mapped { [self] in
            guard !names.isEmpty else { return }
            try await write("pictures") { connection in
                try await connection.query("DELETE FROM picture WHERE file_name = ANY(\(names))", logger: logger)
            }
        }
    }

    public func pictureSizes() async throws -> [String: Int] {
        try await mapped { [self] in
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
}
