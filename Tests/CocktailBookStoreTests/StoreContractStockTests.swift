import CocktailBook
import CocktailBookTestSupport
import Foundation
import Testing

@testable import CocktailBookStore

/// Batches of house-made ingredients and the stock of bottles, against every backend (see
/// ``StoreContractTests``).
@Suite("Store contract: batches and stock", .serialized)
struct StoreContractStockTests {
    static let backends: [Backend] = Backend.configured
    static let day = Date(timeIntervalSince1970: 1_780_000_000)

    @Test("batches: newest first, per owner; only a fresh one is on the shelf", arguments: backends)
    func batches(_ backend: Backend) async throws {
        try await backend.withStore { store in
            let old = try await store.addBatch(
                "honey syrup", ml: 300, at: Date().addingTimeInterval(-40 * 86_400), owner: .implicit)
            #expect(old.value == "honey syrup" && old.ml == 300)
            #expect(try await store.shelf(of: .implicit).freshBatches.isEmpty, "40 days old: past 30 days")
            let fresh = try await store.addBatch("honey syrup", ml: 150, at: Date(), owner: .implicit)
            _ = try await store.addBatch("orgeat", ml: 200, at: Self.day, owner: FavoritesOwner(account: 7))
            #expect(try await store.batches(of: .implicit).map(\.id) == [fresh.id, old.id])
            #expect(try await store.batches(of: .implicit).map(\.ml) == [150, 300])
            #expect(try await store.shelf(of: .implicit).freshBatches == ["honey syrup"])
            #expect(try await store.batches(of: FavoritesOwner(account: 7)).map(\.value) == ["orgeat"])
            #expect(try await store.batches(of: .nobody).isEmpty)
            await #expect(throws: StoreError.noOwner) {
                try await store.addBatch("orgeat", ml: 1, at: Self.day, owner: .nobody)
            }
        }
    }

    @Test("stock: set, replaced, forgotten; used by a making and given back by its undo", arguments: backends)
    func stock(_ backend: Backend) async throws {
        try await backend.withStore { store in
            let price = BottleStock.Price(minor: 2500, currency: "EUR")
            try await store.setStock(
                "Campari", BottleStock(ml: 140, bottleMl: 700, lowMl: 100, price: price), owner: .implicit)
            try await store.setStock("gin", BottleStock(ml: 700), owner: .implicit)
            try await store.setStock("rum", BottleStock(bottleMl: 700), owner: .implicit)
            #expect(
                try await store.stock(of: .implicit) == [
                    "Campari": BottleStock(ml: 140, bottleMl: 700, lowMl: 100, price: price),
                    "gin": BottleStock(ml: 700), "rum": BottleStock(bottleMl: 700),
                ])
            let uses = [
                StockUse(value: "Campari", ml: 30), StockUse(value: "gin", ml: 60), StockUse(value: "rum", ml: 30),
            ]
            #expect(try await store.useStock(uses, madeId: 1, owner: .implicit).isEmpty, "110 ml: above the mark")
            let crossed = try await store.useStock(uses, madeId: 2, owner: .implicit)
            #expect(crossed == [StockUse(value: "Campari", ml: 80)])
            #expect(try await store.shoppingList(of: .implicit).map(\.value) == ["Campari"])
            _ = try await store.useStock(uses, madeId: 3, owner: .implicit)
            #expect(try await store.shoppingList(of: .implicit).map(\.value) == ["Campari"], "once")
            var stock = try await store.stock(of: .implicit)
            #expect(stock["Campari"]?.ml == 50 && stock["gin"]?.ml == 520)
            #expect(stock["rum"] == BottleStock(bottleMl: 700), "no level known: nothing taken")
            // Undoing the second making gives back exactly what it took; twice gives nothing more.
            #expect(try await store.restoreStock(madeId: 2, owner: .implicit).map(\.ml) == [30, 60])
            #expect(try await store.restoreStock(madeId: 2, owner: .implicit).isEmpty)
            stock = try await store.stock(of: .implicit)
            #expect(stock["Campari"]?.ml == 80 && stock["gin"]?.ml == 580)
            // A bottle never goes below empty, and its undo gives back only what was there.
            try await store.setStock("gin", BottleStock(ml: 20), owner: .implicit)
            _ = try await store.useStock([StockUse(value: "gin", ml: 60)], madeId: 4, owner: .implicit)
            #expect(try await store.stock(of: .implicit)["gin"]?.ml == 0)
            _ = try await store.restoreStock(madeId: 4, owner: .implicit)
            #expect(try await store.stock(of: .implicit)["gin"]?.ml == 20)
            try await store.setStock("gin", nil, owner: .implicit)
            #expect(try await store.stock(of: .implicit)["gin"] == nil)
            #expect(try await store.stock(of: FavoritesOwner(account: 7)).isEmpty)
        }
    }

    @Test("batches and stock survive a backup and restore, byte for byte", arguments: backends)
    func backup(_ backend: Backend) async throws {
        try await backend.withStore { store in
            let alice = try await store.addAccount(name: "alice", role: .admin, passwordHash: "h", at: Self.day)
            _ = try await store.addBatch("honey syrup", ml: 300, at: Self.day, owner: alice.owner)
            try await store.setStock(
                "Campari", BottleStock(ml: 350, bottleMl: 700, lowMl: 100, price: .init(minor: 2100, currency: "EUR")),
                owner: alice.owner)
            let file = try await store.backup(pictures: nil, at: Self.day)
            #expect(String(decoding: file, as: UTF8.self).contains("\"batches\""))
            try await backend.withStore { fresh in
                _ = try await fresh.restore(file, pictures: nil, unusablePasswordHash: "!")
                #expect(try await fresh.backup(pictures: nil, at: Self.day) == file)
                let owner = try #require(try await fresh.accounts().first).owner
                #expect(try await fresh.batches(of: owner).map(\.ml) == [300])
                #expect(try await fresh.stock(of: owner)["Campari"]?.price?.minor == 2100)
            }
            // A level above the bottle's size in a file is refused, and nothing changes.
            let bad = String(decoding: file, as: UTF8.self).replacingOccurrences(
                of: "\"ml\" : 350", with: "\"ml\" : 900")
            #expect(bad != String(decoding: file, as: UTF8.self))
            await #expect(throws: StoreError.self) {
                try await store.restore(Data(bad.utf8), pictures: nil, unusablePasswordHash: "!")
            }
            #expect(try await store.backup(pictures: nil, at: Self.day) == file)
        }
    }

    @Test("a making draws from a batch, the oldest first, and its undo gives back exactly that", arguments: backends)
    func batchDraws(_ backend: Backend) async throws {
        try await backend.withStore { store in
            let old = try await store.addBatch(
                "honey syrup", ml: 20, at: Date().addingTimeInterval(-86_400), owner: .implicit)
            let new = try await store.addBatch("honey syrup", ml: 300, at: Date(), owner: .implicit)
            try await store.setStock("bourbon", BottleStock(ml: 700), owner: .implicit)
            let draws = [
                StockUse(value: "bourbon", ml: 120), StockUse(value: "honey syrup", ml: 20, batchId: old.id),
                StockUse(value: "honey syrup", ml: 25, batchId: new.id),
            ]
            #expect(try await store.useStock(draws, madeId: 9, owner: .implicit).isEmpty)
            #expect(try await store.batches(of: .implicit).map(\.ml) == [275, 0])
            #expect(try await store.stock(of: .implicit)["bourbon"]?.ml == 580)
            // The empty batch is gone from the shelf; the other is still there.
            #expect(try await store.shelf(of: .implicit).freshBatches == ["honey syrup"])
            _ = try await store.useStock(
                [StockUse(value: "honey syrup", ml: 275, batchId: new.id)], madeId: 10, owner: .implicit)
            #expect(try await store.shelf(of: .implicit).freshBatches.isEmpty, "both at 0 ml")
            let given = try await store.restoreStock(madeId: 9, owner: .implicit)
            #expect(given == draws)
            #expect(try await store.batches(of: .implicit).map(\.ml) == [25, 20])
            #expect(try await store.stock(of: .implicit)["bourbon"]?.ml == 700)
            // Another owner's batch is never drawn.
            let theirs = try await store.addBatch("orgeat", ml: 100, at: Date(), owner: FavoritesOwner(account: 7))
            _ = try await store.useStock(
                [StockUse(value: "orgeat", ml: 30, batchId: theirs.id)], madeId: 11, owner: .implicit)
            #expect(try await store.batches(of: FavoritesOwner(account: 7)).map(\.ml) == [100])
        }
    }

    @Test("making a batch draws its ingredients; removing the batch gives them back", arguments: backends)
    func batchMaking(_ backend: Backend) async throws {
        try await backend.withStore { store in
            try await store.setStock("raw honey", BottleStock(ml: 300, bottleMl: 500, lowMl: 100), owner: .implicit)
            let made = try await store.addBatch(
                "honey syrup", ml: 280, at: Self.day,
                drawing: [StockUse(value: "raw honey", ml: 250), StockUse(value: "sugar", ml: 10)], owner: .implicit)
            #expect(made.batch.ml == 280 && made.low == [StockUse(value: "raw honey", ml: 50)])
            #expect(try await store.stock(of: .implicit)["raw honey"]?.ml == 50)
            #expect(try await store.stock(of: .implicit)["sugar"] == nil, "untracked: left alone")
            #expect(try await store.shoppingList(of: .implicit).map(\.value) == ["raw honey"])
            // Undoing a drink made never gives back what making a batch took.
            #expect(try await store.restoreStock(madeId: 0, owner: .implicit).isEmpty)
            #expect(try await store.removeBatch(id: made.batch.id, owner: FavoritesOwner(account: 7)) == nil)
            #expect(
                try await store.removeBatch(id: made.batch.id, owner: .implicit) == [
                    StockUse(value: "raw honey", ml: 250)
                ])
            #expect(try await store.stock(of: .implicit)["raw honey"]?.ml == 300)
            #expect(try await store.batches(of: .implicit).isEmpty)
            #expect(try await store.removeBatch(id: made.batch.id, owner: .implicit) == nil, "twice: nothing")
        }
    }

    @Test("a batch drawn to 0 ml survives a backup and restore", arguments: backends)
    func emptyBatchBackup(_ backend: Backend) async throws {
        try await backend.withStore { store in
            let alice = try await store.addAccount(name: "alice", role: .admin, passwordHash: "h", at: Self.day)
            let batch = try await store.addBatch("orgeat", ml: 50, at: Self.day, owner: alice.owner)
            _ = try await store.useStock(
                [StockUse(value: "orgeat", ml: 50, batchId: batch.id)], madeId: 1, owner: alice.owner)
            let file = try await store.backup(pictures: nil, at: Self.day)
            try await backend.withStore { fresh in
                _ = try await fresh.restore(file, pictures: nil, unusablePasswordHash: "!")
                let owner = try #require(try await fresh.accounts().first).owner
                #expect(try await fresh.batches(of: owner).map(\.ml) == [0])
                #expect(try await fresh.backup(pictures: nil, at: Self.day) == file)
            }
        }
    }
}
