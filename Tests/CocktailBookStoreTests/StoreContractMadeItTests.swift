import CocktailBook
import CocktailBookTestSupport
import Foundation
import Logging
import PostgresNIO
import Testing

@testable import CocktailBookStore

/// "I made this" records the making and takes its pours in one transaction, and says what
/// really came off the bottles, against every backend (see ``StoreContractTests``).
@Suite("Store contract: I made this", .serialized)
struct StoreContractMadeItTests {
    static let backends: [Backend] = Backend.configured
    static let day = Date(timeIntervalSince1970: 1_780_000_000)
    static let pours = [
        StockUse(value: "gin", ml: 50), StockUse(value: "Campari", ml: 30), StockUse(value: "rum", ml: 20),
    ]

    @Test(
        "the answer says what really came off: 30 ml from a bottle with 30 left, 0 from an empty one",
        arguments: backends)
    func drawnIsWhatWasTaken(_ backend: Backend) async throws {
        try await backend.withStore { store in
            try await store.setStock("gin", BottleStock(ml: 30), owner: .implicit)
            try await store.setStock("Campari", BottleStock(ml: 0), owner: .implicit)
            try await store.setStock("rum", BottleStock(bottleMl: 700), owner: .implicit)
            let made = try await store.recordMade(
                "11", servings: 1, note: "for two", drawing: Self.pours, owner: .implicit, at: Self.day)
            #expect(made.entry.cocktailID == "11" && made.entry.note == "for two")
            #expect(made.drawn == [StockUse(value: "gin", ml: 30), StockUse(value: "Campari", ml: 0)])
            #expect(try await store.madeEntries(of: "11", owner: .implicit) == [made.entry])
            #expect(try await store.stock(of: .implicit)["gin"]?.ml == 0)
            // Its undo gives back exactly that.
            #expect(try await store.restoreStock(madeId: made.entry.id, owner: .implicit).map(\.ml) == [30, 0])
            #expect(try await store.stock(of: .implicit)["gin"]?.ml == 30)
        }
    }

    @Test("a failure between the record and the stock keeps neither", arguments: backends)
    func oneTransaction(_ backend: Backend) async throws {
        try await backend.withStore { store in
            try await store.setStock("gin", BottleStock(ml: 700), owner: .implicit)
            try await backend.refuseStockUses(in: store)
            await #expect(throws: (any Error).self) {
                try await store.recordMade(
                    "11", servings: 2, note: nil, drawing: Self.pours, owner: .implicit, at: Self.day)
            }
            #expect(try await store.madeEntries(of: "11", owner: .implicit).isEmpty, "no making without its stock")
            #expect(try await store.stock(of: .implicit)["gin"]?.ml == 700, "no stock taken without its making")
        }
    }
}

extension Backend {
    /// Makes the database refuse every record of stock taken: a fault after the making is written.
    func refuseStockUses(in store: any AppStore) async throws {
        switch self {
        case .sqlite:
            let database = try #require(store as? AppDatabase)
            try await database.writer.write { db in
                try db.execute(
                    sql: "CREATE TRIGGER refuseUse BEFORE INSERT ON stock_use BEGIN SELECT RAISE(ABORT, 'refused'); END"
                )
            }
        case .postgres:
            let database = try #require(store as? PostgresStore)
            try await database.client.query(
                PostgresQuery(
                    unsafeSQL: """
                        CREATE FUNCTION refuse_use() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$ LANGUAGE plpgsql
                        """))
            try await database.client.query(
                "CREATE TRIGGER refuse_use BEFORE INSERT ON stock_use FOR EACH ROW EXECUTE FUNCTION refuse_use()")
        }
    }
}
