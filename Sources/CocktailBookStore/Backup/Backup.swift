import CocktailBook
import Foundation

/// A backup of everything people put into a book, as one JSON document: accounts (names, roles,
/// dates; never a password hash, session or token), favorites, settings, bars (bottles, always-
/// at-hand items, rules, shopping lists), imported cocktails and their pictures (embedded).
/// Owners are named (`""` for the owner of a book without accounts), so a backup restores into
/// any database.
public struct Backup: Codable, Sendable, Equatable {
    public static let formatName = "cocktailbook-backup"

    public struct Account: Codable, Sendable, Equatable {
        public var name: String
        public var role: String
        public var createdAt: Date
        /// Its e-mail address, if it has one (backups before 0.9.1 carry none).
        public var email: String?
    }
    public struct Favorite: Codable, Sendable, Equatable {
        public var owner: String
        public var cocktailId: String
        public var addedAt: Date
    }
    /// Which account an OpenID provider's (issuer, subject) pair signs in.
    public struct Identity: Codable, Sendable, Equatable {
        public var owner: String
        public var issuer: String
        public var subject: String
        public var linkedAt: Date
    }
    public struct OwnedValue: Codable, Sendable, Equatable {
        public var owner: String
        public var value: String
    }
    public struct Rule: Codable, Sendable, Equatable {
        public var owner: String
        public var use: String
        public var insteadOf: String
        public var bothWays: Bool
    }
    public struct ShoppingItem: Codable, Sendable, Equatable {
        public var owner: String
        public var value: String
        public var cocktails: [String]
        public var bought: Bool
        public var addedAt: Date
        /// Why it is there; absent in backups made before reasons were kept.
        public var reason: String?
    }
    public struct Imported: Codable, Sendable, Equatable {
        public var origin: String
        public var id: String
        public var name: String
        public var cocktail: Cocktail
        public var importedAt: Date
    }
    public struct Picture: Codable, Sendable, Equatable {
        public var sourceURL: String
        public var fileName: String
        public var contentType: String
        public var importedAt: Date
        /// The file's bytes, base64 in the JSON.
        public var data: Data

        /// Whether an import downloaded it (and the book records where from), rather than a
        /// person uploading it or a recipe page bringing it.
        var isDownload: Bool { !sourceURL.isEmpty }
    }

    public var format: String
    public var version: Int
    public var createdAt: Date
    public var accounts: [Account] = []
    public var favorites: [Favorite] = []
    /// Settings of accounts (visitors keep theirs in a cookie).
    public var settings: [OwnedValue] = []
    /// The accounts' links to an OpenID provider; absent from backups made before them.
    public var identities: [Identity]? = nil
    public var bottles: [OwnedValue] = []
    public var alwaysAvailable: [OwnedValue] = []
    public var rules: [Rule] = []
    public var shopping: [ShoppingItem] = []
    public var imported: [Imported] = []
    public var pictures: [Picture] = []
    /// The book's own recipes and names, and each person's notes, ratings and drinks made
    /// (see `Backup+Recipes.swift`); absent from backups made before they existed.
    public var recipes: [Recipe]? = nil
    public var customIngredients: [String]? = nil
    public var notes: [Note]? = nil
    public var ratings: [Rating]? = nil
    public var made: [Made]? = nil
    public var lists: [DrinkList]? = nil
    /// Batches of house-made ingredients and the stock of bottles (see `Backup+Stock.swift`).
    public var batches: [Batch]? = nil
    public var stock: [Stock]? = nil
    /// The book's own house recipes (see `Backup+HouseRecipes.swift`).
    public var houseRecipes: [HouseRecipeEntry]? = nil
    /// The book's currency, when an admin set one; absent in older backups (a restore then
    /// leaves the book's as it is).
    public var currency: String? = nil

    /// What a restore brought back: the backup's counts, and the admins who cannot sign in yet
    /// (made by the restore, so without a password), by name: each needs
    /// `cocktailbook user passwd NAME`.
    public struct Summary: Sendable, Equatable {
        public var counts: Counts
        public var adminsWithoutPassword: [String] = []
    }

    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return encoder
    }

    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}

extension Backup {
    /// Reads a backup file and checks what a restore relies on (format, version, owners, roles,
    /// picture names), before any backend changes anything.
    ///
    /// - Throws: ``StoreError/invalidBackup(_:)`` saying what is wrong.
    public static func validated(_ data: Data) throws -> Backup {
        // Another JSON file (a catalog, an export) is named as such before any field of a
        // backup is looked for in it.
        struct Header: Decodable { var format: String? }
        if let header = try? Backup.decoder.decode(Header.self, from: data), header.format != Backup.formatName {
            throw StoreError.invalidBackup(
                "it is not a Cocktail Book backup (one is the file that Maintenance's Download backup saves)")
        }
        let backup: Backup
        do {
            backup = try Backup.decoder.decode(Backup.self, from: data)
        } catch let error as DecodingError {
            throw StoreError.invalidBackup(describe(decoding: error))
        } catch {
            throw StoreError.invalidBackup("it is not JSON")
        }
        guard backup.version == 1 else {
            throw StoreError.invalidBackup("it is version \(backup.version) of the format; this book reads version 1")
        }
        let known = Set(backup.accounts.map { $0.name.lowercased() }).union([""])
        let owners = BookContents.parts.flatMap { $0.people(backup) }
        if let stranger = owners.first(where: { !known.contains($0.lowercased()) }) {
            throw StoreError.invalidBackup("it names an owner, \"\(stranger)\", that is not among its accounts")
        }
        try backup.checkRecipes()
        try backup.checkStock()
        try backup.checkHouseRecipes()
        try backup.checkPrices()
        if let role = backup.accounts.map(\.role).first(where: { Role(rawValue: $0) == nil }) {
            throw StoreError.invalidBackup("\"\(role)\" is not a role")
        }
        // The accounts a restore creates follow the rules `user add` does.
        for account in backup.accounts {
            if let problem = AccountName.problem(with: account.name) {
                throw StoreError.invalidBackup(
                    "the account name \"\(account.name.prefix(40))\" is refused (\(problem.dropLast()))")
            }
        }
        let names = backup.accounts.map { $0.name.lowercased() }
        if let twice = names.first(where: { name in names.filter { $0 == name }.count > 1 }) {
            throw StoreError.invalidBackup("it lists the account \"\(twice)\" twice")
        }
        // A picture is kept under its content's hash: a name that is not the hash of its bytes
        // would be served as another picture, or never.
        if let picture = backup.pictures.first(where: { !isNamedByItsBytes($0) }) {
            throw StoreError.invalidBackup(
                "the picture \"\(picture.fileName.prefix(80))\" is not named by the hash of its bytes")
        }
        return backup
    }

    /// Saves the pictures into `store` (one already there is never overwritten: its name is
    /// its content's hash) and returns the names this call added, to remove if the restore fails.
    public func savePictures(into store: (any PictureStore)?) async throws -> [String] {
        var saved: [String] = []
        guard let store else { return saved }
        for picture in pictures where try await store.savePicture(picture.data, named: picture.fileName) {
            saved.append(picture.fileName)
        }
        return saved
    }

    /// Fills in the bytes of the pictures from `store`: those imports recorded and every other
    /// picture of the book's own that a drink in the backup shows (uploaded in the editor or
    /// fetched with a recipe page, in any version, in the trash too). Those the store lacks (or
    /// all, without a store) are left out of the backup.
    public mutating func readPictures(from store: (any PictureStore)?) async throws {
        var kept: [Picture] = []
        if let store {
            for var picture in pictures + shownPictures() {
                guard let data = try await store.picture(named: picture.fileName) else { continue }
                picture.data = data
                kept.append(picture)
            }
        }
        pictures = kept
    }

    /// The book's own pictures the backup's drinks show that no import recorded, once each, by
    /// name. They come from no address, so their `sourceURL` is empty and a restore records no
    /// download for them.
    private func shownPictures() -> [Picture] {
        let drinks = imported.map(\.cocktail) + (recipes ?? []).flatMap { $0.versions.map(\.cocktail) }
        var seen = Set(pictures.map(\.fileName))
        var shown: [Picture] = []
        for file in drinks.compactMap({ PictureName.keptFile(in: $0.imageURL) }) where seen.insert(file).inserted {
            shown.append(
                Picture(
                    sourceURL: "", fileName: file, contentType: PictureName.contentType(ofStored: file),
                    importedAt: createdAt, data: Data()))
        }
        return shown.sorted { $0.fileName < $1.fileName }
    }

    /// Whether a picture's name is the one its bytes are kept under (or, for files kept by
    /// earlier versions, their 16-hex hash with the right extension).
    private static func isNamedByItsBytes(_ picture: Picture) -> Bool {
        if PictureName.name(for: picture.data) == picture.fileName { return true }
        guard let kind = PictureName.kind(of: picture.data) else { return false }
        return picture.fileName == ContentHash.hex(of: picture.data) + "." + kind.ext
    }

    /// Counts the admins who can sign in: a restore creates accounts with a password hash that
    /// starts with `!`, which no password matches. The same SQL on both backends.
    static let adminsWhoCanSignInSQL =
        "SELECT count(*) FROM account WHERE role = 'admin' AND password_hash NOT LIKE '!%'"
    /// The admins who cannot sign in until someone sets their password, by name.
    static let adminsWithoutPasswordSQL =
        "SELECT name FROM account WHERE role = 'admin' AND password_hash LIKE '!%' ORDER BY name"

    /// Refuses a restore that would take a book that has an admin who can sign in and leave it
    /// with none. Any other restore goes ahead, into an empty book above all (disaster recovery:
    /// a backup holds no password hashes); its summary names the admins who need a password.
    static func checkAdmins(before: Int, after: Int) throws {
        if before > 0, after == 0 {
            throw StoreError.invalidBackup(
                "it would leave the book without an admin who can sign in (the backup demotes every admin the book has, and the admins it adds have no password yet)"
            )
        }
    }

    private static func describe(decoding error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined()
            return keys.isEmpty ? "the document" : String(keys.drop { $0 == "." })
        }
        switch error {
        case .keyNotFound(let key, let context): return "\(path(context)) has no \"\(key.stringValue)\""
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(path(context)) is not what a backup holds there"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "it is not JSON" : "\(path(context)) is unreadable"
        @unknown default: return "it is not a backup"
        }
    }
}
