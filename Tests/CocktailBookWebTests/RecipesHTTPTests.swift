import CocktailBook
import CocktailBookStore
import CocktailBookTestSupport
import CocktailBookWeb
import CocktailsAPI
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import CocktailBookApp

/// The book's own recipes over the JSON API: writing, versions, the trash, adaptations, and
/// each person's notes, ratings and drinks made, with who may do what. Every save is checked
/// through what the book answers afterwards (the drink, the list, the search), not only its status.
@Suite("Own recipes over HTTP")
struct RecipesHTTPTests {
    /// The API's answer for a drink of the book, as far as these tests read it.
    struct Saved: Decodable {
        struct Adaptation: Decodable, Equatable {
            var id: String
            var name: String
        }
        struct Rating: Decodable, Equatable {
            var average: Double?
            var count: Int
            var mine: Int?
        }
        struct Made: Decodable {
            var count: Int
            var last: String?
        }
        var id: String
        var name: String
        var ingredients: [LineBody]
        var instructions: [String]
        var glass: String?
        var version: Int?
        var basedOn: String?
        var author: String?
        var editable: Bool
        var adaptations: [Adaptation]
        var note: String?
        var rating: Rating?
        var made: Made?
    }

    struct Refusal: Decodable {
        struct Problem: Decodable, Equatable {
            var field: String
            var message: String
        }
        struct Detail: Decodable {
            var code: String
            var message: String
            var field: String?
            var problems: [Problem]?
        }
        var error: Detail
    }

    static let sazeracOfTheHouse = #"""
        {"name": "House Sazerac", "kind": "alcoholic", "category": "Spirit-forward", "glass": "rocks",
         "method": "stirred", "preparationMinutes": 4, "shortDescription": "Rye, absinthe rinse, two bitters.",
         "ingredients": ["60 ml rye whiskey", {"amount": 1, "unit": "tsp", "ingredient": "simple syrup"},
                         {"amount": 3, "unit": "dash", "ingredient": "Peychaud's bitters"},
                         {"text": "Absinthe, to rinse", "optional": true}],
         "instructions": ["Rinse a chilled rocks glass with absinthe.", "Stir the rest with ice.", "Strain into the glass."],
         "italian": {"shortDescription": "Rye, risciacquo d'assenzio, due bitter."}}
        """#

    static func json(_ headers: HTTPFields = [:]) -> HTTPFields {
        var all = headers
        all[.contentType] = "application/json"
        return all
    }

    @Test("the owner writes a drink: 201 with its address and version, and it is in the list and the search at once")
    func create() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let response = try await client.execute(
                uri: "/api/v1/cocktails", method: .post, headers: Self.json(),
                body: ByteBuffer(string: Self.sazeracOfTheHouse))
            #expect(response.status == .created)
            #expect(response.headers[.location] == "/api/v1/cocktails/my-1")
            #expect(response.headers[.eTag] == #""v1""#)
            let saved = try response.decoded(Saved.self)
            #expect(saved.id == "my-1")
            #expect(saved.version == 1 && saved.editable)
            #expect(
                saved.ingredients.map(\.text) == [
                    "60 ml rye whiskey", "1 tsp simple syrup", "3 dashes Peychaud's bitters",
                    "Absinthe, to rinse, optional",
                ])
            #expect(saved.ingredients[2].amount == 3 && saved.ingredients[2].unit == "dash")
            #expect(saved.instructions.count == 3 && saved.instructions[1] == "Stir the rest with ice.")
            #expect(saved.glass == "rocks")

            let shown = try await client.get("/api/v1/cocktails/my-1")
            #expect(shown.headers[.eTag]?.hasPrefix(#""v1"#) == true)
            #expect(try shown.decoded(Saved.self).name == "House Sazerac")
            let found = try await client.get("/api/v1/cocktails?q=house+sazerac").decoded(ListBody.self)
            #expect(found.cocktails.first?.id == "my-1")
            let italian = try await client.get("/api/v1/cocktails/my-1?lang=it").jsonObject()
            #expect(italian["shortDescription"] as? String == "Rye, risciacquo d'assenzio, due bitter.")
            let page = String(buffer: try await client.get("/cocktails/my-1").body)
            #expect(page.contains("House Sazerac") && page.contains("Peychaud"))
        }
    }

    @Test("a refused recipe names every field that is wrong, and nothing is saved")
    func problems() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let wrong = try await client.execute(
                uri: "/api/v1/cocktails", method: .post, headers: Self.json(),
                body: ByteBuffer(string: #"{"name": " ", "glass": "bucket", "ingredients": ["60 ml gin"]}"#))
            #expect(wrong.status == .unprocessableContent)
            let refusal = try wrong.decoded(Refusal.self)
            #expect(refusal.error.code == "invalid_recipe")
            #expect(refusal.error.field == "name")
            #expect(refusal.error.problems?.map(\.field) == ["name", "glass"])
            let empty = try await client.execute(
                uri: "/api/v1/cocktails", method: .post, headers: Self.json(),
                body: ByteBuffer(string: #"{"name": "Nothing", "ingredients": []}"#))
            #expect(try empty.decoded(Refusal.self).error.field == "rows")
            let shape = try await client.execute(
                uri: "/api/v1/cocktails", method: .post, headers: Self.json(),
                body: ByteBuffer(string: #"{"name": "No lines"}"#))
            #expect(shape.status == .unprocessableContent)
            #expect(try shape.decoded(Refusal.self).error.field == "rows")
            let based = try await client.execute(
                uri: "/api/v1/cocktails", method: .post, headers: Self.json(),
                body: ByteBuffer(string: #"{"name": "Orphan", "basedOn": "nope", "ingredients": ["60 ml gin"]}"#))
            #expect(based.status == .unprocessableContent)
            #expect(try based.decoded(Refusal.self).error.field == "basedOn")
            #expect(try await client.get("/api/v1/cocktails/my-1").status == .notFound)
        }
    }

    @Test("If-Match: missing is 428, a stale version 412 with the current ETag, the current one saves version 2")
    func versions() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            _ = try await client.execute(
                uri: "/api/v1/cocktails", method: .post, headers: Self.json(),
                body: ByteBuffer(string: Self.sazeracOfTheHouse))
            let sweeter = Self.sazeracOfTheHouse.replacingOccurrences(
                of: #""amount": 1, "unit": "tsp""#, with: #""amount": 2, "unit": "tsp""#)
            let missing = try await client.execute(
                uri: "/api/v1/cocktails/my-1", method: .put, headers: Self.json(), body: ByteBuffer(string: sweeter))
            #expect(missing.status == .preconditionRequired)
            var headers = Self.json()
            headers[.ifMatch] = #""v1""#
            let second = try await client.execute(
                uri: "/api/v1/cocktails/my-1", method: .put, headers: headers, body: ByteBuffer(string: sweeter))
            #expect(second.status == .ok)
            #expect(second.headers[.eTag] == #""v2""#)
            #expect(try second.decoded(Saved.self).ingredients[1].text == "2 tsp simple syrup")
            // Someone else still holds version 1.
            let stale = try await client.execute(
                uri: "/api/v1/cocktails/my-1", method: .put, headers: headers,
                body: ByteBuffer(string: Self.sazeracOfTheHouse.replacingOccurrences(of: "House Sazerac", with: "Mine"))
            )
            #expect(stale.status == .preconditionFailed)
            #expect(stale.headers[.eTag] == #""v2""#)
            #expect(try stale.decoded(Refusal.self).error.code == "stale_version")
            #expect(try await client.get("/api/v1/cocktails/my-1").decoded(Saved.self).name == "House Sazerac")

            let history = try await client.get("/api/v1/cocktails/my-1/versions").jsonObject()
            #expect(history["current"] as? Int == 2)
            let listed = try #require(history["versions"] as? [[String: Any]])
            #expect(listed.map { $0["number"] as? Int } == [2, 1])
            #expect(listed.map { $0["summary"] as? String } == ["1 ingredient", "created"])
            let restored = try await client.execute(uri: "/api/v1/cocktails/my-1/versions/1/restore", method: .post)
            #expect(restored.status == .ok)
            let back = try restored.decoded(Saved.self)
            #expect(back.version == 3)
            #expect(back.ingredients[1].text == "1 tsp simple syrup")
            #expect(
                try await client.execute(uri: "/api/v1/cocktails/my-1/versions/9/restore", method: .post).status
                    == .notFound)
        }
    }

    @Test("bundled drinks are read-only; an adaptation links to its original, which lists it")
    func adapt() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let manhattan = try #require(
                try await client.get("/api/v1/cocktails?q=manhattan").decoded(ListBody.self).cocktails.first {
                    $0.name == "Manhattan"
                })
            var headers = Self.json()
            headers[.ifMatch] = #""v1""#
            let refused = try await client.execute(
                uri: "/api/v1/cocktails/\(manhattan.id)", method: .put, headers: headers,
                body: ByteBuffer(string: Self.sazeracOfTheHouse))
            #expect(refused.status == .forbidden)
            #expect(try refused.decoded(Refusal.self).error.code == "read_only_cocktail")
            #expect(
                try await client.execute(uri: "/api/v1/cocktails/\(manhattan.id)", method: .delete).status == .forbidden
            )

            let adapted = try await client.execute(uri: "/api/v1/cocktails/\(manhattan.id)/adapt", method: .post)
            #expect(adapted.status == .created)
            let copy = try adapted.decoded(Saved.self)
            #expect(copy.basedOn == manhattan.id)
            #expect(copy.name.contains("Manhattan"))
            let original = try await client.get("/api/v1/cocktails/\(manhattan.id)").decoded(Saved.self)
            #expect(copy.ingredients.map(\.text) == original.ingredients.map(\.text))
            #expect(original.adaptations == [.init(id: copy.id, name: copy.name)])
            #expect(!original.editable)
        }
    }

    @Test("with accounts: members write, authors and admins change, others 403, anonymous 401; the trash restores")
    func permissionsAndTrash() async throws {
        let database = try await AccountsHTTPTests.book()
        defer { database.remove() }
        let accounts = Accounts(database: try AppDatabase(path: database.path), bcryptCost: 4)
        try await accounts.createAccount(name: "carol", role: .member, password: "carol password")
        try await accounts.createAccount(name: "gus", role: .guest, password: "gus password")
        let bob: HTTPFields = [.authorization: "Bearer \(try await accounts.issueToken(for: "bob", label: "t"))"]
        let carol: HTTPFields = [.authorization: "Bearer \(try await accounts.issueToken(for: "carol", label: "t"))"]
        let alice: HTTPFields = [.authorization: "Bearer \(try await accounts.issueToken(for: "alice", label: "t"))"]
        let gus: HTTPFields = [.authorization: "Bearer \(try await accounts.issueToken(for: "gus", label: "t"))"]
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let body = ByteBuffer(string: Self.sazeracOfTheHouse)
            #expect(
                try await client.execute(uri: "/api/v1/cocktails", method: .post, headers: Self.json(), body: body)
                    .status
                    == .unauthorized)
            #expect(
                try await client.execute(uri: "/api/v1/cocktails", method: .post, headers: Self.json(gus), body: body)
                    .status == .forbidden)
            let made = try await client.execute(
                uri: "/api/v1/cocktails", method: .post, headers: Self.json(bob), body: body)
            #expect(made.status == .created)
            #expect(try made.decoded(Saved.self).author == "bob")
            var stale = Self.json(carol)
            stale[.ifMatch] = #""v1""#
            #expect(
                try await client.execute(uri: "/api/v1/cocktails/my-1", method: .put, headers: stale, body: body).status
                    == .forbidden)
            #expect(
                try await client.execute(uri: "/api/v1/cocktails/my-1", method: .delete, headers: carol).status
                    == .forbidden)
            #expect(try await client.get("/api/v1/cocktails/my-1").status == .ok, "still there")
            var admin = Self.json(alice)
            admin[.ifMatch] = #""v1""#
            #expect(
                try await client.execute(uri: "/api/v1/cocktails/my-1", method: .put, headers: admin, body: body).status
                    == .ok)

            #expect(
                try await client.execute(uri: "/api/v1/cocktails/my-1", method: .delete, headers: bob).status
                    == .noContent)
            #expect(
                try await client.execute(uri: "/api/v1/cocktails/my-1", method: .get, headers: bob).status == .notFound)
            #expect(try await client.get("/api/v1/cocktails?q=house+sazerac").decoded(ListBody.self).cocktails.isEmpty)
            #expect(
                try await client.execute(uri: "/api/v1/cocktails/my-1/versions", method: .get, headers: bob).status
                    == .notFound, "a drink in the trash is gone for everything but its restoring")
            let trash = try await client.execute(uri: "/api/v1/trash", method: .get, headers: bob).jsonObject()
            #expect((trash["cocktails"] as? [[String: Any]])?.map { $0["id"] as? String } == ["my-1"])
            let carolsTrash = try await client.execute(uri: "/api/v1/trash", method: .get, headers: carol).jsonObject()
            #expect((carolsTrash["cocktails"] as? [Any])?.isEmpty == true, "carol sees only her own")
            #expect(
                try await client.execute(uri: "/api/v1/trash/my-1/restore", method: .post, headers: carol).status
                    == .forbidden)
            let restored = try await client.execute(uri: "/api/v1/trash/my-1/restore", method: .post, headers: alice)
            #expect(restored.status == .ok)
            #expect(try restored.decoded(Saved.self).version == 2)
            #expect(
                try await client.get("/api/v1/cocktails?q=house+sazerac").decoded(ListBody.self).cocktails.count == 1)
            #expect(
                try await client.execute(uri: "/api/v1/trash/my-1/restore", method: .post, headers: alice).status
                    == .conflict)
        }
    }

    @Test("notes, ratings and drinks made are each person's own; the average is everyone's")
    func personal() async throws {
        let database = try await AccountsHTTPTests.book()
        defer { database.remove() }
        let accounts = Accounts(database: try AppDatabase(path: database.path), bcryptCost: 4)
        let bob: HTTPFields = [.authorization: "Bearer \(try await accounts.issueToken(for: "bob", label: "t"))"]
        let alice: HTTPFields = [.authorization: "Bearer \(try await accounts.issueToken(for: "alice", label: "t"))"]
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            func put(_ path: String, _ body: String, _ who: HTTPFields) async throws -> TestResponse {
                try await client.execute(
                    uri: "/api/v1/cocktails/3/\(path)", method: .put, headers: Self.json(who),
                    body: ByteBuffer(string: body))
            }
            #expect(try await put("note", #"{"text": "less syrup next time"}"#, bob).status == .noContent)
            #expect(try await put("rating", #"{"stars": 4}"#, bob).status == .noContent)
            #expect(try await put("rating", #"{"stars": 2}"#, alice).status == .noContent)
            let tooMany = try await put("rating", #"{"stars": 6}"#, alice)
            #expect(tooMany.status == .unprocessableContent)
            #expect(try tooMany.decoded(Refusal.self).error.field == "stars")
            #expect(try await put("rating", #"{"stars": 3}"#, [:]).status == .unauthorized)
            let made = try await client.execute(
                uri: "/api/v1/cocktails/3/made", method: .post, headers: Self.json(bob),
                body: ByteBuffer(string: #"{"servings": 2, "note": "for Anna"}"#))
            #expect(made.status == .created)
            let entry = try #require(try made.jsonObject()["id"] as? Int)

            let bobs = try await client.execute(uri: "/api/v1/cocktails/3", method: .get, headers: bob).decoded(
                Saved.self)
            #expect(bobs.note == "less syrup next time")
            #expect(bobs.rating == .init(average: 3, count: 2, mine: 4))
            #expect(bobs.made?.count == 1 && bobs.made?.last != nil)
            let alices = try await client.execute(uri: "/api/v1/cocktails/3", method: .get, headers: alice)
                .decoded(Saved.self)
            #expect(alices.note == nil)
            #expect(alices.rating == .init(average: 3, count: 2, mine: 2))
            #expect(alices.made?.count ?? 0 == 0)
            let anonymous = try await client.get("/api/v1/cocktails/3").decoded(Saved.self)
            #expect(anonymous.rating == nil && anonymous.note == nil, "the members' ratings are not a visitor's")
            #expect(!String(buffer: try await client.get("/cocktails/3").body).contains("aggregateRating"))
            #expect(
                try await client.execute(uri: "/api/v1/cocktails/3/made/\(entry)", method: .delete, headers: alice)
                    .status == .notFound, "not alice's record")
            #expect(
                try await client.execute(uri: "/api/v1/cocktails/3/made/\(entry)", method: .delete, headers: bob)
                    .status == .noContent)
            #expect(
                try await client.execute(uri: "/api/v1/cocktails/3/note", method: .delete, headers: bob).status
                    == .noContent)
            let after = try await client.execute(uri: "/api/v1/cocktails/3", method: .get, headers: bob).decoded(
                Saved.self)
            #expect(after.note == nil && after.made?.count ?? 0 == 0)
            #expect(try await put("note", #"{"text": "x"}"#, bob).status == .noContent)
            #expect(
                try await client.execute(
                    uri: "/api/v1/cocktails/nope/note", method: .put, headers: Self.json(bob),
                    body: ByteBuffer(string: #"{"text": "x"}"#)
                ).status == .notFound)
        }
    }
}

/// Lists by rating and by drinks made.
@Suite("Lists by rating and drinks made")
struct RatedListsTests {
    @Test("sort=rating puts the best average first (then the most rated), unrated after in name order; made filters")
    func sortAndFilter() async throws {
        let database = try await AccountsHTTPTests.book()
        defer { database.remove() }
        let accounts = Accounts(database: try AppDatabase(path: database.path), bcryptCost: 4)
        let bob: HTTPFields = [
            .authorization: "Bearer \(try await accounts.issueToken(for: "bob", label: "t"))",
            .contentType: "application/json",
        ]
        let alice: HTTPFields = [
            .authorization: "Bearer \(try await accounts.issueToken(for: "alice", label: "t"))",
            .contentType: "application/json",
        ]
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            func rate(_ id: String, _ stars: Int, _ who: HTTPFields) async throws {
                let response = try await client.execute(
                    uri: "/api/v1/cocktails/\(id)/rating", method: .put, headers: who,
                    body: ByteBuffer(string: #"{"stars": \#(stars)}"#))
                #expect(response.status == .noContent)
            }
            try await rate("7", 5, bob) // Margarita 5
            try await rate("3", 5, bob) // Manhattan 5 and 4: 4.5
            try await rate("3", 4, alice)
            try await rate("2", 2, bob) // Daiquiri 2
            let everything = try await client.get("/api/v1/cocktails").decoded(ListBody.self).names
            let rated = try await client.execute(uri: "/api/v1/cocktails?sort=rating", method: .get, headers: bob)
                .decoded(ListBody.self).names
            let unrated = everything.filter { !["Margarita", "Manhattan", "Daiquiri"].contains($0) }
            #expect(rated == ["Margarita", "Manhattan", "Daiquiri"] + unrated)

            #expect(
                try await client.execute(uri: "/api/v1/cocktails/10/made", method: .post, headers: bob).status
                    == .created)
            let recently = try await client.execute(
                uri: "/api/v1/cocktails?made=recently", method: .get, headers: bob
            ).decoded(ListBody.self).names
            #expect(recently == ["Old Fashioned"])
            let never = try await client.execute(uri: "/api/v1/cocktails?made=never", method: .get, headers: bob)
                .decoded(ListBody.self).names
            #expect(never == everything.filter { $0 != "Old Fashioned" })
            let alices = try await client.execute(uri: "/api/v1/cocktails?made=never", method: .get, headers: alice)
                .decoded(ListBody.self).names
            #expect(alices == everything, "alice made nothing")
            #expect(try await client.get("/api/v1/cocktails?sort=stars").status == .badRequest)

            let results = String(
                buffer: try await client.execute(uri: "/results?sort=rating&made=never", method: .get, headers: bob)
                    .body)
            #expect(results.contains("Best rated first") && results.contains("Never made"))
            let filters = String(buffer: try await client.execute(uri: "/filters", method: .get, headers: bob).body)
            #expect(filters.contains(#"name="made""#) && filters.contains(#"value="rating""#))
            #expect(filters.contains(#"name="rated""#) && filters.contains("Rated in the book"))

            // rated=yes: only the drinks someone rated, in the list's own order.
            let onlyRated = try await client.execute(uri: "/api/v1/cocktails?rated=yes", method: .get, headers: bob)
                .decoded(ListBody.self).names
            #expect(onlyRated == everything.filter { ["Margarita", "Manhattan", "Daiquiri"].contains($0) })
            let best = try await client.execute(
                uri: "/api/v1/cocktails?rated=yes&sort=rating", method: .get, headers: alice
            ).decoded(ListBody.self).names
            #expect(best == ["Margarita", "Manhattan", "Daiquiri"], "the book's ratings, whoever asks")
            let refused = try await client.get("/api/v1/cocktails?rated=no")
            #expect(refused.status == .badRequest && String(buffer: refused.body).contains("invalid_rated"))

            // Each row of a list about ratings shows the book's average, said in words for a screen reader.
            let page = String(
                buffer: try await client.execute(uri: "/results?rated=yes&sort=rating", method: .get, headers: bob)
                    .body)
            #expect(page.contains("Rated in the book") && page.contains("Best rated first"))
            let stars = page.components(separatedBy: #"class="row-rating""#).dropFirst().map {
                String($0.prefix { $0 != "<" })
            }
            #expect(
                stars == [
                    #" role="img" aria-label="Rated 5 out of 5, by 1 person">★ 5"#,
                    #" role="img" aria-label="Rated 4.5 out of 5, by 2 people">★ 4.5"#,
                    #" role="img" aria-label="Rated 2 out of 5, by 1 person">★ 2"#,
                ])
            let plain = String(
                buffer: try await client.execute(uri: "/results?made=never", method: .get, headers: bob).body)
            #expect(!plain.contains("row-rating"), "a list that is not about ratings shows none")
            // The main list and search, sorted by rating, show the same stars on their cards.
            let main = String(
                buffer: try await client.execute(uri: "/?rated=yes&sort=rating", method: .get, headers: bob).body)
            let mainStars = main.components(separatedBy: #"class="row-rating""#).dropFirst().map {
                String($0.prefix { $0 != "<" })
            }
            #expect(mainStars == stars, "\(mainStars)")
            let unsorted = String(buffer: try await client.execute(uri: "/search?q=a", method: .get, headers: bob).body)
            #expect(!unsorted.contains("row-rating"))
        }
    }
}

/// The editor as a plain form, without JavaScript.
@Suite("Own recipes in pages")
struct RecipePagesTests {
    @Test(
        "translations by language code: the editor's section per language, the API's map, the old italian field as input"
    )
    func translationsByLanguage() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            // The editor: one section per language the book speaks besides English, named in itself.
            let blank = String(buffer: try await client.get("/cocktails/new").body)
            let sections = blank.matches(of: /data-translation="([a-z]+)"/).map { String($0.1) }
            #expect(sections == ["de", "es", "fr", "it"], "\(sections)")
            #expect(blank.contains(#"<summary lang="it">Italiano</summary>"#))
            #expect(blank.contains(#"name="translations.it.steps""#) && !blank.contains("italian."))

            // Saved from the form: the Italian words reach the drink.
            let fields =
                Self.fields + [
                    ("confirm", "Garden cucumber"), ("translations.it.shortDescription", "Gin, lime e cetriolo."),
                ]
                + [("translations.it.steps", "Pesta il cetriolo.\nShakera con il resto e ghiaccio.\nFiltra due volte.")]
            let saved = try await client.execute(
                uri: "/cocktails/new", method: .post, headers: TestCSRF.formHeaders, body: Self.form(fields))
            #expect(saved.status == .seeOther, "\(String(buffer: saved.body))")
            let italian = try await client.get("/api/v1/cocktails/my-1?lang=it").jsonObject()
            #expect(italian["shortDescription"] as? String == "Gin, lime e cetriolo.")
            #expect((italian["instructions"] as? [String])?.first == "Pesta il cetriolo.")

            // The API: a map by code, a language the book does not speak kept too; the old field still read.
            let body = #"""
                {"name": "Casa", "ingredients": ["45 ml gin", "20 ml Campari"],
                 "translations": {"nl": {"shortDescription": "Gin en Campari."}},
                 "italian": {"shortDescription": "Gin e Campari."}}
                """#
            let made = try await client.execute(
                uri: "/api/v1/cocktails", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: body))
            #expect(made.status == .created, "\(String(buffer: made.body))")
            // A language given as null is none; a code that is not one is named in a 422.
            let nothing = try await client.execute(
                uri: "/api/v1/cocktails", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(
                    string: #"{"name": "Nulla", "ingredients": ["45 ml gin"], "translations": {"de": null}}"#))
            #expect(nothing.status == .created, "\(String(buffer: nothing.body))")
            let wrong = try await client.execute(
                uri: "/api/v1/cocktails", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(
                    string:
                        #"{"name": "Falso", "ingredients": ["45 ml gin"], "translations": {"Deutsch": {"garnish": "x"}}}"#
                ))
            #expect(wrong.status == .unprocessableContent, "\(String(buffer: wrong.body))")
            #expect(String(buffer: wrong.body).contains("two or three small letters"))
            let casa = try await client.get("/api/v1/cocktails/my-2?lang=it").jsonObject()
            #expect(casa["shortDescription"] as? String == "Gin e Campari.")
            let editor = String(buffer: try await client.get("/cocktails/my-2/edit").body)
            #expect(
                editor.matches(of: /data-translation="([a-z]+)"/).map { String($0.1) } == [
                    "de", "es", "fr", "it", "nl",
                ])
            #expect(
                editor.contains(#"<summary lang="nl">Nederlands</summary>"#),
                "Foundation names a language the book has no files for")
            #expect(editor.contains(#"name="translations.nl.shortDescription" value="Gin en Campari.""#))
            #expect(editor.contains(#"name="translations.it.shortDescription" value="Gin e Campari.""#))
        }
    }

    static func form(_ fields: [(String, String)]) -> ByteBuffer {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let encoded = fields.map {
            "\($0.0.addingPercentEncoding(withAllowedCharacters: allowed)!)=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed)!)"
        }
        return TestCSRF.body(encoded.joined(separator: "&"))
    }

    static let fields: [(String, String)] = [
        ("name", "Garden Sour"), ("kind", "alcoholic"), ("category", "Sour"), ("glass", "coupe"), ("method", "shaken"),
        ("preparationMinutes", "3"), ("shortDescription", "Gin, lime and cucumber."),
        ("row.0.amount", "1 1/2"), ("row.0.unit", "oz"), ("row.0.ingredient", "London dry gin"),
        ("row.1.amount", "0,75"), ("row.1.unit", "oz"), ("row.1.ingredient", "fresh lime juice"),
        ("row.2.amount", "3"), ("row.2.unit", "slice"), ("row.2.ingredient", "Garden cucumber"),
        ("step.0", "Muddle the cucumber."), ("step.1", "Shake with the rest and ice."), ("step.2", "Double strain."),
    ]

    @Test("a new ingredient is confirmed before it becomes the book's own; the saved drink reads as typed")
    func newRecipe() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let empty = String(buffer: try await client.get("/cocktails/new").body)
            #expect(empty.contains(#"name="row.0.ingredient""#) && empty.contains(#"name="step.0""#))
            let asked = try await client.execute(
                uri: "/cocktails/new", method: .post, headers: TestCSRF.formHeaders, body: Self.form(Self.fields))
            #expect(asked.status == .ok, "a question, not a refusal")
            let page = String(buffer: asked.body)
            #expect(page.contains(#"name="confirm" value="Garden cucumber""#))
            #expect(page.contains(#"value="Garden Sour""#) && page.contains(#"value="1 1/2""#), "kept as typed")
            #expect(try await client.get("/api/v1/cocktails/my-1").status == .notFound)

            let saved = try await client.execute(
                uri: "/cocktails/new", method: .post, headers: TestCSRF.formHeaders,
                body: Self.form(Self.fields + [("confirm", "Garden cucumber")]))
            #expect(saved.status == .seeOther)
            #expect(saved.headers[.location] == "/cocktails/my-1?saved=1")
            let drink = try await client.get("/api/v1/cocktails/my-1").decoded(RecipesHTTPTests.Saved.self)
            #expect(
                drink.ingredients.map(\.text) == [
                    "1 ½ oz London dry gin", "¾ oz fresh lime juice", "3 slices Garden cucumber",
                ])
            #expect(drink.instructions == ["Muddle the cucumber.", "Shake with the rest and ice.", "Double strain."])
        }
    }

    @Test(
        "a save over a version saved meanwhile shows the fields saved meanwhile, not this window's own changes, and which of them saving again replaces; without accounts it was another window"
    )
    func conflictNamesWhatWasSavedMeanwhile() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let fields = Self.fields + [("confirm", "Garden cucumber")]
            #expect(
                try await client.execute(
                    uri: "/cocktails/new", method: .post, headers: TestCSRF.formHeaders, body: Self.form(fields)
                ).status == .seeOther)
            func save(_ fields: [(String, String)], on version: Int) async throws -> TestResponse {
                try await client.execute(
                    uri: "/cocktails/my-1/edit", method: .post, headers: TestCSRF.formHeaders,
                    body: Self.form(fields + [("version", String(version))]))
            }
            func box(_ response: TestResponse) throws -> Substring {
                try #require(
                    String(buffer: response.body).firstMatch(of: /<div class="notice stale"[\s\S]*?<\/div>\s*<\/div>/)?
                        .output)
            }
            // Another window adds a garnish and saves version 2.
            #expect(try await save(fields + [("garnish", "Cucumber ribbon")], on: 1).status == .seeOther)
            // This one, still on version 1, changes the gin.
            let changed = fields.map { $0.0 == "row.0.amount" ? ("row.0.amount", "2") : $0 }
            let refused = try await save(changed, on: 1)
            #expect(refused.status == .conflict)
            let first = try box(refused)
            #expect(first.contains("saved in another window"), "\(first)")
            #expect(!first.contains("Someone"))
            let shown = first.matches(of: /data-stale-field="([a-zA-Z]+)"/).map { String($0.1) }
            #expect(shown == ["garnish"], "what the other window changed; the gin is this window's own change")
            #expect(first.contains("<dt>Garnish</dt><dd>Cucumber ribbon</dd>"))
            #expect(!first.contains("London dry gin"))
            // The form, opened before the garnish, would save it away.
            #expect(
                first.contains(
                    "Saving again replaces what was saved meanwhile in: Garnish. That version stays in the history."))
            let page = String(buffer: refused.body)
            #expect(
                page.contains(#"name="row.0.amount" value="2""#) || page.contains(#"value="2""#), "the form keeps it")

            // The other way round: the other window changes only the summary (version 3); this one,
            // on version 2, changes the summary and the garnish. The garnish is not "saved meanwhile".
            let summary = fields.map {
                $0.0 == "shortDescription" ? ("shortDescription", "Cucumber-cool gin sour.") : $0
            }
            #expect(try await save(summary + [("garnish", "Cucumber ribbon")], on: 2).status == .seeOther)
            let mine = fields.map { $0.0 == "shortDescription" ? ("shortDescription", "Gin, lime, cucumber.") : $0 }
            let second = try box(try await save(mine + [("garnish", "Mint sprig")], on: 2))
            #expect(second.matches(of: /data-stale-field="([a-zA-Z]+)"/).map { String($0.1) } == ["shortDescription"])
            #expect(second.contains("<dt>One-line summary</dt><dd>Cucumber-cool gin sour.</dd>"))
            #expect(!second.contains("Garnish"))
            #expect(second.contains("Saving again replaces what was saved meanwhile in: One-line summary."))

            // A form that already holds what was saved meanwhile replaces nothing of it.
            let same = try box(try await save(summary + [("garnish", "Mint sprig")], on: 2))
            #expect(same.contains("What was saved meanwhile matches your form"))
        }
    }

    @Test("a refused form comes back with every field as typed and the problem beside its field")
    func keepsWhatWasTyped() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            var fields = Self.fields.filter { $0.0 != "name" }
            fields.append(("name", ""))
            fields.append(("row.1.unit", "bucket"))
            let refused = try await client.execute(
                uri: "/cocktails/new", method: .post, headers: TestCSRF.formHeaders, body: Self.form(fields))
            #expect(refused.status == .unprocessableContent)
            let page = String(buffer: refused.body)
            #expect(page.contains(#"aria-invalid="true" aria-describedby="name-problem""#))
            let nameProblem = page.firstMatch(of: /<p class="field-problem" id="name-problem">([^<]+)<\/p>/)?.1
            #expect(nameProblem.map { !$0.isEmpty } == true, "the name's message stands beside the name")
            #expect(!page.contains(#"id="video-problem""#), "a field without a problem says nothing")
            #expect(page.contains("Muddle the cucumber.") && page.contains(#"value="Gin, lime and cucumber.""#))
            #expect(page.contains(#"value="0,75""#))
            #expect(try await client.get("/api/v1/cocktails/my-1").status == .notFound)
        }
    }
}

/// What schemathesis found: numbers no drink has never crash the server.
@Suite("Own recipes: numbers out of range")
struct RecipeNumbersTests {
    @Test("a line with an amount of 10^30 as text or 1e300 as a number is refused with 422, and the server answers on")
    func hugeAmounts() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            for line in [
                #""1000000000000000000000000000000 oz gin""#, #"{"amount": 1e300, "ingredient": "gin"}"#,
                #"{"amount": 5, "amountMax": 1e300, "ingredient": "gin"}"#,
            ] {
                let response = try await client.execute(
                    uri: "/api/v1/cocktails", method: .post, headers: [.contentType: "application/json"],
                    body: ByteBuffer(string: #"{"name": "Huge", "ingredients": [\#(line)]}"#))
                #expect(response.status == .unprocessableContent, "\(line)")
            }
            #expect(try await client.get("/api/v1/cocktails/my-1").status == .notFound)
            #expect(try await client.get("/healthz").status == .ok)
        }
    }
}
