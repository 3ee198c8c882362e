import CocktailBook
import CocktailBookStore
import Foundation

/// The pictures downloaded by imports, content-addressed: named `<SHA-256 hex of the bytes>.<ext>`
/// and kept in the store's ``PictureStore`` (files beside a SQLite database, rows in PostgreSQL),
/// served at `/images/imported/<file>` so that an
/// imported book shows its pictures offline. Only raster pictures are served (JPEG, PNG, GIF,
/// WebP): an SVG can carry script, so imports refuse it. New pictures are only stored once
/// ``PictureMetadata`` has cleaned them, which takes JPEG, PNG and WebP; a GIF stored by an
/// earlier version is still served.
public struct ImportedImageFiles: Sendable {
    /// Where the bytes are kept.
    public let store: any PictureStore

    /// The largest picture accepted: 5 MB.
    public static let maximumBytes = 5 * 1_048_576
    /// The path prefix pictures are served under.
    public static let urlPrefix = PictureName.servedPrefix

    /// The pictures kept in `store`.
    public init(store: any PictureStore) {
        self.store = store
    }

    /// The kind of raster picture `bytes` hold (see ``PictureName``).
    package static func kind(of bytes: Data) -> (ext: String, contentType: String)? { PictureName.kind(of: bytes) }

    /// Writes `bytes` under their hash (once: an existing file already holds the same bytes).
    ///
    /// - Returns: the file name, the media type, and whether this call created the file (so
    ///   that an import that is refused can take back exactly the files it added).
    package func save(_ bytes: Data) async throws -> (fileName: String, contentType: String, created: Bool) {
        guard let kind = Self.kind(of: bytes), let fileName = PictureName.name(for: bytes) else {
            throw ImportError.malformed("not an image")
        }
        let created = try await store.savePicture(bytes, named: fileName)
        return (fileName, kind.contentType, created)
    }

    /// Deletes pictures this process added for an import that was then refused.
    package func remove(_ fileNames: some Sequence<String>) async {
        try? await store.removePictures(named: fileNames.filter(Self.isStoredName))
    }

    /// Whether `file` is a name ``save(_:)`` gives (see ``PictureName/isStored(_:)``).
    package static func isStoredName(_ file: String) -> Bool { PictureName.isStored(file) }
}
