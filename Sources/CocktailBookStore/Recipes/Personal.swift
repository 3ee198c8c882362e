import CocktailBook
import Foundation

/// What a person keeps about any drink, per owner: a note, a rating (1 to 5 stars) and each
/// time they made it.
extension SQLBook {
    public func note(on cocktailID: String, owner: FavoritesOwner) async throws -> String? {
        guard owner != .nobody else { return nil }
        return try await reading { db in
            try await db.first(
                String.self, "SELECT text FROM cocktail_note WHERE owner_id = ? AND cocktail_id = ?", owner.id,
                cocktailID)
        }
    }

    public func setNote(_ text: String?, on cocktailID: String, owner: FavoritesOwner, at date: Date) async throws {
        guard owner != .nobody else { throw StoreError.noOwner }
        try await writing("personal") { db in
            if let text, !text.isEmpty {
                try await db.execute(
                    """
                    INSERT INTO cocktail_note (owner_id, cocktail_id, text, updated_at) VALUES (?, ?, ?, ?)
                    ON CONFLICT (owner_id, cocktail_id) DO UPDATE SET text = excluded.text, updated_at = excluded.updated_at
                    """, owner.id, cocktailID, text, date)
            } else {
                try await db.execute(
                    "DELETE FROM cocktail_note WHERE owner_id = ? AND cocktail_id = ?", owner.id, cocktailID)
            }
        }
    }

    public func setRating(_ stars: Int?, on cocktailID: String, owner: FavoritesOwner, at date: Date) async throws {
        guard owner != .nobody else { throw StoreError.noOwner }
        try await writing("personal") { db in
            if let stars {
                try await db.execute(
                    """
                    INSERT INTO rating (owner_id, cocktail_id, stars, rated_at) VALUES (?, ?, ?, ?)
                    ON CONFLICT (owner_id, cocktail_id) DO UPDATE SET stars = excluded.stars, rated_at = excluded.rated_at
                    """, owner.id, cocktailID, stars, date)
            } else {
                try await db.execute("DELETE FROM rating WHERE owner_id = ? AND cocktail_id = ?", owner.id, cocktailID)
            }
        }
    }

    public func recordMade(_ cocktailID: String, servings: Int, note: String?, owner: FavoritesOwner, at date: Date)
        async throws -> MadeEntry
    {
        guard owner != .nobody else { throw StoreError.noOwner }
        return try await writing("personal") { db in
            try await Self.insertMade(db, cocktailID, servings: servings, note: note, owner: owner, at: date)
        }
    }

    /// Records one making (see ``recordMade(_:servings:note:drawing:owner:at:)`` for one with its stock).
    static func insertMade(
        _ db: any SQLConnection, _ cocktailID: String, servings: Int, note: String?, owner: FavoritesOwner,
        at date: Date
    ) async throws -> MadeEntry {
        let id = try await db.first(
            Int64.self,
            "INSERT INTO made_it (owner_id, cocktail_id, made_at, servings, note) VALUES (?, ?, ?, ?, ?) RETURNING id",
            owner.id, cocktailID, date, servings, note)
        return MadeEntry(id: id ?? 0, cocktailID: cocktailID, madeAt: date, servings: servings, note: note)
    }

    public func madeEntries(of cocktailID: String, owner: FavoritesOwner) async throws -> [MadeEntry] {
        guard owner != .nobody else { return [] }
        return try await reading { db in
            try await db.tuples(
                (Int64, Date, Int, String?).self,
                """
                SELECT id, made_at, servings, note FROM made_it WHERE owner_id = ? AND cocktail_id = ?
                ORDER BY made_at DESC, id DESC
                """, owner.id, cocktailID)
        }.map { MadeEntry(id: $0.0, cocktailID: cocktailID, madeAt: $0.1, servings: $0.2, note: $0.3) }
    }

    public func removeMade(id: Int64, owner: FavoritesOwner) async throws -> Bool {
        guard owner != .nobody else { return false }
        return try await writing("personal") { db in
            try await db.execute("DELETE FROM made_it WHERE id = ? AND owner_id = ? RETURNING 1", id, owner.id) > 0
        }
    }

    /// Everyone's ratings summed up, and `owner`'s own ratings and makings: of every drink, or of
    /// `cocktailID`'s only (a details page).
    public func personalView(of owner: FavoritesOwner, only cocktailID: String?) async throws -> PersonalView {
        // `CAST(? AS text) IS NULL` reads every drink's (the cast tells PostgreSQL the type).
        let drink = "(CAST(? AS text) IS NULL OR cocktail_id = ?)"
        return try await reading { db in
            var view = PersonalView()
            for (id, average, count) in try await db.tuples(
                (String, Double, Int).self,
                """
                SELECT cocktail_id, CAST(AVG(stars) AS double precision), COUNT(*)
                FROM rating WHERE \(drink) GROUP BY cocktail_id
                """, cocktailID, cocktailID)
            {
                view.ratings[id] = RatingSummary(average: average, count: count)
            }
            guard owner != .nobody else { return view }
            for (id, stars) in try await db.tuples(
                (String, Int).self, "SELECT cocktail_id, stars FROM rating WHERE \(drink) AND owner_id = ?", cocktailID,
                cocktailID, owner.id)
            {
                view.myRatings[id] = stars
            }
            for (id, last, count) in try await db.tuples(
                (String, Date, Int).self,
                """
                SELECT cocktail_id, MAX(made_at), COUNT(*) FROM made_it
                WHERE \(drink) AND owner_id = ? GROUP BY cocktail_id
                """, cocktailID, cocktailID, owner.id)
            {
                view.made[id] = (last: last, count: count)
            }
            return view
        }
    }
}
