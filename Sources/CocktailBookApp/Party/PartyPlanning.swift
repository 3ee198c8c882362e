import CocktailBook
import Foundation

/// The party planner and the lists for the command line: the same desk the pages and the API
/// use, so `cocktailbook party --json` prints what `GET /api/v1/lists/{id}/plan` answers.
public struct ListCommands: Sendable {
    package let desk: ListDesk

    public init(catalog: CatalogService, store: any ListStore & BarStore & BookSettingsStore) {
        desk = ListDesk(catalog: catalog, store: store, bar: store, book: store)
    }

    /// Why a command's request cannot be answered, in the words the API uses.
    public struct Refusal: Error, LocalizedError, Sendable {
        public let message: String
        public var errorDescription: String? { message }
    }

    /// `owner`'s list named `name` (letter case aside), or a refusal naming the lists there are.
    public func list(named name: String, owner: FavoritesOwner) async throws -> DrinkList {
        let lists = try await desk.store.lists(of: owner)
        let folded = name.trimmingCharacters(in: .whitespaces).lowercased()
        guard let list = lists.first(where: { $0.name.lowercased() == folded }) else {
            let names = lists.map { "\"\($0.name)\"" }.joined(separator: ", ")
            throw Refusal(
                message: "There is no list \"\(name)\"" + (names.isEmpty ? "." : "; the lists are \(names)."))
        }
        return list
    }

    /// The list's drinks in order: id and name (the id alone once a drink left the catalog).
    public func drinks(of list: DrinkList) async -> [(id: String, name: String)] {
        await desk.rows(of: list).map { ($0.entry.cocktailID, $0.details?.cocktail.name ?? $0.entry.cocktailID) }
    }

    /// The catalog's id of the drink `raw` names: its id, or its name (letter case and accents aside).
    public func drink(_ raw: String) async throws -> String {
        try await desk.catalog.cocktail(idOrName: raw).cocktail.id
    }

    /// The plan for `list`, as the API works it out; impossible parties are refused.
    public func plan(
        _ list: DrinkList, guests: Int, perGuest: Int, shelf: Bool, owner: FavoritesOwner
    ) async throws -> PartyPlan {
        guard (1...PartyPlanner.maximumGuests).contains(guests) else {
            throw Refusal(message: "--guests is a whole number from 1 to \(PartyPlanner.maximumGuests).")
        }
        guard (1...PartyPlanner.maximumPerGuest).contains(perGuest) else {
            throw Refusal(message: "--per-guest is a whole number from 1 to \(PartyPlanner.maximumPerGuest).")
        }
        do {
            return try await desk.plan(
                list, ListDesk.PartyRequest(guests: guests, perGuest: perGuest, shelf: shelf), owner: owner)
        } catch let error as AppError {
            throw Refusal(message: error.message)
        }
    }

    /// The plan as the API's JSON.
    public func json(_ plan: PartyPlan, perGuest: Int, strings: UIStrings) throws -> Data {
        try APIJSON.encode(PartyPlanPayload(plan, perGuest: perGuest, strings: strings))
    }

    /// The list as `GET /api/v1/lists/{id}` answers it, without a share link's address (the
    /// command line does not know the server's).
    public func json(_ list: DrinkList, strings: UIStrings = .english) async throws -> Data {
        try APIJSON.encode(
            ListPayload(
                list, rows: await desk.rows(of: list), url: nil, currency: try await desk.currency(), strings: strings))
    }

    /// The book's currency, in which menu prices are kept.
    public func currency() async throws -> String { try await desk.currency() }

    /// A price as `strings`' language writes it (`€9.50`, `9,50 €`).
    public func priceText(_ minor: Int, currency: String, strings: UIStrings) -> String {
        ListDesk.priceText(minor, currency: currency, strings: strings)
    }

    /// A price typed on the command line (`9.50`, `9,50`) in minor units of `currency`, or a
    /// refusal saying what a price is.
    public func price(_ raw: String, currency: String) throws -> Int {
        guard let minor = try ListDesk.price(fromField: raw, currency: currency) else {
            throw Refusal(message: "Give a price such as 9.50, or --clear.")
        }
        return minor
    }

    public var store: any ListStore { desk.store }
    public func now() -> Date { desk.catalog.now() }
}
