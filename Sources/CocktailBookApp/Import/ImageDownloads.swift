import CocktailBook
import CocktailBookStore
import CocktailsAPI
import Foundation
import Synchronization

/// The picture downloads of one import: at most four in flight, each checked for size and for
/// really being a picture, stored content-addressed without its metadata. A picture that is
/// refused (one that cannot be read cleanly too) is left out; one whose server does not answer
/// is not fetched (the drink keeps its address and its drawing), and the other pictures of that
/// server are not asked for: the import goes on without them.
package struct ImageDownloads {
    package let images: ImportedImageFiles
    package let database: any AppStore
    package let progress: @Sendable (ImportProgress) -> Void

    /// How many downloads may be in flight at once.
    package static let parallelDownloads = 4

    package struct Result {
        /// Stored pictures by the URL they came from.
        package var files: [String: ImportedImage] = [:]
        /// One reason per picture left out.
        package var rejected: [String] = []
        /// One reason per picture whose server did not answer.
        package var unfetched: [String] = []
    }

    /// The hosts that did not answer during this import, with why.
    private let unreachable = UnreachableHosts()

    /// The files this import created so far, to take back if it is refused.
    package let created: CreatedFiles

    private enum Outcome {
        case stored(ImportedImage)
        case rejected(String)
        case unfetched(String)
    }

    package func fetch(for cocktails: [Cocktail], using api: RemoteCocktailsAPI) async throws -> Result {
        // Downloads go through `api`'s fetcher: the address policy, byte limit and deadline apply.
        var result = Result()
        var pending: [(url: URL, text: String)] = []
        for text in Set(cocktails.compactMap(\.imageURL)).sorted() {
            guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? "") else {
                continue
            }
            // Already downloaded by an earlier import, and the file is still there: no request.
            if let file = try await database.importedImageFile(for: text),
                let bytes = try await images.store.picture(named: file),
                let kind = ImportedImageFiles.kind(of: bytes)
            {
                result.files[text] = ImportedImage(sourceURL: text, fileName: file, contentType: kind.contentType)
            } else {
                pending.append((url, text))
            }
        }
        guard !pending.isEmpty else { return result }
        let total = pending.count
        var done = 0
        try await withThrowingTaskGroup(of: (String, Outcome).self) { group in
            var queue = pending[...]
            func startNext() {
                guard let next = queue.popFirst() else { return }
                group.addTask { (next.text, try await self.download(next.url, api: api)) }
            }
            for _ in 0..<Self.parallelDownloads { startNext() }
            while let (text, outcome) = try await group.next() {
                done += 1
                progress(ImportProgress(stage: "Downloading pictures", done: done, total: total))
                switch outcome {
                case .stored(let image): result.files[text] = image
                case .rejected(let reason): result.rejected.append("\(text): \(reason)")
                case .unfetched(let reason): result.unfetched.append("\(text): \(reason)")
                }
                startNext()
            }
        }
        return result
    }

    private func download(_ url: URL, api: RemoteCocktailsAPI) async throws -> Outcome {
        let host = url.host?.lowercased() ?? ""
        if let reason = unreachable.reason(for: host) { return .unfetched(reason) }
        do {
            let (data, contentType) = try await api.download(url, maximumBytes: ImportedImageFiles.maximumBytes)
            if let contentType, !contentType.lowercased().hasPrefix("image/") {
                return .rejected("not an image (\(contentType))")
            }
            guard ImportedImageFiles.kind(of: data) != nil else { return .rejected("not an image") }
            // Stored with only what it needs to be drawn; one that cannot be cleaned is left out.
            let cleaned: Data
            do {
                cleaned = try PictureMetadata.cleaned(data)
            } catch {
                return .rejected("refused: \(error.localizedDescription)")
            }
            let stored = try await images.save(cleaned)
            if stored.created { created.add(stored.fileName) }
            return .stored(
                ImportedImage(sourceURL: url.absoluteString, fileName: stored.fileName, contentType: stored.contentType)
            )
        } catch RemoteCocktailsAPI.DownloadFailure.rejected(let reason) {
            return .rejected(reason)
        } catch RemoteCocktailsAPI.DownloadFailure.unreachable(let reason) {
            unreachable.note(host, reason)
            return .unfetched(reason)
        }
    }
}

/// The picture files one import has written, collected from concurrent downloads.
package final class CreatedFiles: Sendable {
    private let names = Mutex<[String]>([])

    package func add(_ name: String) {
        names.withLock { $0.append(name) }
    }

    package var all: [String] { names.withLock { $0 } }
}

/// The hosts that did not answer during one import, with why: their other pictures are not
/// asked for.
package final class UnreachableHosts: Sendable {
    private let reasons = Mutex<[String: String]>([:])

    package func note(_ host: String, _ reason: String) {
        reasons.withLock { $0[host] = reason }
    }

    package func reason(for host: String) -> String? {
        reasons.withLock { $0[host] }
    }
}
