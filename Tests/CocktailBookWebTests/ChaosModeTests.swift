import CocktailBookTestSupport
import CocktailBookWeb
import CocktailsAPI
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CocktailBookApp

/// Chaos mode makes the APIs slow and failing on purpose, and leaves the pages alone.
@Suite("HTTP: chaos mode")
struct ChaosModeTests {
    func makeChaosApp(_ path: String, latency: Duration = .zero, failures: Int = 0, rate: Double = 0) async throws
        -> some ApplicationProtocol
    {
        var configuration = AppConfiguration.forTests(
            databasePath: path, sourceLatency: .zero, catalogPath: SeedCatalog.path, logLevel: .error)
        configuration.chaosLatency = latency
        configuration.chaosFailures = failures
        configuration.chaosFailureRate = rate
        return try await buildApplication(configuration: configuration)
    }

    @Test("the first N API requests fail with a JSON 503 and Retry-After, then they succeed")
    func firstFailures() async throws {
        let tmp = try TemporaryDatabase()
        defer { tmp.remove() }
        try await makeChaosApp(tmp.path, failures: 3).test(.router) { client in
            var codes: [Int] = []
            for _ in 0..<5 {
                let response = try await client.get("/api/v1/catalog")
                codes.append(response.status.code)
                if response.status == .serviceUnavailable {
                    let error: ErrorBody = try response.decoded()
                    #expect(error.error.code == "chaos")
                    #expect(response.headers[.retryAfter] == "1")
                }
            }
            #expect(codes == [503, 503, 503, 200, 200])
            // Pages are not part of the chaos.
            let health = try await client.get("/healthz").status
            #expect(health == .ok)
        }
    }

    @Test("a failure rate of 1 fails every API request; 0 fails none")
    func failureRate() async throws {
        let tmp = try TemporaryDatabase()
        defer { tmp.remove() }
        try await makeChaosApp(tmp.path, rate: 1).test(.router) { client in
            for _ in 0..<3 {
                let status = try await client.get("/api/v1/catalog").status
                #expect(status == .serviceUnavailable)
            }
            let page = try await client.get("/").status
            #expect(page == .ok)
        }
        try await makeChaosApp(tmp.path, rate: 0).test(.router) { client in
            for _ in 0..<3 {
                let status = try await client.get("/api/v1/catalog").status
                #expect(status == .ok)
            }
        }
    }

    @Test("every API request waits the chaos latency")
    func latency() async throws {
        let tmp = try TemporaryDatabase()
        defer { tmp.remove() }
        try await makeChaosApp(tmp.path, latency: .milliseconds(300)).test(.router) { client in
            let elapsed = try await ContinuousClock().measure { _ = try await client.get("/api/v1/catalog") }
            #expect(elapsed >= .milliseconds(290))
        }
    }
}
