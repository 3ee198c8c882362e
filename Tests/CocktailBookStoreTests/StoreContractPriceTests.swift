import CocktailBook
import CocktailBookTestSupport
import Foundation
import Testing

@testable import CocktailBookStore

/// Menu prices of lists' drinks, a menu's price display and pour cost, and the book's currency,
/// against every backend (see ``StoreContractTests``).
@Suite("Store contract: menu prices and the book's currency", .serialized)
struct StoreContractPriceTests {
    static let backends: [Backend] = Backend.configured
    static let day = Date(timeIntervalSince1970: 1_780_000_000)

    @Test("a drink's price: set, replaced, cleared; a bad one writes nothing", arguments: backends)
    func prices(_ backend: Backend) async throws {
        try await backend.withStore { store in
            let list = try await store.createList(named: "Bar", owner: .implicit, at: Self.day)
            _ = try await store.addEntry("6", note: "tall", to: list.id, owner: .implicit, at: Self.day)
            _ = try await store.addEntry("3", note: nil, to: list.id, owner: .implicit, at: Self.day)
            let later = Self.day.addingTimeInterval(60)
            var read = try await store.setEntryPrice("6", minor: 950, in: list.id, owner: .implicit, at: later)
            #expect(read.entries.map(\.priceMinor) == [950, nil])
            #expect(read.entries.map(\.note) == ["tall", nil], "a price leaves the note alone")
            #expect(read.updatedAt == later)
            read = try await store.setEntryPrice("3", minor: 0, in: list.id, owner: .implicit, at: later)
            read = try await store.setEntryPrice("6", minor: 1_000_000, in: list.id, owner: .implicit, at: later)
            #expect(read.entries.map(\.priceMinor) == [1_000_000, 0])
            // A note changed afterwards keeps the price.
            read = try await store.addEntry("6", note: "short", to: list.id, owner: .implicit, at: later)
            #expect(read.entries.first?.priceMinor == 1_000_000)

            for bad in [-1, 1_000_001, Int.min] {
                await #expect(throws: ListError.invalidPrice) {
                    try await store.setEntryPrice("6", minor: bad, in: list.id, owner: .implicit, at: later)
                }
            }
            await #expect(throws: ListError.entryNotFound) {
                try await store.setEntryPrice("7", minor: 100, in: list.id, owner: .implicit, at: later)
            }
            await #expect(throws: ListError.notFound) {
                try await store.setEntryPrice(
                    "6", minor: 100, in: list.id, owner: FavoritesOwner(account: 9), at: later)
            }
            #expect(try await store.list(id: list.id, owner: .implicit)?.entries.map(\.priceMinor) == [1_000_000, 0])
            read = try await store.setEntryPrice("6", minor: nil, in: list.id, owner: .implicit, at: later)
            #expect(read.entries.map(\.priceMinor) == [nil, 0])
            #expect(read.entries.map(\.cocktailID) == ["6", "3"], "the order is untouched")
        }
    }

    @Test("a menu's price display and pour cost: kept, read by the share link; bad ones refused", arguments: backends)
    func menuPrices(_ backend: Backend) async throws {
        try await backend.withStore { store in
            let list = try await store.createList(named: "Bar", owner: .implicit, at: Self.day)
            #expect(list.menuPrices == MenuPrices())
            let set = try await store.setMenuPrices(
                MenuPrices(display: .hide, pourCostPercent: 22), for: list.id, owner: .implicit)
            #expect(set.menuPrices == MenuPrices(display: .hide, pourCostPercent: 22))
            _ = try await store.setShare(
                ListShare(token: "menu-token", createdAt: Self.day, expiresAt: nil), for: list.id, owner: .implicit)
            #expect(try await store.sharedList(token: "menu-token")?.menuPrices.display == .hide)
            for bad in [4, 81, -20] {
                await #expect(throws: ListError.invalidPourCost) {
                    try await store.setMenuPrices(
                        MenuPrices(display: .show, pourCostPercent: bad), for: list.id, owner: .implicit)
                }
            }
            await #expect(throws: ListError.notFound) {
                try await store.setMenuPrices(MenuPrices(), for: list.id, owner: FavoritesOwner(account: 9))
            }
            #expect(
                try await store.list(id: list.id, owner: .implicit)?.menuPrices
                    == MenuPrices(display: .hide, pourCostPercent: 22))
            let cleared = try await store.setMenuPrices(MenuPrices(display: .auto), for: list.id, owner: .implicit)
            #expect(cleared.menuPrices.pourCostPercent == nil)
        }
    }

    @Test("the book's currency: unset until set, replaced, an unknown code writes nothing", arguments: backends)
    func currency(_ backend: Backend) async throws {
        try await backend.withStore { store in
            #expect(try await store.bookCurrency() == nil)
            #expect(try await store.currency() == "EUR")
            try await store.setBookCurrency("JPY")
            try await store.setBookCurrency("USD")
            #expect(try await store.bookCurrency() == "USD")
            for bad in ["usd", "XYZ", "EURO", ""] {
                await #expect(throws: BookCurrencyError.self) { try await store.setBookCurrency(bad) }
            }
            #expect(try await store.currency() == "USD")
        }
    }

    @Test(
        "prices, the menu's choices and the currency survive a backup and restore, byte for byte", arguments: backends)
    func backup(_ backend: Backend) async throws {
        try await backend.withStore { store in
            let list = try await store.createList(named: "Bar", owner: .implicit, at: Self.day)
            _ = try await store.addEntry("6", note: nil, to: list.id, owner: .implicit, at: Self.day)
            _ = try await store.addEntry("3", note: nil, to: list.id, owner: .implicit, at: Self.day)
            _ = try await store.setEntryPrice("6", minor: 950, in: list.id, owner: .implicit, at: Self.day)
            _ = try await store.setMenuPrices(
                MenuPrices(display: .show, pourCostPercent: 25), for: list.id, owner: .implicit)
            try await store.setBookCurrency("CHF")
            let file = try await store.backup(pictures: nil, at: Self.day)
            let text = String(decoding: file, as: UTF8.self)
            #expect(text.contains("\"priceMinor\" : 950") && text.contains("\"currency\" : \"CHF\""))
            try await backend.withStore { fresh in
                _ = try await fresh.restore(file, pictures: nil, unusablePasswordHash: "!")
                #expect(try await fresh.backup(pictures: nil, at: Self.day) == file)
                let restored = try #require(try await fresh.lists(of: .implicit).first)
                #expect(restored.entries.map(\.priceMinor) == [950, nil])
                #expect(restored.menuPrices == MenuPrices(display: .show, pourCostPercent: 25))
                #expect(try await fresh.bookCurrency() == "CHF")
            }
            // A price of -1, a pour cost of 90 % or an unknown currency in a file: refused, nothing changes.
            for (from, to) in [
                ("\"priceMinor\" : 950", "\"priceMinor\" : -1"),
                ("\"pourCostPercent\" : 25", "\"pourCostPercent\" : 90"),
                ("\"currency\" : \"CHF\"", "\"currency\" : \"XYZ\""),
            ] {
                let bad = text.replacingOccurrences(of: from, with: to)
                #expect(bad != text)
                await #expect(throws: StoreError.self) {
                    try await store.restore(Data(bad.utf8), pictures: nil, unusablePasswordHash: "!")
                }
                #expect(try await store.backup(pictures: nil, at: Self.day) == file)
            }
        }
    }

    @Test(
        "an older backup without prices or currency still restores: no prices, the currency left as it was",
        arguments: backends)
    func olderBackup(_ backend: Backend) async throws {
        try await backend.withStore { store in
            let list = try await store.createList(named: "Old", owner: .implicit, at: Self.day)
            _ = try await store.addEntry("6", note: nil, to: list.id, owner: .implicit, at: Self.day)
            _ = try await store.setEntryPrice("6", minor: 700, in: list.id, owner: .implicit, at: Self.day)
            var object = try #require(
                try JSONSerialization.jsonObject(with: try await store.backup(pictures: nil, at: Self.day))
                    as? [String: Any])
            // Strip what this change added: a file written before it existed.
            object["currency"] = nil
            var lists = try #require(object["lists"] as? [[String: Any]])
            for index in lists.indices {
                lists[index]["menuPrices"] = nil
                lists[index]["pourCostPercent"] = nil
                lists[index]["entries"] = (lists[index]["entries"] as? [[String: Any]])?.map {
                    $0.filter { $0.key != "priceMinor" }
                }
            }
            object["lists"] = lists
            let old = try JSONSerialization.data(withJSONObject: object)
            #expect(!String(decoding: old, as: UTF8.self).contains("priceMinor"))
            try await backend.withStore { fresh in
                try await fresh.setBookCurrency("GBP")
                _ = try await fresh.restore(old, pictures: nil, unusablePasswordHash: "!")
                let restored = try #require(try await fresh.lists(of: .implicit).first)
                #expect(restored.entries.map(\.cocktailID) == ["6"])
                #expect(restored.entries.map(\.priceMinor) == [nil])
                #expect(restored.menuPrices == MenuPrices())
                #expect(try await fresh.bookCurrency() == "GBP")
            }
        }
    }
}
