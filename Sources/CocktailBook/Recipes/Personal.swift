import Foundation

/// One time a person made a drink.
public struct MadeEntry: Sendable, Equatable, Codable {
    public var id: Int64
    public var cocktailID: String
    public var madeAt: Date
    public var servings: Int
    public var note: String?

    public init(id: Int64, cocktailID: String, madeAt: Date, servings: Int, note: String?) {
        self.id = id
        self.cocktailID = cocktailID
        self.madeAt = madeAt
        self.servings = servings
        self.note = note
    }
}

/// The book's ratings of one drink: what its members gave, on average.
public struct RatingSummary: Sendable, Equatable, Codable {
    public var average: Double
    public var count: Int

    public init(average: Double, count: Int) {
        self.average = average
        self.count = count
    }
}

/// What one person keeps about the drinks, and what the book's members rated: read once per
/// request and passed to the queries that sort or filter by it.
public struct PersonalView: Sendable, Equatable {
    /// Each drink's average rating among the book's members.
    public var ratings: [String: RatingSummary]
    /// The person's own rating of each drink they rated.
    public var myRatings: [String: Int]
    /// When the person last made each drink they made, and how many times.
    public var made: [String: (last: Date, count: Int)]

    public init(
        ratings: [String: RatingSummary] = [:], myRatings: [String: Int] = [:],
        made: [String: (last: Date, count: Int)] = [:]
    ) {
        self.ratings = ratings
        self.myRatings = myRatings
        self.made = made
    }

    public static func == (lhs: PersonalView, rhs: PersonalView) -> Bool {
        lhs.ratings == rhs.ratings && lhs.myRatings == rhs.myRatings
            && lhs.made.mapValues { [$0.last.timeIntervalSince1970, Double($0.count)] }
                == rhs.made.mapValues { [$0.last.timeIntervalSince1970, Double($0.count)] }
    }
}

/// Where notes, ratings and "I made this" are kept, per owner. Each call is one transaction.
public protocol PersonalStore: Sendable {
    /// The owner's private note on a drink.
    func note(on cocktailID: String, owner: FavoritesOwner) async throws -> String?
    /// Saves the note; `nil` or empty text removes it.
    func setNote(_ text: String?, on cocktailID: String, owner: FavoritesOwner, at date: Date) async throws
    /// Saves the owner's rating (1–5); `nil` removes it.
    func setRating(_ stars: Int?, on cocktailID: String, owner: FavoritesOwner, at date: Date) async throws
    /// Notes that the owner made a drink.
    func recordMade(_ cocktailID: String, servings: Int, note: String?, owner: FavoritesOwner, at date: Date)
        async throws -> MadeEntry
    /// The owner's record of making one drink, newest first.
    func madeEntries(of cocktailID: String, owner: FavoritesOwner) async throws -> [MadeEntry]
    /// Removes one entry of the owner's; `false` when there is none with this id.
    func removeMade(id: Int64, owner: FavoritesOwner) async throws -> Bool
    /// The ratings of the whole book and the owner's own ratings and making record, for lists;
    /// of one drink only when `cocktailID` is given (its details page).
    func personalView(of owner: FavoritesOwner, only cocktailID: String?) async throws -> PersonalView
}

extension PersonalStore {
    /// The ratings and making record of every drink, for lists.
    public func personalView(of owner: FavoritesOwner) async throws -> PersonalView {
        try await personalView(of: owner, only: nil)
    }
}

/// The limits of what a person writes about a drink.
public enum PersonalRules {
    public static let maximumNoteLength = 2_000
    public static let maximumServings = 100
    /// "Made recently": within the last 30 days.
    public static let recentDays = 30
}
