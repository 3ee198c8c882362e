import CocktailBook
import CocktailBookStore
import CocktailBookTestSupport
import CocktailBookWeb
import CocktailsAPI
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import CocktailBookApp

/// A recipe page read into a draft over HTTP: the page is served by a local server (only
/// 127.0.0.1 is ever contacted), its picture too.
@Suite("A recipe page into a draft")
struct RecipeFromPageTests {
    static func fixture(_ name: String) throws -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/recipe-pages/\(name).html")
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// Serves the WP Recipe Maker page with its addresses pointing here, a picture, a page
    /// without a recipe, a JSON answer and a redirect.
    static func pages() throws -> some ApplicationProtocol {
        let page = try fixture("wprm-yoast-graph")
        let empty = try fixture("no-recipe")
        let router = Router()
        router.get("/paper-plane") { request, _ in
            let root = "http://\(request.head.authority ?? "127.0.0.1")"
            let html = page.replacingOccurrences(of: "https://homebar.example.com", with: root)
            return Response(
                status: .ok, headers: [.contentType: "text/html; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(string: html)))
        }
        router.get("/wp-content/uploads/:year/:month/:file") { _, _ in
            // The smallest PNG: a 1×1 transparent picture.
            let png = Data(
                base64Encoded:
                    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="
            )!
            return Response(
                status: .ok, headers: [.contentType: "image/png"], body: .init(byteBuffer: ByteBuffer(data: png)))
        }
        router.get("/nothing") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/html"], body: .init(byteBuffer: ByteBuffer(string: empty)))
        }
        router.get("/data.json") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/json"],
                body: .init(byteBuffer: ByteBuffer(string: "{}")))
        }
        return Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
    }

    static func post(_ client: some TestClientProtocol, _ url: String) async throws -> TestResponse {
        try await client.execute(
            uri: "/api/v1/drafts/from-page", method: .post, headers: [.contentType: "application/json"],
            body: ByteBuffer(string: #"{"url": "\#(url)"}"#))
    }

    @Test("a WP Recipe Maker page gives a draft to review, its picture kept by the book; nothing is saved")
    func draft() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await Self.pages().test(.live) { server in
            let root = "http://127.0.0.1:\(try #require(server.port))"
            try await makeApp(databasePath: database.path, configure: { $0.allowPrivateImports = true }).test(.router) {
                client in
                try await client.waitUntilReady()
                let response = try await Self.post(client, "\(root)/paper-plane")
                #expect(response.status == .ok)
                let draft = try response.jsonObject()
                #expect(draft["name"] as? String == "Paper Plane")
                let lines = (draft["ingredients"] as? [[String: Any]])?.compactMap { $0["text"] as? String } ?? []
                #expect(lines.count == 4)
                #expect(lines.first?.contains("bourbon") == true, "\(lines)")
                #expect((draft["instructions"] as? [String])?.isEmpty == false)
                let picture = try #require(draft["imageURL"] as? String)
                #expect(picture.hasPrefix("/images/imported/"))
                #expect(try await client.get(picture).status == .ok)
                #expect(try await client.get("/api/v1/cocktails/my-1").status == .notFound, "a draft is not saved")

                // The editor page fills its form from the same page.
                let encoded = "\(root)/paper-plane".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
                let page = try await client.execute(
                    uri: "/cocktails/new/from-page", method: .post, headers: TestCSRF.formHeaders,
                    body: TestCSRF.body("url=\(encoded)"))
                #expect(page.status == .ok)
                let html = String(buffer: page.body)
                #expect(html.contains(#"value="Paper Plane""#))
                #expect(html.contains("data-from-page-notice"))
                // Where it came from and who wrote it travel with the draft, into the form and the book.
                #expect(draft["recipeSource"] as? String == "\(root)/paper-plane")
                #expect(draft["recipeAuthor"] as? String == "Marta Ruiz")
                #expect(html.contains(#"name="recipeSource" type="url" value="\#(root)/paper-plane""#))
                #expect(html.contains(#"name="recipeAuthor" value="Marta Ruiz""#))
                let saved = try await client.execute(
                    uri: "/api/v1/cocktails", method: .post, headers: [.contentType: "application/json"],
                    body: ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: draft)))
                #expect(saved.status == .created, "\(String(buffer: saved.body))")
                let id = try #require(try saved.jsonObject()["id"] as? String)
                let drink = try await client.get("/api/v1/cocktails/\(id)").jsonObject()
                #expect(drink["recipeSource"] as? String == "\(root)/paper-plane")
                #expect(drink["recipeAuthor"] as? String == "Marta Ruiz")
                let shown = String(buffer: try await client.get("/cocktails/\(id)").body)
                #expect(
                    shown.contains(
                        #"<a href="\#(root)/paper-plane" rel="noopener noreferrer">From 127.0.0.1, by Marta Ruiz</a>"#),
                    "\(shown)")
                // schema.org credits the recipe's author and links the page it adapts.
                #expect(shown.contains(#""author":{"@type":"Person","name":"Marta Ruiz"}"#))
                #expect(shown.contains(#""isBasedOn":"\#(root)/paper-plane""#))
            }
        }
    }

    @Test("a page's recipe the book may have already: each namesake linked, and saving it as a version of one's own")
    func namesakes() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await Self.pages().test(.live) { server in
            let root = "http://127.0.0.1:\(try #require(server.port))"
            try await makeApp(databasePath: database.path, configure: { $0.allowPrivateImports = true }).test(.router) {
                client in
                try await client.waitUntilReady()
                let encoded = "\(root)/paper-plane".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
                func read() async throws -> String {
                    let page = try await client.execute(
                        uri: "/cocktails/new/from-page", method: .post, headers: TestCSRF.formHeaders,
                        body: TestCSRF.body("url=\(encoded)"))
                    #expect(page.status == .ok)
                    return String(buffer: page.body)
                }
                // Nothing of that name yet: no warning, no second button.
                let first = try await read()
                #expect(!first.contains("data-namesakes") && !first.contains("data-save-as-version"))

                // The book's own Paper Plane (an older, rougher one) and a "Paper Plane No. 2".
                for (name, line) in [("Paper Plane", "1 oz bourbon"), ("Paper Plane No. 2", "1 oz rye whiskey")] {
                    let body = #"{"name": "\#(name)", "ingredients": [{"text": "\#(line)"}, {"text": "1 oz Aperol"}]}"#
                    let saved = try await client.execute(
                        uri: "/api/v1/cocktails", method: .post, headers: [.contentType: "application/json"],
                        body: ByteBuffer(string: body))
                    #expect(saved.status == .created, "\(String(buffer: saved.body))")
                }
                let html = try await read()
                let box = try #require(html.firstMatch(of: /<div class="notice namesakes"[\s\S]*?<\/div>/)?.output)
                #expect(box.contains(#"<a href="/cocktails/my-1">Open Paper Plane</a>"#), "\(box)")
                #expect(box.contains(#"<a href="/cocktails/my-2">Open Paper Plane No. 2</a>"#), "\(box)")
                #expect(
                    html.contains(
                        #"formaction="/cocktails/my-1/edit" data-save-as-version>Save as a new version of your Paper Plane</button>"#
                    ), "\(html)")
                #expect(html.contains(#"<input type="hidden" name="version" value="1">"#))

                // The button posts the form to the own drink's editor with its version: version 2
                // holds the page's recipe, version 1 stays in the history.
                let fields =
                    "name=Paper+Plane&kind=alcoholic&row.0.amount=3%2F4&row.0.unit=oz&row.0.ingredient=bourbon"
                    + "&row.1.amount=3%2F4&row.1.unit=oz&row.1.ingredient=Amaro+Nonino&steps=Shake.&op=save&version=1"
                let saved = try await client.execute(
                    uri: "/cocktails/my-1/edit", method: .post, headers: TestCSRF.formHeaders,
                    body: TestCSRF.body(fields))
                #expect(saved.status == .seeOther, "\(String(buffer: saved.body))")
                let drink = try await client.get("/api/v1/cocktails/my-1").jsonObject()
                #expect(drink["version"] as? Int == 2)
                let lines = (drink["ingredients"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
                #expect(lines == ["¾ oz bourbon", "¾ oz Amaro Nonino"], "\(lines)")
                let history = String(buffer: try await client.get("/cocktails/my-1/history").body)
                #expect(history.contains("1 oz Aperol"), "the first version is kept")
            }
        }
    }

    @Test("each refusal is a 422 with its reason: no recipe, not HTML, a bad address, a private one by default")
    func refusals() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await Self.pages().test(.live) { server in
            let root = "http://127.0.0.1:\(try #require(server.port))"
            try await makeApp(databasePath: database.path, configure: { $0.allowPrivateImports = true }).test(.router) {
                client in
                try await client.waitUntilReady()
                for (path, code) in [
                    ("/nothing", "no_recipe"), ("/data.json", "not_html"), ("/missing", "page_unreachable"),
                ] {
                    let response = try await Self.post(client, root + path)
                    #expect(response.status == .unprocessableContent, "\(path)")
                    #expect(String(buffer: response.body).contains(#""code":"\#(code)""#), "\(path)")
                }
                let bad = try await Self.post(client, "javascript:alert(1)")
                #expect(String(buffer: bad.body).contains(#""code":"invalid_url""#))
                // The editor's button sends what was typed with the address: it stays when the
                // page cannot be read.
                let typed = try await client.execute(
                    uri: "/cocktails/new/from-page", method: .post, headers: TestCSRF.formHeaders,
                    body: TestCSRF.body(
                        "name=My+Sour&row.0.amount=2&row.0.unit=oz&row.0.ingredient=bourbon&step.0=Shake.&op=read-page"
                            + "&url=\(root)/missing".replacingOccurrences(of: ":", with: "%3A")))
                #expect(typed.status == .unprocessableContent)
                let kept = String(buffer: typed.body)
                #expect(kept.contains(#"<input id="name" name="name" value="My Sour""#), "\(kept)")
                #expect(kept.contains(#"value="bourbon""#))
                #expect(kept.contains("from-page-problem"))
            }
            try await makeApp(databasePath: database.path).test(.router) { client in
                try await client.waitUntilReady()
                let response = try await Self.post(client, "\(root)/paper-plane")
                #expect(response.status == .unprocessableContent)
                #expect(String(buffer: response.body).contains(#""code":"private_address""#))
                let page = try await client.execute(
                    uri: "/cocktails/new/from-page", method: .post, headers: TestCSRF.formHeaders,
                    body: TestCSRF.body("url=http%3A%2F%2F10.0.0.1%2Fx"))
                #expect(page.status == .unprocessableContent)
                #expect(String(buffer: page.body).contains("private or local network"))
            }
        }
    }
}
