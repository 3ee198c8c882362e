import CocktailBook
import CocktailBookStore
import CocktailBookTestSupport
import CocktailBookWeb
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CocktailBookApp

/// Maintenance's "Export for another app": the book's imported drinks as a download, read back
/// by the import; for admins only.
@Suite("Maintenance: export for another app")
struct MaintenanceExportTests {
    @Test("a Bar Assistant zip with the photos, a CSV, the bundled catalog when asked; 400 for an unknown format")
    func export() async throws {
        let database = try await AccountsHTTPTests.book()
        defer { database.remove() }
        let store = try AppDatabase(path: database.path)
        _ = try await CatalogImporter(database: store, images: ImportedImageFiles(databasePath: database.path)).run(
            source: OtherAppsImportTests.fixture("bar-assistant-datapack.zip"))
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let bob = try await AccountsHTTPTests.signIn(client, "bob", "bob password")
            let refused = try await client.execute(
                uri: "/maintenance/export?format=csv", method: .get, headers: [.cookie: bob])
            #expect(refused.status == .forbidden)
            let alice = try await AccountsHTTPTests.signIn(client, "alice", "alice password")
            let page = String(
                buffer: try await client.execute(uri: "/maintenance", method: .get, headers: [.cookie: alice]).body)
            #expect(page.contains(#"<form method="get" action="/maintenance/export" data-export>"#))

            let zip = try await client.execute(
                uri: "/maintenance/export?format=bar-assistant", method: .get, headers: [.cookie: alice])
            #expect(zip.status == .ok && zip.headers[.contentType] == "application/zip")
            #expect(
                zip.headers[.contentDisposition] == #"attachment; filename="cocktail-book-bar-assistant.zip""#)
            let files = try ExportReader.files(in: Data(buffer: zip.body), named: "export.zip")
            let paths = Set(files.map(\.path))
            #expect(paths.isSuperset(of: ["cocktails/paper-plane/data.json", "cocktails/paper-plane/paper-plane.jpg"]))
            let book = try BookFormat.barAssistant.read(files)
            #expect(book.recipes.map(\.name).sorted() == ["Last Word", "Paper Plane"])

            let csv = try await client.execute(
                uri: "/maintenance/export?format=csv", method: .get, headers: [.cookie: alice])
            let text = String(buffer: csv.body)
            #expect(text.hasPrefix("name,ingredients,instructions,"))
            #expect(text.contains("Paper Plane") && !text.contains("Manhattan"), "the book's drinks, not the bundled")
            let bundled = try await client.execute(
                uri: "/maintenance/export?format=csv&bundled=1", method: .get, headers: [.cookie: alice])
            #expect(String(buffer: bundled.body).contains("Manhattan"))

            let unknown = try await client.execute(
                uri: "/maintenance/export?format=pages", method: .get, headers: [.cookie: alice])
            #expect(unknown.status == .badRequest)
        }
    }

    @Test("a line topped up travels through Bar Assistant's datapack as it was, 'to top' said once")
    func toTopRoundTrip() throws {
        let cocktail = Cocktail(
            id: "my-1", name: "Americano", kind: .alcoholic, shortDescription: "Bitter and long.",
            longDescription: "Bitter and long.", preparationMinutes: 2, imageName: "my-1",
            ingredients: ["1 oz Campari", "1 oz sweet vermouth", "Soda water, to top"])
        let zip = try BookExport.barAssistant([.init(cocktail: cocktail, photo: nil)])
        let files = try ExportReader.files(in: zip, named: "export.zip")
        let written = try #require(files.first { $0.path == "cocktails/americano/data.json" })
        #expect(String(decoding: written.data, as: UTF8.self).components(separatedBy: "to top").count == 2)
        let book = try BookFormat.barAssistant.read(files)
        #expect(book.recipes.map(\.ingredients) == [cocktail.ingredients])
    }
}
