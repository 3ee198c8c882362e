import CocktailBook
import CocktailBookStore
import CocktailsAPI
import Foundation

/// Imports cocktails into a book from a file (a TheCocktailDB dump or our catalog format) or a
/// TheCocktailDB-compatible server, pictures included, in one transaction: either everything
/// lands or nothing changes.
///
/// The process that imports writes the database; a running server shows the new cocktails on
/// its next catalog refresh or restart (``CatalogService/reloadImported()`` does it at once).
public struct CatalogImporter: Sendable {
    /// The book to import into.
    public let database: any AppStore
    /// Where downloaded pictures go.
    public let images: ImportedImageFiles
    /// The clock stamping imported rows.
    public var now: @Sendable () -> Date = { Date() }
    /// Which addresses the import may download from: ``AddressPolicy/publicOnly`` for imports
    /// started from the web (unless the operator allows private ones), any for the CLI.
    public var addressPolicy: AddressPolicy = .anyAddress
    /// How long one import may take in all, downloads included.
    public var timeLimit: Duration = .seconds(600)
    /// Called as the import advances (`Reading letters 12/36`, `Downloading pictures 3/12`); the
    /// CLI draws it as a bar on a terminal.
    public var progress: @Sendable (ImportProgress) -> Void = { _ in }

    /// What one import did.
    public struct Summary: Sendable, Equatable {
        /// The URL or file path imported from.
        public var origin: String
        /// New and updated cocktails.
        public var counts: ImportCounts
        /// One reason per entry left out.
        public var skipped: [String]
        /// How many pictures are stored locally for the imported cocktails.
        public var imagesStored: Int
        /// One reason per picture left out (the cocktail keeps its drawn illustration).
        public var imagesRejected: [String]
        /// One reason per picture that could not be fetched (its server did not answer): the
        /// drink keeps the picture's address and shows its drawing until Maintenance's
        /// "Download again" fetches it.
        public var imagesUnfetched: [String] = []

        /// `Imported 612 cocktails (598 new, 14 updated), 3 skipped: …`, then the pictures.
        public var line: String {
            var text =
                "Imported \(counts.new + counts.updated) cocktails (\(counts.new) new, \(counts.updated) updated), \(skipped.count) skipped"
            if !skipped.isEmpty { text += ": " + Self.list(skipped) }
            if imagesStored > 0 || !imagesRejected.isEmpty || !imagesUnfetched.isEmpty {
                text += "; \(imagesStored) images stored"
                if !imagesRejected.isEmpty {
                    text += ", \(imagesRejected.count) left out: " + Self.list(imagesRejected)
                }
                if !imagesUnfetched.isEmpty {
                    text +=
                        ", \(imagesUnfetched.count) could not be fetched (drawn meanwhile): "
                        + Self.list(imagesUnfetched)
                }
            }
            return text
        }

        private static func list(_ reasons: [String]) -> String {
            let shown = reasons.prefix(5).joined(separator: "; ")
            return reasons.count > 5 ? "\(shown); and \(reasons.count - 5) more" : shown
        }
    }

    /// Creates an importer writing into `database`, with pictures in `images`.
    public init(database: any AppStore, images: ImportedImageFiles) {
        self.database = database
        self.images = images
    }

    /// Imports `source`: an `http(s)://` API root, or a file path.
    ///
    /// - Parameter origin: what the cocktails are kept under (and their ids derived from);
    ///   by default the address, or the file's absolute path. An upload names itself, so that
    ///   the same file gives the same ids on every instance, whatever folder it waited in.
    /// - Throws: ``ImportError`` (or a store error) when the import is refused; nothing changed,
    ///   and the pictures it had already written are removed again.
    public func run(source: String, origin: String? = nil) async throws -> Summary {
        let created = CreatedFiles()
        do {
            return try await withDeadline(timeLimit) {
                try await self.perform(source: source, origin: origin, created: created)
            }
        } catch {
            await images.remove(created.all)
            if case BoundedFetcher.Failure.timedOut = error {
                throw ImportError.unreachable("the import took longer than \(timeLimit.components.seconds) seconds")
            }
            throw error
        }
    }

    private func perform(source: String, origin named: String?, created: CreatedFiles) async throws -> Summary {
        let location: String
        let payload: Data
        var remote: RemoteCocktailsAPI?
        if let url = Self.serverURL(source) {
            location = url.absoluteString
            let api = RemoteCocktailsAPI(baseURL: url, policy: addressPolicy)
            let progress = self.progress
            progress(ImportProgress(stage: "Reading \(url.host ?? location)", done: 0, total: 36))
            api.onProgress = { done, total in
                progress(ImportProgress(stage: "Reading \(url.host ?? location)", done: done, total: total))
            }
            remote = api
            do {
                payload = try await api.fetchCocktails()
            } catch is CancellationError {
                throw CancellationError()
            } catch let failure as BoundedFetcher.Failure {
                throw ImportError.unreachable("cannot read the cocktails from \(location): \(failure)")
            } catch {
                throw ImportError.unreachable("cannot read the cocktails from \(location)")
            }
        } else {
            location = URL(fileURLWithPath: (source as NSString).expandingTildeInPath).standardizedFileURL.path
            payload = try Self.readFile(location)
        }
        let origin = named ?? location
        var parsed = try CatalogImport.parse(payload, origin: origin)
        guard !parsed.cocktails.isEmpty else {
            throw ImportError.nothingToImport(parsed.skipped.first ?? "the source has no cocktails")
        }
        let pictures = remote ?? RemoteCocktailsAPI(baseURL: URL(string: "http://localhost/")!, policy: addressPolicy)
        let downloads = try await ImageDownloads(
            images: images, database: database, progress: progress, created: created
        )
        .fetch(for: parsed.cocktails, using: pictures)
        for index in parsed.cocktails.indices {
            if let source = parsed.cocktails[index].imageURL, let file = downloads.files[source] {
                parsed.cocktails[index].imageURL = ImportedImageFiles.urlPrefix + file.fileName
            }
        }
        let counts = try await database.importCocktails(
            parsed.cocktails, images: Array(downloads.files.values), origin: origin, at: now())
        return Summary(
            origin: origin, counts: counts, skipped: parsed.skipped,
            imagesStored: parsed.cocktails.filter { $0.imageURL?.hasPrefix(ImportedImageFiles.urlPrefix) == true }
                .count,
            imagesRejected: downloads.rejected, imagesUnfetched: downloads.unfetched
        )
    }

    /// The source as an API root ending in `/`, when it is an http(s) URL with a host.
    package static func serverURL(_ source: String) -> URL? {
        let lowered = source.lowercased()
        guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://"),
            let url = URL(string: source.hasSuffix("/") ? source : source + "/"), url.host?.isEmpty == false
        else { return nil }
        return url
    }

    /// The file's bytes, refused before reading when it is too large.
    package static func readFile(_ path: String) throws -> Data {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            (attributes[.type] as? FileAttributeType) != .typeDirectory
        else { throw ImportError.unreadable(path: path) }
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        guard size <= CatalogImport.maximumBytes else { throw ImportError.fileTooLarge(bytes: size) }
        guard let data = FileManager.default.contents(atPath: path) else { throw ImportError.unreadable(path: path) }
        return data
    }
}

/// How far an import has got: a stage and a count of steps done out of a total.
public struct ImportProgress: Sendable, Equatable {
    /// What is happening, e.g. `Downloading pictures`.
    public var stage: String
    /// Steps done.
    public var done: Int
    /// Steps in all.
    public var total: Int

    /// Creates a progress report.
    public init(stage: String, done: Int, total: Int) {
        self.stage = stage
        self.done = done
        self.total = total
    }

    /// A one-line bar for a terminal: `Downloading pictures [########------------]  4/10`.
    public func bar(width: Int = 24) -> String {
        let filled = total > 0 ? min(width, done * width / total) : 0
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        return "\(stage) [\(bar)] \(done)/\(total)"
    }
}
