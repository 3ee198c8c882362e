import CocktailBook
import CocktailBookStore
import CocktailsAPI
import Foundation

/// The book's upkeep, for the maintenance page and the command line: backups and restores (a
/// restore first keeps a copy of the book as it was), imported drinks by origin, the picture
/// cache, the book's currency and one person's favorites reset.
package struct MaintenanceDesk: Sendable {
    let catalog: CatalogService
    let store: any AppStore
    let images: ImportedImageFiles

    package init(catalog: CatalogService, store: any AppStore, images: ImportedImageFiles) {
        self.catalog = catalog
        self.store = store
        self.images = images
    }

    /// The backups kept before restores, and uploads held between review and confirmation.
    package var shelf: BackupShelf { BackupShelf(store: store.keptBackups) }

    /// Everything people put into the book, pictures included, as one backup file.
    package func backup() async throws -> Data { try await store.backup(pictures: images.store) }

    /// What the book holds now beside what `data` would put in its place; a file that is not a
    /// good backup is refused with the store's reason.
    package func review(_ data: Data) async throws -> (now: Backup.Counts, backup: Backup.Counts) {
        let uploaded = try Backup.validated(data)
        let now = try Backup.validated(try await backup())
        return (now.counts, uploaded.counts)
    }

    /// A restore's outcome: what came back, and the name under which the book as it was is kept.
    package struct Restored: Sendable {
        package var summary: Backup.Summary
        package var keptAs: String
    }

    /// Keeps a backup of the book as it is, then puts `data` back in one transaction, and has the
    /// catalog read the imported drinks again.
    package func restore(_ data: Data, at date: Date = Date()) async throws -> Restored {
        _ = try Backup.validated(data)
        let keptAs = try await shelf.keepBeforeRestore(try await backup(), at: date)
        let summary = try await store.restore(
            data, pictures: images.store, unusablePasswordHash: Accounts.unusablePasswordHash())
        await catalog.reloadImported()
        return Restored(summary: summary, keptAs: keptAs)
    }

    /// Removes the drinks imported from `origin`; how many went.
    package func removeImported(origin: String) async throws -> Int {
        let removed = try await store.removeImported(origin: origin)
        await catalog.reloadImported()
        return removed
    }

    /// Deletes the downloaded picture files; their records stay, so they can be downloaded again.
    package func clearPictures() async throws {
        try await images.store.removePictures(named: try await store.importedPictures())
    }

    /// Downloads again every recorded picture whose file is missing, under its recorded name,
    /// through the same checks as an import (size, image type, metadata removed, and public
    /// addresses only unless `allowPrivate`).
    package func downloadMissingPictures(allowPrivate: Bool) async -> (downloaded: Int, failed: Int) {
        let api = RemoteCocktailsAPI(
            baseURL: URL(string: "http://localhost/")!, policy: allowPrivate ? .anyAddress : .publicOnly)
        var downloaded = 0
        var failed = 0
        let kept = await (try? images.store.pictureSizes()) ?? [:]
        for picture in await (try? store.importedPictureSources()) ?? [] {
            guard kept[picture.fileName] == nil else { continue }
            guard let url = URL(string: picture.sourceURL), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
                let (data, _) = try? await api.download(url, maximumBytes: ImportedImageFiles.maximumBytes),
                ImportedImageFiles.kind(of: data) != nil, let cleaned = try? PictureMetadata.cleaned(data)
            else {
                failed += 1
                continue
            }
            do {
                _ = try await images.store.savePicture(cleaned, named: picture.fileName)
                downloaded += 1
            } catch {
                failed += 1
            }
        }
        return (downloaded, failed)
    }

    /// The book's currency as set, or nil when no one has set one.
    package func currencySet() async throws -> String? { try await store.bookCurrency() }
    /// The currency menus are priced in (the default when none is set).
    package func currency() async throws -> String { try await store.currency() }
    /// Sets the book's currency; an unknown code (`EUR` is known, `eur` is not) is a
    /// ``BookCurrencyError``.
    package func setCurrency(_ code: String) async throws { try await store.setBookCurrency(code) }

    /// Removes every favorite of `owner`; how many went.
    package func resetFavorites(of owner: FavoritesOwner) async throws -> Int {
        try await store.resetFavorites(of: owner)
    }

    /// What the maintenance page reports about the book's storage.
    package struct Storage: Sendable {
        package var location: String
        package var bytes: Int
        /// Pictures imports recorded, and how many of them are on disk, with their size.
        package var recordedPictures: Int
        package var keptPictures: Int
        package var pictureBytes: Int
        package var origins: [(origin: String, count: Int)]
        package var keptBackups: [BackupShelf.Kept]
    }

    package func storage() async throws -> Storage {
        let recorded = try await store.importedPictures()
        let sizes = try await images.store.pictureSizes()
        let onDisk = recorded.filter { sizes[$0] != nil }
        return Storage(
            location: store.location, bytes: await store.sizeInBytes() ?? 0, recordedPictures: recorded.count,
            keptPictures: onDisk.count, pictureBytes: onDisk.reduce(0) { $0 + (sizes[$1] ?? 0) },
            origins: try await store.importedOrigins(), keptBackups: try await shelf.kept())
    }
}
