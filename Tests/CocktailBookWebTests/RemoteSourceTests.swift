import CocktailBook
import CocktailBookTestSupport
import CocktailBookWeb
import CocktailsAPI
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CocktailBookApp

#if canImport(Combine)
    import Combine
#else
    import OpenCombine
#endif

/// Our own TheCocktailDB-compatible server, started for real on 127.0.0.1, read back through
/// `RemoteCocktailsAPI`; and a second app that takes its catalog from the first.
@Suite("Remote source: RemoteCocktailsAPI against our TheCocktailDB API")
struct RemoteSourceTests {
    /// Runs `body` with a live seed-catalog server whose catalog is ready, and its API root.
    func withSeedServer(_ body: @Sendable (URL) async throws -> Void) async throws {
        let tmp = try TemporaryDatabase()
        defer { tmp.remove() }
        let app = try await buildApplication(
            configuration: AppConfiguration.forTests(
                port: 0, databasePath: tmp.path, sourceLatency: .zero, catalogPath: SeedCatalog.path, logLevel: .error
            ))
        try await app.test(.live) { client in
            try await client.waitUntilReady()
            let port = try #require(client.port)
            try await body(try #require(URL(string: "http://127.0.0.1:\(port)/api/json/v1/1/")))
        }
    }

    @Test("fetchCocktails() rebuilds the seed catalog: ids, names, types, glasses and ingredients")
    func roundTrip() async throws {
        try await withSeedServer { base in
            let remote = RemoteCocktailsAPI(baseURL: base)
            let outcome = try CatalogDecoder.decode(try await remote.fetchCocktails())
            let seed = try CatalogDecoder.decode(SeedCatalog.data).cocktails
            #expect(outcome.skipped.isEmpty, "\(outcome.skipped)")
            #expect(outcome.cocktails.count == 13)
            #expect(outcome.cocktails.map(\.id) == (0...12).map(String.init), "stable order by id")

            let table = try IngredientTable(json: BundledCatalog.ingredientsData)
            let fetched = Dictionary(uniqueKeysWithValues: outcome.cocktails.map { ($0.id, $0) })
            for original in seed {
                let copy = try #require(fetched[original.id], "\(original.name)")
                #expect(copy.name == original.name)
                #expect(copy.kind == original.kind, "\(original.name)")
                // Tiki mugs and julep cups travel as TheCocktailDB's `Highball glass`, Nick and
                // Nora glasses as its `Cocktail glass`.
                if ![Glass.tikiMug, .julepCup, .nickAndNora].contains(original.glass) {
                    #expect(copy.glass == original.glass, "\(original.name)")
                }
                #expect(copy.imageName == original.imageName, "\(original.name)")
                #expect(copy.instructions == original.instructions, "\(original.name)")
                #expect(copy.iba == original.iba, "\(original.name)")
                #expect(copy.dateModified == original.dateModified, "\(original.name)")
                #expect(!copy.shortDescription.isEmpty && copy.shortDescription.count <= 90)
                #expect((3...10).contains(copy.preparationMinutes))
                // TheCocktailDB names some bottles by their family only (`Gin` for London dry
                // gin): the copy names the original's ingredient or one of its families.
                let originals = original.recipe.map { table.ingredient(for: $0) }
                let copies = copy.recipe.map { table.ingredient(for: $0) }
                #expect(originals.count == copies.count, "\(original.name)")
                for (mine, theirs) in zip(originals, copies) {
                    let family = mine.map { [$0.name] + table.ancestors(of: $0).map(\.name) } ?? []
                    #expect(
                        mine?.name == theirs?.name || family.contains(theirs?.name ?? "-"),
                        "\(original.name): \(String(describing: mine?.name)) read back as \(String(describing: theirs?.name))"
                    )
                }
            }
            #expect(fetched["3"]?.glass == .martini) // the Manhattan, a Cocktail glass at TheCocktailDB
            #expect(fetched["3"]?.kind == .alcoholic)
            #expect(fetched["5"]?.kind == .nonAlcoholic)
        }
    }

    @Test("the extra keys: imageURL kept from strDrinkThumb, lower-case tags, ISO dates")
    func extraKeys() async throws {
        try await withSeedServer { base in
            let data = try await RemoteCocktailsAPI(baseURL: base).fetchCocktails()
            let entries = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
            for entry in entries {
                let url = try #require(entry["imageURL"] as? String, "\(entry["name"] ?? "")")
                #expect(url.hasPrefix("http"))
                for tag in entry["tags"] as? [String] ?? [] { #expect(tag == tag.lowercased()) }
                if let date = entry["dateModified"] as? String { #expect(date.hasSuffix("Z") && date.contains("T")) }
            }
        }
    }

    @Test("the publisher, handler and async forms deliver the same catalog")
    func formsAgree() async throws {
        try await withSeedServer { base in
            let remote = RemoteCocktailsAPI(baseURL: base)
            let viaAsync = try await remote.fetchCocktails()
            let viaHandler = try await withCheckedThrowingContinuation { continuation in
                remote.fetchCocktails { continuation.resume(with: $0) }
            }
            let viaPublisher = try await Self.first(of: remote.cocktailsPublisher)
            #expect(viaHandler == viaAsync)
            #expect(viaPublisher == viaAsync)
        }
    }

    @Test("an unreachable server fails with .unavailable in every form once the retries are spent")
    func unreachable() async throws {
        let remote = RemoteCocktailsAPI(baseURL: URL(string: "http://127.0.0.1:9/")!, timeout: .seconds(2), retries: 2)
        await #expect(throws: CocktailsAPIError.unavailable) { try await remote.fetchCocktails() }
        let handled = await withCheckedContinuation { continuation in
            remote.fetchCocktails { continuation.resume(returning: $0) }
        }
        #expect(handled == .failure(.unavailable))
        await #expect(throws: CocktailsAPIError.unavailable) { try await Self.first(of: remote.cocktailsPublisher) }
    }

    @Test("503 answers (chaos mode, Retry-After: 1) are retried until the server answers")
    func retriesServerErrors() async throws {
        let tmp = try TemporaryDatabase()
        defer { tmp.remove() }
        var configuration = AppConfiguration.forTests(
            port: 0, databasePath: tmp.path, sourceLatency: .zero, catalogPath: SeedCatalog.path, logLevel: .error
        )
        configuration.chaosFailures = 3
        let app = try await buildApplication(configuration: configuration)
        try await app.test(.live) { client in
            // Readiness through `/readyz`, which chaos mode leaves alone: the API's own status
            // would spend the three failures, and a catalog still loading on a busy machine
            // answers 503 too, which is not what this test counts.
            try await eventually({ try await client.get("/readyz").status }, until: { $0 == .ok })
            let port = try #require(client.port)
            let base = try #require(URL(string: "http://127.0.0.1:\(port)/api/json/v1/1/"))
            let start = ContinuousClock.now
            let outcome = try CatalogDecoder.decode(try await RemoteCocktailsAPI(baseURL: base).fetchCocktails())
            #expect(outcome.cocktails.count == 13)
            #expect(ContinuousClock.now - start >= .seconds(1), "Retry-After was honoured")
        }
    }

    @Test("an app built with sourceURL serves the first app's catalog through /api/v1/cocktails")
    func appWithRemoteSource() async throws {
        try await withSeedServer { base in
            let tmp = try TemporaryDatabase()
            defer { tmp.remove() }
            let app = try await buildApplication(
                configuration: AppConfiguration.forTests(
                    port: 0, databasePath: tmp.path, sourceURL: base, logLevel: .error
                ))
            try await app.test(.router) { client in
                try await client.waitUntilReady()
                let list = try await client.list()
                #expect(list.names.sorted() == WebFixtures.allNames.sorted())
                let manhattan = try #require(list.cocktails.first { $0.name == "Manhattan" })
                #expect(manhattan.id == "3")
                #expect(manhattan.kind == "alcoholic")
            }
        }
    }

    /// The first value a publisher delivers, or its failure.
    static func first(of publisher: AnyPublisher<Data, CocktailsAPIError>) async throws -> Data {
        let box = CancellableBox()
        return try await withCheckedThrowingContinuation { continuation in
            box.set(
                publisher.first().sink(
                    receiveCompletion: { if case .failure(let error) = $0 { continuation.resume(throwing: error) } },
                    receiveValue: { continuation.resume(returning: $0) }
                ))
        }
    }
}

/// Keeps a subscription alive until the test is done with it.
private final class CancellableBox: @unchecked Sendable {
    private let lock = NSLock()
    private var cancellable: AnyCancellable?

    func set(_ cancellable: AnyCancellable) {
        lock.withLock { self.cancellable = cancellable }
    }
}
