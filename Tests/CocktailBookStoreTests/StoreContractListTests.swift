import CocktailBook
import CocktailBookTestSupport
import Foundation
import Testing

@testable import CocktailBookStore

/// People's lists of drinks and their share links, against every backend (see
/// ``StoreContractTests``).
@Suite("Store contract: lists and share links", .serialized)
struct StoreContractListTests {
    static let backends: [Backend] = Backend.configured
    static let day = Date(timeIntervalSince1970: 1_780_000_000)

    @Test("a list: created, entries added in order with notes, moved, removed, renamed, deleted", arguments: backends)
    func entries(_ backend: Backend) async throws {
        try await backend.withStore { store in
            let list = try await store.createList(named: "  Saturday ", owner: .implicit, at: Self.day)
            #expect(list.name == "Saturday")
            _ = try await store.addEntry("30", note: "double", to: list.id, owner: .implicit, at: Self.day)
            _ = try await store.addEntry("11", note: nil, to: list.id, owner: .implicit, at: Self.day)
            var read = try await store.addEntry("7", note: "  ", to: list.id, owner: .implicit, at: Self.day)
            #expect(read.entries.map(\.cocktailID) == ["30", "11", "7"])
            #expect(read.entries.map(\.note) == ["double", nil, nil])
            read = try await store.addEntry("11", note: "less sugar", to: list.id, owner: .implicit, at: Self.day)
            #expect(read.entries.map(\.cocktailID) == ["30", "11", "7"], "adding again changes only the note")
            #expect(read.entries[1].note == "less sugar")

            read = try await store.moveEntry("7", to: 0, in: list.id, owner: .implicit, at: Self.day)
            #expect(read.entries.map(\.cocktailID) == ["7", "30", "11"])
            read = try await store.moveEntry("7", to: 2, in: list.id, owner: .implicit, at: Self.day)
            #expect(read.entries.map(\.cocktailID) == ["30", "11", "7"])
            await #expect(throws: ListError.invalidPosition) {
                try await store.moveEntry("7", to: 3, in: list.id, owner: .implicit, at: Self.day)
            }
            await #expect(throws: ListError.entryNotFound) {
                try await store.moveEntry("99", to: 0, in: list.id, owner: .implicit, at: Self.day)
            }
            read = try await store.removeEntry("30", from: list.id, owner: .implicit, at: Self.day)
            #expect(read.entries.map(\.cocktailID) == ["11", "7"])
            read = try await store.moveEntry("7", to: 0, in: list.id, owner: .implicit, at: Self.day)
            #expect(read.entries.map(\.cocktailID) == ["7", "11"], "positions were renumbered after the removal")

            let renamed = try await store.renameList(
                id: list.id, to: "Saturday night", owner: .implicit, at: Self.day.addingTimeInterval(60))
            #expect(renamed.name == "Saturday night")
            #expect(renamed.updatedAt == Self.day.addingTimeInterval(60))
            let other = try await store.createList(named: "a list", owner: .implicit, at: Self.day)
            #expect(try await store.lists(of: .implicit).map(\.name) == ["a list", "Saturday night"])
            #expect(try await store.deleteList(id: other.id, owner: .implicit))
            #expect(try await store.deleteList(id: other.id, owner: .implicit) == false)
            #expect(try await store.lists(of: .implicit).map(\.id) == [list.id])
        }
    }

    @Test("bad input is refused and writes nothing", arguments: backends)
    func refusals(_ backend: Backend) async throws {
        try await backend.withStore { store in
            await #expect(throws: ListError.invalidName) {
                try await store.createList(named: "  ", owner: .implicit, at: Self.day)
            }
            await #expect(throws: ListError.invalidName) {
                try await store.createList(named: String(repeating: "x", count: 81), owner: .implicit, at: Self.day)
            }
            // Ten letters with eight combining marks each: 10 characters but 90 code points, and the
            // OpenAPI document's maxLength (80) counts code points.
            await #expect(throws: ListError.invalidName) {
                try await store.createList(
                    named: String(
                        repeating: "o\u{0301}\u{0302}\u{0303}\u{0304}\u{0306}\u{0307}\u{0308}\u{030A}", count: 10),
                    owner: .implicit, at: Self.day)
            }
            await #expect(throws: StoreError.noOwner) {
                try await store.createList(named: "Mine", owner: .nobody, at: Self.day)
            }
            let list = try await store.createList(named: "Mine", owner: .implicit, at: Self.day)
            await #expect(throws: ListError.noteTooLong) {
                try await store.addEntry(
                    "30", note: String(repeating: "n", count: 201), to: list.id, owner: .implicit, at: Self.day)
            }
            await #expect(throws: ListError.invalidName) {
                try await store.renameList(id: list.id, to: "", owner: .implicit, at: Self.day)
            }
            let read = try await store.list(id: list.id, owner: .implicit)
            #expect(read?.name == "Mine")
            #expect(read?.entries.isEmpty == true)
        }
    }

    @Test(
        "two accounts are kept apart; the first account inherits the owner's lists; removal drops them",
        arguments: backends)
    func owners(_ backend: Backend) async throws {
        try await backend.withStore { store in
            let kept = try await store.createList(named: "Before accounts", owner: .implicit, at: Self.day)
            _ = try await store.addEntry("30", note: nil, to: kept.id, owner: .implicit, at: Self.day)
            let alice = FavoritesOwner(
                account: try await store.addAccount(name: "alice", role: .admin, passwordHash: "x", at: Self.day).id)
            let bob = FavoritesOwner(
                account: try await store.addAccount(name: "bob", role: .member, passwordHash: "x", at: Self.day).id)
            #expect(try await store.lists(of: alice).map(\.name) == ["Before accounts"])
            #expect(try await store.lists(of: .implicit).isEmpty)
            let bobs = try await store.createList(named: "Bob's", owner: bob, at: Self.day)
            #expect(try await store.list(id: bobs.id, owner: alice) == nil)
            await #expect(throws: ListError.notFound) {
                try await store.addEntry("11", note: nil, to: bobs.id, owner: alice, at: Self.day)
            }
            await #expect(throws: ListError.notFound) {
                try await store.renameList(id: bobs.id, to: "Alice's now", owner: alice, at: Self.day)
            }
            #expect(try await store.deleteList(id: bobs.id, owner: alice) == false)
            #expect(try await store.lists(of: bob).map(\.name) == ["Bob's"])
            _ = try await store.setShare(
                ListShare(token: "bob-token", createdAt: Self.day, expiresAt: nil), for: bobs.id, owner: bob)
            try await store.removeAccount(named: "bob")
            #expect(try await store.lists(of: bob).isEmpty)
            #expect(try await store.sharedList(token: "bob-token") == nil, "a removed account's links die with it")
            #expect(try await store.lists(of: alice).count == 1)
        }
    }

    @Test(
        "a restore keeps each list's number (its address) and share link; an older backup's lists get new ones",
        arguments: backends)
    func numbersSurviveRestore(_ backend: Backend) async throws {
        try await backend.withStore { store in
            var made: [DrinkList] = []
            for name in ["Gone", "Saturday", "Gone too", "Sunday"] {
                made.append(try await store.createList(named: name, owner: .implicit, at: Self.day))
            }
            #expect(try await store.deleteList(id: made[0].id, owner: .implicit))
            #expect(try await store.deleteList(id: made[2].id, owner: .implicit))
            _ = try await store.addEntry("30", note: "double", to: made[3].id, owner: .implicit, at: Self.day)
            _ = try await store.setShare(
                ListShare(token: "sunday-token", createdAt: Self.day, expiresAt: nil), for: made[3].id,
                owner: .implicit)
            let file = try await store.backup(pictures: nil, at: Self.day)
            try await backend.withStore { fresh in
                // Something already there, under a number the backup's lists use.
                _ = try await fresh.createList(named: "Mine", owner: .implicit, at: Self.day)
                _ = try await fresh.createList(named: "Also mine", owner: .implicit, at: Self.day)
                _ = try await fresh.restore(file, pictures: nil, unusablePasswordHash: "!")
                let lists = try await fresh.lists(of: .implicit).sorted { $0.id < $1.id }
                #expect(lists.map(\.id) == [made[1].id, made[3].id] && lists.map(\.name) == ["Saturday", "Sunday"])
                #expect(try await fresh.sharedList(token: "sunday-token")?.id == made[3].id)
                #expect(try await fresh.list(id: made[3].id, owner: .implicit)?.entries.map(\.cocktailID) == ["30"])
                let next = try await fresh.createList(named: "Next", owner: .implicit, at: Self.day)
                #expect(next.id == made[3].id + 1, "new lists continue after the restored ones")
            }
            var old = try Backup.decoder.decode(Backup.self, from: file)
            for index in old.lists!.indices { old.lists![index].number = nil }
            let oldFile = try Backup.encoder.encode(old)
            try await backend.withStore { fresh in
                _ = try await fresh.restore(oldFile, pictures: nil, unusablePasswordHash: "!")
                let lists = try await fresh.lists(of: .implicit).sorted { $0.id < $1.id }
                #expect(lists.map(\.name) == ["Saturday", "Sunday"] && lists.map(\.id) == [1, 2])
            }
            old.lists![0].number = 5
            await #expect(throws: StoreError.self) {
                try await store.restore(try Backup.encoder.encode(old), pictures: nil, unusablePasswordHash: "!")
            }
        }
    }

    @Test("a share link: found by its token, replaced, revoked; another owner cannot touch it", arguments: backends)
    func shares(_ backend: Backend) async throws {
        try await backend.withStore { store in
            let list = try await store.createList(named: "Party", owner: .implicit, at: Self.day)
            _ = try await store.addEntry("30", note: nil, to: list.id, owner: .implicit, at: Self.day)
            let expiry = Self.day.addingTimeInterval(86_400)
            let shared = try await store.setShare(
                ListShare(token: "first", createdAt: Self.day, expiresAt: expiry), for: list.id, owner: .implicit)
            #expect(shared.share == ListShare(token: "first", createdAt: Self.day, expiresAt: expiry))
            #expect(try await store.sharedList(token: "first")?.entries.map(\.cocktailID) == ["30"])
            #expect(try await store.sharedList(token: "") == nil)
            _ = try await store.setShare(
                ListShare(token: "second", createdAt: Self.day, expiresAt: nil), for: list.id, owner: .implicit)
            #expect(try await store.sharedList(token: "first") == nil, "a new link replaces the old one")
            #expect(try await store.sharedList(token: "second")?.id == list.id)
            await #expect(throws: ListError.notFound) {
                try await store.setShare(
                    ListShare(token: "x", createdAt: Self.day, expiresAt: nil), for: list.id,
                    owner: FavoritesOwner(account: 42))
            }
            // The menu follows a bar, hiding or marking what it cannot make; nil shows every drink.
            #expect(shared.menuShelf == nil)
            let follows = try await store.setMenuShelf(
                MenuShelf(ownerID: 0, hidesUnavailable: false), for: list.id, owner: .implicit)
            #expect(follows.menuShelf == MenuShelf(ownerID: 0, hidesUnavailable: false))
            #expect(try await store.sharedList(token: "second")?.menuShelf == follows.menuShelf)
            _ = try await store.setMenuShelf(
                MenuShelf(ownerID: 7, hidesUnavailable: true), for: list.id, owner: .implicit)
            #expect(try await store.list(id: list.id, owner: .implicit)?.menuShelf?.hidesUnavailable == true)
            await #expect(throws: ListError.notFound) {
                try await store.setMenuShelf(nil, for: list.id, owner: FavoritesOwner(account: 42))
            }
            #expect(try await store.setMenuShelf(nil, for: list.id, owner: .implicit).menuShelf == nil)
            // The menu's order: by style until the owner asks for the list's own, and kept by a
            // backup and its restore.
            #expect(shared.menuOrder == .byStyle)
            #expect(try await store.setMenuOrder(.asListed, for: list.id, owner: .implicit).menuOrder == .asListed)
            #expect(try await store.sharedList(token: "second")?.menuOrder == .asListed)
            await #expect(throws: ListError.notFound) {
                try await store.setMenuOrder(.byStyle, for: list.id, owner: FavoritesOwner(account: 42))
            }
            let backup = try await store.backup(pictures: nil)
            _ = try await store.setMenuOrder(.byStyle, for: list.id, owner: .implicit)
            _ = try await store.restore(backup, pictures: nil, unusablePasswordHash: "!")
            #expect(try await store.list(id: list.id, owner: .implicit)?.menuOrder == .asListed)
            #expect(try await store.removeShare(of: list.id, owner: .implicit))
            #expect(try await store.removeShare(of: list.id, owner: .implicit) == false)
            #expect(try await store.sharedList(token: "second") == nil)
        }
    }
}
