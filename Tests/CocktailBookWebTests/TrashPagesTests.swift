import CocktailBookStore
import CocktailBookTestSupport
import CocktailBookWeb
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import CocktailBookApp

/// The trash can be found and a deleted drink's address says where it went: the owner of a book
/// without accounts has "My book" in the header (the page with New recipe and the trash), and
/// the address of a drink in the trash says so, with Put back for whoever may restore it.
@Suite("The trash, found from every page and from a deleted drink's address")
struct TrashPagesTests {
    struct Created: Decodable { var id: String }

    @Test("single-user: My book links the trash; a deleted drink's page says it is in the trash and puts it back")
    func ownerFindsTheTrash() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let home = String(buffer: try await client.get("/").body)
            #expect(home.contains(#"<a class="nav-account" href="/account" data-account-link>My book</a>"#))
            let account = String(buffer: try await client.get("/account").body)
            #expect(account.contains(#"href="/trash" data-trash-link"#))

            let created = try await client.execute(
                uri: "/api/v1/cocktails", method: .post, headers: RecipesHTTPTests.json(),
                body: ByteBuffer(string: RecipesHTTPTests.sazeracOfTheHouse))
            let id = try created.decoded(Created.self).id
            #expect(try await client.execute(uri: "/api/v1/cocktails/\(id)", method: .delete).status == .noContent)

            let gone = try await client.get("/cocktails/\(id)")
            #expect(gone.status == .notFound)
            let page = String(buffer: gone.body)
            #expect(page.contains("In the trash") && page.contains("“House Sazerac” is in the trash."))
            #expect(!page.contains("removed from the catalog"))
            #expect(
                page.contains(#"action="/trash/\#(id)/restore""#) && page.contains(#"href="/trash" data-trash-link"#))
            let italian = String(buffer: try await client.get("/cocktails/\(id)?lang=it").body)
            #expect(italian.contains("Nel cestino") && italian.contains("è nel cestino"))

            let restored = try await client.execute(
                uri: "/trash/\(id)/restore", method: .post, headers: TestCSRF.formHeaders, body: TestCSRF.body(""))
            #expect(restored.status == .seeOther && restored.headers[.location] == "/cocktails/\(id)")
            #expect(try await client.get("/cocktails/\(id)").status == .ok)
            // A drink that never was: the catalog's sentence, no Put back.
            let never = String(buffer: try await client.get("/cocktails/u999").body)
            #expect(never.contains("removed from the catalog") && !never.contains("/restore"))
        }
    }

    @Test("someone who may not restore it is told it is in the trash, without Put back")
    func guestIsToldOnly() async throws {
        let database = try await AccountsHTTPTests.book()
        defer { database.remove() }
        let accounts = Accounts(database: try AppDatabase(path: database.path), bcryptCost: 4)
        try await accounts.createAccount(name: "gus", role: .guest, password: "gus password")
        let alice = try await accounts.issueToken(for: "alice", label: "t")
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let headers = RecipesHTTPTests.json([.authorization: "Bearer \(alice)"])
            let created = try await client.execute(
                uri: "/api/v1/cocktails", method: .post, headers: headers,
                body: ByteBuffer(string: RecipesHTTPTests.sazeracOfTheHouse))
            let id = try created.decoded(Created.self).id
            #expect(
                try await client.execute(uri: "/api/v1/cocktails/\(id)", method: .delete, headers: headers).status
                    == .noContent)
            let gus = try await AccountsHTTPTests.signIn(client, "gus", "gus password")
            let page = String(
                buffer: try await client.execute(uri: "/cocktails/\(id)", method: .get, headers: [.cookie: gus]).body)
            #expect(page.contains("is in the trash") && !page.contains("/restore") && !page.contains("data-trash-link"))
        }
    }
}
