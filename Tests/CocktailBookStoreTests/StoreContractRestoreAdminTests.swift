import CocktailBook
import CocktailBookTestSupport
import Foundation
import Testing

@testable import CocktailBookStore

/// A restore never leaves a book that has an admin who can sign in without one, and never
/// stops a disaster recovery into an empty book (a backup holds no password hashes): there it
/// restores and names the admins who need a password. On every backend.
@Suite("Store contract: a restore keeps a usable admin", .serialized)
struct StoreContractRestoreAdminTests {
    static let backends: [Backend] = Backend.configured
    static let day = Date(timeIntervalSince1970: 1_780_000_000)

    /// A backup file listing `accounts` as (name, role).
    static func backup(_ accounts: [(String, String)]) -> Data {
        let listed = accounts.map { #"{"name":"\#($0.0)","role":"\#($0.1)","createdAt":"2026-01-01T00:00:00Z"}"# }
        return Data(
            #"{"format":"cocktailbook-backup","version":1,"createdAt":"2026-01-01T00:00:00Z","accounts":[\#(listed.joined(separator: ","))],"favorites":[],"settings":[],"bottles":[],"alwaysAvailable":[],"rules":[],"shopping":[],"imported":[],"pictures":[]}"#
                .utf8)
    }

    /// The accounts as (name, role, password hash), by name.
    static func accounts(_ store: any AppStore) async throws -> [String] {
        var rows: [String] = []
        for account in try await store.accounts() {
            let hash = try await store.credentials(named: account.name)?.passwordHash ?? "?"
            rows.append("\(account.name) \(account.role.rawValue) \(hash)")
        }
        return rows.sorted()
    }

    @Test(
        "demoting the only admin who can sign in while adding a password-less admin is refused; nothing changes",
        arguments: backends)
    func refusedWhenNobodyCouldSignIn(_ backend: Backend) async throws {
        try await backend.withStore { store in
            _ = try await store.addAccount(name: "admin", role: .admin, passwordHash: "$2b$hash", at: Self.day)
            _ = try await store.addAccount(name: "bob", role: .member, passwordHash: "$2b$bob", at: Self.day)
            let before = try await Self.accounts(store)
            let file = Self.backup([("admin", "member"), ("newadmin", "admin")])
            await #expect {
                try await store.restore(file, pictures: nil, unusablePasswordHash: "!restored")
            } throws: { error in
                (error as? StoreError)?.errorDescription?.contains("without an admin who can sign in") == true
            }
            #expect(try await Self.accounts(store) == before, "no account added, no role changed")
        }
    }

    @Test(
        "into an empty book the backup's admins are restored without a password and named in the summary",
        arguments: backends)
    func emptyBookRecovers(_ backend: Backend) async throws {
        try await backend.withStore { store in
            let file = Self.backup([("ada", "admin"), ("bob", "member"), ("cy", "admin")])
            let summary = try await store.restore(file, pictures: nil, unusablePasswordHash: "!restored")
            #expect(summary.counts["accounts"] == 3)
            #expect(summary.adminsWithoutPassword == ["ada", "cy"])
            #expect(
                try await Self.accounts(store) == [
                    "ada admin !restored", "bob member !restored", "cy admin !restored",
                ])
        }
    }

    @Test(
        "an admin who keeps a password keeps the book usable: the restore goes ahead and names the new admin",
        arguments: backends)
    func keptAdminAllowsRestore(_ backend: Backend) async throws {
        try await backend.withStore { store in
            _ = try await store.addAccount(name: "admin", role: .admin, passwordHash: "$2b$hash", at: Self.day)
            let file = Self.backup([("admin", "admin"), ("newadmin", "admin")])
            let summary = try await store.restore(file, pictures: nil, unusablePasswordHash: "!restored")
            #expect(summary.adminsWithoutPassword == ["newadmin"])
            #expect(try await Self.accounts(store) == ["admin admin $2b$hash", "newadmin admin !restored"])
        }
    }
}
