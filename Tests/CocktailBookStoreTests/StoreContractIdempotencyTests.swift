import CocktailBook
import CocktailBookTestSupport
import Foundation
import Testing

@testable import CocktailBookStore

/// The answers kept for `Idempotency-Key`s, against every backend (see ``StoreContractTests``).
@Suite("Store contract: idempotency keys", .serialized)
struct StoreContractIdempotencyTests {
    static let backends: [Backend] = Backend.configured
    static let day = Date(timeIntervalSince1970: 1_780_000_000)
    static let answer = KeptAnswer(
        status: 201, headers: ["Content-Type": "application/json", "Location": "/api/v1/lists/7"],
        body: Data(#"{"id":7}"#.utf8))

    @Test(
        "a key is claimed once; a repeat waits, then gets the kept answer; another request is told apart",
        arguments: backends)
    func claims(_ backend: Backend) async throws {
        try await backend.withStore { store in
            let ann = FavoritesOwner(account: 1)
            let bea = FavoritesOwner(account: 2)
            #expect(try await store.claimIdempotencyKey("k1", requestHash: "h", owner: ann, at: Self.day) == .claimed)
            #expect(
                try await store.claimIdempotencyKey("k1", requestHash: "h", owner: ann, at: Self.day)
                    == .running(since: Self.day))
            #expect(
                try await store.claimIdempotencyKey("k1", requestHash: "other", owner: ann, at: Self.day)
                    == .otherRequest)
            // Keys are per account.
            #expect(try await store.claimIdempotencyKey("k1", requestHash: "x", owner: bea, at: Self.day) == .claimed)
            try await store.finishIdempotencyKey("k1", owner: ann, answer: Self.answer)
            #expect(
                try await store.claimIdempotencyKey("k1", requestHash: "h", owner: ann, at: Self.day)
                    == .answered(Self.answer))
            // Released: a repeat goes ahead again.
            try await store.releaseIdempotencyKey("k1", owner: bea)
            #expect(try await store.claimIdempotencyKey("k1", requestHash: "x", owner: bea, at: Self.day) == .claimed)
        }
    }

    @Test("a key is kept for a day, then forgotten", arguments: backends)
    func expiry(_ backend: Backend) async throws {
        try await backend.withStore { store in
            let ann = FavoritesOwner(account: 1)
            #expect(try await store.claimIdempotencyKey("k", requestHash: "h", owner: ann, at: Self.day) == .claimed)
            try await store.finishIdempotencyKey("k", owner: ann, answer: Self.answer)
            let later = Self.day.addingTimeInterval(23 * 3600)
            #expect(
                try await store.claimIdempotencyKey("k", requestHash: "h", owner: ann, at: later)
                    == .answered(Self.answer))
            let dayAfter = Self.day.addingTimeInterval(25 * 3600)
            #expect(
                try await store.claimIdempotencyKey("k", requestHash: "new", owner: ann, at: dayAfter) == .claimed)
        }
    }
}
