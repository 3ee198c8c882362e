import CocktailBookTestSupport
import CocktailsAPI
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import CocktailBookApp
@testable import CocktailBookWeb

/// The Import screen: its forms, uploads through `multipart/form-data`, server addresses through
/// a URL-encoded form, refusals that change nothing, and the small multipart parser.
@Suite("Import page")
struct ImportPageTests {
    /// The 4-drink TheCocktailDB dump at `Tests/Fixtures/thecocktaildb-dump.json`.
    static let dumpPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/thecocktaildb-dump.json").path

    static let boundary = "----CocktailBookTest7MA4YWxkTrZu0gW"

    /// A browser-shaped upload of `bytes` as the `file` field.
    static func upload(_ bytes: Data, filename: String = "thecocktaildb-dump.json") -> (HTTPFields, ByteBuffer) {
        var body = Data(
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n\(TestCSRF.token)\r\n".utf8)
        body += Data(
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(filename)\"\r\nContent-Type: application/json\r\n\r\n"
                .utf8)
        body += bytes
        body += Data("\r\n--\(boundary)--\r\n".utf8)
        return (
            [.contentType: "multipart/form-data; boundary=\(boundary)", .cookie: TestCSRF.cookie],
            ByteBuffer(data: body)
        )
    }

    @Test("GET /import shows the file form, the URL form and the reachability note")
    func showsForms() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            let response = try await client.get("/import")
            #expect(response.status == .ok)
            let html = String(buffer: response.body)
            #expect(html.contains("Import recipes"))
            #expect(html.contains(#"<form method="post" action="/import" enctype="multipart/form-data""#))
            let accepted = ".json,.zip,.csv,.paprikarecipes,application/json,application/zip,text/csv"
            #expect(html.contains(#"<input type="file" id="import-file" name="file" accept="\#(accepted)""#))
            #expect(html.contains(#"enctype="application/x-www-form-urlencoded""#))
            #expect(html.contains(#"type="url" id="import-url" name="url""#))
            #expect(html.contains("--allow-private-imports"))
            #expect(html.contains(#"<input type="hidden" name="csrf" value=""#))
            #expect(html.contains(#"href="/">"#))
            #expect(String(buffer: try await client.get("/").body).contains(#"href="/import""#))
        }
    }

    @Test("an upload shows its review first; Import brings the drinks in, Undo takes them out again")
    func uploadReviewApplyUndo() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        let dump = try #require(FileManager.default.contents(atPath: Self.dumpPath))
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let (headers, body) = Self.upload(dump)
            let first = try await client.execute(uri: "/import", method: .post, headers: headers, body: body)
            #expect(first.status == .ok)
            let review = html(first)
            #expect(review.contains("Review the import"))
            #expect(review.contains("Read as TheCocktailDB: 4 drinks to import."), "\(review)")
            #expect(review.contains("the book already has Mojito"))
            let id = try #require(review.firstMatch(of: /action="\/import\/([0-9a-f-]+)\/apply"/).map { String($0.1) })
            #expect(try await client.list("?q=Afterglow").cocktails.isEmpty, "nothing imported before Import")

            // Skip A1, take the default for the others.
            let a1 = try #require(
                review.firstMatch(of: /data-import-drink="([^"]+)">\s*<span class="bottle-name">A1</).map {
                    String($0.1)
                })
            let applied = try await client.execute(
                uri: "/import/\(id)/apply", method: .post, headers: TestCSRF.formHeaders,
                body: TestCSRF.body("choice.\(a1)=skip"))
            #expect(applied.status == .ok)
            let summary = html(applied)
            #expect(summary.contains("Imported 3 cocktails (3 new, 0 updated), 0 skipped"), "\(summary)")
            #expect(summary.contains(#"action="/import/\#(id)/undo""#))
            let afterglow = try await client.list("?q=Afterglow")
            #expect(afterglow.cocktails.contains { $0.name == "Afterglow" && $0.id.hasPrefix("imp-") })
            #expect(!(try await client.list("?q=A1").cocktails.contains { $0.id.hasPrefix("imp-") }))
            let twice = try await client.execute(
                uri: "/import/\(id)/apply", method: .post, headers: TestCSRF.formHeaders, body: TestCSRF.body(""))
            #expect(twice.status == .conflict && html(twice).contains("applied already"))

            let undone = try await client.execute(
                uri: "/import/\(id)/undo", method: .post, headers: TestCSRF.formHeaders, body: TestCSRF.body(""))
            #expect(html(undone).contains("Undone: 3 drinks left the book."))
            #expect(try await client.list("?q=Afterglow").cocktails.isEmpty)
        }
        // The upload's temporary file is gone.
        let uploads = database.directory.appendingPathComponent("uploads")
        #expect((try? FileManager.default.contentsOfDirectory(atPath: uploads.path))?.isEmpty ?? true)
    }

    @Test("the review asks what each unknown ingredient is: kept as new by default, or the near name picked")
    func unknownIngredientPicked() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        let csv = Data(
            """
            name,ingredients,instructions
            Paper Plane,"22 ml bourbon
            22 ml Aperol
            22 ml Amaro Nonino Quintessentia
            22 ml lemon juice",Shake with ice and strain.

            """.utf8)
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let (headers, body) = Self.upload(csv, filename: "recipes.csv")
            let review = html(try await client.execute(uri: "/import", method: .post, headers: headers, body: body))
            #expect(review.contains("Ingredients the book does not know"), "\(review)")
            #expect(
                review.contains(#"<input type="hidden" name="ingredient-name.0" value="Amaro Nonino Quintessentia">"#))
            let select = try #require(
                review.firstMatch(
                    of: /<select id="ingredient-0" name="ingredient.0">(.*?)<\/select>/.dotMatchesNewlines()
                )
                .map { String($0.1) })
            // Keeping the file's name comes first and is chosen; the near name is only offered.
            #expect(select.contains(#"<option value="" selected>Keep as a new ingredient</option>"#), "\(select)")
            #expect(select.contains(#"<option value="Amaro Nonino">Did you mean Amaro Nonino?</option>"#), "\(select)")
            let id = try #require(review.firstMatch(of: /action="\/import\/([0-9a-f-]+)\/apply"/).map { String($0.1) })
            let applied = try await client.execute(
                uri: "/import/\(id)/apply", method: .post, headers: TestCSRF.formHeaders,
                body: TestCSRF.body("ingredient-name.0=Amaro+Nonino+Quintessentia&ingredient.0=Amaro+Nonino"))
            #expect(html(applied).contains("Imported 1 cocktail (1 new, 0 updated)"), "\(html(applied))")
            #expect(html(applied).contains("data-import-undo"))
            // The same file again, its one drink left out: nothing was imported, nothing to undo.
            let again = html(try await client.execute(uri: "/import", method: .post, headers: headers, body: body))
            let second = try #require(
                again.firstMatch(of: /action="\/import\/([0-9a-f-]+)\/apply"/).map { String($0.1) })
            let key = try #require(again.firstMatch(of: /name="choice\.([^"]+)"/).map { String($0.1) })
            let nothing = html(
                try await client.execute(
                    uri: "/import/\(second)/apply", method: .post, headers: TestCSRF.formHeaders,
                    body: TestCSRF.body("choice.\(key)=skip")))
            #expect(nothing.contains("Nothing was imported"), "\(nothing)")
            // The result's address opened again leads back to the Import page.
            let reopened = try await client.get("/import/\(second)/apply")
            #expect(reopened.status == .seeOther && reopened.headers[.location] == "/import")
            #expect(!nothing.contains("data-import-undo"))
            let plane = try #require(
                try await client.list("?q=Paper+Plane").cocktails.first { $0.id.hasPrefix("imp-") })
            let drink = try await client.get("/api/v1/cocktails/\(plane.id)").jsonObject()
            let lines = (drink["ingredients"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
            #expect(lines == ["22 ml bourbon", "22 ml Aperol", "22 ml Amaro Nonino", "22 ml lemon juice"])
        }
    }

    @Test("an ingredient an earlier import kept as new is the book's: the next import does not ask about it again")
    func keptIngredientKnownNextTime() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        @Sendable func csv(_ name: String) -> Data {
            Data("name,ingredients,instructions\n\(name),\"45 ml gin\n15 ml Zorblax liqueur\",Stir with ice.\n".utf8)
        }
        try await makeApp(databasePath: database.path).test(.router) { client in
            try await client.waitUntilReady()
            let (headers, body) = Self.upload(csv("Zorblax Martini"), filename: "first.csv")
            let first = html(try await client.execute(uri: "/import", method: .post, headers: headers, body: body))
            #expect(
                first.contains("Not among the book&#39;s ingredients: Zorblax liqueur")
                    || first.contains(
                        "Not among the book's ingredients: Zorblax liqueur"),
                "\(first)")
            let id = try #require(first.firstMatch(of: /action="\/import\/([0-9a-f-]+)\/apply"/).map { String($0.1) })
            // Kept as a new ingredient (the default).
            let applied = try await client.execute(
                uri: "/import/\(id)/apply", method: .post, headers: TestCSRF.formHeaders,
                body: TestCSRF.body("ingredient-name.0=Zorblax+liqueur&ingredient.0="))
            #expect(html(applied).contains("Imported 1 cocktail (1 new"), "\(html(applied))")
            let (againHeaders, againBody) = Self.upload(csv("Zorblax Gimlet"), filename: "second.csv")
            let second = html(
                try await client.execute(uri: "/import", method: .post, headers: againHeaders, body: againBody))
            #expect(second.contains("Zorblax Gimlet"), "\(second)")
            #expect(!second.contains("Not among the book"), "\(second)")
            #expect(!second.contains("Ingredients the book does not know"), "\(second)")
            #expect(!second.contains("Did you mean Zorblax"), "\(second)")
        }
    }

    func html(_ response: TestResponse) -> String {
        (String(buffer: response.body) as NSString).replacingOccurrences(of: "&#39;", with: "'")
    }

    @Test("a malformed upload answers 400 with the refusal and changes nothing")
    func malformedUpload() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            let before = try await client.waitUntilReady().count
            let (headers, body) = Self.upload(Data(#"{"drinks": [ {"idDrink": "#.utf8))
            let response = try await client.execute(uri: "/import", method: .post, headers: headers, body: body)
            #expect(response.status == .badRequest)
            let html = String(buffer: response.body)
            #expect(html.contains("Import refused, nothing was changed"), "\(html)")
            #expect(html.contains("Import recipes"))
            #expect(try await client.catalogStatus().count == before)
        }
    }

    @Test("empty forms, a non-http address and a broken multipart body answer 400")
    func emptyForms() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            let form = TestCSRF.formHeaders
            let empty = try await client.execute(
                uri: "/import", method: .post, headers: form, body: TestCSRF.body("url="))
            #expect(empty.status == .badRequest)
            #expect(String(buffer: empty.body).contains("Choose a file to upload"))
            let path = try await client.execute(
                uri: "/import", method: .post, headers: form, body: TestCSRF.body("url=%2Fetc%2Fpasswd"))
            #expect(path.status == .badRequest)
            #expect(String(buffer: path.body).contains("http:// or https://"))
            let (headers, _) = Self.upload(Data())
            // A chosen file with nothing in it is named as empty, not as no file.
            let emptyFile = try await client.execute(
                uri: "/import", method: .post, headers: headers, body: Self.upload(Data(), filename: "recipes.csv").1)
            #expect(emptyFile.status == .badRequest)
            #expect(String(buffer: emptyFile.body).contains("recipes.csv is empty: there is nothing in it to import."))
            // No file chosen (the browser sends an empty part without a name).
            let noFile = try await client.execute(
                uri: "/import", method: .post, headers: headers, body: Self.upload(Data(), filename: "").1)
            #expect(noFile.status == .badRequest)
            #expect(String(buffer: noFile.body).contains("Choose a file to upload"))
            // In the page's language.
            let german = try await client.execute(
                uri: "/import?lang=de", method: .post, headers: form, body: TestCSRF.body("url="))
            #expect(String(buffer: german.body).contains("Wähle eine Datei zum Hochladen"))
            let broken = try await client.execute(
                uri: "/import", method: .post, headers: headers, body: ByteBuffer(string: "not multipart"))
            #expect(broken.status == .badRequest)
        }
    }

    @Test("a body over the limit answers 413 with a friendly message")
    func tooLarge() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeApp(databasePath: database.path).test(.router) { client in
            let (headers, _) = Self.upload(Data())
            let body = ByteBuffer(
                repeating: UInt8(ascii: " "), count: ImportController<AppRequestContext>.maximumBodyBytes + 1)
            let response = try await client.execute(uri: "/import", method: .post, headers: headers, body: body)
            #expect(response.status == .contentTooLarge)
            #expect(String(buffer: response.body).contains("limited to 200 MB"))
        }
    }

    @Test("the URL form imports every cocktail from a live server serving the seed catalog")
    func urlImport() async throws {
        let seedDatabase = try TemporaryDatabase()
        let book = try TemporaryDatabase()
        defer {
            seedDatabase.remove()
            book.remove()
        }
        let seed = try await buildApplication(
            configuration: AppConfiguration.forTests(
                port: 0, databasePath: seedDatabase.path, sourceLatency: .zero, catalogPath: SeedCatalog.path,
                logLevel: .error
            ))
        try await seed.test(.live) { seedClient in
            try await seedClient.waitUntilReady()
            let port = try #require(seedClient.port)
            let url = "http://127.0.0.1:\(port)/api/json/v1/1/"
            try await makeApp(databasePath: book.path, configure: { $0.allowPrivateImports = true }).test(.router) {
                client in
                try await client.waitUntilReady()
                let form = TestCSRF.formHeaders
                let encoded = url.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? url
                let response = try await client.execute(
                    uri: "/import", method: .post, headers: form, body: TestCSRF.body("url=\(encoded)"))
                #expect(response.status == .ok)
                #expect(
                    String(buffer: response.body).contains("Imported 13 cocktails (13 new, 0 updated), 0 skipped"),
                    "\(String(buffer: response.body))")
                #expect(try await client.list("?q=Daiquiri").cocktails.contains { $0.id.hasPrefix("imp-") })
            }
        }
    }

    @Test("the multipart parser: quoted boundary, CRLF inside content, a part without filename")
    func parser() throws {
        #expect(MultipartForm.boundary(fromContentType: #"multipart/form-data; boundary="a;b c""#) == "a;b c")
        #expect(MultipartForm.boundary(fromContentType: "Multipart/Form-Data;boundary=xyz") == "xyz")
        #expect(MultipartForm.boundary(fromContentType: "application/json; boundary=xyz") == nil)
        #expect(MultipartForm.boundary(fromContentType: "multipart/form-data") == nil)
        let body =
            "preamble\r\n--a;b c\r\nContent-Disposition: form-data; name=\"note\"\r\n\r\nline one\r\nline two\r\n"
            + "--a;b c\r\ncontent-disposition: form-data; name=\"file\"; filename=\"x; \\\"y\\\".json\"\r\nContent-Type: application/json\r\n\r\n"
            + "{\"a\":1}\r\n\r\n--a;b c--\r\n"
        let form = try #require(
            MultipartForm(contentType: #"multipart/form-data; boundary="a;b c""#, body: Data(body.utf8)))
        #expect(form.parts.count == 2)
        #expect(
            form["note"]
                == .init(name: "note", filename: nil, contentType: nil, body: Data("line one\r\nline two".utf8)))
        let file = try #require(form["file"])
        #expect(file.filename == #"x; "y".json"#)
        #expect(file.contentType == "application/json")
        #expect(file.body == Data("{\"a\":1}\r\n".utf8))
        // No closing delimiter, or no CRLF after a delimiter: refused.
        #expect(
            MultipartForm(boundary: "b", body: Data("--b\r\nContent-Disposition: form-data; name=\"f\"\r\n\r\nx".utf8))
                == nil)
        #expect(MultipartForm(boundary: "b", body: Data("--bx\r\n\r\n--b--".utf8)) == nil)
        #expect(
            MultipartForm(
                boundary: "b",
                body: Data("--b\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--b--\r\n".utf8))?.parts.map(
                    \.name) == ["a"])
        #expect(ImportLimits.safeFileName("../../etc/pass wd.json") == "passwd.json")
        #expect(ImportLimits.safeFileName(nil) == "upload.json")
        #expect(ImportLimits.safeFileName("..") == "upload.json")
    }
}

@Suite("Import progress bar")
struct ImportProgressBarTests {
    @Test("the bar fills in proportion and says the count")
    func bar() {
        #expect(
            ImportProgress(stage: "Downloading pictures", done: 0, total: 10).bar(width: 10)
                == "Downloading pictures [----------] 0/10")
        #expect(
            ImportProgress(stage: "Reading x", done: 18, total: 36).bar(width: 12) == "Reading x [######------] 18/36")
        #expect(ImportProgress(stage: "Done", done: 4, total: 4).bar(width: 8) == "Done [########] 4/4")
        #expect(ImportProgress(stage: "Empty", done: 0, total: 0).bar(width: 4) == "Empty [----] 0/0")
    }
}
