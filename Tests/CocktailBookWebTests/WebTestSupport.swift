import CocktailBookStore
import CocktailBookTestSupport
import CocktailBookWeb
import CocktailsAPI
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import Testing

@testable import CocktailBookApp

/// Builds the real app on `path` with an instant (or given) simulated source, quiet logs.
func makeApp(
    databasePath path: String, sourceLatency: Duration = .zero, sourceFailures: Int = 0,
    configure: (inout AppConfiguration) -> Void = { _ in }
) async throws -> some ApplicationProtocol {
    var configuration = AppConfiguration.forTests(
        databasePath: path, sourceLatency: sourceLatency, sourceFailures: sourceFailures, catalogPath: SeedCatalog.path)
    configure(&configuration)
    return try await buildApplication(configuration: configuration)
}

extension AppConfiguration {
    /// A configuration as every test runs the app: the arguments of ``init(host:port:databasePath:sourceLatency:sourceFailures:catalogPath:sourceURL:locale:logLevel:)``,
    /// quiet logs, and what a test process needs of its hundreds of apps.
    static func forTests(
        port: Int = 8080, databasePath: String, sourceLatency: Duration = .zero, sourceFailures: Int = 0,
        catalogPath: String? = nil, sourceURL: URL? = nil, logLevel: Logger.Level = .error
    ) -> AppConfiguration {
        var configuration = AppConfiguration(
            port: port, databasePath: databasePath, sourceLatency: sourceLatency, sourceFailures: sourceFailures,
            catalogPath: catalogPath, sourceURL: sourceURL, logLevel: logLevel)
        configuration.bcryptCost = 4 // the cheapest cost: tests sign in often
        configuration.catalogDecoding = .sharedAcrossTests
        // A live test's client keeps one connection and may be slow to send its next request on
        // a busy machine: the server must not close it for that (the timeouts themselves are
        // tested on the real binary, with its defaults, in Tests/e2e/test_hardening.py).
        configuration.headerTimeout = conditionDeadline
        configuration.idleTimeout = conditionDeadline
        return configuration
    }
}

/// A browser's CSRF cookie and the matching form field, as a page of ours would hand them out.
enum TestCSRF {
    static let token = String(repeating: "5e", count: 32)
    static let cookie = "cocktailbook_csrf=\(token)"
    /// Headers of a URL-encoded form post from one of our pages.
    static var formHeaders: HTTPFields { [.contentType: "application/x-www-form-urlencoded", .cookie: cookie] }
    /// `fields` with the token field in front.
    static func body(_ fields: String) -> ByteBuffer {
        ByteBuffer(string: "csrf=\(token)" + (fields.isEmpty ? "" : "&" + fields))
    }
}

// The API's JSON, mirrored independently of the app's own payload types so that a change of
// shape on the server side shows up here.

struct ListBody: Decodable, Equatable {
    var title: String
    var filter: String
    var cocktails: [SummaryBody]
    var names: [String] { cocktails.map(\.name) }
}

struct SummaryBody: Decodable, Equatable {
    var id: String
    var name: String
    var kind: String
    var shortDescription: String
    var preparationMinutes: Int
    var imageURL: String
    var isFavorite: Bool
}

struct FavoritesBody: Decodable, Equatable {
    var cocktails: [SummaryBody]
}

struct DetailBody: Decodable, Equatable {
    var id: String
    var name: String
    var kind: String
    var shortDescription: String
    var longDescription: String
    var preparationMinutes: Int
    var imageURL: String
    var ingredients: [LineBody]
    var glass: String?
    var category: String?
    var method: String?
    var instructions: [String]
    var garnish: String?
    var tags: [String]
    var iba: String?
    var abv: Double?
    var dateModified: String?
    var isFavorite: Bool
}

struct LineBody: Decodable, Equatable {
    var text: String
    var amount: Double?
    var amountMax: Double?
    var unit: String?
    var ingredient: String?
    var note: String?
}

struct StatusBody: Decodable, Equatable {
    var state: String
    var count: Int
    var message: String?
    var updatedAt: String?
    var refreshing: Bool
}

struct ErrorBody: Decodable, Equatable {
    struct Detail: Decodable, Equatable {
        var code: String
        var message: String
    }

    var error: Detail
}

extension TestResponse {
    /// The body decoded as `T`; records an issue showing the body when it does not decode.
    func decoded<T: Decodable>(_ type: T.Type = T.self) throws -> T {
        do {
            return try JSONDecoder().decode(T.self, from: Data(String(buffer: body).utf8))
        } catch {
            Issue.record("could not decode \(T.self) from \(status.code) \(String(buffer: body)): \(error)")
            throw error
        }
    }

    /// The body as a JSON object, for checks on which keys are present.
    func jsonObject() throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(String(buffer: body).utf8))
        return try #require(object as? [String: Any], "not a JSON object: \(String(buffer: body))")
    }

    /// Whether the answer is declared as JSON.
    var isJSON: Bool { headers[.contentType]?.hasPrefix("application/json") == true }
}

extension TestClientProtocol {
    /// GETs `uri`.
    func get(_ uri: String) async throws -> TestResponse {
        try await execute(uri: uri, method: .get)
    }

    /// The catalog's status as `GET /api/v1/catalog` reports it.
    func catalogStatus() async throws -> StatusBody {
        let response = try await get("/api/v1/catalog")
        #expect(response.status == .ok)
        return try response.decoded()
    }

    /// Polls the catalog's status until `done` holds, for at most `timeout`.
    @discardableResult
    func waitForCatalog(
        timeout: Duration = conditionDeadline, sourceLocation: SourceLocation = #_sourceLocation,
        until done: (StatusBody) -> Bool
    ) async throws -> StatusBody {
        let deadline = ContinuousClock.now + timeout
        while true {
            let status = try await catalogStatus()
            if done(status) { return status }
            if ContinuousClock.now > deadline {
                Issue.record(
                    "the catalog did not reach the expected state in time: \(status)", sourceLocation: sourceLocation)
                return status
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Polls until the catalog is ready.
    @discardableResult
    func waitUntilReady(sourceLocation: SourceLocation = #_sourceLocation) async throws -> StatusBody {
        try await waitForCatalog(sourceLocation: sourceLocation) { $0.state == "ready" }
    }

    /// Every match of `query` (e.g. `?filter=alcoholic`), page after page as `nextPage` leads
    /// (the API answers 50 a page unless asked otherwise), expecting 200s.
    func list(_ query: String = "") async throws -> ListBody {
        let separator = query.isEmpty ? "?" : "&"
        var response = try await get("/api/v1/cocktails\(query)")
        #expect(response.status == .ok, "\(String(buffer: response.body))")
        var all: ListBody = try response.decoded()
        var next = try response.decoded(ListPaging.self).nextPage
        while let page = next {
            response = try await get("/api/v1/cocktails\(query)\(separator)page=\(page)")
            #expect(response.status == .ok, "\(String(buffer: response.body))")
            all.cocktails += try response.decoded(ListBody.self).cocktails
            next = try response.decoded(ListPaging.self).nextPage
        }
        return all
    }
}

/// The paging key of `GET /api/v1/cocktails`.
struct ListPaging: Decodable { var nextPage: Int? }

enum WebFixtures {
    static let allNames = [
        "Basil Lemonade Punch", "Bloody Mary", "Daiquiri", "Gin and Tonic", "Manhattan", "Margarita",
        "Margarita Mocktail", "Mojito", "Non-Alcoholic Juicy Julep", "Old Fashioned", "Piña Colada",
        "Screwdriver", "Virgin Mixed Berry Caipirinha",
    ]
    static let alcoholicNames = [
        "Bloody Mary", "Daiquiri", "Gin and Tonic", "Manhattan", "Margarita", "Mojito", "Old Fashioned",
        "Piña Colada", "Screwdriver",
    ]
    static let nonAlcoholicNames = [
        "Basil Lemonade Punch", "Margarita Mocktail", "Non-Alcoholic Juicy Julep", "Virgin Mixed Berry Caipirinha",
    ]
}

extension ImportedImageFiles {
    /// The pictures of the SQLite book at `databasePath`: files in its `images` folder.
    init(databasePath: String) {
        self.init(
            store: PictureFolder(
                directory: URL(fileURLWithPath: databasePath).deletingLastPathComponent().appendingPathComponent(
                    "images", isDirectory: true)))
    }

    /// The folder holding the files (tests only use SQLite books).
    var directory: URL {
        (store as? PictureFolder)?.directory ?? URL(fileURLWithPath: "/nonexistent")
    }
}
