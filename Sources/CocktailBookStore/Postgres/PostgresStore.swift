import CocktailBook
import Foundation
import Logging
import PostgresNIO
import ServiceLifecycle
import Synchronization

/// The app's data in PostgreSQL, for several instances of the book sharing one database: the
/// same contract as the SQLite file (``AppStore``), with its own ordered migrations, a pool of
/// connections, and a transaction wherever SQLite has one.
///
/// The pool runs as a service of the app's service group (``run()``), as Hummingbird's Postgres
/// examples run theirs. It also watches the server: once a second it checks that PostgreSQL
/// answers, and while it does not, every call fails at once with ``StoreError/unavailable(_:)``
/// (a `503` for the web, never a wait or a wrong answer); when the server answers again a new
/// pool takes over within a second, so the book recovers without a restart.
///
/// Every write also sends a notification on ``channel`` (delivered when its transaction
/// commits); each instance listens, so what it keeps in memory per ``changes`` version (who a
/// session signs in, an account's settings, cached pages) follows another instance's writes
/// within a round trip.
public final class PostgresStore: AppStore, SharedCatalogStore, Service {
    /// The notification channel every instance listens on.
    public static let channel = "cocktailbook_changes"
    /// The advisory lock an instance holds while it refreshes the catalog from the source.
    static let refreshLock: Int64 = 0x7265_6672_6573_6821 // "refresh!"
    /// The advisory lock an instance holds while it imports.
    static let importLock: Int64 = 0x696D_706F_7274_2121 // "import!!"
    /// How often the check that the server answers runs (a refused connection counts as an
    /// outage at once).
    static let checkInterval = Duration.seconds(1)
    /// How long one check may wait for an answer before it finds the server slow, and how many
    /// slow checks in a row count as lost: about 15 s of silence. A machine busy with builds
    /// and tests was seen taking over a second to start a connection three times running, and
    /// declaring an outage ends every call in flight.
    static let answerWithin = Duration.seconds(5)
    static let slowChecksTolerated = 3
    static let slowAnswer = "the server did not answer within five seconds"

    public let changes = DatabaseChanges.standalone()
    /// Names this store's own notifications, which it does not hand on (it knows its writes).
    let instance = String(UUID().uuidString.prefix(8))
    public let location: String
    let logger: Logger
    private let address: PostgresAddress
    /// The pool: the one ``run()`` runs, or the one the next run will (calls made before it
    /// starts wait for it). Each run, and each recovery after an outage, makes a new one.
    private let pool: Mutex<PostgresClient>
    /// Why the database cannot be used now, or `nil` while it answers.
    private let outage = Mutex<String?>(nil)
    private let notificationHandler = NotificationHandler()
    /// The calls waiting on the database now, which an outage ends (see ``CallsInFlight``).
    let calls = CallsInFlight()

    /// Connects once to `url` (`postgres://user[:password]@host[:port]/database`) and migrates the
    /// schema (one instance at a time, under an advisory lock); the pool starts with ``run()``.
    ///
    /// - Throws: ``StoreError/cannotOpen(path:reason:)`` when the address is not usable or the
    ///   server does not answer.
    public init(url: String, logger: Logger) async throws {
        address = try PostgresAddress(url)
        location = address.shown
        self.logger = logger
        // One direct connection: a wrong address, a stopped server or a missing database fails
        // at once with the server's reason, where the pool would keep retrying.
        do {
            try await Self.withDirectConnection(to: address, timeout: .seconds(5), logger: logger) { connection in
                try await PostgresSchema.migrate(connection, logger: logger)
            }
        } catch {
            throw StoreError.cannotOpen(path: address.shown, reason: Self.describe(error))
        }
        pool = Mutex(Self.makePool(address, logger: logger))
    }

    private static func makePool(_ address: PostgresAddress, logger: Logger) -> PostgresClient {
        var configuration = PostgresClient.Configuration(
            host: address.host, port: address.port, username: address.user, password: address.password,
            database: address.database, tls: .disable
        )
        configuration.options.connectTimeout = .seconds(2)
        configuration.options.maximumConnections = 16
        // The pool's own chatter (a connection refused during an outage, say) stays out of the
        // app's log; what fails reaches the caller as an error, and the outage is logged once.
        var poolLogger = logger
        poolLogger.logLevel = .critical
        return PostgresClient(configuration: configuration, backgroundLogger: poolLogger)
    }

    private static func withDirectConnection<T: Sendable>(
        to address: PostgresAddress, timeout: Duration, logger: Logger,
        _ body: (PostgresConnection) async throws -> T
    ) async throws -> T {
        var configuration = PostgresConnection.Configuration(
            host: address.host, port: address.port, username: address.user, password: address.password,
            database: address.database, tls: .disable
        )
        configuration.options.connectTimeout = .nanoseconds(Int64(timeout.components.seconds) * 1_000_000_000)
        let connection = try await PostgresConnection.connect(configuration: configuration, id: 0, logger: logger)
        do {
            let value = try await body(connection)
            try await connection.close()
            return value
        } catch {
            try? await connection.close()
            throw error
        }
    }

    // MARK: Running

    /// Runs the pool and the listener for other instances' changes until the service group
    /// shuts down; replaces the pool after an outage.
    public func run() async throws {
        try await cancelWhenGracefulShutdown { try await self.runPools() }
    }

    private func runPools() async throws {
        // A pool runs once: whatever comes after this run gets a new one.
        defer { pool.withLock { $0 = Self.makePool(address, logger: logger) } }
        while !Task.isCancelled {
            let client = pool.withLock { $0 }
            // The pool and its listener run beside the watch, not inside a task group with it:
            // a group waits for all its tasks, and a lost server could leave the listener
            // waiting on the old pool for good, so that the outage was never declared and every
            // request went on to a pool nobody ran (a request then waited forever).
            let running = Task { await client.run() }
            let listening = Task { await self.listen(on: client) }
            let lost: String?
            do {
                lost = try await watchUntilLost()
            } catch {
                // Shutting down: the pool closes its connections before the store ends.
                listening.cancel()
                running.cancel()
                await running.value
                throw error
            }
            guard let lost else { return }
            // New calls are refused, the calls in flight end, then the pool closes.
            outage.withLock { $0 = lost }
            calls.abandonAll(lost)
            listening.cancel()
            running.cancel()
            logger.warning("PostgreSQL does not answer (\(lost)); requests get 503 until it does")
            try await waitForServer()
            pool.withLock { $0 = Self.makePool(address, logger: logger) }
            outage.withLock { $0 = nil }
            logger.notice("PostgreSQL answers again; a new pool serves the book")
            // Other instances may have written meanwhile: nothing kept from before is trusted.
            changes.bump()
            for topic in ["catalog", "imports"] { notificationHandler.deliver(topic) }
        }
    }

    /// Returns why, once the server stops answering: at once when it refuses a connection, after
    /// ``slowChecksTolerated`` checks in a row when it is only slow to answer (a busy machine is
    /// not an outage, and declaring one ends every call in flight).
    private func watchUntilLost() async throws -> String? {
        var slow = 0
        while true {
            try await Task.sleep(for: Self.checkInterval)
            switch await checkServer() {
            case nil:
                slow = 0
            case let problem? where problem == Self.slowAnswer:
                slow += 1
                if slow >= Self.slowChecksTolerated { return problem }
            case let problem?:
                return problem
            }
        }
    }

    private func waitForServer() async throws {
        while await checkServer() != nil {
            try await Task.sleep(for: .milliseconds(250))
        }
    }

    /// `nil` when a new connection to the server runs a query within ``answerWithin``, else why
    /// not. The check is left behind, not waited for, when that time passes: a query on a
    /// connection that closed under it may never be answered (see ``CallsInFlight``), and the
    /// watch must go on.
    private func checkServer() async -> String? {
        let check = CallsInFlight()
        let deadline = Task {
            try await Task.sleep(for: Self.answerWithin)
            check.abandonAll(Self.slowAnswer)
        }
        defer { deadline.cancel() }
        do {
            try await check.run { [address, logger] in
                try await Self.withDirectConnection(to: address, timeout: Self.answerWithin, logger: logger) {
                    connection in
                    _ = try await connection.query("SELECT 1", logger: logger).collect()
                }
            }
            return nil
        } catch StoreError.unavailable(let problem) where problem == Self.slowAnswer {
            return Self.slowAnswer
        } catch let error as PSQLError where Self.isConnectTimeout(error.underlying) {
            return Self.slowAnswer
        } catch {
            return Self.describe(error)
        }
    }

    private static func isConnectTimeout(_ error: (any Error)?) -> Bool {
        if case .connectTimeout = error as? ChannelError { return true }
        return false
    }

    /// Listens on one of `client`'s connections for as long as it runs; if the connection
    /// drops, listens again.
    private func listen(on client: PostgresClient) async {
        while !Task.isCancelled {
            do {
                try await client.withConnection { connection in
                    for try await notification in try await connection.listen(Self.channel) {
                        changes.bump()
                        // "<topic> <instance>"
                        let parts = notification.payload.split(separator: " ", maxSplits: 1).map(String.init)
                        if parts.count == 2, parts[1] != instance { notificationHandler.deliver(parts[0]) }
                    }
                }
            } catch {
                if Task.isCancelled { return }
                try? await Task.sleep(for: .seconds(1))
            }
        }
    }

    /// The topics arrive as the notifications of other instances' writes.
    public func onChangeElsewhere(_ handle: @escaping @Sendable (String) -> Void) {
        notificationHandler.set(handle)
    }

    public func sizeInBytes() async -> Int? {
        try? await mapped { [self] in
            try await self.one(
                self.client.query("SELECT pg_database_size(current_database())::bigint", logger: self.logger),
                as: Int64.self
            )
            .map(Int.init)
        }
    }

    // MARK: Reading and writing

    /// The pool, while the server answers.
    ///
    /// - Throws: ``StoreError/unavailable(_:)`` during an outage.
    var client: PostgresClient {
        get throws {
            if let problem = outage.withLock({ $0 }) { throw StoreError.unavailable(problem) }
            return pool.withLock { $0 }
        }
    }

    /// Runs one call of the contract: an error of the database or of its connections comes out
    /// as ``StoreError/unavailable(_:)``; the store's own refusals as they were thrown. The call
    /// runs as one of the ``calls`` in flight, which an outage ends at once (see
    /// ``CallsInFlight``).
    func mapped<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> T {
        try await mappingErrors { try await calls.run(body) }
    }

    /// Maps errors as ``mapped(_:)`` does, for a call that runs other calls of the contract while
    /// it holds a connection (a lock kept while the catalog refreshes or a file imports): those
    /// are each ended by an outage; this one ends with them.
    func mappingErrors<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as StoreError {
            throw error
        } catch let error as RecipeError {
            throw error
        } catch let error as ListError {
            throw error
        } catch let error as OwnHouseRecipeError {
            throw error
        } catch let error as Refusal {
            throw error
        } catch {
            if let problem = outage.withLock({ $0 }) { throw StoreError.unavailable(problem) }
            throw StoreError.unavailable(Self.describe(error))
        }
    }

    static func describe(_ error: any Error) -> String {
        if let error = error as? StoreError { return error.localizedDescription }
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

    // MARK: Health

    public func healthProblem() async -> String? {
        if let problem = outage.withLock({ $0 }) { return "the database does not answer (\(problem))" }
        do {
            _ = try await calls.run {
                try await self.one(self.client.query("SELECT 1", logger: self.logger), as: Int32.self)
            }
        } catch {
            return "the database cannot be read (\(Self.describe(error)))"
        }
        do {
            try await calls.run {
                try await self.transaction { connection in
                    try await connection.query(
                        "CREATE TEMPORARY TABLE readiness_probe (x int) ON COMMIT DROP", logger: self.logger)
                }
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
