import CocktailBook
import CocktailBookTestSupport
import CocktailsAPI
import Foundation
import Logging
import PostgresNIO
import Testing

@testable import CocktailBookStore

/// The contract every storage backend fulfils, run against each: a SQLite file and, when
/// `COCKTAILBOOK_TEST_POSTGRES` names a server (`./scripts/test.sh` starts a throwaway one), a
/// fresh PostgreSQL database per test. A table a later feature adds is added to both backends,
/// and to this suite.
@Suite("Store contract", .serialized)
struct StoreContractTests {
    static let backends: [Backend] = Backend.configured

    @Test("the test run has every backend it should (PostgreSQL whenever CI runs)")
    func backendsPresent() {
        if ProcessInfo.processInfo.environment["CI"] == "true"
            || ProcessInfo.processInfo.environment["COCKTAILBOOK_REQUIRE_POSTGRES"] == "1"
        {
            #expect(
                Self.backends == [.sqlite, .postgres],
                "set COCKTAILBOOK_TEST_POSTGRES; ./scripts/test.sh starts a server")
        }
        #expect(Self.backends.first == .sqlite)
    }

    @Test(
        "the catalog cache: nothing at first, then the last saved catalog, in order, replaced as a whole",
        arguments: backends)
    func catalog(_ backend: Backend) async throws {
        try await backend.withStore { store in
            #expect(try await store.loadCatalog() == nil)
            let first = CachedCatalog(cocktails: StoreFixtures.handMade, fetchedAt: StoreFixtures.firstDate)
            try await store.saveCatalog(first)
            #expect(try await store.loadCatalog() == first)
            let second = CachedCatalog(
                cocktails: Array(StoreFixtures.handMade.suffix(1)), fetchedAt: StoreFixtures.secondDate)
            try await store.saveCatalog(second)
            let loaded = try #require(try await store.loadCatalog())
            #expect(loaded.cocktails.map(\.id) == ["a-b_c"])
            #expect(abs(loaded.fetchedAt.timeIntervalSince(StoreFixtures.secondDate)) < 0.001)
        }
    }

    @Test(
        "favorites: per owner, twice is once, unknown ids refused, they outlive the catalog, oldest first",
        arguments: backends)
    func favorites(_ backend: Backend) async throws {
        try await backend.withStore { store in
            try await store.saveCatalog(
                CachedCatalog(cocktails: StoreFixtures.handMade, fetchedAt: StoreFixtures.firstDate))
            try await store.setFavorite(true, for: "3", owner: .implicit, at: StoreFixtures.secondDate)
            try await store.setFavorite(true, for: "20", owner: .implicit, at: StoreFixtures.firstDate)
            try await store.setFavorite(true, for: "20", owner: .implicit, at: StoreFixtures.secondDate)
            try await store.setFavorite(
                true, for: "a-b_c", owner: FavoritesOwner(account: 7), at: StoreFixtures.firstDate)
            #expect(try await store.favoriteIDs(of: .implicit) == ["3", "20"])
            #expect(
                try await store.favorites(of: .implicit).map(\.id) == ["20", "3"],
                "oldest first; marking again keeps the first date")
            #expect(try await store.favoriteIDs(of: FavoritesOwner(account: 7)) == ["a-b_c"])
            #expect(try await store.favoriteIDs(of: .nobody).isEmpty)
            await #expect(throws: StoreError.unknownCocktail("999")) {
                try await store.setFavorite(true, for: "999", owner: .implicit, at: Date())
            }
            await #expect(throws: StoreError.noOwner) {
                try await store.setFavorite(true, for: "3", owner: .nobody, at: Date())
            }
            // The catalog loses the drink; the favorite stays and can still be removed.
            try await store.saveCatalog(CachedCatalog(cocktails: [], fetchedAt: StoreFixtures.secondDate))
            #expect(try await store.favoriteIDs(of: .implicit) == ["3", "20"])
            try await store.setFavorite(false, for: "3", owner: .implicit, at: Date())
            #expect(try await store.favoriteIDs(of: .implicit) == ["20"])
            #expect(try await store.resetFavorites(of: .implicit) == 1)
            #expect(try await store.favoriteIDs(of: FavoritesOwner(account: 7)) == ["a-b_c"], "another owner's stay")
        }
    }

    @Test(
        "accounts: the first is an admin and inherits the favorites and bar; names are unique without case; the last admin stays",
        arguments: backends)
    func accounts(_ backend: Backend) async throws {
        try await backend.withStore { store in
            try await store.saveCatalog(
                CachedCatalog(cocktails: StoreFixtures.handMade, fetchedAt: StoreFixtures.firstDate))
            try await store.setFavorite(true, for: "20", owner: .implicit, at: StoreFixtures.firstDate)
            try await store.setOnShelf("gin", true, owner: .implicit)
            #expect(try await store.hasAccounts() == false)
            let alice = try await store.addAccount(
                name: "Alice", role: .member, passwordHash: "h1", at: StoreFixtures.firstDate)
            #expect(alice.role == .admin)
            #expect(try await store.favoriteIDs(of: alice.owner) == ["20"])
            #expect(try await store.favoriteIDs(of: .implicit).isEmpty)
            #expect(try await store.shelf(of: alice.owner).bottles == ["gin"])
            let bob = try await store.addAccount(
                name: "bob", role: .member, passwordHash: "h2", at: StoreFixtures.secondDate)
            #expect(bob.role == .member)
            await #expect(throws: StoreError.accountExists("ALICE")) {
                try await store.addAccount(name: "ALICE", role: .guest, passwordHash: "x", at: Date())
            }
            #expect(try await store.accounts().map(\.name) == ["Alice", "bob"])
            #expect(try await store.hasAdmin())
            let credentials = try #require(try await store.credentials(named: "alice"))
            #expect(credentials.account == alice && credentials.passwordHash == "h1")
            #expect(try await store.account(id: bob.id) == bob)
            await #expect(throws: StoreError.lastAdmin) { try await store.setRole(.member, named: "Alice") }
            await #expect(throws: StoreError.lastAdmin) { try await store.removeAccount(named: "alice") }
            await #expect(throws: StoreError.unknownAccount("carol")) {
                try await store.setRole(.admin, named: "carol")
            }
            try await store.setRole(.admin, named: "BOB")
            try await store.setRole(.guest, named: "Alice")
            #expect(try await store.accounts().map(\.role) == [.guest, .admin])
            try await store.saveSettings(Settings(theme: .dark, units: .ml), for: alice.id)
            try await store.createSession(tokenHash: "s-alice", accountId: alice.id, at: Date())
            try await store.removeAccount(named: "alice")
            #expect(try await store.accounts().map(\.name) == ["bob"])
            #expect(try await store.favoriteIDs(of: alice.owner).isEmpty)
            #expect(try await store.shelf(of: alice.owner).bottles.isEmpty)
            #expect(try await store.settings(of: alice.id) == nil)
            #expect(try await store.sessionAccount(tokenHash: "s-alice", now: Date(), maximumIdle: 3600) == nil)
        }
    }

    @Test(
        "sessions: sign in, idle expiry, ending the others, password change keeps the current one", arguments: backends)
    func sessions(_ backend: Backend) async throws {
        try await backend.withStore { store in
            let alice = try await store.addAccount(
                name: "alice", role: .admin, passwordHash: "h", at: StoreFixtures.firstDate)
            let start = StoreFixtures.firstDate
            for hash in ["s1", "s2", "s3"] {
                try await store.createSession(tokenHash: hash, accountId: alice.id, at: start)
            }
            #expect(
                try await store.sessionAccount(tokenHash: "s1", now: start.addingTimeInterval(10), maximumIdle: 100)
                    == alice)
            #expect(try await store.sessionAccount(tokenHash: "nope", now: start, maximumIdle: 100) == nil)
            #expect(
                try await store.sessionAccount(tokenHash: "s2", now: start.addingTimeInterval(101), maximumIdle: 100)
                    == nil, "idle too long")
            #expect(try await store.sessionCount(of: alice.id) == 2, "the expired session was deleted")
            try await store.createSession(tokenHash: "s4", accountId: alice.id, at: start)
            #expect(try await store.deleteSessions(of: alice.id, keeping: "s4") == 2)
            #expect(try await store.sessionCount(of: alice.id) == 1)
            try await store.createSession(tokenHash: "s5", accountId: alice.id, at: start)
            try await store.setPasswordHash("new", named: "ALICE", keeping: "s5")
            #expect(try await store.sessionCount(of: alice.id) == 1)
            #expect(try await store.credentials(named: "alice")?.passwordHash == "new")
            try await store.deleteSession(tokenHash: "s5")
            #expect(try await store.sessionCount(of: alice.id) == 0)
        }
    }

    @Test("API tokens: newest first, the account they sign in, revoking by prefix and by id", arguments: backends)
    func tokens(_ backend: Backend) async throws {
        try await backend.withStore { store in
            let alice = try await store.addAccount(
                name: "alice", role: .admin, passwordHash: "h", at: StoreFixtures.firstDate)
            let bob = try await store.addAccount(
                name: "bob", role: .member, passwordHash: "h", at: StoreFixtures.firstDate)
            let first = try await store.addToken(
                tokenHash: "t1", prefix: "cb_aaaa", label: "phone", accountId: alice.id, at: StoreFixtures.firstDate)
            _ = try await store.addToken(
                tokenHash: "t2", prefix: "cb_bbbb", label: nil, accountId: alice.id, at: StoreFixtures.secondDate)
            _ = try await store.addToken(
                tokenHash: "t3", prefix: "cb_abcd", label: nil, accountId: bob.id, at: StoreFixtures.secondDate)
            #expect(try await store.tokens(of: alice.id).map(\.prefix) == ["cb_bbbb", "cb_aaaa"])
            #expect(try await store.tokens(of: alice.id).last?.label == "phone")
            let now = StoreFixtures.secondDate.addingTimeInterval(1000)
            #expect(try await store.tokenAccount(tokenHash: "t1", now: now) == alice)
            #expect(
                try await store.tokens(of: alice.id).last?.lastUsedAt.map { abs($0.timeIntervalSince(now)) < 0.001 }
                    == true, "its use is recorded")
            #expect(try await store.tokenAccount(tokenHash: "t9", now: now) == nil)
            await #expect(throws: StoreError.tokenPrefix("cb_a", matches: 0)) {
                try await store.revokeToken(prefix: "cb_a")
            }
            await #expect(throws: StoreError.tokenPrefix("cb_zzzz", matches: 0)) {
                try await store.revokeToken(prefix: "cb_zzzz")
            }
            try await store.revokeToken(prefix: "cb_bbbb-the-rest")
            #expect(try await store.tokens(of: alice.id).map(\.prefix) == ["cb_aaaa"])
            #expect(try await store.revokeToken(id: first.id, of: bob.id) == false, "not bob's")
            #expect(try await store.revokeToken(id: first.id, of: alice.id))
            #expect(try await store.tokens(of: alice.id).isEmpty)
        }
    }

    @Test(
        "API tokens keep their scope and expiry; a grant is capped by the role and ends at the expiry",
        arguments: backends)
    func tokenScopes(_ backend: Backend) async throws {
        try await backend.withStore { store in
            _ = try await store.addAccount(name: "alice", role: .admin, passwordHash: "h", at: StoreFixtures.firstDate)
            let bob = try await store.addAccount(
                name: "bob", role: .member, passwordHash: "h", at: StoreFixtures.firstDate)
            let ends = StoreFixtures.secondDate.addingTimeInterval(3600)
            try await store.addToken(
                tokenHash: "r1", prefix: "cb_rrrr", label: nil, accountId: bob.id, at: StoreFixtures.firstDate,
                scope: .read, expiresAt: ends)
            // Stored wider than the role allows (as an admin since made a member would have it).
            try await store.addToken(
                tokenHash: "a1", prefix: "cb_aaaa", label: nil, accountId: bob.id, at: StoreFixtures.secondDate,
                scope: .admin, expiresAt: nil)
            let listed = try await store.tokens(of: bob.id)
            #expect(listed.map(\.scope) == [.admin, .read])
            #expect(listed.last.flatMap(\.expiresAt).map { abs($0.timeIntervalSince(ends)) < 0.001 } == true)
            let before = try await store.tokenGrant(tokenHash: "r1", now: ends.addingTimeInterval(-1))
            #expect(before?.account.name == "bob" && before?.scope == .read)
            #expect(try await store.tokenGrant(tokenHash: "r1", now: ends) == nil, "expired at its expiry")
            let capped = try await store.tokenGrant(tokenHash: "a1", now: ends)
            #expect(capped?.scope == .write, "capped by the role: \(String(describing: capped))")
        }
    }

    @Test("settings follow an account and are replaced as a whole", arguments: backends)
    func settings(_ backend: Backend) async throws {
        try await backend.withStore { store in
            let alice = try await store.addAccount(
                name: "alice", role: .admin, passwordHash: "h", at: StoreFixtures.firstDate)
            #expect(try await store.settings(of: alice.id) == nil)
            try await store.saveSettings(
                Settings(theme: .dark, language: .italian, units: .ml, servings: 3), for: alice.id)
            try await store.saveSettings(Settings(theme: .light, units: .cl, servings: 2), for: alice.id)
            let saved = try #require(try await store.settings(of: alice.id))
            #expect(saved.theme == .light && saved.units == .cl && saved.servings == 2 && saved.language == nil)
        }
    }

    @Test(
        "imports: new and updated counts by origin, one transaction, origins, removal, picture records",
        arguments: backends)
    func imports(_ backend: Backend) async throws {
        try await backend.withStore { store in
            let drinks = StoreFixtures.handMade.map { cocktail -> Cocktail in
                var cocktail = cocktail
                cocktail.id = "imp-x-" + cocktail.id
                return cocktail
            }
            let picture = ImportedImage(
                sourceURL: "http://127.0.0.1:9/a.jpg", fileName: "abc.jpg", contentType: "image/jpeg")
            #expect(
                try await store.importCocktails(
                    drinks, images: [picture], origin: "book.json", at: StoreFixtures.firstDate)
                    == ImportCounts(new: 3, updated: 0))
            #expect(
                try await store.importCocktails(
                    Array(drinks.prefix(1)), images: [], origin: "book.json", at: StoreFixtures.secondDate)
                    == ImportCounts(new: 0, updated: 1))
            #expect(
                try await store.importCocktails(
                    Array(drinks.prefix(1)), images: [], origin: "other.json", at: StoreFixtures.secondDate)
                    == ImportCounts(new: 1, updated: 0))
            #expect(try await store.importedCocktails().count == 4)
            #expect(try await store.importedCocktails().first == drinks[0], "a cocktail comes back as it went in")
            #expect(try await store.importedOrigins().map(\.origin) == ["book.json", "other.json"])
            #expect(try await store.importedOrigins().map(\.count) == [3, 1])
            #expect(try await store.importedImageFile(for: picture.sourceURL) == "abc.jpg")
            #expect(try await store.importedPictures() == ["abc.jpg"])
            #expect(try await store.importedPictureSources().map(\.sourceURL) == [picture.sourceURL])
            // An imported drink can be a favorite although the source's catalog lacks it.
            try await store.setFavorite(true, for: drinks[1].id, owner: .implicit, at: Date())
            // An import that fails half-way writes nothing: the database refuses its second drink.
            let before = try await store.rowCounts()
            #expect(before["importedCocktail"] == 4 && before["importedImage"] == 1)
            try await backend.refuseImports(named: "Bad", in: store)
            var good = drinks[0]
            var bad = drinks[1]
            (good.id, bad.id, bad.name) = ("imp-x-good", "imp-x-bad", "Bad")
            await #expect(throws: (any Error).self) {
                try await store.importCocktails(
                    [good, bad],
                    images: [
                        ImportedImage(
                            sourceURL: "http://127.0.0.1:9/b.png", fileName: "b.png", contentType: "image/png")
                    ], origin: "book.json", at: Date())
            }
            #expect(try await store.rowCounts() == before)
            #expect(try await store.removeImported(origin: "book.json") == 3)
            #expect(try await store.importedOrigins().map(\.origin) == ["other.json"])
        }
    }

    @Test("the bar: shelf, always-at-hand, rules (kept once), the shopping list", arguments: backends)
    func bar(_ backend: Backend) async throws {
        try await backend.withStore { store in
            let me = FavoritesOwner.implicit
            try await store.setOnShelf("gin", true, owner: me)
            try await store.setOnShelf("gin", true, owner: me)
            try await store.setOnShelf("campari", true, owner: me)
            try await store.setOnShelf("campari", false, owner: me)
            try await store.setAlwaysAvailable("sugar", true, owner: me)
            let rule = try await store.addRule(SubstitutionRule(use: "lemon juice", insteadOf: "lime juice"), owner: me)
            let again = try await store.addRule(
                SubstitutionRule(use: "lemon juice", insteadOf: "lime juice", bothWays: true), owner: me)
            #expect(rule.id != nil && again.id == rule.id)
            let shelf = try await store.shelf(of: me)
            #expect(shelf.bottles == ["gin"] && shelf.alwaysAvailable == ["sugar"])
            #expect(shelf.rules.map(\.bothWays) == [true])
            #expect(try await store.shelf(of: FavoritesOwner(account: 3)).bottles.isEmpty)
            #expect(try await store.removeRule(id: try #require(rule.id), owner: me))
            #expect(try await store.removeRule(id: try #require(rule.id), owner: me) == false)
            try await store.addToShoppingList(["sweet vermouth", "campari"], for: "7", owner: me)
            try await store.addToShoppingList(["campari"], for: "9", owner: me)
            var list = try await store.shoppingList(of: me)
            #expect(list.map(\.value) == ["sweet vermouth", "campari"])
            #expect(list.map(\.cocktailIds) == [["7"], ["7", "9"]])
            #expect(try await store.setBought(true, itemId: list[1].id, owner: me))
            #expect(try await store.setBought(true, itemId: list[1].id, owner: FavoritesOwner(account: 3)) == false)
            list = try await store.shoppingList(of: me)
            #expect(list.map(\.isBought) == [false, true])
            #expect(try await store.removeFromShoppingList(itemId: nil, owner: me) == 1)
            #expect(try await store.shoppingList(of: me).map(\.value) == ["sweet vermouth"])
            // A party's lines come with why; one already listed takes the new reason, not a second row.
            let needs = [
                ShoppingNeed(
                    value: "sweet vermouth", reason: "1 × 750 ml sweet vermouth for 20 Negronis", cocktailIds: ["30"]),
                ShoppingNeed(value: "lime", reason: "16 limes for 20 Daiquiris", cocktailIds: ["2"]),
            ]
            try await store.addToShoppingList(needs, owner: me)
            try await store.addToShoppingList(needs, owner: me)
            list = try await store.shoppingList(of: me)
            #expect(list.map(\.value) == ["sweet vermouth", "lime"])
            #expect(list.map(\.reason) == needs.map(\.reason))
            #expect(list.map(\.cocktailIds) == [["7", "30"], ["2"]])
            await #expect(throws: StoreError.noOwner) { try await store.addToShoppingList(needs, owner: .nobody) }
            await #expect(throws: StoreError.noOwner) { try await store.setOnShelf("gin", true, owner: .nobody) }
        }
    }

    @Test("backup and restore round trip; a bad file changes nothing", arguments: backends)
    func backup(_ backend: Backend) async throws {
        try await backend.withStore { store in
            try await store.saveCatalog(
                CachedCatalog(cocktails: StoreFixtures.handMade, fetchedAt: StoreFixtures.firstDate))
            let alice = try await store.addAccount(
                name: "alice", role: .admin, passwordHash: "h", at: StoreFixtures.firstDate)
            let bob = try await store.addAccount(
                name: "bob", role: .member, passwordHash: "h", at: StoreFixtures.firstDate)
            try await store.setFavorite(true, for: "20", owner: alice.owner, at: StoreFixtures.firstDate)
            try await store.setFavorite(true, for: "3", owner: bob.owner, at: StoreFixtures.secondDate)
            try await store.saveSettings(Settings(units: .ml), for: alice.id)
            try await store.setOnShelf("gin", true, owner: bob.owner)
            _ = try await store.addRule(SubstitutionRule(use: "a", insteadOf: "b"), owner: bob.owner)
            try await store.addToShoppingList(["campari"], for: "3", owner: alice.owner)
            try await store.addToShoppingList(
                [ShoppingNeed(value: "lime", reason: "16 limes for 20 Daiquiris", cocktailIds: ["2"])],
                owner: alice.owner)
            var imported = StoreFixtures.handMade[0]
            imported.id = "imp-y-1"
            _ = try await store.importCocktails([imported], images: [], origin: "y", at: StoreFixtures.firstDate)
            let file = try await store.backup(pictures: nil, at: StoreFixtures.secondDate)
            #expect(String(decoding: file, as: UTF8.self).contains("16 limes for 20 Daiquiris"))

            try await backend.withStore { fresh in
                let summary = try await fresh.restore(file, pictures: nil, unusablePasswordHash: "!")
                let counts = summary.counts
                #expect(
                    [counts["accounts"], counts["favorites"], counts["imported"], counts["pictures"]] == [2, 2, 1, 0])
                #expect(summary.adminsWithoutPassword == ["alice"])
                #expect(
                    try await fresh.backup(pictures: nil, at: StoreFixtures.secondDate) == file,
                    "the same file again, byte for byte")
                let accounts = try await fresh.accounts()
                #expect(accounts.map(\.name) == ["alice", "bob"])
                #expect(try await fresh.credentials(named: "bob")?.passwordHash == "!")
                #expect(try await fresh.favoriteIDs(of: accounts[1].owner) == ["3"])
                #expect(try await fresh.settings(of: accounts[0].id)?.units == .ml)
                #expect(try await fresh.shelf(of: accounts[1].owner).bottles == ["gin"])
                #expect(
                    try await fresh.shoppingList(of: accounts[0].owner).map(\.reason) == [
                        nil, "16 limes for 20 Daiquiris",
                    ])
                #expect(try await fresh.importedCocktails() == [imported])
            }
            // A file naming an owner it does not list changes nothing.
            let text = String(decoding: file, as: UTF8.self).replacingOccurrences(
                of: "\"owner\" : \"bob\"", with: "\"owner\" : \"zed\"")
            await #expect(throws: StoreError.self) {
                try await store.restore(Data(text.utf8), pictures: nil, unusablePasswordHash: "!")
            }
            #expect(try await store.backup(pictures: nil, at: StoreFixtures.secondDate) == file)
            // The book's only admin listed as a guest: refused, and alice stays the admin.
            let demoting = String(decoding: file, as: UTF8.self).replacingOccurrences(
                of: "\"role\" : \"admin\"", with: "\"role\" : \"guest\"")
            #expect(demoting != String(decoding: file, as: UTF8.self))
            await #expect(
                throws: StoreError.invalidBackup(
                    "it would leave the book without an admin who can sign in (the backup demotes every admin the book has, and the admins it adds have no password yet)"
                )
            ) {
                try await store.restore(Data(demoting.utf8), pictures: nil, unusablePasswordHash: "!")
            }
            #expect(try await store.credentials(named: "alice")?.account.role == .admin)
            #expect(try await store.backup(pictures: nil, at: StoreFixtures.secondDate) == file)
        }
    }

    @Test(
        "pictures: kept once by name, read back, sized, removed; a backup carries them to another store",
        arguments: backends)
    func pictures(_ backend: Backend) async throws {
        try await backend.withStore { store in
            let bytes = Data([0x89, 0x50, 0x4E, 0x47] + Array(repeating: 7, count: 60))
            let a1 = try #require(PictureName.name(for: bytes))
            #expect(try await store.pictures.savePicture(bytes, named: a1))
            #expect(
                try await store.pictures.savePicture(bytes, named: a1) == false,
                "the same name twice is kept once")
            #expect(try await store.pictures.picture(named: a1) == bytes)
            #expect(try await store.pictures.picture(named: "b2.png") == nil)
            #expect(try await store.pictures.pictureSizes() == [a1: 64])
            var drink = StoreFixtures.handMade[1]
            drink.id = "imp-p-1"
            let record = ImportedImage(
                sourceURL: "http://127.0.0.1:9/a.png", fileName: a1, contentType: "image/png")
            _ = try await store.importCocktails([drink], images: [record], origin: "p", at: StoreFixtures.firstDate)
            let file = try await store.backup(pictures: store.pictures, at: StoreFixtures.secondDate)
            try await backend.withStore { (fresh: any AppStore) async throws in
                #expect(
                    try await fresh.restore(file, pictures: fresh.pictures, unusablePasswordHash: "!").counts[
                        "pictures"] == 1)
                #expect(try await fresh.pictures.picture(named: a1) == bytes)
                #expect(try await fresh.importedImageFile(for: record.sourceURL) == a1)
            }
            try await store.pictures.removePictures(named: [a1, "never.png"])
            #expect(try await store.pictures.picture(named: a1) == nil)
            #expect(try await store.pictures.pictureSizes().isEmpty)
        }
    }

    @Test("every write moves the change counter; the store reports itself healthy", arguments: backends)
    func changesAndHealth(_ backend: Backend) async throws {
        try await backend.withStore { store in
            let before = store.changes.version
            try await store.setOnShelf("gin", true, owner: .implicit)
            #expect(store.changes.version > before)
            #expect(await store.healthProblem() == nil)
            #expect(await store.sizeInBytes().map { $0 > 0 } ?? true)
        }
    }
}

/// A storage backend under test.
enum Backend: String, Sendable, CustomTestStringConvertible {
    case sqlite, postgres

    var testDescription: String { rawValue }

    /// SQLite always; PostgreSQL when `COCKTAILBOOK_TEST_POSTGRES` names a server
    /// (`postgres://user@127.0.0.1:port/postgres`, a role that may create databases).
    static var configured: [Backend] {
        postgresServer == nil ? [.sqlite] : [.sqlite, .postgres]
    }

    static var postgresServer: String? { PostgresTestDatabase.server }

    /// Makes the database refuse an imported cocktail with this name, to fail an import half-way.
    func refuseImports(named name: String, in store: any AppStore) async throws {
        switch self {
        case .sqlite:
            let database = try #require(store as? AppDatabase)
            try await database.writer.write { db in
                try db.execute(
                    sql:
                        "CREATE TRIGGER refuse BEFORE INSERT ON imported_cocktail WHEN NEW.name = '\(name)' BEGIN SELECT RAISE(ABORT, 'refused'); END"
                )
            }
        case .postgres:
            let database = try #require(store as? PostgresStore)
            try await database.client.query(
                PostgresQuery(
                    unsafeSQL: """
                        CREATE FUNCTION refuse() RETURNS trigger AS $$ BEGIN IF NEW.name = '\(name)' THEN RAISE EXCEPTION 'refused'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql
                        """))
            try await database.client.query(
                "CREATE TRIGGER refuse BEFORE INSERT ON imported_cocktail FOR EACH ROW EXECUTE FUNCTION refuse()")
        }
    }

    /// Runs `body` with a fresh, empty store of this backend, deleted afterwards.
    func withStore(_ body: (any AppStore) async throws -> Void) async throws {
        switch self {
        case .sqlite:
            let tmp = try TemporaryDatabase()
            defer { tmp.remove() }
            let store = try AppDatabase(path: tmp.path)
            try await store.whileRunning { try await body(store) }
        case .postgres:
            let server = try #require(Self.postgresServer)
            try await PostgresTestDatabase.with(server: server) { url in
                let store = try await PostgresStore(url: url, logger: Logger(label: "contract"))
                try await store.whileRunning { try await body(store) }
            }
        }
    }
}
