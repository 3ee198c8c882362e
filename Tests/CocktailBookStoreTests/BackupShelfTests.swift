import Foundation
import Testing

@testable import CocktailBookStore

@Suite("BackupShelf: backups kept before a restore, uploads held until confirmed")
struct BackupShelfTests {
    static func shelf() -> (BackupShelf, URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "shelf-\(UUID().uuidString)", isDirectory: true)
        return (BackupShelf(store: PictureFolder(directory: directory)), directory)
    }

    @Test("kept backups are named by their UTC time, listed newest first, read only by such names")
    func keptBackups() async throws {
        let (shelf, directory) = Self.shelf()
        defer { try? FileManager.default.removeItem(at: directory) }
        let older = try await shelf.keepBeforeRestore(Data("{\"a\":1}".utf8), at: Date(timeIntervalSince1970: 0))
        let newer = try await shelf.keepBeforeRestore(
            Data("{\"b\":2}".utf8), at: Date(timeIntervalSince1970: 1_795_000_000))
        #expect(older.hasPrefix("backup-before-restore-19700101-000000-"))
        #expect(newer.hasPrefix("backup-before-restore-20261118-"))
        #expect(try await shelf.kept().map(\.name) == [newer, older])
        #expect(try await shelf.keptBackup(named: older) == Data("{\"a\":1}".utf8))
        // Anything else in the folder is neither listed nor handed out.
        try Data("x".utf8).write(to: directory.appendingPathComponent("notes.json"))
        #expect(try await shelf.kept().count == 2)
        #expect(try await shelf.keptBackup(named: "notes.json") == nil)
        #expect(try await shelf.keptBackup(named: "../" + older) == nil)
    }

    @Test("an upload is held under the hash of its bytes until released")
    func heldUploads() async throws {
        let (shelf, directory) = Self.shelf()
        defer { try? FileManager.default.removeItem(at: directory) }
        let data = Data("{\"format\":\"cocktailbook-backup\"}".utf8)
        let token = try await shelf.holdUpload(data)
        #expect(token.count == 64)
        #expect(try await shelf.heldUpload(token: token) == data)
        #expect(try await shelf.kept().isEmpty)
        #expect(try await shelf.heldUpload(token: String(repeating: "0", count: 64)) == nil)
        #expect(try await shelf.heldUpload(token: "../x") == nil)
        try await shelf.release(token: token)
        #expect(try await shelf.heldUpload(token: token) == nil)
    }
}
