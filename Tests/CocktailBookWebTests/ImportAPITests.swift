import CocktailBook
import CocktailBookApp
import CocktailBookStore
import CocktailBookTestSupport
import CocktailBookWeb
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// The import API: an upload answers its review, applying it imports with a choice per drink,
/// DELETE undoes it; guests may not import.
@Suite("Import API")
struct ImportAPITests {
    struct Review: Decodable {
        struct Drink: Decodable {
            var key: String
            var name: String
            var action: String
            var choices: [String]
            var existing: String?
            var reason: String?
            var unknownIngredients: [String]
        }
        struct Unknown: Decodable, Equatable {
            var name: String
            var suggestions: [String]
        }
        var id: String
        var format: String
        var drinks: [Drink]
        var ingredients: [Unknown]
    }

    struct Applied: Decodable {
        var new: Int
        var skipped: Int
        var imagesStored: Int
        var undoUntil: String
    }

    static func multipart(_ data: Data, name: String) -> (HTTPFields, ByteBuffer) {
        let boundary = "import-\(UUID().uuidString)"
        var body = Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(name)\"\r\n".utf8)
        body += Data("Content-Type: application/octet-stream\r\n\r\n".utf8) + data
        body += Data("\r\n--\(boundary)--\r\n".utf8)
        return ([.contentType: "multipart/form-data; boundary=\(boundary)"], ByteBuffer(bytes: body))
    }

    /// The review of a file sent with `headers` and `body`, which the server stages (201).
    static func stage(_ client: some TestClientProtocol, headers: HTTPFields, body: ByteBuffer) async throws -> Review {
        let staged = try await client.execute(uri: "/api/v1/imports", method: .post, headers: headers, body: body)
        #expect(staged.status == .created, "\(String(buffer: staged.body))")
        return try JSONDecoder().decode(Review.self, from: Data(buffer: staged.body))
    }

    /// The answer to applying `review` with the choices of `json`.
    static func apply(_ client: some TestClientProtocol, _ review: Review, _ json: String) async throws -> TestResponse
    {
        try await client.execute(
            uri: "/api/v1/imports/\(review.id)/apply", method: .post, headers: [.contentType: "application/json"],
            body: ByteBuffer(string: json))
    }

    static func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: OtherAppsImportTests.fixture(name)))
    }

    @Test("review, apply with a skip, apply again (409), undo, undo again (409); the store follows each step")
    func reviewApplyUndo() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        let store = try AppDatabase(path: database.path)
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            // A zip as a multipart upload: the drink the book has by name, the dinner passed over.
            let (headers, body) = Self.multipart(try Self.fixture("mealie-export.zip"), name: "mealie-export.zip")
            let staged = try await client.execute(uri: "/api/v1/imports", method: .post, headers: headers, body: body)
            #expect(staged.status == .created, "\(String(buffer: staged.body))")
            let mealie = try JSONDecoder().decode(Review.self, from: Data(buffer: staged.body))
            #expect(mealie.format == "mealie")
            #expect(mealie.drinks.map(\.name) == ["Daiquiri", "Lentil soup"])
            #expect(mealie.drinks[0].action == "same-name" && mealie.drinks[0].existing == "Daiquiri")
            #expect(mealie.drinks[0].choices == ["keep-both", "skip"], "the bundled Daiquiri cannot be replaced")
            #expect(
                mealie.drinks[1].action == "passed-over" && mealie.drinks[1].reason?.hasPrefix("not a drink") == true)
            #expect(try await store.importedCocktails().isEmpty, "a review writes no drink")

            // A CSV as the raw body; Tom Collins skipped.
            let csv = try await client.execute(
                uri: "/api/v1/imports", method: .post, headers: [.contentType: "text/csv"],
                body: ByteBuffer(bytes: try Self.fixture("recipes.csv")))
            #expect(csv.status == .created)
            let review = try JSONDecoder().decode(Review.self, from: Data(buffer: csv.body))
            #expect(review.format == "csv" && review.drinks.map(\.action) == ["same-name", "new"])
            let collins = try #require(review.drinks.first { $0.name == "Tom Collins" })
            let choices = #"{"choices": {"\#(collins.key)": "skip"}}"#
            let applied = try await client.execute(
                uri: "/api/v1/imports/\(review.id)/apply", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: choices))
            #expect(applied.status == .ok, "\(String(buffer: applied.body))")
            let result = try JSONDecoder().decode(Applied.self, from: Data(buffer: applied.body))
            #expect(result.new == 1)
            #expect(try await store.importedCocktails().map(\.name) == ["Margarita"])
            let listed = String(buffer: try await client.get("/api/v1/cocktails?q=margarita").body)
            #expect(listed.components(separatedBy: "\"Margarita\"").count - 1 == 2, "the bundled and the imported")

            let again = try await client.execute(
                uri: "/api/v1/imports/\(review.id)/apply", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: choices))
            #expect(again.status == .conflict)
            let wrong = try await client.execute(
                uri: "/api/v1/imports/\(mealie.id)/apply", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: #"{"choices": {"x": "maybe"}}"#))
            #expect(wrong.status == .badRequest)

            let undone = try await client.execute(uri: "/api/v1/imports/\(review.id)", method: .delete)
            #expect(undone.status == .ok && String(buffer: undone.body) == #"{"removed":1,"restored":0}"#)
            #expect(try await store.importedCocktails().isEmpty)
            #expect(try await client.execute(uri: "/api/v1/imports/\(review.id)", method: .delete).status == .conflict)
            #expect(try await client.execute(uri: "/api/v1/imports/nope", method: .delete).status == .notFound)
        }
    }

    @Test("an ingredient the book does not know: offered near names, renamed as picked, ABV unknown until then")
    func unknownIngredients() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        let csv = """
            name,ingredients,instructions
            Paper Plane,"22 ml bourbon
            22 ml Aperol
            22 ml Amaro Nonino Quintessentia
            22 ml lemon juice",Shake with ice and strain into a chilled coupe.
            Nonino Highball,"45 ml Amaro Nonino Quintessentia
            Top with soda water",Build over ice in a highball glass.

            """
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            func stage() async throws -> Review {
                try await Self.stage(client, headers: [.contentType: "text/csv"], body: ByteBuffer(string: csv))
            }
            func apply(_ review: Review, _ json: String) async throws -> TestResponse {
                try await Self.apply(client, review, json)
            }
            // Named once for both drinks, with the book's nearest bottle offered first.
            let review = try await stage()
            #expect(
                review.drinks.map(\.unknownIngredients) == [
                    ["Amaro Nonino Quintessentia"], ["Amaro Nonino Quintessentia"],
                ])
            #expect(review.ingredients.map(\.name) == ["Amaro Nonino Quintessentia"])
            #expect(review.ingredients.first?.suggestions.first == "Amaro Nonino", "\(review.ingredients)")

            // Kept as typed: the drink says its ABV is unknown instead of counting the amaro as water.
            #expect(try await apply(review, "{}").status == .ok)
            let kept = try await client.get("/api/v1/cocktails/\(review.drinks[0].key)").jsonObject()
            #expect(kept["abv"] is NSNull)
            #expect(kept["abvUnknownFor"] as? [String] == ["Amaro Nonino Quintessentia"])
            let page = String(buffer: try await client.get("/cocktails/\(review.drinks[0].key)").body)
            #expect(page.contains("ABV unknown: the book does not know the strength of Amaro Nonino Quintessentia"))
            #expect(try await client.execute(uri: "/api/v1/imports/\(review.id)", method: .delete).status == .ok)

            // A target the book does not know is refused, and nothing is imported.
            let second = try await stage()
            let wrong = try await apply(second, #"{"ingredients": {"Amaro Nonino Quintessentia": "Amaro Nonnino"}}"#)
            #expect(wrong.status == .unprocessableContent, "\(String(buffer: wrong.body))")
            #expect(String(buffer: wrong.body).contains("Amaro Nonnino is not an ingredient the book knows"))

            // Picked: both drinks' lines name the book's bottle, the rest of each line as written.
            let picked = try await apply(second, #"{"ingredients": {"Amaro Nonino Quintessentia": "Amaro Nonino"}}"#)
            #expect(picked.status == .ok, "\(String(buffer: picked.body))")
            let plane = try await client.get("/api/v1/cocktails/\(second.drinks[0].key)").jsonObject()
            let lines = (plane["ingredients"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
            #expect(lines.contains("22 ml Amaro Nonino"), "\(lines)")
            #expect(plane["abvUnknownFor"] as? [String] == [])
            let abv = try #require(plane["abv"] as? Double)
            #expect((12...20).contains(abv), "\(abv)")
        }
    }

    @Test("a drink of another import by the same name: replace takes its place; the same recipe again is skipped")
    func replaceAndSame() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        let store = try AppDatabase(path: database.path)
        func csv(_ lines: String) -> String {
            "name,ingredients,instructions\nBramble,\"\(lines)\",Build over crushed ice.\n"
        }
        let first = csv("50 ml gin\n25 ml lemon juice\n12 ml simple syrup\n15 ml crème de mûre")
        let second = csv("40 ml gin\n20 ml lemon juice\n10 ml simple syrup\n20 ml crème de mûre")
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            func stage(_ text: String) async throws -> Review {
                try await Self.stage(client, headers: [.contentType: "text/csv"], body: ByteBuffer(string: text))
            }
            func apply(_ review: Review, _ json: String) async throws {
                let applied = try await Self.apply(client, review, json)
                #expect(applied.status == .ok, "\(String(buffer: applied.body))")
            }
            let one = try await stage(first)
            #expect(one.drinks.map(\.action) == ["new"])
            try await apply(one, "{}")

            // The same recipe once more: skipped unless kept both, and skipped when not named.
            let again = try await stage(first)
            #expect(again.drinks.map(\.action) == ["same"] && again.drinks[0].choices == ["skip", "keep-both"])
            try await apply(again, "{}")
            #expect(try await store.importedCocktails().map(\.name) == ["Bramble"])
            #expect(
                try await client.execute(uri: "/api/v1/imports/\(again.id)/apply", method: .post).status == .conflict,
                "applied, with nothing to write")

            // Another balance of it: replace takes the place of the first import's Bramble.
            let other = try await stage(second)
            #expect(other.drinks.map(\.action) == ["same-name"] && other.drinks[0].existing == "Bramble")
            #expect(other.drinks[0].choices == ["keep-both", "replace", "skip"])
            try await apply(other, #"{"choices": {"\#(other.drinks[0].key)": "replace"}}"#)
            let kept = try await store.importedCocktails()
            #expect(kept.map(\.name) == ["Bramble"])
            #expect(kept.first?.ingredients.first == "40 ml gin", "\(kept)")
            #expect(kept.first?.id == other.drinks[0].key)
        }
    }

    @Test("a recipe passed over as not a drink can be taken all the same; left alone it stays out")
    func takeADinner() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        let store = try AppDatabase(path: database.path)
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            func stage() async throws -> Review {
                let (headers, body) = Self.multipart(try Self.fixture("mealie-export.zip"), name: "mealie-export.zip")
                return try await Self.stage(client, headers: headers, body: body)
            }
            func apply(_ review: Review, _ json: String) async throws {
                let applied = try await Self.apply(client, review, json)
                #expect(applied.status == .ok, "\(String(buffer: applied.body))")
            }
            let first = try await stage()
            let soup = try #require(first.drinks.first { $0.name == "Lentil soup" })
            #expect(soup.action == "passed-over" && !soup.key.isEmpty && soup.choices == ["skip", "new"])
            try await apply(first, "{}")
            #expect(try await store.importedCocktails().map(\.name) == ["Daiquiri"], "left alone, it stays out")

            let second = try await stage()
            let taken = try #require(second.drinks.first { $0.name == "Lentil soup" })
            let daiquiri = try #require(second.drinks.first { $0.name == "Daiquiri" })
            try await apply(second, #"{"choices": {"\#(taken.key)": "new", "\#(daiquiri.key)": "skip"}}"#)
            let names = try await store.importedCocktails().map(\.name).sorted()
            #expect(names == ["Daiquiri", "Lentil soup"], "the soup taken, the second Daiquiri skipped: \(names)")
        }
    }

    @Test(
        "replace over one of the book's own recipes saves the file's as its next version; undo puts the one before back"
    )
    func replaceOwnRecipe() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        let store = try AppDatabase(path: database.path)
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let own = try await client.execute(
                uri: "/api/v1/cocktails", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: #"{"name": "Bramble", "ingredients": ["60 ml gin", "20 ml crème de mûre"]}"#))
            #expect(own.status == .created)
            let csv =
                "name,ingredients,instructions\nBramble,\"40 ml gin\n20 ml lemon juice\n20 ml crème de mûre\",Build.\n"
            let staged = try await client.execute(
                uri: "/api/v1/imports", method: .post, headers: [.contentType: "text/csv"],
                body: ByteBuffer(string: csv))
            let review = try JSONDecoder().decode(Review.self, from: Data(buffer: staged.body))
            let bramble = try #require(review.drinks.first)
            #expect(bramble.action == "same-name" && bramble.choices == ["keep-both", "replace", "skip"])
            let applied = try await client.execute(
                uri: "/api/v1/imports/\(review.id)/apply", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: #"{"choices": {"\#(bramble.key)": "replace"}}"#))
            #expect(applied.status == .ok, "\(String(buffer: applied.body))")
            #expect(
                String(buffer: applied.body).contains("1 of the book's own recipes got the file's as a new version"))
            #expect(try await store.importedCocktails().isEmpty, "not imported beside it")
            let mine = try await client.get("/api/v1/cocktails/my-1").jsonObject()
            #expect(mine["version"] as? Int == 2)
            let lines = (mine["ingredients"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
            #expect(lines == ["40 ml gin", "20 ml lemon juice", "20 ml crème de mûre"], "\(lines)")

            let undone = try await client.execute(uri: "/api/v1/imports/\(review.id)", method: .delete)
            #expect(String(buffer: undone.body) == #"{"removed":0,"restored":1}"#)
            let back = try await client.get("/api/v1/cocktails/my-1").jsonObject()
            #expect(back["version"] as? Int == 3, "the undo is a version of its own")
            let backLines = (back["ingredients"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
            #expect(backLines == ["60 ml gin", "20 ml crème de mûre"])
        }
    }

    @Test("a bad file is a 422 naming why and keeps nothing; an empty body is a 422 too")
    func badFiles() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let (headers, body) = Self.multipart(try Self.fixture("zip-slip.zip"), name: "zip-slip.zip")
            let slip = try await client.execute(uri: "/api/v1/imports", method: .post, headers: headers, body: body)
            #expect(slip.status == .unprocessableContent)
            #expect(String(buffer: slip.body).contains("a path in the archive leaves its folder"))
            let empty = try await client.execute(
                uri: "/api/v1/imports", method: .post, headers: [.contentType: "application/zip"], body: ByteBuffer())
            #expect(empty.status == .unprocessableContent && String(buffer: empty.body).contains("empty_file"))
            let uploads = URL(fileURLWithPath: database.path).deletingLastPathComponent().appendingPathComponent(
                "uploads")
            let left = (try? FileManager.default.contentsOfDirectory(atPath: uploads.path)) ?? []
            #expect(left.isEmpty, "no upload is left behind: \(left)")
        }
    }

    @Test("guests may not import; members may")
    func roles() async throws {
        let database = try await AccountsHTTPTests.book()
        defer { database.remove() }
        let accounts = Accounts(database: try AppDatabase(path: database.path), bcryptCost: 4)
        try await accounts.createAccount(name: "gus", role: .guest, password: "gus password")
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let csv = ByteBuffer(bytes: try Self.fixture("recipes.csv"))
            let gus = try await AccountsHTTPTests.signIn(client, "gus", "gus password")
            let refused = try await client.execute(
                uri: "/api/v1/imports", method: .post, headers: [.contentType: "text/csv", .cookie: gus], body: csv)
            #expect(refused.status == .forbidden)
            let bob = try await AccountsHTTPTests.signIn(client, "bob", "bob password")
            let taken = try await client.execute(
                uri: "/api/v1/imports", method: .post, headers: [.contentType: "text/csv", .cookie: bob], body: csv)
            #expect(taken.status == .created, "\(String(buffer: taken.body))")
        }
    }
}
