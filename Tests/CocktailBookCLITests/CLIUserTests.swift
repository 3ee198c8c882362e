import Foundation
import Testing

@Suite("CLI: accounts and tokens")
struct CLIUserTests {
    static let cheap = ["COCKTAILBOOK_BCRYPT_COST": "4"]

    @Test("user add, list, passwd, token, revoke-token and remove, with one clear line on every refusal")
    func accounts() async throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        // Before any account, favorites belong to the implicit owner...
        #expect(try await sandbox.run(["favorite", "add", "1"]).status == 0)
        let first = try await sandbox.run(
            ["user", "add", "alice", "--password-stdin"], environment: Self.cheap, input: "correct horse\n")
        #expect(first.status == 0, "\(first)")
        #expect(first.stdout == "Added alice as admin (the first account is always an admin).\n")
        // ...and move to the first account.
        let alices = try await sandbox.run(["favorite", "list", "--user", "alice", "--json"])
        #expect(alices.stdout.contains(#""id":"1""#), "\(alices)")
        let bob = try await sandbox.run(
            ["user", "add", "bob", "--guest", "--password-stdin"], environment: Self.cheap, input: "battery staple")
        #expect(bob.stdout == "Added bob as guest.\n")
        let short = try await sandbox.run(
            ["user", "add", "carol", "--password-stdin"], environment: Self.cheap, input: "short")
        #expect(short.status == 1)
        #expect(short.stderrLines == ["cocktailbook: A password needs at least 8 characters."])
        let taken = try await sandbox.run(
            ["user", "add", "ALICE", "--password-stdin"], environment: Self.cheap, input: "another password")
        #expect(taken.stderrLines == [#"cocktailbook: An account named "ALICE" exists already."#])
        let noStdin = try await sandbox.run(["user", "add", "dave"])
        #expect(noStdin.status != 0)
        #expect(noStdin.stderr.contains("--password-stdin"))

        let list = try await sandbox.run(["user", "list"])
        #expect(list.stdout == "NAME   ROLE\nalice  admin\nbob    guest\n")

        // E-mail addresses, for linking a first sign-in through an OpenID provider: one account each.
        let withEmail = try await sandbox.run(
            ["user", "add", "erin", "--email", "Erin@Example.org", "--password-stdin"], environment: Self.cheap,
            input: "erin's password")
        #expect(withEmail.status == 0, "\(withEmail)")
        #expect(
            try await sandbox.run(["user", "email", "bob", "bob@example.org"]).stdout
                == "bob's e-mail address is bob@example.org.\n")
        let takenEmail = try await sandbox.run(["user", "email", "alice", "erin@example.ORG"])
        #expect(takenEmail.stderrLines == ["cocktailbook: Another account has the e-mail address erin@example.ORG."])
        let badEmail = try await sandbox.run(["user", "email", "alice", "not an address"])
        #expect(badEmail.stderrLines == ["cocktailbook: not an address is not an e-mail address."])
        #expect(try await sandbox.run(["user", "email", "bob"]).stdout == "bob has no e-mail address now.\n")
        #expect(try await sandbox.run(["user", "remove", "erin"]).status == 0)
        #expect(
            try await sandbox.run(["favorite", "list"]).stderrLines == [
                "cocktailbook: This book has 2 accounts: say whose favorites with --user NAME."
            ])
        #expect(try await sandbox.run(["favorite", "add", "5", "--user", "bob"]).status == 0)
        let bobs = try await sandbox.run(["favorite", "list", "--user", "bob", "--json"])
        #expect(bobs.stdout.contains(#""id":"5""#) && !bobs.stdout.contains(#""id":"1""#), "\(bobs)")

        let token = try await sandbox.run(["user", "token", "bob", "--label", "kitchen"])
        #expect(token.status == 0)
        let printed = token.stdout.trimmingCharacters(in: .newlines)
        #expect(printed.wholeMatch(of: /cb_[0-9a-f]{64}/) != nil, "\(token)")
        // bob is a guest: a guest's token may write (favorites only, by the routes' roles), never administer.
        let tooWide = try await sandbox.run(["user", "token", "bob", "--scope", "admin"])
        #expect(
            tooWide.status == 1
                && tooWide.stderrLines == [
                    "cocktailbook: An account with the guest role may not have an admin token; the widest it may have is write."
                ], "\(tooWide)")
        let badExpiry = try await sandbox.run(["user", "token", "bob", "--expires", "0d"])
        #expect(badExpiry.status != 0 && badExpiry.stderr.contains("--expires"))
        let reader = try await sandbox.run(["user", "token", "alice", "--scope", "read", "--expires", "12h"])
        #expect(reader.status == 0 && reader.stdout.hasPrefix("cb_"), "\(reader)")
        #expect(try await sandbox.run(["user", "revoke-token", "cb_"]).status == 1)
        let revoked = try await sandbox.run(["user", "revoke-token", String(printed.prefix(11))])
        #expect(revoked.status == 0, "\(revoked)")
        #expect(
            try await sandbox.run(["user", "revoke-token", String(printed.prefix(11))]).stderr.contains(
                "No API token starts with"))

        #expect(
            try await sandbox.run(
                ["user", "passwd", "bob", "--password-stdin"], environment: Self.cheap, input: "new battery staple"
            ).status == 0)
        #expect(
            try await sandbox.run(["user", "remove", "alice"]).stderrLines == [
                "cocktailbook: The book must keep at least one admin: make another account admin first."
            ])
        #expect(try await sandbox.run(["user", "remove", "bob"]).stdout == "Removed bob.\n")
        #expect(
            try await sandbox.run(["user", "remove", "nobody"]).stderrLines == [
                #"cocktailbook: There is no account named "nobody"."#
            ])
        #expect(try await sandbox.run(["user", "list"]).stdout == "NAME   ROLE\nalice  admin\n")
    }
}
