import CocktailBook
import Foundation

/// The answers to requests that carried an `Idempotency-Key`, kept per account for a day, so
/// that a client that retries a write it never heard back from (a dropped connection, a `503`
/// while the database restarted) gets the first answer instead of a second drink, list or batch.
public protocol IdempotencyStore: Sendable {
    /// Claims `key` for a request whose method, path and body hash to `requestHash`, after
    /// forgetting `owner`'s keys older than ``IdempotencyRules/keptFor``. One transaction.
    func claimIdempotencyKey(_ key: String, requestHash: String, owner: FavoritesOwner, at date: Date)
        async throws -> IdempotencyClaim
    /// Keeps `answer` as the one every repeat of `key` gets.
    func finishIdempotencyKey(_ key: String, owner: FavoritesOwner, answer: KeptAnswer) async throws
    /// Forgets `key` (its request failed: a repeat may try again).
    func releaseIdempotencyKey(_ key: String, owner: FavoritesOwner) async throws
}

/// What a claim of an idempotency key found.
public enum IdempotencyClaim: Sendable, Equatable {
    /// The key is new: the request goes ahead, and its answer is kept with ``IdempotencyStore/finishIdempotencyKey(_:owner:answer:)``.
    case claimed
    /// The same key came with another request: refused (`422`).
    case otherRequest
    /// The first request with this key has not finished (or its answer was never kept): `409`.
    case running(since: Date)
    /// The first request's answer, to give again.
    case answered(KeptAnswer)
}

/// An answer kept for an idempotency key: status, the headers that describe it, and the body.
public struct KeptAnswer: Sendable, Equatable, Codable {
    public var status: Int
    public var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String], body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// How long a key and its answer are kept.
public enum IdempotencyRules {
    public static let keptFor: TimeInterval = 24 * 3600
    /// The longest key taken (an UUID is 36 characters).
    public static let maximumKeyLength = 255

    /// What a claim found in a row: the same request, answered or not, or another one.
    static func claim(requestHash: String, storedHash: String, createdAt: Date, answer: KeptAnswer?)
        -> IdempotencyClaim
    {
        guard storedHash == requestHash else { return .otherRequest }
        return answer.map { .answered($0) } ?? .running(since: createdAt)
    }

    static func encodedHeaders(_ headers: [String: String]) -> String {
        String(decoding: (try? JSONEncoder().encode(headers)) ?? Data("{}".utf8), as: UTF8.self)
    }

    static func decodedHeaders(_ text: String?) -> [String: String] {
        text.flatMap { try? JSONDecoder().decode([String: String].self, from: Data($0.utf8)) } ?? [:]
    }
}
