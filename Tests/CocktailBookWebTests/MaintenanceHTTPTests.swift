import CocktailBookStore
import CocktailBookTestSupport
import CocktailBookWeb
import CocktailsAPI
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CocktailBookApp

/// The maintenance page is for admins only, and its backup is the store's.
@Suite("Maintenance over HTTP")
struct MaintenanceHTTPTests {
    @Test(
        "admins see the catalog, database and version and download a backup; members get 403; anonymous visitors are sent to sign in"
    )
    func access() async throws {
        let database = try await AccountsHTTPTests.book()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let anonymous = try await client.get("/maintenance")
            #expect(anonymous.status == .seeOther)
            #expect(anonymous.headers[.location] == "/login?next=%2Fmaintenance")
            #expect(try await client.execute(uri: "/maintenance/restore", method: .post).status == .unauthorized)
            let bob = try await AccountsHTTPTests.signIn(client, "bob", "bob password")
            #expect(
                try await client.execute(uri: "/maintenance", method: .get, headers: [.cookie: bob]).status
                    == .forbidden)
            #expect(
                try await client.execute(uri: "/maintenance/backup", method: .get, headers: [.cookie: bob]).status
                    == .forbidden)
            let alice = try await AccountsHTTPTests.signIn(client, "alice", "alice password")
            let page = String(
                buffer: try await client.execute(uri: "/maintenance", method: .get, headers: [.cookie: alice]).body)
            #expect(page.contains("<dd>Ready</dd>") && page.contains("<dd>13</dd>") && page.contains(database.path))
            let backup = try await client.execute(uri: "/maintenance/backup", method: .get, headers: [.cookie: alice])
            #expect(
                backup.headers[.contentDisposition]?.hasPrefix("attachment; filename=\"cocktailbook-backup-") == true)
            let json = try #require(try JSONSerialization.jsonObject(with: Data(buffer: backup.body)) as? [String: Any])
            #expect((json["accounts"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["alice", "bob"])
            #expect(!String(buffer: backup.body).contains("$2"), "no bcrypt hash")
            // Reset without the confirmation changes nothing.
            let unconfirmed = try await client.execute(
                uri: "/maintenance/reset-favorites", method: .post, headers: AccountsHTTPTests.form(alice),
                body: TestCSRF.body(""))
            #expect(unconfirmed.status == .badRequest)
        }
    }
}

/// The picture cache on the maintenance page: Clear deletes the downloaded files, Download
/// again fetches them from where they came from.
@Suite("Maintenance: the picture cache")
struct MaintenancePicturesTests {
    @Test("Clear deletes the pictures, Download again brings back the same bytes under the same name")
    func clearAndDownloadAgain() async throws {
        let book = try TemporaryDatabase()
        defer { book.remove() }
        let database = try AppDatabase(path: book.path)
        let images = ImportedImageFiles(databasePath: book.path)
        try await ImportImagesTests.pictureServer().test(.live) { pictures in
            let root = "http://127.0.0.1:\(try #require(pictures.port))"
            let file = try ImportImagesTests.catalog(["a": "\(root)/ok.png"], in: book.directory)
            _ = try await CatalogImporter(database: database, images: images).run(source: file)
            let stored = try #require(try FileManager.default.contentsOfDirectory(atPath: images.directory.path).first)
            let path = images.directory.appendingPathComponent(stored).path
            try await makeApp(databasePath: book.path, configure: { $0.allowPrivateImports = true }).test(.router) {
                client in
                try await client.waitUntilReady()
                #expect(String(buffer: try await client.get("/maintenance").body).contains("1 of 1 files kept"))
                let cleared = try await client.execute(
                    uri: "/maintenance/pictures/clear", method: .post, headers: TestCSRF.formHeaders,
                    body: TestCSRF.body(""))
                #expect(cleared.status == .seeOther)
                #expect(!FileManager.default.fileExists(atPath: path))
                #expect(try await client.get("/images/imported/\(stored)").status == .notFound)
                let again = try await client.execute(
                    uri: "/maintenance/pictures/download", method: .post, headers: TestCSRF.formHeaders,
                    body: TestCSRF.body(""))
                #expect(again.headers[.location] == "/maintenance?done=downloaded&n=1&failed=0")
                #expect(FileManager.default.contents(atPath: path) == ImportImagesTests.png)
                #expect(try await client.get("/images/imported/\(stored)").status == .ok)
            }
        }
    }
}
