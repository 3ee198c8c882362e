import CocktailBook
import CocktailBookTestSupport
import CocktailsAPI
import Foundation
import Testing

@testable import CocktailBookStore

/// Backup and restore: a backup restored into a fresh database gives back everything, and a
/// bad file changes nothing and says why.
@Suite("Backup and restore")
struct AppDatabaseBackupTests {
    static let picture = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3, 4])
    /// The name it is kept under: its bytes' hash.
    static let pictureName = PictureName.name(for: picture)!

    /// A book with two accounts and something of everything.
    static func filled(_ tmp: TemporaryDatabase) async throws -> (AppDatabase, URL) {
        let database = try AppDatabase(path: tmp.path)
        let pictures = tmp.directory.appendingPathComponent("images", isDirectory: true)
        try FileManager.default.createDirectory(at: pictures, withIntermediateDirectories: true)
        try Self.picture.write(to: pictures.appendingPathComponent(Self.pictureName))
        try await database.saveCatalog(
            CachedCatalog(cocktails: StoreFixtures.handMade, fetchedAt: StoreFixtures.firstDate))
        let alice = try await database.addAccount(
            name: "alice", role: .admin, passwordHash: "hash-a", at: StoreFixtures.firstDate)
        let bob = try await database.addAccount(
            name: "bob", role: .member, passwordHash: "hash-b", at: StoreFixtures.secondDate)
        try await database.setFavorite(true, for: "20", owner: alice.owner, at: StoreFixtures.firstDate)
        try await database.setFavorite(true, for: "3", owner: bob.owner, at: StoreFixtures.secondDate)
        try await database.saveSettings(
            Settings(theme: .dark, language: .italian, units: .ml, servings: 2), for: alice.id)
        try await database.setOnShelf("Campari", true, owner: bob.owner)
        try await database.setOnShelf("London dry gin", true, owner: bob.owner)
        try await database.setAlwaysAvailable("superfine sugar", true, owner: bob.owner)
        _ = try await database.addRule(
            SubstitutionRule(use: "orange curaçao", insteadOf: "Cointreau", bothWays: true), owner: bob.owner)
        try await database.addToShoppingList(["sweet vermouth"], for: "20", owner: alice.owner)
        let imported = Cocktail(
            id: "imported-1", name: "House Sour", kind: .alcoholic, shortDescription: "Ours.",
            longDescription: "Made here.",
            preparationMinutes: 4, imageName: "x", ingredients: ["2 oz gin"],
            imageURL: "/images/imported/\(Self.pictureName)")
        _ = try await database.importCocktails(
            [imported],
            images: [
                ImportedImage(
                    sourceURL: "https://example.org/a.png", fileName: Self.pictureName, contentType: "image/png")
            ],
            origin: "house.json", at: StoreFixtures.firstDate)
        return (database, pictures)
    }

    @Test(
        "a backup restored into a fresh database gives back accounts, favorites, settings, bars, imports and pictures")
    func roundTrip() async throws {
        let source = try TemporaryDatabase()
        let target = try TemporaryDatabase()
        defer {
            source.remove()
            target.remove()
        }
        let (original, pictures) = try await Self.filled(source)
        let data = try await original.backup(pictures: PictureFolder(directory: pictures), at: StoreFixtures.secondDate)
        let text = String(decoding: data, as: UTF8.self)
        #expect(!text.contains("hash-a") && !text.contains("hash-b"), "no password hash in a backup")

        let fresh = try AppDatabase(path: target.path)
        let freshPictures = target.directory.appendingPathComponent("images", isDirectory: true)
        let summary = try await fresh.restore(
            data, pictures: PictureFolder(directory: freshPictures), unusablePasswordHash: "!restored")
        let counts = summary.counts
        #expect([counts["accounts"], counts["favorites"], counts["imported"], counts["pictures"]] == [2, 2, 1, 1])
        #expect(summary.adminsWithoutPassword == ["alice"])

        // Everything compares equal, and so does a backup of the restored book.
        #expect(
            try await fresh.backup(pictures: PictureFolder(directory: freshPictures), at: StoreFixtures.secondDate)
                == data)
        let accounts = try await fresh.accounts()
        #expect(accounts.map(\.name) == ["alice", "bob"] && accounts.map(\.role) == [.admin, .member])
        let bob = try #require(accounts.last)
        #expect(try await fresh.favoriteIDs(of: accounts[0].owner) == ["20"])
        #expect(try await fresh.favoriteIDs(of: bob.owner) == ["3"])
        #expect(try await fresh.settings(of: accounts[0].id)?.units == .ml)
        let shelf = try await fresh.shelf(of: bob.owner)
        #expect(shelf.bottles == ["Campari", "London dry gin"] && shelf.alwaysAvailable == ["superfine sugar"])
        #expect(
            shelf.rules.map { [$0.use, $0.insteadOf, String($0.bothWays)] } == [
                ["orange curaçao", "Cointreau", "true"]
            ])
        #expect(try await fresh.shoppingList(of: accounts[0].owner).map(\.value) == ["sweet vermouth"])
        #expect(try await fresh.importedCocktails().map(\.name) == ["House Sour"])
        #expect(
            FileManager.default.contents(atPath: freshPictures.appendingPathComponent(Self.pictureName).path)
                == Self.picture)
        // Restored accounts have no usable password until an admin sets one.
        #expect(try await fresh.credentials(named: "alice")?.passwordHash == "!restored")
    }

    @Test(
        "a bad file changes nothing and says why",
        arguments: [
            ("not json at all", "it is not JSON"),
            // Another JSON document is named as not a backup, not by the first field it lacks.
            (#"{"format":"something-else","version":1}"#, "it is not a Cocktail Book backup (one is the file that"),
            (#"{"drinks":[{"idDrink":"1"}]}"#, "it is not a Cocktail Book backup"),
            (#"[1, 2]"#, "the document is not what a backup holds there"),
            (
                #"{"format":"cocktailbook-backup","version":2,"createdAt":"2026-01-01T00:00:00Z","accounts":[],"favorites":[],"settings":[],"bottles":[],"alwaysAvailable":[],"rules":[],"shopping":[],"imported":[],"pictures":[]}"#,
                "version 2"
            ),
            (
                #"{"format":"cocktailbook-backup","version":1,"createdAt":"2026-01-01T00:00:00Z","accounts":[],"favorites":[{"owner":"mallory","cocktailId":"1","addedAt":"2026-01-01T00:00:00Z"}],"settings":[],"bottles":[],"alwaysAvailable":[],"rules":[],"shopping":[],"imported":[],"pictures":[]}"#,
                "\"mallory\""
            ),
            (
                #"{"format":"cocktailbook-backup","version":1,"createdAt":"2026-01-01T00:00:00Z","accounts":[],"favorites":[],"settings":[],"bottles":[],"alwaysAvailable":[],"rules":[],"shopping":[],"imported":[],"pictures":[{"sourceURL":"x","fileName":"../../etc/passwd","contentType":"image/png","importedAt":"2026-01-01T00:00:00Z","data":""}]}"#,
                "is not named by the hash of its bytes"
            ),
            // A picture's name must be its bytes' hash, not any other name, Unicode or not.
            (
                #"{"format":"cocktailbook-backup","version":1,"createdAt":"2026-01-01T00:00:00Z","accounts":[],"favorites":[],"settings":[],"bottles":[],"alwaysAvailable":[],"rules":[],"shopping":[],"imported":[],"pictures":[{"sourceURL":"x","fileName":"café.png","contentType":"image/png","importedAt":"2026-01-01T00:00:00Z","data":"iVBORw0KGgoBAgME"}]}"#,
                "is not named by the hash of its bytes"
            ),
            // Accounts follow `user add`'s rules: no empty name (it would take the implicit
            // owner's rows), no markup, no 5,000 characters, no name twice.
            (
                #"{"format":"cocktailbook-backup","version":1,"createdAt":"2026-01-01T00:00:00Z","accounts":[{"name":"","role":"admin","createdAt":"2026-01-01T00:00:00Z"}],"favorites":[],"settings":[],"bottles":[],"alwaysAvailable":[],"rules":[],"shopping":[],"imported":[],"pictures":[]}"#,
                "is refused"
            ),
            (
                #"{"format":"cocktailbook-backup","version":1,"createdAt":"2026-01-01T00:00:00Z","accounts":[{"name":"<b>x</b>","role":"admin","createdAt":"2026-01-01T00:00:00Z"}],"favorites":[],"settings":[],"bottles":[],"alwaysAvailable":[],"rules":[],"shopping":[],"imported":[],"pictures":[]}"#,
                "is refused"
            ),
            (
                #"{"format":"cocktailbook-backup","version":1,"createdAt":"2026-01-01T00:00:00Z","accounts":[{"name":"\#(String(repeating: "a", count: 5000))","role":"admin","createdAt":"2026-01-01T00:00:00Z"}],"favorites":[],"settings":[],"bottles":[],"alwaysAvailable":[],"rules":[],"shopping":[],"imported":[],"pictures":[]}"#,
                "is refused"
            ),
            (
                #"{"format":"cocktailbook-backup","version":1,"createdAt":"2026-01-01T00:00:00Z","accounts":[{"name":"Ann","role":"admin","createdAt":"2026-01-01T00:00:00Z"},{"name":"ann","role":"guest","createdAt":"2026-01-01T00:00:00Z"}],"favorites":[],"settings":[],"bottles":[],"alwaysAvailable":[],"rules":[],"shopping":[],"imported":[],"pictures":[]}"#,
                "twice"
            ),
            // The book's only admin, alice, listed as a guest: the book would have no admin left.
            (
                #"{"format":"cocktailbook-backup","version":1,"createdAt":"2026-01-01T00:00:00Z","accounts":[{"name":"alice","role":"guest","createdAt":"2026-01-01T00:00:00Z"}],"favorites":[],"settings":[],"bottles":[],"alwaysAvailable":[],"rules":[],"shopping":[],"imported":[],"pictures":[]}"#,
                "without an admin"
            ),
        ])
    func badFile(_ content: String, reason: String) async throws {
        let tmp = try TemporaryDatabase()
        defer { tmp.remove() }
        let (database, pictures) = try await Self.filled(tmp)
        let before = try await database.backup(
            pictures: PictureFolder(directory: pictures), at: StoreFixtures.firstDate)
        await #expect {
            try await database.restore(
                Data(content.utf8), pictures: PictureFolder(directory: pictures), unusablePasswordHash: "!")
        } throws: { error in
            (error as? StoreError)?.errorDescription?.contains(reason) == true
                && (error as? StoreError)?.errorDescription?.hasSuffix("Nothing was changed.") == true
        }
        #expect(
            try await database.backup(pictures: PictureFolder(directory: pictures), at: StoreFixtures.firstDate)
                == before)
    }

    @Test("resetting favorites empties one owner's, nobody else's")
    func reset() async throws {
        let tmp = try TemporaryDatabase()
        defer { tmp.remove() }
        let (database, _) = try await Self.filled(tmp)
        let accounts = try await database.accounts()
        #expect(try await database.resetFavorites(of: accounts[0].owner) == 1)
        #expect(try await database.favoriteIDs(of: accounts[0].owner).isEmpty)
        #expect(try await database.favoriteIDs(of: accounts[1].owner) == ["3"])
    }
}

/// What the restore page counts before it replaces anything.
@Suite("Backup counts")
struct BackupCountsTests {
    @Test("batches and bottle levels, and the book's own house recipes, are counted; an older backup says nil")
    func stockAndHouseRecipes() async throws {
        let tmp = try TemporaryDatabase()
        defer { tmp.remove() }
        let (database, _) = try await AppDatabaseBackupTests.filled(tmp)
        let bob = try #require(try await database.accounts().first { $0.name == "bob" })
        _ = try await database.addBatch("honey syrup", ml: 300, at: StoreFixtures.firstDate, owner: bob.owner)
        try await database.setStock("Campari", BottleStock(ml: 500, bottleMl: 700), owner: bob.owner)
        try await database.setStock("London dry gin", BottleStock(ml: 200, bottleMl: 700), owner: bob.owner)
        var backup = try Backup.decoder.decode(Backup.self, from: try await database.backup(pictures: nil))
        #expect(backup.counts["stock"] == 3)
        #expect(backup.counts["house"] == 0)
        backup.batches = nil
        backup.stock = nil
        backup.houseRecipes = nil
        #expect(backup.counts["stock"] == nil)
        #expect(backup.counts["house"] == nil)
    }
}
