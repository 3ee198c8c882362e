import CocktailBook
import Foundation

/// Each part of a book: the statements that read it into a backup, in a stable order, and put a
/// backup's rows back (into tables a restore has emptied first).
extension BookContents {
    static let favorites = BookPart(
        "favorites", always: \.favorites, kind: "favorites", tables: ["favorite"], people: { [$0.owner] },
        read: { db, people in
            try await db.tuples(
                (Int64, String, Date).self,
                "SELECT owner_id, cocktail_id, added_at FROM favorite ORDER BY owner_id, added_at, cocktail_id"
            ).map { Backup.Favorite(owner: try people.owner($0.0), cocktailId: $0.1, addedAt: $0.2) }
        },
        restore: { favorite, db, people in
            try await db.execute(
                """
                INSERT INTO favorite (owner_id, cocktail_id, added_at) VALUES (?, ?, ?)
                ON CONFLICT (owner_id, cocktail_id) DO UPDATE SET added_at = excluded.added_at
                """, people.id(favorite.owner), favorite.cocktailId, favorite.addedAt)
        })

    /// Settings of accounts (visitors keep theirs in a cookie).
    static let settings = BookPart(
        "settings", always: \.settings, kind: nil, tables: ["account_settings"], people: { [$0.owner] },
        read: { db, people in
            try await owned("SELECT account_id, value FROM account_settings ORDER BY account_id", db, people)
        },
        restore: { setting, db, people in
            guard !setting.owner.isEmpty else { return }
            try await db.execute(
                """
                INSERT INTO account_settings (account_id, value) VALUES (?, ?)
                ON CONFLICT (account_id) DO UPDATE SET value = excluded.value
                """, people.id(setting.owner), setting.value)
        })

    /// Which account an OpenID provider's (issuer, subject) pair signs in. Not a secret (the
    /// provider vouches for the person at each sign-in), so a restored book still knows its
    /// household's people, unlike sessions and tokens.
    static let identities = BookPart(
        "identities", \.identities, kind: nil, tables: ["account_identity"], people: { [$0.owner] },
        read: { db, people in
            try await db.tuples(
                (Int64, String, String, Date).self,
                "SELECT account_id, issuer, subject, linked_at FROM account_identity ORDER BY account_id, issuer, subject"
            ).map {
                Backup.Identity(owner: try people.owner($0.0), issuer: $0.1, subject: $0.2, linkedAt: $0.3)
            }
        },
        restore: { identity, db, people in
            guard !identity.owner.isEmpty else { return }
            try await db.execute(
                """
                INSERT INTO account_identity (issuer, subject, account_id, linked_at) VALUES (?, ?, ?, ?)
                ON CONFLICT (issuer, subject) DO UPDATE SET account_id = excluded.account_id
                """, identity.issuer, identity.subject, people.id(identity.owner), identity.linkedAt)
        })

    static let bottles = BookPart(
        "bottles", always: \.bottles, kind: "bottles", tables: ["bar_bottle"], people: { [$0.owner] },
        read: { db, people in
            try await owned("SELECT owner_id, value FROM bar_bottle ORDER BY owner_id, value", db, people)
        },
        restore: { bottle, db, people in
            try await db.execute(
                "INSERT INTO bar_bottle (owner_id, value, added_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                people.id(bottle.owner), bottle.value, people.backupDate)
        })

    static let alwaysAvailable = BookPart(
        "alwaysAvailable", always: \.alwaysAvailable, kind: "bottles", tables: ["bar_always"], people: { [$0.owner] },
        read: { db, people in
            try await owned("SELECT owner_id, value FROM bar_always ORDER BY owner_id, value", db, people)
        },
        restore: { item, db, people in
            try await db.execute(
                "INSERT INTO bar_always (owner_id, value) VALUES (?, ?) ON CONFLICT DO NOTHING",
                people.id(item.owner), item.value)
        })

    static let rules = BookPart(
        "rules", always: \.rules, kind: nil, tables: ["bar_rule"], people: { [$0.owner] },
        read: { db, people in
            try await db.tuples(
                (Int64, String, String, Bool).self,
                "SELECT owner_id, use, instead_of, both_ways FROM bar_rule ORDER BY id"
            ).map { Backup.Rule(owner: try people.owner($0.0), use: $0.1, insteadOf: $0.2, bothWays: $0.3) }
        },
        restore: { rule, db, people in
            try await db.execute(
                """
                INSERT INTO bar_rule (owner_id, use, instead_of, both_ways) VALUES (?, ?, ?, ?)
                ON CONFLICT (owner_id, use, instead_of) DO UPDATE SET both_ways = excluded.both_ways
                """, people.id(rule.owner), rule.use, rule.insteadOf, rule.bothWays)
        })

    static let shopping = BookPart(
        "shopping", always: \.shopping, kind: "shopping", tables: ["shopping_item"], people: { [$0.owner] },
        read: { db, people in
            try await db.tuples(
                (Int64, String, String, Bool, Date, String?).self,
                "SELECT owner_id, value, cocktail_ids, bought, added_at, reason FROM shopping_item ORDER BY id"
            ).map {
                Backup.ShoppingItem(
                    owner: try people.owner($0.0), value: $0.1, cocktails: $0.2.split(separator: ",").map(String.init),
                    bought: $0.3, addedAt: $0.4, reason: $0.5)
            }
        },
        restore: { item, db, people in
            try await db.execute(
                """
                INSERT INTO shopping_item (owner_id, value, cocktail_ids, bought, added_at, reason)
                VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (owner_id, value) DO UPDATE SET cocktail_ids = excluded.cocktail_ids,
                    bought = excluded.bought, added_at = excluded.added_at, reason = excluded.reason
                """, people.id(item.owner), item.value, item.cocktails.joined(separator: ","), item.bought,
                item.addedAt, item.reason)
        })

    static let imported = BookPart(
        "imported", always: \.imported, kind: "imported", tables: ["imported_cocktail"],
        read: { db, _ in
            try await db.tuples(
                (String, String, String, Data, Date).self,
                "SELECT origin, id, name, payload, imported_at FROM imported_cocktail ORDER BY origin, id"
            ).map {
                Backup.Imported(
                    origin: $0.0, id: $0.1, name: $0.2, cocktail: try JSONDecoder().decode(Cocktail.self, from: $0.3),
                    importedAt: $0.4)
            }
        },
        restore: { cocktail, db, _ in
            try await db.execute(
                """
                INSERT INTO imported_cocktail (origin, id, name, payload, imported_at) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (origin, id) DO UPDATE SET name = excluded.name, payload = excluded.payload,
                    imported_at = excluded.imported_at
                """, cocktail.origin, cocktail.id, cocktail.name, try StoreRules.payload(cocktail.cocktail),
                cocktail.importedAt)
        })

    /// The pictures: the downloads imports recorded, read here, with every picture the book's
    /// drinks show; the bytes are read after the rows, from the picture store
    /// (``Backup/readPictures(from:)``), and saved into it before a restore's transaction.
    static let pictures = BookPart(
        "pictures", always: \.pictures, kind: "pictures", tables: ["imported_image"],
        read: { db, _ in
            try await db.tuples(
                (String, String, String, Date).self,
                "SELECT source_url, file_name, content_type, imported_at FROM imported_image ORDER BY source_url"
            ).map {
                Backup.Picture(sourceURL: $0.0, fileName: $0.1, contentType: $0.2, importedAt: $0.3, data: Data())
            }
        },
        restore: { picture, db, _ in
            guard picture.isDownload else { return }
            try await db.saveImage(
                ImportedImage(
                    sourceURL: picture.sourceURL, fileName: picture.fileName, contentType: picture.contentType),
                at: picture.importedAt)
        })

    static let customIngredients = BookPart(
        "customIngredients", \.customIngredients, kind: nil, tables: ["custom_ingredient"],
        read: { db, _ in try await db.all(String.self, "SELECT name FROM custom_ingredient ORDER BY name") },
        restore: { name, db, people in
            try await db.execute(
                "INSERT INTO custom_ingredient (name, added_at) VALUES (?, ?) ON CONFLICT DO NOTHING", name,
                people.backupDate)
        })

    static let notes = BookPart(
        "notes", \.notes, kind: "personal", tables: ["cocktail_note"], people: { [$0.owner] },
        read: { db, people in
            try await db.tuples(
                (Int64, String, String, Date).self,
                "SELECT owner_id, cocktail_id, text, updated_at FROM cocktail_note ORDER BY owner_id, cocktail_id"
            ).map { Backup.Note(owner: try people.owner($0.0), cocktailId: $0.1, text: $0.2, updatedAt: $0.3) }
        },
        restore: { note, db, people in
            try await db.execute(
                """
                INSERT INTO cocktail_note (owner_id, cocktail_id, text, updated_at) VALUES (?, ?, ?, ?)
                ON CONFLICT (owner_id, cocktail_id) DO UPDATE SET text = excluded.text, updated_at = excluded.updated_at
                """, people.id(note.owner), note.cocktailId, note.text, note.updatedAt)
        })

    static let ratings = BookPart(
        "ratings", \.ratings, kind: "personal", tables: ["rating"], people: { [$0.owner] },
        read: { db, people in
            try await db.tuples(
                (Int64, String, Int, Date).self,
                "SELECT owner_id, cocktail_id, stars, rated_at FROM rating ORDER BY owner_id, cocktail_id"
            ).map { Backup.Rating(owner: try people.owner($0.0), cocktailId: $0.1, stars: $0.2, ratedAt: $0.3) }
        },
        restore: { rating, db, people in
            try await db.execute(
                """
                INSERT INTO rating (owner_id, cocktail_id, stars, rated_at) VALUES (?, ?, ?, ?)
                ON CONFLICT (owner_id, cocktail_id) DO UPDATE SET stars = excluded.stars, rated_at = excluded.rated_at
                """, people.id(rating.owner), rating.cocktailId, rating.stars, rating.ratedAt)
        })

    static let made = BookPart(
        "made", \.made, kind: "personal", tables: ["made_it"], people: { [$0.owner] },
        read: { db, people in
            try await db.tuples(
                (Int64, String, Date, Int, String?).self,
                "SELECT owner_id, cocktail_id, made_at, servings, note FROM made_it ORDER BY id"
            ).map {
                Backup.Made(
                    owner: try people.owner($0.0), cocktailId: $0.1, madeAt: $0.2, servings: $0.3, note: $0.4)
            }
        },
        restore: { made, db, people in
            try await db.execute(
                "INSERT INTO made_it (owner_id, cocktail_id, made_at, servings, note) VALUES (?, ?, ?, ?, ?)",
                people.id(made.owner), made.cocktailId, made.madeAt, made.servings, made.note)
        })

    /// The book's currency, when an admin set one; a backup without one leaves the book's.
    static let currency = BookPart(
        "currency", get: { $0.currency.map { [$0] } }, set: { $0.currency = $1.first }, kind: nil,
        tables: ["book_setting"], people: { (_: String) in [] },
        read: { db, _ in
            try await db.first(String.self, "SELECT value FROM book_setting WHERE key = ?", BookSettingKey.currency)
                .map { [$0] } ?? []
        },
        restore: { code, db, _ in try await db.saveCurrency(code) })

    /// Values of one person each, as `(owner_id, value)` rows.
    private static func owned(_ sql: String, _ db: any SQLConnection, _ people: BookPeople) async throws
        -> [Backup.OwnedValue]
    {
        try await db.tuples((Int64, String).self, sql).map {
            Backup.OwnedValue(owner: try people.owner($0.0), value: $0.1)
        }
    }
}
