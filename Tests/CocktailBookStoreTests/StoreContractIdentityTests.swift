import CocktailBook
import CocktailBookTestSupport
import Foundation
import Testing

@testable import CocktailBookStore

/// Accounts as an OpenID provider knows them, on every backend: matched by (issuer, subject),
/// found by a unique e-mail address, created with both in one transaction, removed with the
/// account, and the e-mail address carried by a backup.
@Suite("Store contract: identities and e-mail addresses", .serialized)
struct StoreContractIdentityTests {
    static let day = Date(timeIntervalSince1970: 1_780_000_000)
    static let issuer = "https://auth.example.org/application/o/book/"

    @Test(
        "an (issuer, subject) pair signs in the account it was linked to, and no other", arguments: Backend.configured)
    func linked(_ backend: Backend) async throws {
        try await backend.withStore { store in
            let ada = try await store.addAccount(name: "ada", role: .admin, passwordHash: "$2b$a", at: Self.day)
            let max = try await store.addAccount(
                name: "max", role: .member, passwordHash: "!none", email: "Max@Example.org",
                identity: (Self.issuer, "sub-max"), at: Self.day)
            #expect(try await store.account(issuer: Self.issuer, subject: "sub-max") == max)
            #expect(try await store.account(issuer: "https://other.example", subject: "sub-max") == nil)
            #expect(try await store.account(issuer: Self.issuer, subject: "sub-ada") == nil)
            try await store.linkIdentity(issuer: Self.issuer, subject: "sub-ada", to: ada.id, at: Self.day)
            #expect(try await store.account(issuer: Self.issuer, subject: "sub-ada") == ada)
            #expect(try await store.account(email: "max@example.ORG") == max)
            #expect(try await store.email(of: max.id) == "Max@Example.org")
            #expect(try await store.email(of: ada.id) == nil)

            // Removing the account removes its link; the pair then signs in nobody.
            try await store.removeAccount(named: "max")
            #expect(try await store.account(issuer: Self.issuer, subject: "sub-max") == nil)
            #expect(try await store.account(email: "max@example.org") == nil)
        }
    }

    @Test("an e-mail address belongs to one account; a taken one changes nothing", arguments: Backend.configured)
    func uniqueEmail(_ backend: Backend) async throws {
        try await backend.withStore { store in
            _ = try await store.addAccount(name: "ada", role: .admin, passwordHash: "$2b$a", at: Self.day)
            _ = try await store.addAccount(name: "bob", role: .member, passwordHash: "$2b$b", at: Self.day)
            try await store.setEmail("ada@example.org", named: "ada")
            await #expect(throws: StoreError.emailTaken("ADA@example.org")) {
                try await store.setEmail("ADA@example.org", named: "bob")
            }
            await #expect(throws: StoreError.emailTaken("ada@example.org")) {
                try await store.addAccount(
                    name: "cy", role: .member, passwordHash: "!none", email: "ada@example.org",
                    identity: (Self.issuer, "sub-cy"), at: Self.day)
            }
            // Neither the account nor its link was half made.
            #expect(try await store.credentials(named: "cy") == nil)
            #expect(try await store.account(issuer: Self.issuer, subject: "sub-cy") == nil)
            try await store.setEmail(nil, named: "ada")
            try await store.setEmail("ada@example.org", named: "bob")
            #expect(try await store.account(email: "ada@example.org")?.name == "bob")
        }
    }

    @Test(
        "a backup carries the e-mail addresses and the provider's links, into this book or an empty one",
        arguments: Backend.configured)
    func backedUp(_ backend: Backend) async throws {
        try await backend.withStore { store in
            let ada = try await store.addAccount(name: "ada", role: .admin, passwordHash: "$2b$a", at: Self.day)
            try await store.setEmail("ada@example.org", named: "ada")
            try await store.linkIdentity(issuer: Self.issuer, subject: "sub-ada", to: ada.id, at: Self.day)
            let file = try await store.backup(pictures: nil, at: Self.day)
            try await store.setEmail(nil, named: "ada")
            _ = try await store.restore(file, pictures: nil, unusablePasswordHash: "!restored")
            #expect(try await store.account(email: "ada@example.org")?.name == "ada")
            // Into an empty book (a disaster recovery): the household signs in through the provider again.
            try await backend.withStore { fresh in
                _ = try await fresh.restore(file, pictures: nil, unusablePasswordHash: "!restored")
                #expect(try await fresh.account(issuer: Self.issuer, subject: "sub-ada")?.name == "ada")
                #expect(try await fresh.account(email: "ada@example.org")?.name == "ada")
            }
        }
    }
}
