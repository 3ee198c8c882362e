import Foundation

/// Where the bytes of imported pictures are kept, by their content-derived file names
/// (`<sha-256>.<ext>`): files in a folder beside a SQLite database, rows in PostgreSQL so that
/// every instance serves every picture.
public protocol PictureStore: Sendable {
    /// Keeps `bytes` under `name` unless a picture of that name is there already (the name is
    /// the content's hash, so it holds the same bytes); `true` when this call added it.
    func savePicture(_ bytes: Data, named name: String) async throws -> Bool
    /// The picture's bytes, or `nil` when there is none of that name.
    func picture(named name: String) async throws -> Data?
    /// Deletes these pictures; names that are not there are ignored.
    func removePictures(named names: [String]) async throws
    /// The size in bytes of each picture kept, by name.
    func pictureSizes() async throws -> [String: Int]
}

/// Pictures as files in one folder.
public struct PictureFolder: PictureStore {
    public let directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    public func savePicture(_ bytes: Data, named name: String) async throws -> Bool {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        guard !FileManager.default.fileExists(atPath: url.path) else { return false }
        try bytes.write(to: url, options: .atomic)
        return true
    }

    public func picture(named name: String) async throws -> Data? {
        FileManager.default.contents(atPath: directory.appendingPathComponent(name).path)
    }

    public func removePictures(named names: [String]) async throws {
        for name in names { try? FileManager.default.removeItem(at: directory.appendingPathComponent(name)) }
    }

    public func pictureSizes() async throws -> [String: Int] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        var sizes: [String: Int] = [:]
        for name in names where !name.hasPrefix(".") {
            sizes[name] =
                (try? FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent(name).path)[.size]
                    as? Int) ?? 0
        }
        return sizes
    }
}
