import CocktailsAPI
import Foundation
import Testing

#if canImport(Combine)
    import Combine
#else
    import OpenCombine
#endif

/// Collects the outcome of one call in any of the three forms, so tests can treat them alike.
enum Form: CaseIterable, CustomStringConvertible {
    case publisher, handler, async

    var description: String {
        switch self {
        case .publisher: "publisher"
        case .handler: "handler"
        case .async: "async"
        }
    }

    func call(_ api: some CocktailsAPI) async -> Result<Data, CocktailsAPIError> {
        switch self {
        case .async:
            do { return .success(try await api.fetchCocktails()) } catch let error as CocktailsAPIError {
                return .failure(error)
            } catch {
                Issue.record("unexpected error \(error)")
                return .failure(.unavailable)
            }
        case .handler:
            return await withCheckedContinuation { continuation in
                api.fetchCocktails { continuation.resume(returning: $0) }
            }
        case .publisher:
            let box = CancellableBox()
            return await withCheckedContinuation { continuation in
                box.cancellable = api.cocktailsPublisher.sink(
                    receiveCompletion: { completion in
                        if case .failure(let error) = completion { continuation.resume(returning: .failure(error)) }
                    },
                    receiveValue: { continuation.resume(returning: .success($0)) }
                )
            }
        }
    }
}

final class CancellableBox: @unchecked Sendable {
    var cancellable: AnyCancellable?
}

@Suite("FakeCocktailsAPI")
struct FakeCocktailsAPITests {
    @Test("every form delivers the bundled catalog", arguments: Form.allCases)
    func deliversBundledCatalog(form: Form) async throws {
        let api = FakeCocktailsAPI(latency: .zero)
        let data = try await form.call(api).get()
        #expect(data == BundledCatalog.data)
        #expect(!data.isEmpty)
    }

    @Test("the three forms deliver byte-identical data")
    func formsAgree() async throws {
        let api = FakeCocktailsAPI(latency: .milliseconds(5))
        var payloads: [Data] = []
        for form in Form.allCases { payloads.append(try await form.call(api).get()) }
        #expect(Set(payloads).count == 1)
    }

    @Test("the first n calls fail whichever form makes them, then every call succeeds")
    func failuresCountAcrossForms() async {
        let api = FakeCocktailsAPI(withFailure: .count(3), latency: .zero)
        var outcomes: [Bool] = []
        for form in [Form.handler, .async, .publisher, .async, .handler, .publisher] {
            outcomes.append((try? await form.call(api).get()) != nil)
        }
        #expect(outcomes == [false, false, false, true, true, true])
    }

    @Test("a failure is CocktailsAPIError.unavailable with a readable message")
    func failureIsUnavailable() async {
        let api = FakeCocktailsAPI(withFailure: .count(1), latency: .zero)
        let result = await Form.async.call(api)
        #expect(throws: CocktailsAPIError.unavailable) { try result.get() }
        let message = CocktailsAPIError.unavailable.localizedDescription
        #expect(message.contains("unavailable"))
    }

    @Test(".count(0) behaves like .never")
    func countZeroIsNever() async throws {
        let api = FakeCocktailsAPI(withFailure: .count(0), latency: .zero)
        for form in Form.allCases { _ = try await form.call(api).get() }
        #expect(FakeCocktailsAPI.Failure.count(0) != .never) // distinct values, same behaviour
    }

    @Test("reading the publisher starts nothing; subscribing does")
    func publisherIsLazy() async throws {
        let api = FakeCocktailsAPI(withFailure: .count(1), latency: .zero)
        let publisher = api.cocktailsPublisher
        _ = api.cocktailsPublisher
        // Had reading the property made a call, the one failure would be used up by now.
        #expect((try? await Form.async.call(api).get()) == nil)
        let box = CancellableBox()
        let result: Result<Data, CocktailsAPIError> = await withCheckedContinuation { continuation in
            box.cancellable = publisher.sink(
                receiveCompletion: { if case .failure(let e) = $0 { continuation.resume(returning: .failure(e)) } },
                receiveValue: { continuation.resume(returning: .success($0)) }
            )
        }
        #expect(try result.get() == BundledCatalog.data)
    }

    @Test("many concurrent calls with .count(5) give exactly five failures")
    func concurrentCountingIsExact() async {
        let api = FakeCocktailsAPI(withFailure: .count(5), latency: .milliseconds(20))
        let failures = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<60 {
                let form = Form.allCases[index % 3]
                group.addTask { (try? await form.call(api).get()) == nil }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(failures == 5)
    }

    @Test("overlapping calls run side by side instead of queueing")
    func overlappingCallsRunConcurrently() async {
        let api = FakeCocktailsAPI(latency: .seconds(1))
        let clock = ContinuousClock()
        let start = clock.now
        let finishes = await withTaskGroup(of: ContinuousClock.Instant.self) { group in
            for index in 0..<12 {
                let form = Form.allCases[index % 3]
                group.addTask {
                    _ = await form.call(api)
                    return clock.now
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        // Queued one behind another, the twelve answers would arrive a second apart; side by side
        // they all arrive together, one latency after the start. Comparing the answers with each
        // other rather than with a deadline keeps this true on a busy machine.
        let first = finishes.min()!
        let last = finishes.max()!
        #expect(first - start >= .milliseconds(990))
        #expect(last - first < .seconds(1))
    }

    @Test("each call waits for the configured latency")
    func latencyIsHonoured() async {
        let api = FakeCocktailsAPI(latency: .milliseconds(300))
        for form in Form.allCases {
            let elapsed = await ContinuousClock().measure { _ = await form.call(api) }
            #expect(elapsed >= .milliseconds(290), "\(form)")
        }
    }

    @Test("the default latency is three seconds")
    func defaultLatency() {
        #expect(FakeCocktailsAPI().latency == .seconds(3))
    }
}

@Suite("FakeCocktailsAPI: a catalog file")
struct FakeCocktailsAPIFileTests {
    @Test("the file is read at each call, in every form; once it is gone the source is unavailable")
    func readEachCall() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "fake-source-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("[1]".utf8).write(to: file)
        let api = FakeCocktailsAPI(latency: .zero, payloadFile: file)
        for form in Form.allCases {
            #expect(try await form.call(api).get() == Data("[1]".utf8), "\(form)")
        }
        try Data("[2]".utf8).write(to: file)
        #expect(try await Form.async.call(api).get() == Data("[2]".utf8))
        try FileManager.default.removeItem(at: file)
        for form in Form.allCases {
            #expect(await form.call(api) == .failure(.unavailable), "\(form)")
        }
    }
}
