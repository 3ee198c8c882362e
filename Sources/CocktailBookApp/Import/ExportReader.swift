import CGzip
import CSV
import CocktailBook
import Foundation
import ZIPFoundation

/// Opens another app's export for reading, within limits: a folder, a zip (whose inner zips, as
/// Tandoor writes them, are opened too), a gzip file or a single file; `.paprikarecipe` entries
/// are gunzipped. Every path stays inside the export; a path that would leave it, a zip bomb, a
/// gzip that does not end or too many entries refuse the whole file, so nothing is written.
public enum ExportReader {
    /// What one export may weigh.
    public struct Limits: Sendable {
        /// The largest export read, as stored: 200 MB.
        public var bytes = 200 * 1_048_576
        /// The most bytes its files may hold once decompressed: 1 GB.
        public var expandedBytes = 1_024 * 1_048_576
        /// The most entries (files and folders, inner zips' included).
        public var entries = 20_000

        /// The documented limits.
        public static let standard = Limits()

        /// The documented limits, to lower for a test.
        public init() {}
    }

    /// The largest export read, as stored.
    public static var maximumBytes: Int { Limits.standard.bytes }

    /// The files of the export at `path`.
    ///
    /// - Throws: ``ImportError`` saying in one line why the export is refused.
    public static func files(at path: String, limits: Limits = .standard) throws -> [BookFile] {
        var budget = Budget(limits: limits)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw ImportError.unreadable(path: path)
        }
        if isFolder.boolValue { return try folder(URL(fileURLWithPath: path), budget: &budget) }
        let size = ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
        guard size <= limits.bytes else { throw ImportError.fileTooLarge(bytes: size) }
        guard let data = FileManager.default.contents(atPath: path) else { throw ImportError.unreadable(path: path) }
        return try files(in: data, named: (path as NSString).lastPathComponent, budget: &budget)
    }

    /// The files of an export held in memory (an upload), named `name`.
    public static func files(in data: Data, named name: String, limits: Limits = .standard) throws -> [BookFile] {
        guard data.count <= limits.bytes else { throw ImportError.fileTooLarge(bytes: data.count) }
        var budget = Budget(limits: limits)
        return try files(in: data, named: name, budget: &budget)
    }

    /// Whether `data` starts as a zip or a gzip does: an export for this reader, not a JSON for
    /// the catalog import.
    public static func isArchive(_ data: Data) -> Bool {
        data.starts(with: [0x50, 0x4B, 0x03, 0x04]) || data.starts(with: [0x1F, 0x8B])
    }

    /// The rows of a CSV file, by the first row's column names (lowercased); `;` separates the
    /// columns when the first row has more of them than commas.
    public static func csvRows(_ data: Data) throws -> [[String: String]] {
        guard let text = String(data: data, encoding: .utf8) ?? String(data: data, encoding: .windowsCP1252) else {
            throw ImportError.malformed("the CSV is not text")
        }
        let body = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        let header = body.prefix { !$0.isNewline }
        let delimiter: UnicodeScalar =
            header.filter { $0 == ";" }.count > header.filter { $0 == "," }.count ? ";" : ","
        // A file without a first row of column names (empty, or only blank lines) names none.
        guard !body.allSatisfy(\.isWhitespace) else {
            throw ImportError.malformed("the CSV is empty: it has no row of column names and no recipe")
        }
        let reader: CSVReader
        do {
            reader = try CSVReader(string: body, hasHeaderRow: true, trimFields: true, delimiter: delimiter)
        } catch {
            throw ImportError.malformed("the CSV cannot be read: \(Self.reason(error))")
        }
        let columns = (reader.headerRow ?? []).map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        var rows: [[String: String]] = []
        while let row = reader.next() {
            guard rows.count <= BookFormat.maximumRecipes * 4 else {
                throw ImportError.malformed("more than \(BookFormat.maximumRecipes) recipes in the CSV")
            }
            var named: [String: String] = [:]
            for (column, value) in Swift.zip(columns, row) where !column.isEmpty { named[column] = value }
            rows.append(named)
        }
        if let error = reader.error { throw ImportError.malformed("the CSV cannot be read: \(Self.reason(error))") }
        return rows
    }

    /// The CSV reader's error in words (its cases have no descriptions of their own).
    private static func reason(_ error: any Error) -> String {
        switch error as? CSVError {
        case .cannotReadHeaderRow: "it has no row of column names"
        case .unicodeDecoding, .stringEncodingMismatch, .stringEndianMismatch: "it is not text in UTF-8"
        default: "it is not a table of rows and columns"
        }
    }

    // MARK: Reading

    /// What the export may still take.
    private struct Budget {
        let limits: Limits
        var bytes: Int
        var entries: Int

        init(limits: Limits) {
            self.limits = limits
            bytes = limits.expandedBytes
            entries = limits.entries
        }

        mutating func take(entries count: Int) throws {
            entries -= count
            guard entries >= 0 else {
                throw ImportError.malformed("more than \(limits.entries) entries in the archive")
            }
        }

        mutating func take(bytes count: Int) throws {
            bytes -= count
            guard bytes >= 0 else {
                throw ImportError.malformed(
                    "the archive expands to more than \(limits.expandedBytes / 1_048_576) MB")
            }
        }
    }

    private static func files(in data: Data, named name: String, budget: inout Budget) throws -> [BookFile] {
        if data.starts(with: [0x50, 0x4B, 0x03, 0x04]) || data.starts(with: [0x50, 0x4B, 0x05, 0x06]) {
            return try zip(data, prefix: "", budget: &budget, nested: true)
        }
        if data.starts(with: [0x1F, 0x8B]) {
            let inner = try gunzip(data, name: name, budget: &budget)
            let stripped = name.lowercased().hasSuffix(".gz") ? String(name.dropLast(3)) : name
            return [BookFile(path: stripped, data: inner)]
        }
        if name.lowercased().hasSuffix(".zip") || name.lowercased().hasSuffix(".paprikarecipes") {
            throw ImportError.malformed("\(name) is not a zip")
        }
        try budget.take(bytes: data.count)
        return [BookFile(path: name, data: data)]
    }

    private static func zip(_ data: Data, prefix: String, budget: inout Budget, nested: Bool) throws -> [BookFile] {
        let archive: Archive
        do {
            archive = try Archive(data: data, accessMode: .read)
        } catch {
            throw ImportError.malformed("\(prefix.isEmpty ? "the file" : prefix) is not a readable zip")
        }
        var files: [BookFile] = []
        for entry in archive {
            try budget.take(entries: 1)
            let path = try safePath(entry.path)
            guard entry.type == .file, !isNoise(path) else { continue }
            var bytes = Data()
            var left = budget.bytes
            do {
                _ = try archive.extract(entry, skipCRC32: false) { chunk in
                    left -= chunk.count
                    guard left >= 0 else { throw ExpansionLimit() }
                    bytes.append(chunk)
                }
            } catch is ExpansionLimit {
                throw ImportError.malformed(
                    "the archive expands to more than \(budget.limits.expandedBytes / 1_048_576) MB")
            } catch {
                throw ImportError.malformed("\(prefix + path) cannot be unpacked")
            }
            try budget.take(bytes: bytes.count)
            let full = prefix + path
            let lowered = full.lowercased()
            if nested, lowered.hasSuffix(".zip") {
                files += try zip(bytes, prefix: String(full.dropLast(4)) + "/", budget: &budget, nested: false)
            } else if lowered.hasSuffix(".paprikarecipe") || lowered.hasSuffix(".gz") {
                files.append(BookFile(path: full, data: try gunzip(bytes, name: full, budget: &budget)))
            } else {
                files.append(BookFile(path: full, data: bytes))
            }
        }
        return files
    }

    private struct ExpansionLimit: Error {}

    /// `path` as a relative path that stays inside the archive.
    private static func safePath(_ path: String) throws -> String {
        let parts = path.replacingOccurrences(of: "\\", with: "/").split(
            separator: "/", omittingEmptySubsequences: true)
        let drive = parts.first.map { $0.count == 2 && $0.hasSuffix(":") } ?? false
        guard !path.hasPrefix("/"), !path.hasPrefix("\\"), !parts.contains(".."), !drive else {
            throw ImportError.malformed("a path in the archive leaves its folder: \(path.prefix(200))")
        }
        return parts.filter { $0 != "." }.joined(separator: "/")
    }

    /// Files archivers add that are no part of an export (`__MACOSX/…`, `.DS_Store`).
    private static func isNoise(_ path: String) -> Bool {
        path.hasPrefix("__MACOSX/") || (path as NSString).lastPathComponent.hasPrefix("._")
            || (path as NSString).lastPathComponent == ".DS_Store"
    }

    /// The files of a folder (an unzipped export), symbolic links left out.
    private static func folder(_ url: URL, budget: inout Budget) throws -> [BookFile] {
        let root = url.standardizedFileURL.resolvingSymlinksInPath().path
        guard
            let walker = FileManager.default.enumerator(
                at: url, includingPropertiesForKeys: [.isRegularFileKey, .isSymbolicLinkKey, .fileSizeKey])
        else { throw ImportError.unreadable(path: url.path) }
        var files: [BookFile] = []
        for case let file as URL in walker {
            try budget.take(entries: 1)
            let values = try? file.resourceValues(forKeys: [.isRegularFileKey, .isSymbolicLinkKey, .fileSizeKey])
            guard values?.isSymbolicLink != true, values?.isRegularFile == true else { continue }
            let full = file.standardizedFileURL.path
            guard full.hasPrefix(root + "/") else { continue }
            let path = String(full.dropFirst(root.count + 1))
            guard !isNoise(path) else { continue }
            try budget.take(bytes: values?.fileSize ?? 0)
            guard let data = FileManager.default.contents(atPath: full) else {
                throw ImportError.unreadable(path: full)
            }
            if path.lowercased().hasSuffix(".paprikarecipe") {
                files.append(BookFile(path: path, data: try gunzip(data, name: path, budget: &budget)))
            } else {
                files.append(BookFile(path: path, data: data))
            }
        }
        return files.sorted { $0.path < $1.path }
    }

    /// The contents of a gzip stream, refused when it does not end or expands past the budget.
    private static func gunzip(_ data: Data, name: String, budget: inout Budget) throws -> Data {
        var stream = z_stream()
        guard cocktailbook_inflateInit2(&stream, 15 + 16) == Z_OK else {
            throw ImportError.malformed("\(name) cannot be decompressed")
        }
        defer { inflateEnd(&stream) }
        var output = Data()
        var chunk = [UInt8](repeating: 0, count: 65_536)
        var input = [UInt8](data)
        let status: Int32 = input.withUnsafeMutableBufferPointer { source in
            stream.next_in = source.baseAddress
            stream.avail_in = uInt(source.count)
            var status = Z_OK
            repeat {
                status = chunk.withUnsafeMutableBufferPointer { target in
                    stream.next_out = target.baseAddress
                    stream.avail_out = uInt(target.count)
                    return inflate(&stream, Z_NO_FLUSH)
                }
                let produced = chunk.count - Int(stream.avail_out)
                output.append(contentsOf: chunk[0..<produced])
                if output.count > budget.bytes { return Z_MEM_ERROR }
            } while status == Z_OK
            return status
        }
        if status == Z_MEM_ERROR, output.count > budget.bytes {
            throw ImportError.malformed(
                "\(name) expands to more than \(budget.limits.expandedBytes / 1_048_576) MB")
        }
        guard status == Z_STREAM_END else { throw ImportError.malformed("the gzip stream of \(name) does not end") }
        try budget.take(bytes: output.count)
        return output
    }
}
