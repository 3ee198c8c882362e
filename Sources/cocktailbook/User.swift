import ArgumentParser
import CocktailBook
import CocktailBookApp
import CocktailBookStore
import Foundation
import Logging

/// `cocktailbook user …`: the accounts of the book, run by whoever owns the machine.
struct User: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Add, list and remove accounts, set passwords, and issue or revoke API tokens.",
        discussion: "The first account created is an admin and inherits the favorites kept so far without accounts.",
        subcommands: [Add.self, ListUsers.self, Remove.self, Passwd.self, Email.self, Token.self, RevokeToken.self]
    )

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create an account (a member unless told otherwise).")
        @OptionGroup var common: AccountOptions
        @Argument(help: ArgumentHelp("The account's name.", valueName: "name")) var name: String
        @Flag(name: .long, help: "Make it an admin: imports, catalog refreshes, maintenance and accounts.") var admin =
            false
        @Flag(name: .long, help: "Make it a guest: browsing and own favorites only.") var guest = false
        @Flag(
            name: .long,
            help: "Read the password from standard input (required: passwords never go on the command line).")
        var passwordStdin = false
        @Option(
            name: .long,
            help: ArgumentHelp(
                "Its e-mail address: a first sign-in through the OpenID provider with this verified address links to it (with --oidc-link-verified-email).",
                valueName: "address"))
        var email: String?

        func validate() throws {
            guard passwordStdin else {
                throw ValidationError("Give the password on standard input with --password-stdin.")
            }
            guard !(admin && guest) else { throw ValidationError("An account is either --admin or --guest, not both.") }
        }

        func run() async throws {
            try await runReportingErrors {
                try await withAccounts(common) { accounts in
                    let role: Role = admin ? .admin : guest ? .guest : .member
                    let account = try await accounts.createAccount(
                        name: name, role: role, password: try readPassword(), email: email)
                    let note = account.role != role ? " (the first account is always an admin)" : ""
                    print("Added \(account.name) as \(account.role.rawValue)\(note).")
                }
            }
        }
    }

    struct Email: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Set an account's e-mail address, or remove it when none is given.")
        @OptionGroup var common: AccountOptions
        @Argument(help: ArgumentHelp("The account's name.", valueName: "name")) var name: String
        @Argument(help: ArgumentHelp("The address; leave it out to remove it.", valueName: "address")) var email:
            String?

        func run() async throws {
            try await runReportingErrors {
                try await withAccounts(common) { try await $0.setEmail(email, named: name) }
                print(email.map { "\(name)'s e-mail address is \($0)." } ?? "\(name) has no e-mail address now.")
            }
        }
    }

    struct ListUsers: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List the accounts and their roles.")
        @OptionGroup var common: AccountOptions

        func run() async throws {
            try await runReportingErrors {
                try await withAccounts(common) { book in
                    let accounts = try await book.all()
                    guard !accounts.isEmpty else { return print("No accounts: the book is in single-user mode.") }
                    let width = max(4, accounts.map(\.name.count).max() ?? 4)
                    print("NAME".padding(toLength: width, withPad: " ", startingAt: 0) + "  ROLE")
                    for account in accounts {
                        print(
                            account.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                                + account.role.rawValue)
                    }
                }
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Remove an account with its sessions and tokens, and its favorites, bar and lists (the last account's go back to the book's owner)."
        )
        @OptionGroup var common: AccountOptions
        @Argument(help: ArgumentHelp("The account's name.", valueName: "name")) var name: String

        func run() async throws {
            try await runReportingErrors {
                let wasLast = try await withAccounts(common) { try await $0.remove(named: name) }
                print(
                    wasLast
                        ? "Removed \(name). The book has no accounts now; its favorites, bar and lists are the owner's again."
                        : "Removed \(name).")
            }
        }
    }

    struct Passwd: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Set an account's password; its sessions are signed out.")
        @OptionGroup var common: AccountOptions
        @Argument(help: ArgumentHelp("The account's name.", valueName: "name")) var name: String
        @Flag(name: .long, help: "Read the password from standard input (required).") var passwordStdin = false

        func validate() throws {
            guard passwordStdin else {
                throw ValidationError("Give the password on standard input with --password-stdin.")
            }
        }

        func run() async throws {
            try await runReportingErrors {
                let password = try readPassword()
                try await withAccounts(common) { try await $0.changePassword(of: name, to: password) }
                print("Changed the password of \(name).")
            }
        }
    }

    struct Token: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Issue an API token; it is printed once, alone on standard output.")
        @OptionGroup var common: AccountOptions
        @Argument(help: ArgumentHelp("The account's name.", valueName: "name")) var name: String
        @Option(name: .long, help: ArgumentHelp("A label to recognise the token by.", valueName: "text")) var label:
            String?
        @Option(
            name: .long,
            help: ArgumentHelp(
                "What the token may do: read, write (the default) or admin, never more than the account's role allows.",
                valueName: "read|write|admin"))
        var scope: String = TokenScope.write.rawValue
        @Option(
            name: .long,
            help: ArgumentHelp(
                "When it stops working: a number of days or hours from now (90d, 12h), or never (the default).",
                valueName: "90d|12h|never"))
        var expires: String = "never"

        func validate() throws {
            guard TokenScope(rawValue: scope) != nil else { throw ValidationError("--scope is read, write or admin.") }
            guard TokenLifetime.seconds(expires) != nil else {
                throw ValidationError("--expires is a number of days or hours (90d, 12h), or never.")
            }
        }

        func run() async throws {
            try await runReportingErrors {
                let now = Date()
                let expiresAt = TokenLifetime.seconds(expires)?.map { now.addingTimeInterval($0) }
                print(
                    try await withAccounts(common) {
                        try await $0.issueToken(
                            for: name, label: label, scope: TokenScope(rawValue: scope) ?? .write, expiresAt: expiresAt,
                            at: now)
                    })
            }
        }
    }

    struct RevokeToken: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "revoke-token", abstract: "Revoke the API token that starts with this text.")
        @OptionGroup var common: AccountOptions
        @Argument(
            help: ArgumentHelp(
                "The token's start, as listed on the account page (e.g. cb_1a2b3c4d).", valueName: "token-prefix"))
        var prefix: String

        func run() async throws {
            try await runReportingErrors {
                let prefix = prefix.trimmingCharacters(in: CharacterSet(charactersIn: " …"))
                try await withAccounts(common) { try await $0.revokeToken(prefix: prefix) }
                print("Revoked the token \(prefix).")
            }
        }
    }
}

/// Runs `body` with the accounts of the book the options name; the catalog is not loaded.
private func withAccounts<T: Sendable>(_ options: AccountOptions, _ body: (Accounts) async throws -> T) async throws
    -> T
{
    let configuration = try options.resolved()
    return try await withStore(configuration) { database in
        try await body(Accounts(database: database, bcryptCost: configuration.bcryptCost))
    }
}

/// The password on standard input, without its line ending.
private func readPassword() throws -> String {
    let data = FileHandle.standardInput.readDataToEndOfFile()
    var text = String(decoding: data, as: UTF8.self)
    while text.hasSuffix("\n") || text.hasSuffix("\r") { text.removeLast() }
    guard !text.isEmpty else { throw UsageError("No password on standard input.") }
    return text
}
