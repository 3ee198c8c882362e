import Foundation

/// A named list of drinks a person keeps beside the favorites ("To try", "Saturday"), in the
/// order they chose, each drink with a short note. Private to its owner unless shared.
public struct DrinkList: Sendable, Equatable, Codable {
    /// One drink of a list.
    public struct Entry: Sendable, Equatable, Codable {
        public var cocktailID: String
        /// A few words of the owner's (`double batch`), or `nil`.
        public var note: String?
        public var addedAt: Date
        /// Its price on the menu, in the book's currency's minor unit (cents), or `nil`.
        public var priceMinor: Int?

        public init(cocktailID: String, note: String?, addedAt: Date, priceMinor: Int? = nil) {
            self.cocktailID = cocktailID
            self.note = note
            self.addedAt = addedAt
            self.priceMinor = priceMinor
        }
    }

    public var id: Int64
    /// The account whose list it is (0 for the owner of a book without accounts).
    public var ownerID: Int64
    public var name: String
    public var createdAt: Date
    public var updatedAt: Date
    /// The drinks, in the owner's order.
    public var entries: [Entry]
    /// Its share link, if it has one (revoked links are removed, expired ones stay until then).
    public var share: ListShare?
    /// Whose bar its menu follows, and what the menu does with a drink that bar cannot make now;
    /// `nil` for a menu that shows every drink.
    public var menuShelf: MenuShelf?
    /// Whether its menu shows prices, and the pour cost its suggested prices aim at.
    public var menuPrices: MenuPrices
    /// How its menu orders the drinks: by style, under headings, or as the owner ordered them.
    public var menuOrder: MenuOrder

    public init(
        id: Int64, ownerID: Int64, name: String, createdAt: Date, updatedAt: Date, entries: [Entry] = [],
        share: ListShare? = nil, menuShelf: MenuShelf? = nil, menuPrices: MenuPrices = MenuPrices(),
        menuOrder: MenuOrder = .byStyle
    ) {
        self.id = id
        self.ownerID = ownerID
        self.name = name
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.entries = entries
        self.share = share
        self.menuShelf = menuShelf
        self.menuPrices = menuPrices
        self.menuOrder = menuOrder
    }

    /// Whether `cocktailID` is one of the list's drinks.
    public func contains(_ cocktailID: String) -> Bool {
        entries.contains { $0.cocktailID == cocktailID }
    }
}

/// How a list's menu orders its drinks.
public enum MenuOrder: String, Sendable, Equatable, Codable, CaseIterable {
    /// Grouped under each style's heading (Sour, Highball…), the styles in the book's order.
    case byStyle = "style"
    /// One run in the list's own order, as the owner arranged it.
    case asListed = "list"
}

/// A menu that follows a bar: the drinks that bar cannot make now are hidden or marked "not
/// today", live, also on the shared menu.
public struct MenuShelf: Sendable, Equatable, Codable {
    /// The account whose shelf it reads (0 for the owner of a book without accounts).
    public var ownerID: Int64
    /// Hide a drink that cannot be made now (else it is shown marked "not today").
    public var hidesUnavailable: Bool

    public init(ownerID: Int64, hidesUnavailable: Bool) {
        self.ownerID = ownerID
        self.hidesUnavailable = hidesUnavailable
    }
}

/// A list's share link: whoever holds the token reads the list and its drinks, nothing else.
public struct ListShare: Sendable, Equatable, Codable {
    /// The secret part of `/s/{token}`: 128 random bits or more, URL-safe base64.
    public var token: String
    public var createdAt: Date
    /// When the link stops working; `nil` for a link that lasts until it is revoked.
    public var expiresAt: Date?

    public init(token: String, createdAt: Date, expiresAt: Date?) {
        self.token = token
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }

    /// Whether the link still opens the list at `now`.
    public func isValid(at now: Date) -> Bool {
        expiresAt.map { now < $0 } ?? true
    }
}

/// Why a change to a list was refused; nothing was written.
public enum ListError: Error, Sendable, Equatable {
    /// The owner has no list with this id (another owner's list is not found either).
    case notFound
    /// The list does not hold this drink.
    case entryNotFound
    /// A name must have 1 to ``ListRules/maximumNameLength`` characters.
    case invalidName
    /// A note may have at most ``ListRules/maximumNoteLength`` characters.
    case noteTooLong
    /// A list holds at most ``ListRules/maximumEntries`` drinks.
    case tooManyEntries
    /// An owner keeps at most ``ListRules/maximumLists`` lists.
    case tooManyLists
    /// A move to a place the list does not have.
    case invalidPosition
    /// A price is a whole number of minor units from 0 to ``ListRules/maximumPriceMinor``.
    case invalidPrice
    /// A pour cost is a whole percentage within ``ListRules/pourCostPercents``.
    case invalidPourCost
}

extension ListError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .notFound: "There is no such list."
        case .entryNotFound: "The list does not have this drink."
        case .invalidName: "A list's name has 1 to \(ListRules.maximumNameLength) characters."
        case .noteTooLong: "A note has at most \(ListRules.maximumNoteLength) characters."
        case .tooManyEntries: "A list holds at most \(ListRules.maximumEntries) drinks."
        case .tooManyLists: "You can keep at most \(ListRules.maximumLists) lists."
        case .invalidPosition: "The list has no such place."
        case .invalidPrice:
            "A price is a whole number of minor units (cents) from 0 to \(ListRules.maximumPriceMinor), or null."
        case .invalidPourCost:
            "A pour cost is a whole percentage from \(ListRules.pourCostPercents.lowerBound) to "
                + "\(ListRules.pourCostPercents.upperBound)."
        }
    }
}

/// The limits and checks of lists, kept once: both stores, the pages and the API apply them.
public enum ListRules {
    public static let maximumNameLength = 80
    public static let maximumNoteLength = 200
    public static let maximumEntries = 200
    public static let maximumLists = 100
    /// The longest a share link may last when it is given an expiry.
    public static let maximumShareDays = 365
    /// The highest price a drink may have, in minor units: 10,000.00 of a two-decimal currency.
    public static let maximumPriceMinor = 1_000_000
    /// The pour costs a menu's suggested prices may aim at, in percent of the price.
    public static let pourCostPercents = 5...80
    /// The pour cost a menu aims at until its owner chooses one: a common bar's target.
    public static let defaultPourCostPercent = 20

    /// A price as kept, or ``ListError/invalidPrice``; `nil` clears it.
    public static func price(_ minor: Int?) throws -> Int? {
        guard let minor else { return nil }
        guard (0...maximumPriceMinor).contains(minor) else { throw ListError.invalidPrice }
        return minor
    }

    /// The menu's prices as kept, or ``ListError/invalidPourCost``.
    public static func menuPrices(_ prices: MenuPrices) throws -> MenuPrices {
        if let percent = prices.pourCostPercent, !pourCostPercents.contains(percent) {
            throw ListError.invalidPourCost
        }
        return prices
    }

    /// The name as kept (trimmed), or ``ListError/invalidName``.
    public static func name(_ raw: String) throws -> String {
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        // Counted as JSON Schema's maxLength counts (code points), as sent: "Ṱ̺̺̕o" is five, not two.
        guard !name.isEmpty, raw.unicodeScalars.count <= maximumNameLength, !name.contains(where: \.isNewline) else {
            throw ListError.invalidName
        }
        return name
    }

    /// The note as kept (trimmed; empty is `nil`), or ``ListError/noteTooLong``.
    public static func note(_ raw: String?) throws -> String? {
        let note = (raw ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard (raw ?? "").unicodeScalars.count <= maximumNoteLength else { throw ListError.noteTooLong }
        return note.isEmpty ? nil : note
    }

    /// The drinks' order after moving `cocktailID` to `index` (0 is the top).
    public static func moving(_ cocktailID: String, to index: Int, in order: [String]) throws -> [String] {
        guard let from = order.firstIndex(of: cocktailID) else { throw ListError.entryNotFound }
        guard order.indices.contains(index) else { throw ListError.invalidPosition }
        var moved = order
        moved.remove(at: from)
        moved.insert(cocktailID, at: index)
        return moved
    }
}

/// Where lists are kept, per owner. Each call is one transaction; a refused change writes
/// nothing. A list of another owner is ``ListError/notFound``, as if it did not exist.
public protocol ListStore: Sendable {
    /// The owner's lists, by name (case-insensitively), each with its entries.
    func lists(of owner: FavoritesOwner) async throws -> [DrinkList]
    func list(id: Int64, owner: FavoritesOwner) async throws -> DrinkList?
    func createList(named name: String, owner: FavoritesOwner, at date: Date) async throws -> DrinkList
    func renameList(id: Int64, to name: String, owner: FavoritesOwner, at date: Date) async throws -> DrinkList
    /// Removes the list with its entries and share link; `false` when the owner has no such list.
    func deleteList(id: Int64, owner: FavoritesOwner) async throws -> Bool
    /// Adds a drink at the end, or changes the note of a drink the list holds.
    func addEntry(_ cocktailID: String, note: String?, to listID: Int64, owner: FavoritesOwner, at date: Date)
        async throws -> DrinkList
    func removeEntry(_ cocktailID: String, from listID: Int64, owner: FavoritesOwner, at date: Date) async throws
        -> DrinkList
    /// Moves a drink to `index` (0 is the top), the others keeping their order.
    func moveEntry(_ cocktailID: String, to index: Int, in listID: Int64, owner: FavoritesOwner, at date: Date)
        async throws -> DrinkList
    /// Gives the list this share link, replacing the one it had.
    func setShare(_ share: ListShare, for listID: Int64, owner: FavoritesOwner) async throws -> DrinkList
    /// Sets the menu price of a drink the list holds (`nil` clears it); a bad price writes nothing.
    func setEntryPrice(_ cocktailID: String, minor: Int?, in listID: Int64, owner: FavoritesOwner, at date: Date)
        async throws -> DrinkList
    /// Whether the list's menu shows prices, and the pour cost its suggestions aim at.
    func setMenuPrices(_ prices: MenuPrices, for listID: Int64, owner: FavoritesOwner) async throws -> DrinkList
    /// Makes the list's menu follow a bar (or every drink again, with `nil`).
    func setMenuShelf(_ menuShelf: MenuShelf?, for listID: Int64, owner: FavoritesOwner) async throws -> DrinkList
    /// Orders the list's menu by style or as the list is ordered.
    func setMenuOrder(_ order: MenuOrder, for listID: Int64, owner: FavoritesOwner) async throws -> DrinkList
    /// Revokes the list's share link; `false` when it had none.
    func removeShare(of listID: Int64, owner: FavoritesOwner) async throws -> Bool
    /// The list a share token opens, whoever owns it (expiry is the caller's to check).
    func sharedList(token: String) async throws -> DrinkList?
}
