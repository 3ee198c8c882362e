import Crypto
import Foundation

/// Where backups the book takes by itself are kept, with uploads waiting for a person to
/// confirm a restore: the store's ``AppStore/keptBackups`` (a `backups` folder beside a SQLite
/// file; PostgreSQL's picture table, under names no picture can have, so every instance sees
/// them). Names are never paths: only names this type makes are read.
public struct BackupShelf: Sendable {
    let store: any PictureStore

    public init(store: any PictureStore) {
        self.store = store
    }

    /// A backup kept here, by name, newest first in ``kept()``.
    public struct Kept: Sendable, Equatable {
        public var name: String
        public var bytes: Int
    }

    static let keptPrefix = "backup-before-restore-"
    static let pendingPrefix = "restore-upload-"

    /// Keeps `data`, a backup of the book taken just before a restore, and returns its name
    /// (`backup-before-restore-20261126-013000-<hash>.json`, in UTC, so names sort by time).
    public func keepBeforeRestore(_ data: Data, at date: Date) async throws -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let stamp = [
            pad(parts.year, 4), pad(parts.month, 2), pad(parts.day, 2), "-", pad(parts.hour, 2), pad(parts.minute, 2),
            pad(parts.second, 2),
        ].joined()
        let name = Self.keptPrefix + stamp + "-" + String(Self.digest(data).prefix(8)) + ".json"
        _ = try await store.savePicture(data, named: name)
        return name
    }

    /// The backups kept before restores, newest first.
    public func kept() async throws -> [Kept] {
        try await store.pictureSizes()
            .filter { Self.isKeptName($0.key) }
            .map { Kept(name: $0.key, bytes: $0.value) }
            .sorted { $0.name > $1.name }
    }

    /// The bytes of a kept backup, or `nil` when `name` is not one.
    public func keptBackup(named name: String) async throws -> Data? {
        guard Self.isKeptName(name) else { return nil }
        return try await store.picture(named: name)
    }

    /// Holds an uploaded backup until the person confirms or cancels; the token (the SHA-256 of
    /// its bytes) is what the confirmation form sends back.
    public func holdUpload(_ data: Data) async throws -> String {
        let token = Self.digest(data)
        _ = try await store.savePicture(data, named: Self.pendingPrefix + token + ".json")
        return token
    }

    /// The upload held under `token`, or `nil` when there is none (already restored, cancelled,
    /// or a token that is not one).
    public func heldUpload(token: String) async throws -> Data? {
        guard Self.isToken(token), let data = try await store.picture(named: Self.pendingPrefix + token + ".json"),
            Self.digest(data) == token
        else { return nil }
        return data
    }

    /// Lets go of the upload held under `token`.
    public func release(token: String) async throws {
        guard Self.isToken(token) else { return }
        try await store.removePictures(named: [Self.pendingPrefix + token + ".json"])
    }

    static func isKeptName(_ name: String) -> Bool {
        guard name.hasPrefix(keptPrefix), name.hasSuffix(".json") else { return false }
        let middle = name.dropFirst(keptPrefix.count).dropLast(5)
        return middle.count == 24 && middle.allSatisfy { $0.isASCII && ($0.isHexDigit || $0 == "-") }
    }

    static func isToken(_ token: String) -> Bool {
        token.count == 64 && token.allSatisfy { $0.isASCII && $0.isHexDigit && !$0.isUppercase }
    }

    static func digest(_ data: Data) -> String {
        SHA256.hash(data: data).map { byte in
            let text = String(byte, radix: 16)
            return text.count == 1 ? "0" + text : text
        }.joined()
    }

    private func pad(_ value: Int?, _ width: Int) -> String {
        let text = String(value ?? 0)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
