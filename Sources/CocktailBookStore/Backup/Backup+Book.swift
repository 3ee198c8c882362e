import CocktailBook
import Foundation

/// Backup and restore, written once for both backends: the same file from either, so a book moves
/// between them by a backup from one and a restore into the other.
extension SQLBook {
    /// Everything people put into the book, read in one snapshot, with the pictures read from
    /// `pictures` (`nil` leaves them out).
    public func backup(pictures: (any PictureStore)?, at date: Date = Date()) async throws -> Data {
        var backup = try await readingSnapshot { db in try await Self.backup(db, at: date) }
        try await backup.readPictures(from: pictures)
        return try Backup.encoder.encode(backup)
    }

    private static func backup(_ db: any SQLConnection, at date: Date) async throws -> Backup {
        let accounts = try await db.tuples(
            (Int64, String, String, Date, String?).self,
            "SELECT id, name, role, created_at, email FROM account ORDER BY id")
        var people = BookPeople(backupDate: date)
        for account in accounts { people.add(account.1, id: account.0) }
        var backup = Backup(
            format: Backup.formatName, version: 1, createdAt: date,
            accounts: accounts.map { Backup.Account(name: $0.1, role: $0.2, createdAt: $0.3, email: $0.4) })
        for part in BookContents.parts { try await part.read(db, people, &backup) }
        return backup
    }

    /// Replaces what people put into the book with what `data` holds, in ONE transaction: a file
    /// that is not a readable backup, or names an owner it does not list, changes nothing and
    /// says why. Accounts are matched by name: existing ones keep their password and get the
    /// backup's role; missing ones are created without a usable password (an admin sets one with
    /// `cocktailbook user passwd`). Pictures are written into `pictures` first, under their
    /// content-derived names, so a file already there is never overwritten. A part a backup
    /// does not carry (an older format's) leaves the book's as it is.
    public func restore(_ data: Data, pictures: (any PictureStore)?, unusablePasswordHash: String) async throws
        -> Backup.Summary
    {
        let backup = try Backup.validated(data)
        let written = try await backup.savePictures(into: pictures)
        do {
            return try await writing("restore") { db in
                try await Self.restore(backup, db, unusablePasswordHash: unusablePasswordHash)
            }
        } catch {
            // Nothing was restored: the pictures saved for it go too.
            try? await pictures?.removePictures(named: written)
            throw error
        }
    }

    private static func restore(_ backup: Backup, _ db: any SQLConnection, unusablePasswordHash: String)
        async throws -> Backup.Summary
    {
        try await db.lockForWriting("account")
        let signingIn = { try await db.first(Int.self, Backup.adminsWhoCanSignInSQL) ?? 0 }
        let adminsBefore = try await signingIn()
        var people = BookPeople(backupDate: backup.createdAt)
        for account in backup.accounts {
            if let id = try await db.first(
                Int64.self, "SELECT id FROM account WHERE lower(name) = lower(?)", account.name)
            {
                try await db.execute("UPDATE account SET role = ? WHERE id = ?", account.role, id)
                people.add(account.name, id: id)
            } else if let id = try await db.first(
                Int64.self,
                "INSERT INTO account (name, role, password_hash, created_at) VALUES (?, ?, ?, ?) RETURNING id",
                account.name, account.role, unusablePasswordHash, account.createdAt)
            {
                people.add(account.name, id: id)
            }
            // An address another account of this book has by now stays with that one.
            let id = people.id(account.name)
            if let email = account.email, id != 0,
                try await !db.exists("SELECT 1 FROM account WHERE lower(email) = lower(?) AND id <> ?", email, id)
            {
                try await db.execute("UPDATE account SET email = ? WHERE id = ?", email, id)
            }
        }
        try Backup.checkAdmins(before: adminsBefore, after: try await signingIn())
        let passwordless = try await db.all(String.self, Backup.adminsWithoutPasswordSQL)
        for part in BookContents.parts where part.count(backup) != nil {
            for table in part.forgets + part.tables { try await db.execute("DELETE FROM \(table)") }
            try await part.restore(backup, db, people)
        }
        return Backup.Summary(counts: backup.counts, adminsWithoutPassword: passwordless)
    }
}
