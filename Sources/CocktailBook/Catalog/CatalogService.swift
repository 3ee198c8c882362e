import CocktailsAPI
import Foundation
import Logging
import Synchronization

/// Owns the catalog: serves the cached copy at once, fetches from the slow source in the
/// background, and answers every query from memory so no caller ever waits on the source
/// while a catalog is available.
public actor CatalogService {
    private let source: any CocktailsAPI
    private let catalogStore: any CatalogStore
    let favoritesStore: any FavoritesStore
    private let importedStore: (any ImportedCocktailsStore)?
    private let recipeStore: (any RecipeStore)?
    private let houseRecipeStore: (any HouseRecipeStore)?
    private let decoding: CatalogDecoding
    /// The house recipes the bar reads: the bundled ones with the book's own in their place.
    private var houseRecipes = HouseRecipes.bundled
    /// The clock: stamps fetched catalogs and dates "last modified" labels.
    public nonisolated let now: @Sendable () -> Date
    let locale: Locale
    private let logger: Logger
    /// The calendar labels are read on: the machine's clock, weeks starting where the catalog
    /// locale's do.
    public nonisolated let calendar: Calendar
    /// The canonical ingredient table recipes are read against.
    public nonisolated let ingredients: IngredientTable

    private(set) var snapshot: CatalogSnapshot?
    /// The ids of the imported cocktails and the book's own recipes in the installed snapshot.
    /// The source's cocktails are the rest of it: they are read back from the snapshot when the
    /// book's own change, rather than kept twice (a second array of 10,000 drinks is 3.5 MB).
    private var importedIDs: Set<String> = []
    private var updatedAt: Date?
    /// The fingerprint of the source's answer the installed catalog was read from, when known.
    private var installedDigest: String?
    /// Counts installs, so a snapshot built off the actor knows whether it is still the newest.
    private var installSerial = 0
    private(set) var failureMessage: String?
    private(set) var refreshTask: Task<Void, Never>? {
        didSet { generationCounter.add(1, ordering: .releasing) }
    }
    private nonisolated let generationCounter = Atomic<UInt64>(1)

    /// Changes whenever what the catalog shows may have: a catalog installed, a refresh started
    /// or ended (the pages' notices). Readable without waiting for the actor, so that a cache of
    /// answers can tell in nanoseconds whether it is still good.
    public nonisolated var generation: UInt64 { generationCounter.load(ordering: .acquiring) }

    /// Creates the service; nothing is fetched until ``start(refreshingInBackground:)``.
    ///
    /// - Parameters:
    ///   - importedStore: where imported cocktails are kept; they join every installed catalog.
    ///   - recipeStore: where the book's own recipes are kept; they join it too.
    ///   - houseRecipeStore: where the book's own house recipes are kept; the bar reads them.
    ///   - now: the clock used to stamp fetched catalogs.
    ///   - decoding: how the source's answer is read (see ``CatalogDecoding``).
    public init(
        source: any CocktailsAPI, catalogStore: any CatalogStore, favoritesStore: any FavoritesStore,
        importedStore: (any ImportedCocktailsStore)? = nil, recipeStore: (any RecipeStore)? = nil,
        houseRecipeStore: (any HouseRecipeStore)? = nil,
        now: @escaping @Sendable () -> Date,
        locale: Locale = .catalogDefault,
        ingredients: IngredientTable = IngredientTable([]), decoding: CatalogDecoding = .fresh,
        logger: Logger = Logger(label: "cocktailbook.catalog")
    ) {
        self.ingredients = ingredients
        self.decoding = decoding
        self.calendar = .labels(for: locale)
        self.source = source
        self.catalogStore = catalogStore
        self.favoritesStore = favoritesStore
        self.importedStore = importedStore
        self.recipeStore = recipeStore
        self.houseRecipeStore = houseRecipeStore
        self.now = now
        self.locale = locale
        self.logger = logger
    }

    /// Loads the cached catalog, if any, and starts fetching from the source.
    ///
    /// - Parameter refreshingInBackground: when `false` and a cache exists, the source is not
    ///   asked at all (one-shot commands); without a cache it is always asked.
    public func start(refreshingInBackground: Bool = true) async {
        do {
            let started = ContinuousClock.now
            if let cached = try await catalogStore.loadCatalog(), !cached.cocktails.isEmpty {
                let read = ContinuousClock.now
                await install(cached.cocktails, fetchedAt: cached.fetchedAt)
                installedDigest = cached.sourceDigest
                logger.debug(
                    "cached catalog of \(cached.cocktails.count) read in \(read - started), installed in \(ContinuousClock.now - read)"
                )
                if !refreshingInBackground { return }
            }
        } catch {
            logger.warning("could not read the cached catalog: \(error.localizedDescription)")
        }
        refresh()
    }

    /// Fetches the catalog from the source again. While a fetch is under way, further calls join
    /// it instead of starting another; the returned task finishes when that fetch does.
    @discardableResult
    public func refresh() -> Task<Void, Never> {
        if let refreshTask { return refreshTask }
        let task = Task { await self.fetchFromSource() }
        refreshTask = task
        return task
    }

    /// Waits until no fetch is under way.
    public func settle() async {
        await refreshTask?.value
    }

    /// The catalog's state.
    public func status() -> CatalogStatus {
        let catalog = snapshot?.catalog
        let state: CatalogStatus.State =
            catalog != nil ? .ready : (failureMessage != nil && refreshTask == nil ? .failed : .loading)
        return CatalogStatus(
            state: state, count: catalog?.cocktails.count ?? 0, message: failureMessage, updatedAt: updatedAt,
            isRefreshing: refreshTask != nil, lastRefreshFailed: catalog != nil && failureMessage != nil
        )
    }

    /// Reads the imported cocktails and the book's own recipes again and adds them to the current
    /// catalog; call it after an import or a saved recipe. A service without a catalog yet picks
    /// them up when its first one installs.
    public func reloadImported() async {
        guard let updatedAt, let current = snapshot else { return }
        let importedIDs = importedIDs
        let source = current.catalog.cocktails.filter { !importedIDs.contains($0.id) }
        let serial = installSerial
        let extra = await extras(besides: source)
        let house = await readHouseRecipes()
        let change = Self.change(from: current.catalog.cocktails.filter { importedIDs.contains($0.id) }, to: extra)
        // A save changes a drink or two: they are merged into the snapshot shown. An import of
        // many is built again from scratch, which is then as quick.
        guard change.removed.count + change.inserted.count <= Self.mergedChangeLimit else {
            await installInBackground(source, fetchedAt: updatedAt)
            return
        }
        let (locale, table) = (locale, ingredients)
        let built = await Task.detached {
            current.applying(
                removing: change.removed, inserting: change.inserted, table: table, locale: locale, houseRecipes: house)
        }.value
        if serial == installSerial {
            apply(built, extra: extra, fetchedAt: updatedAt)
        } else {
            // Another install came first: start again from what it shows.
            await reloadImported()
        }
    }

    /// How many drinks of the book may change at once and be merged into the snapshot shown.
    static let mergedChangeLimit = 50

    /// The book's drinks that `after` no longer has as they were (gone or changed), and those it
    /// has anew (new or changed).
    static func change(from before: [Cocktail], to after: [Cocktail]) -> (removed: Set<String>, inserted: [Cocktail]) {
        let old = Dictionary(before.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let new = Dictionary(after.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let removed = Set(old.compactMap { id, cocktail in new[id] == cocktail ? nil : id })
        return (removed, after.filter { old[$0.id] != $0 })
    }

    /// Installs the source's cocktails plus the imported ones; an imported id that the source
    /// also has (which namespacing should prevent) loses to the source's.
    private func install(_ cocktails: [Cocktail], fetchedAt: Date) async {
        let extra = await extras(besides: cocktails)
        let house = await readHouseRecipes()
        apply(
            Self.snapshot(of: cocktails + extra, locale: locale, table: ingredients, house: house), extra: extra,
            fetchedAt: fetchedAt)
    }

    /// The same, with the snapshot built off the actor: while a fetched catalog is indexed (half
    /// a second at 10,000 drinks), the current one keeps answering. If another install happened
    /// meanwhile (an import), the snapshot is built again with what is imported now.
    private func installInBackground(_ cocktails: [Cocktail], fetchedAt: Date) async {
        let serial = installSerial
        let extra = await extras(besides: cocktails)
        let house = await readHouseRecipes()
        let (locale, table) = (locale, ingredients)
        let built = await Task.detached {
            Self.snapshot(of: cocktails + extra, locale: locale, table: table, house: house)
        }.value
        // An import that finished while the first catalog was still being built found nothing
        // to reload into: the imported drinks are read again to see. Only they are compared,
        // not the source's thousands.
        if serial == installSerial, await extras(besides: cocktails) == extra {
            apply(built, extra: extra, fetchedAt: fetchedAt)
        } else {
            await install(cocktails, fetchedAt: fetchedAt)
        }
    }

    /// The snapshot of `merged`, sorted and indexed.
    private static func snapshot(of merged: [Cocktail], locale: Locale, table: IngredientTable, house: HouseRecipes)
        -> CatalogSnapshot
    {
        CatalogSnapshot(catalog: AlphabeticalCatalog(merged, locale: locale), table: table, houseRecipes: house)
    }

    /// The house recipes the book counts now; those known so far when the store cannot say.
    private func readHouseRecipes() async -> HouseRecipes {
        guard let houseRecipeStore else { return houseRecipes }
        do {
            houseRecipes = HouseRecipes.ofBook(try await houseRecipeStore.ownHouseRecipes())
        } catch {
            logger.warning("could not read the book's own house recipes: \(error.localizedDescription)")
        }
        return houseRecipes
    }

    /// The imported drinks, then the book's own recipes, that `cocktails` (the source's) lacks.
    private func extras(besides cocktails: [Cocktail]) async -> [Cocktail] {
        var extra: [Cocktail] = []
        var known: Set<String>?
        func keep(_ found: [Cocktail]) {
            var ids = known ?? Set(cocktails.map(\.id))
            extra += found.filter { ids.insert($0.id).inserted }
            known = ids
        }
        do {
            if let imported = try await importedStore?.importedCocktails(), !imported.isEmpty { keep(imported) }
        } catch {
            logger.warning("could not read the imported cocktails: \(error.localizedDescription)")
        }
        do {
            if let own = try await recipeStore?.ownRecipes(), !own.isEmpty { keep(own.map(\.cocktail)) }
        } catch {
            logger.warning("could not read the book's own recipes: \(error.localizedDescription)")
        }
        return extra
    }

    /// Installs `built`, made from the source's cocktails and `extra`, the imported ones.
    private func apply(_ built: CatalogSnapshot, extra: [Cocktail], fetchedAt: Date) {
        importedIDs = Set(extra.map(\.id))
        snapshot = built
        updatedAt = fetchedAt
        installSerial += 1
        generationCounter.add(1, ordering: .releasing)
    }

    private func fetchFromSource() async {
        defer { refreshTask = nil }
        guard let shared = catalogStore as? any SharedCatalogStore else {
            await fetchAndInstall()
            return
        }
        do {
            let fetched = try await shared.withRefreshLock { await self.fetchAndInstall() }
            if !fetched {
                // Its result arrives as a notification (``adoptStoredCatalog()``).
                logger.info("another instance is refreshing the catalog; this one adopts its result")
            }
        } catch {
            logger.warning("could not take the refresh lock, refreshing anyway: \(error.localizedDescription)")
            await fetchAndInstall()
        }
    }

    /// Installs the catalog the store holds when it is newer than the one shown: another
    /// instance fetched it. Called when the store says the catalog changed.
    public func adoptStoredCatalog() async {
        do {
            guard let stored = try await catalogStore.loadCatalog(), !stored.cocktails.isEmpty else { return }
            if let updatedAt, stored.fetchedAt <= updatedAt { return }
            await installInBackground(stored.cocktails, fetchedAt: stored.fetchedAt)
            installedDigest = stored.sourceDigest
            failureMessage = nil
            logger.info("adopted the catalog of \(stored.cocktails.count) cocktails another instance fetched")
        } catch {
            logger.warning("could not read the stored catalog: \(error.localizedDescription)")
        }
    }

    /// A refresh that found the catalog shown: only its date moves.
    private func noteUnchanged(count: Int) async throws {
        let fetchedAt = now()
        do {
            try await catalogStore.markCatalogFetched(at: fetchedAt)
        } catch {
            logger.warning("could not note the refresh: \(error.localizedDescription)")
        }
        updatedAt = fetchedAt
        failureMessage = nil
        generationCounter.add(1, ordering: .releasing)
        logger.info("catalog unchanged at the source (\(count) cocktails)")
    }

    /// Whether `fetched` are exactly the source's cocktails the installed snapshot shows.
    private func isInstalled(_ fetched: [Cocktail]) -> Bool {
        guard let shown = snapshot?.catalog.cocktails, shown.count - importedIDs.count == fetched.count else {
            return false
        }
        var byID: [String: Cocktail] = [:]
        byID.reserveCapacity(fetched.count)
        for cocktail in shown where !importedIDs.contains(cocktail.id) { byID[cocktail.id] = cocktail }
        return fetched.allSatisfy { byID[$0.id] == $0 }
    }

    private func fetchAndInstall() async {
        do {
            let data = try await source.fetchCocktails()
            // The same bytes as the catalog shown: nothing to read, store or build.
            let digest = ContentHash.hex(of: data)
            if digest == installedDigest {
                try await noteUnchanged(count: snapshot?.catalog.cocktails.count ?? 0)
                return
            }
            let outcome = try await decoding.decode(data, digest)
            if !outcome.skipped.isEmpty {
                let reasons = outcome.skipped.map(\.description).joined(separator: "; ")
                logger.warning("skipped \(outcome.skipped.count) catalog entries: \(reasons)")
            }
            guard !outcome.cocktails.isEmpty else { throw CatalogError.emptyCatalog }
            // Most refreshes bring back what is shown: then nothing is stored or built again.
            if isInstalled(outcome.cocktails) {
                try await noteUnchanged(count: outcome.cocktails.count)
                return
            }
            let fetched = CachedCatalog(cocktails: outcome.cocktails, fetchedAt: now(), sourceDigest: digest)
            do {
                try await catalogStore.saveCatalog(fetched)
            } catch {
                // The fresh catalog is still good to show; it just will not survive a restart.
                logger.warning("could not cache the catalog: \(error.localizedDescription)")
            }
            await installInBackground(fetched.cocktails, fetchedAt: fetched.fetchedAt)
            installedDigest = digest
            failureMessage = nil
            logger.info("catalog ready with \(fetched.cocktails.count) cocktails")
        } catch {
            let message = (error as? LocalizedError)?.errorDescription ?? "The cocktails could not be loaded."
            failureMessage = message
            generationCounter.add(1, ordering: .releasing)
            logger.warning("catalog fetch failed: \(message)")
        }
    }
}
