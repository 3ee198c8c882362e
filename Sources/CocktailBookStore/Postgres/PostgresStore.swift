import CocktailBook
import Foundation
import Logging
import PostgresNIO
import Synchronization

/// The app's data in PostgreSQL, for several instances of the book sharing one database: the
/// same contract as the SQLite file (``AppStore``), with its own ordered migrations, a pool of
/// connections, and a transaction wherever SQLite has one.
///
/// Every write also sends a notification on ``channel`` (delivered when its transaction
/// commits); each instance listens, so what it keeps in memory per ``changes`` version (who a
/// session signs in, an account's settings, cached pages) follows another instance's writes
/// within a round trip.
public final class PostgresStore: AppStore, SharedCatalogStore {
    /// The notification channel every instance listens on.
    public static let channel = "cocktailbook_changes"
    /// The advisory lock an instance holds while it refreshes the catalog from the source.
    static let refreshLock: Int64 = 0x7265_6672_6573_6821 // "refresh!"
    /// The advisory lock an instance holds while it imports.
    static let importLock: Int64 = 0x696D_706F_7274_2121 // "import!!"

    public let changes = DatabaseChanges.standalone()
    /// Names this store's own notifications, which it does not hand on (it knows its writes).
    let instance = String(UUID().uuidString.prefix(8))
    public let location: String
    let client: PostgresClient
    let logger: Logger
    private let runner: Task<Void, Never>
    private let listener: Task<Void, Never>
    private let notificationHandler = NotificationHandler()

    /// Connects to `url` (`postgres://user[:password]@host[:port]/database`), migrates the
    /// schema (one instance at a time, under an advisory lock) and starts listening for other
    /// instances' changes.
    ///
    /// - Throws: ``StoreError/cannotOpen(path:reason:)`` when the address is not usable or the
    ///   server does not answer.
    public init(url: String, logger: Logger) async throws {
        let address = try PostgresAddress(url)
        location = address.shown
        self.logger = logger
        // One direct connection first: a wrong address, a stopped server or a missing database
        // fails at once with the server's reason, where the pool would keep retrying.
        do {
            let probe = try await PostgresConnection.connect(
                configuration: PostgresConnection.Configuration(
                    host: address.host, port: address.port, username: address.user, password: address.password,
                    database: address.database, tls: .disable
                ),
                id: 0, logger: logger
            )
            try await probe.close()
        } catch {
            throw StoreError.cannotOpen(path: address.shown, reason: Self.describe(error))
        }
        var configuration = PostgresClient.Configuration(
            host: address.host, port: address.port, username: address.user, password: address.password,
            database: address.database, tls: .disable
        )
        configuration.options.connectTimeout = .seconds(5)
        configuration.options.maximumConnections = 16
        // The pool's own chatter (a lease before `run()` has started, say) stays out of the
        // app's log; what fails reaches the caller as an error.
        var poolLogger = logger
        poolLogger.logLevel = .error
        let client = PostgresClient(configuration: configuration, backgroundLogger: poolLogger)
        self.client = client
        runner = Task { await client.run() }
        let changes = changes
        let handler = notificationHandler
        let instance = instance
        listener = Task {
            // Held for the life of the store; if the connection drops, listen again.
            while !Task.isCancelled {
                do {
                    try await client.withConnection { connection in
                        for try await notification in try await connection.listen(Self.channel) {
                            changes.bump()
                            // "<topic> <instance>"
                            let parts = notification.payload.split(separator: " ", maxSplits: 1).map(String.init)
                            if parts.count == 2, parts[1] != instance { handler.deliver(parts[0]) }
                        }
                    }
                } catch {
                    if Task.isCancelled { return }
                    logger.warning(
                        "lost the PostgreSQL notification connection, listening again: \(String(describing: error))")
                    try? await Task.sleep(for: .seconds(1))
                }
            }
        }
        do {
            try await PostgresSchema.migrate(client, logger: logger)
        } catch {
            close()
            throw StoreError.cannotOpen(path: address.shown, reason: Self.describe(error))
        }
    }

    /// Stops listening and closes the pool's connections.
    public func close() {
        listener.cancel()
        runner.cancel()
    }

    deinit {
        close()
    }

    /// The topics arrive as the notifications of other instances' writes.
    public func onChangeElsewhere(_ handle: @escaping @Sendable (String) -> Void) {
        notificationHandler.set(handle)
    }

    public func sizeInBytes() async -> Int? {
        try? await one(
            client.query("SELECT pg_database_size(current_database())::bigint", logger: logger), as: Int64.self
        ).map(Int.init)
    }

    // MARK: Reading and writing

    /// Runs `body` in one transaction and notifies every instance (with `topic`) when it commits.
    @discardableResult
    func write<T: Sendable>(_ topic: String, _ body: (PostgresConnection) async throws -> T) async throws -> T {
        let logger = logger
        let result = try await transaction { connection in
            let value = try await body(connection)
            try await connection.query("SELECT pg_notify(\(Self.channel), \(topic + " " + instance))", logger: logger)
            return value
        }
        changes.bump()
        return result
    }

    /// Runs `body` in one transaction; the error `body` threw comes out as it was thrown.
    @discardableResult
    func transaction<T: Sendable>(_ body: (PostgresConnection) async throws -> T) async throws -> T {
        do {
            return try await client.withTransaction(logger: logger) { connection in try await body(connection) }
        } catch let error as PostgresTransactionError {
            throw error.closureError ?? error.beginError ?? error.commitError ?? error
        }
    }

    func first<each Column: PostgresDecodable & Sendable>(
        _ rows: PostgresRowSequence, as type: (repeat each Column).Type
    ) async throws -> (repeat each Column)? {
        for try await value in rows.decode((repeat each Column).self) { return value }
        return nil
    }

    func all<each Column: PostgresDecodable & Sendable>(_ rows: PostgresRowSequence, as type: (repeat each Column).Type)
        async throws -> [(repeat each Column)]
    {
        var values: [(repeat each Column)] = []
        for try await value in rows.decode((repeat each Column).self) { values.append(value) }
        return values
    }

    func one<T: PostgresDecodable & Sendable>(_ rows: PostgresRowSequence, as type: T.Type) async throws -> T? {
        for try await value in rows.decode(T.self) { return value }
        return nil
    }

    func many<T: PostgresDecodable & Sendable>(_ rows: PostgresRowSequence, as type: T.Type) async throws -> [T] {
        var values: [T] = []
        for try await value in rows.decode(T.self) { values.append(value) }
        return values
    }

    func count(_ rows: PostgresRowSequence) async throws -> Int {
        var count = 0
        for try await _ in rows { count += 1 }
        return count
    }

    static func describe(_ error: any Error) -> String {
        if let error = error as? PSQLError {
            if let message = error.serverInfo?[.message] { return message }
            if let underlying = error.underlying { return "no connection could be made (\(underlying))" }
            return "\(error.code)"
        }
        if String(describing: type(of: error)).contains("ConnectionPoolError") {
            return "no connection could be made (is the server running, listening there, and the database created?)"
        }
        return String(describing: error)
    }

    // MARK: Catalog

    public func loadCatalog() async throws -> CachedCatalog? {
        guard
            let fetchedAt = try await one(
                client.query("SELECT fetched_at FROM catalog_fetch WHERE id = 1", logger: logger), as: Date.self)
        else { return nil }
        let rows = try await client.query("SELECT id, payload FROM catalog_cocktail ORDER BY position", logger: logger)
        var cocktails: [Cocktail] = []
        for try await (id, payload) in rows.decode((String, ByteBuffer).self) {
            cocktails.append(try StoreRules.cocktail(id: id, payload: payload.readableBytesView))
        }
        return CachedCatalog(cocktails: cocktails, fetchedAt: fetchedAt)
    }

    public func saveCatalog(_ catalog: CachedCatalog) async throws {
        let payloads = try catalog.cocktails.map { ByteBuffer(bytes: try StoreRules.payload($0)) }
        try await write("catalog") { connection in
            try await connection.query("DELETE FROM catalog_cocktail", logger: logger)
            for (position, (cocktail, payload)) in zip(catalog.cocktails, payloads).enumerated() {
                try await connection.query(
                    "INSERT INTO catalog_cocktail (id, position, name, payload) VALUES (\(cocktail.id), \(position), \(cocktail.name), \(payload))",
                    logger: logger
                )
            }
            try await connection.query(
                "INSERT INTO catalog_fetch (id, fetched_at) VALUES (1, \(catalog.fetchedAt)) ON CONFLICT (id) DO UPDATE SET fetched_at = excluded.fetched_at",
                logger: logger
            )
        }
    }

    static func payloads(_ cocktails: [Cocktail]) throws -> [ByteBuffer] {
        try cocktails.map { ByteBuffer(bytes: try StoreRules.payload($0)) }
    }

    public func withRefreshLock(_ body: @Sendable () async -> Void) async throws -> Bool {
        // A session-level lock, held on one connection for as long as the fetch takes; it goes
        // with the connection if this instance dies.
        try await client.withConnection { connection in
            guard
                try await one(
                    connection.query("SELECT pg_try_advisory_lock(\(Self.refreshLock))", logger: logger), as: Bool.self)
                    == true
            else {
                return false
            }
            await body()
            _ = try? await connection.query("SELECT pg_advisory_unlock(\(Self.refreshLock))", logger: logger)
            return true
        }
    }

    public func withImportLock(_ body: () async throws -> Void) async throws -> Bool {
        try await client.withConnection { connection in
            guard
                try await one(
                    connection.query("SELECT pg_try_advisory_lock(\(Self.importLock))", logger: logger), as: Bool.self)
                    == true
            else {
                return false
            }
            // Unlocked on this connection before it goes back to the pool, whatever `body` did.
            do {
                try await body()
            } catch {
                _ = try? await connection.query("SELECT pg_advisory_unlock(\(Self.importLock))", logger: logger)
                throw error
            }
            _ = try? await connection.query("SELECT pg_advisory_unlock(\(Self.importLock))", logger: logger)
            return true
        }
    }

    // MARK: Favorites

    public func favoriteIDs(of owner: FavoritesOwner) async throws -> Set<String> {
        guard owner != .nobody else { return [] }
        return Set(
            try await many(
                client.query("SELECT cocktail_id FROM favorite WHERE owner_id = \(owner.id)", logger: logger),
                as: String.self))
    }

    public func setFavorite(_ isFavorite: Bool, for id: String, owner: FavoritesOwner) async throws {
        try await setFavorite(isFavorite, for: id, owner: owner, at: Date())
    }

    public func setFavorite(_ isFavorite: Bool, for id: String, owner: FavoritesOwner, at date: Date) async throws {
        guard owner != .nobody else { throw StoreError.noOwner }
        try await write("favorites") { connection in
            let known = try await count(
                connection.query(
                    "SELECT 1 FROM catalog_cocktail WHERE id = \(id) UNION ALL SELECT 1 FROM imported_cocktail WHERE id = \(id) UNION ALL SELECT 1 FROM favorite WHERE owner_id = \(owner.id) AND cocktail_id = \(id)",
                    logger: logger
                ))
            guard known > 0 else { throw StoreError.unknownCocktail(id) }
            if isFavorite {
                try await connection.query(
                    "INSERT INTO favorite (owner_id, cocktail_id, added_at) VALUES (\(owner.id), \(id), \(date)) ON CONFLICT DO NOTHING",
                    logger: logger
                )
            } else {
                try await connection.query(
                    "DELETE FROM favorite WHERE owner_id = \(owner.id) AND cocktail_id = \(id)", logger: logger)
            }
        }
    }

    public func favorites(of owner: FavoritesOwner) async throws -> [(id: String, addedAt: Date)] {
        let rows = try await client.query(
            "SELECT cocktail_id, added_at FROM favorite WHERE owner_id = \(owner.id) ORDER BY added_at, cocktail_id",
            logger: logger)
        var favorites: [(id: String, addedAt: Date)] = []
        for try await (id, date) in rows.decode((String, Date).self) { favorites.append((id, date)) }
        return favorites
    }

    public func resetFavorites(of owner: FavoritesOwner) async throws -> Int {
        guard owner != .nobody else { return 0 }
        return try await write("favorites") { connection in
            try await count(
                connection.query("DELETE FROM favorite WHERE owner_id = \(owner.id) RETURNING 1", logger: logger))
        }
    }

    // MARK: Settings

    public func settings(of accountId: Int64) async throws -> Settings? {
        try await one(
            client.query("SELECT value FROM account_settings WHERE account_id = \(accountId)", logger: logger),
            as: String.self
        )
        .map(Settings.init(cookieValue:))
    }

    public func saveSettings(_ settings: Settings, for accountId: Int64) async throws {
        try await write("settings") { connection in
            try await connection.query(
                "INSERT INTO account_settings (account_id, value) VALUES (\(accountId), \(settings.cookieValue)) ON CONFLICT (account_id) DO UPDATE SET value = excluded.value",
                logger: logger
            )
        }
    }

    // MARK: Health

    public func healthProblem() async -> String? {
        do {
            _ = try await one(client.query("SELECT 1", logger: logger), as: Int32.self)
        } catch {
            return "the database cannot be read (\(Self.describe(error)))"
        }
        do {
            try await transaction { connection in
                try await connection.query(
                    "CREATE TEMPORARY TABLE readiness_probe (x int) ON COMMIT DROP", logger: logger)
            }
        } catch {
            return "the database cannot be written (\(Self.describe(error)))"
        }
        return nil
    }
}

/// Hands notifications to whoever registered for them.
final class NotificationHandler: Sendable {
    private let handle = Mutex<(@Sendable (String) -> Void)?>(nil)

    func set(_ handle: @escaping @Sendable (String) -> Void) {
        self.handle.withLock { $0 = handle }
    }

    func deliver(_ payload: String) {
        handle.withLock { $0 }?(payload)
    }
}

/// A `postgres://` address, taken apart.
struct PostgresAddress {
    var host: String
    var port: Int
    var user: String
    var password: String?
    var database: String

    /// The address without its password, for logs and the maintenance page.
    var shown: String { "postgres://\(user)@\(host):\(port)/\(database)" }

    init(_ url: String) throws {
        guard let components = URLComponents(string: url),
            ["postgres", "postgresql"].contains(components.scheme ?? ""),
            let host = components.host, !host.isEmpty
        else {
            throw StoreError.cannotOpen(
                path: url, reason: "a PostgreSQL address looks like postgres://user@host:5432/database")
        }
        self.host = host
        port = components.port ?? 5432
        user = components.user.flatMap { $0.removingPercentEncoding } ?? "postgres"
        password = components.password.flatMap { $0.removingPercentEncoding }
        let path = components.path.drop { $0 == "/" }
        database = path.isEmpty ? user : String(path)
    }
}
