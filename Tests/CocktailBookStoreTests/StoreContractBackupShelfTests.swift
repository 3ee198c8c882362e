import CocktailBook
import CocktailBookTestSupport
import Foundation
import Testing

@testable import CocktailBookStore

/// The backups a store keeps before a restore and the uploads it holds until confirmed, against
/// every backend (see ``StoreContractTests``): kept where every instance sees them, apart from
/// the pictures.
@Suite("Store contract: kept backups", .serialized)
struct StoreContractBackupShelfTests {
    static let backends: [Backend] = Backend.configured

    @Test(
        "a backup kept before a restore is listed and read back; a held upload is not a kept backup",
        arguments: backends)
    func keptBackups(_ backend: Backend) async throws {
        try await backend.withStore { store in
            let shelf = BackupShelf(store: store.keptBackups)
            let before = try await shelf.kept()
            let data = try await store.backup(pictures: nil, at: Date(timeIntervalSince1970: 1_790_000_000))
            let name = try await shelf.keepBeforeRestore(data, at: Date(timeIntervalSince1970: 1_790_000_000))
            let token = try await shelf.holdUpload(Data("{\"held\":true}".utf8))
            let kept = try await shelf.kept()
            #expect(kept.map(\.name).filter { !before.map(\.name).contains($0) } == [name])
            #expect(try await shelf.keptBackup(named: name) == data)
            #expect(try await shelf.heldUpload(token: token) == Data("{\"held\":true}".utf8))
            // None of it is among the pictures an import recorded.
            #expect(try await store.importedPictures().contains(name) == false)
            try await shelf.release(token: token)
            #expect(try await shelf.heldUpload(token: token) == nil)
        }
    }
}
