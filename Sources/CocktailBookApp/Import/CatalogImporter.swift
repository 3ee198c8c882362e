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
    /// The format of a file or folder imported; `nil` tells it by its names and keys.
    public var format: BookFormat?
    /// Whether recipes that do not read as drinks are imported too, from apps that hold
    /// dinners as well (Mealie, Tandoor, Paprika, Nextcloud Cookbook).
    public var everyRecipe = false
    /// The ids of drinks the import leaves out (the review's "skip").
    public var leaveOut: Set<String> = []
    /// Ingredients to name as the book does, by the name the file wrote (the review's "did you
    /// mean", picked by the person).
    public var renamed: [String: String] = [:]
    /// What a file, folder or archive may weigh.
    public var limits = ExportReader.Limits.standard

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
            let imported = counts.new + counts.updated
            var text =
                "Imported \(imported) cocktail\(imported == 1 ? "" : "s") (\(counts.new) new, \(counts.updated) updated), \(skipped.count) skipped"
            if !skipped.isEmpty { text += ": " + Self.list(skipped) }
            if imagesStored > 0 || !imagesRejected.isEmpty || !imagesUnfetched.isEmpty {
                text += "; \(imagesStored) image\(imagesStored == 1 ? "" : "s") stored"
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
            let export = try readExport(location)
            if case .other(let book) = export {
                return try await importForeign(book, origin: named ?? location, created: created)
            }
            guard case .catalog(let data) = export else { throw ImportError.unreadable(path: location) }
            payload = data
        }
        let origin = named ?? location
        var parsed = try CatalogImport.parse(payload, origin: origin)
        parsed.cocktails.removeAll { leaveOut.contains($0.id) }
        parsed.cocktails = parsed.cocktails.map { $0.renamingIngredients(renamed) }
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

    /// What a file or folder holds: a catalog (ours or TheCocktailDB's) or another app's recipes.
    package enum Export {
        case catalog(Data)
        case other(ForeignBook)
    }

    /// Reads the file or folder at `path` as ``format`` says, or as its names and keys tell.
    package func readExport(_ path: String) throws -> Export {
        let files = try ExportReader.files(at: path, limits: limits)
        let format = self.format ?? BookFormat.detect(files)
        guard let format, format != .cocktailbook, format != .thecocktaildb else {
            guard files.count == 1, let file = files.first else {
                throw ImportError.malformed("no recipes of a format this book reads (see cocktailbook import --help)")
            }
            return .catalog(file.data)
        }
        let rows = format == .csv ? try ExportReader.csvRows(files.first?.data ?? Data()) : []
        return .other(try format.read(files, csvRows: rows))
    }

    /// Stores another app's recipes: their photos checked and cleaned like uploads, addresses
    /// downloaded like an import's pictures, then the drinks in one transaction.
    private func importForeign(_ book: ForeignBook, origin: String, created: CreatedFiles) async throws -> Summary {
        let read = book.drinks(origin: origin, at: now(), everyRecipe: everyRecipe)
        var drinks = read.drinks.filter { !leaveOut.contains($0.cocktail.id) }
        for index in drinks.indices { drinks[index].cocktail = drinks[index].cocktail.renamingIngredients(renamed) }
        let passedOver = read.passedOver
        guard !drinks.isEmpty else { throw ImportError.nothingToImport(passedOver.first ?? "no drinks in the file") }
        var stored: [ImportedImage] = []
        var rejected: [String] = []
        for index in drinks.indices {
            guard let photo = drinks[index].photo else { continue }
            let name = drinks[index].cocktail.name
            progress(ImportProgress(stage: "Storing photos", done: index + 1, total: drinks.count))
            guard ImportedImageFiles.kind(of: photo) != nil, photo.count <= ImportedImageFiles.maximumBytes,
                let cleaned = try? PictureMetadata.cleaned(photo)
            else {
                rejected.append("\(name): the photo is not a picture this book takes")
                continue
            }
            let saved = try await images.save(cleaned)
            if saved.created { created.add(saved.fileName) }
            stored.append(
                ImportedImage(
                    sourceURL: "\(origin)#\(drinks[index].cocktail.id)", fileName: saved.fileName,
                    contentType: saved.contentType))
            drinks[index].cocktail.imageURL = ImportedImageFiles.urlPrefix + saved.fileName
            drinks[index].cocktail.illustration = nil
        }
        var cocktails = drinks.map(\.cocktail)
        let pictures = RemoteCocktailsAPI(baseURL: URL(string: "http://localhost/")!, policy: addressPolicy)
        let downloads = try await ImageDownloads(
            images: images, database: database, progress: progress, created: created
        ).fetch(for: cocktails.filter { $0.imageURL?.hasPrefix("http") == true }, using: pictures)
        for index in cocktails.indices {
            if let source = cocktails[index].imageURL, let file = downloads.files[source] {
                cocktails[index].imageURL = ImportedImageFiles.urlPrefix + file.fileName
                cocktails[index].illustration = nil
            }
        }
        let counts = try await database.importCocktails(
            cocktails, images: stored + Array(downloads.files.values), origin: origin, at: now())
        return Summary(
            origin: origin, counts: counts, skipped: passedOver,
            imagesStored: cocktails.filter { $0.imageURL?.hasPrefix(ImportedImageFiles.urlPrefix) == true }.count,
            imagesRejected: rejected + downloads.rejected, imagesUnfetched: downloads.unfetched)
    }

    /// The source as an API root ending in `/`, when it is an http(s) URL with a host.
    package static func serverURL(_ source: String) -> URL? {
        let lowered = source.lowercased()
        guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://"),
            let url = URL(string: source.hasSuffix("/") ? source : source + "/"), url.host?.isEmpty == false
        else { return nil }
        return url
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
