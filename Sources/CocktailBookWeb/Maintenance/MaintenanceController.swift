import CocktailBook
import CocktailBookApp
import CocktailBookStore
import CocktailsAPI
import Foundation
import Hummingbird

/// `/maintenance` (admins only): the catalog's state with Refresh now, the database and the
/// pictures, imported origins with Remove, the app's version, a backup to download, a restore
/// and a reset of one's favorites.
struct MaintenanceController<Context: AppContext>: Sendable {
    let environment: AppEnvironment
    let configuration: AppConfiguration
    let renderer: PageRenderer
    var desk: MaintenanceDesk { environment.maintenance }

    /// Backups may embed pictures: allow more than a form.
    static var maximumBackupBytes: Int { 64 * 1024 * 1024 }

    func addRoutes(to routes: RouteBuilder<Context>) {
        let router = routes.routes("", .admin)
        router.get("/maintenance") { request, context in
            let done = FormQuery(request)["done"]
            return renderer.render(
                try await page(
                    context: context,
                    notice: done.flatMap { Self.notice($0, strings: context.strings, query: FormQuery(request)) }),
                context: context)
        }
        router.get("/maintenance/backup") { _, context in
            let data = try await desk.backup()
            let stamp = Date().formatted(.iso8601.year().month().day())
            return Response(
                status: .ok,
                headers: [
                    .contentType: "application/json",
                    .contentDisposition: "attachment; filename=\"cocktailbook-backup-\(stamp).json\"",
                    .cacheControl: "no-store",
                ],
                body: .init(byteBuffer: ByteBuffer(bytes: data))
            )
        }
        // The book's drinks as another app imports them (or as our own JSON, Markdown…).
        router.get("/maintenance/export") { request, context in
            let query = FormQuery(request)
            guard let format = BookExport.Format(rawValue: query["format"] ?? "") else {
                throw AppError(
                    status: .badRequest, code: "invalid_format",
                    message: "format is one of \(BookExport.Format.allCases.map(\.rawValue).joined(separator: ", ")).")
            }
            let exporter = BookExporter(catalog: environment.catalog, store: environment.database)
            let drinks = try await exporter.bookDrinks(includingBundled: query["bundled"] == "1")
            let data = try await exporter.write(drinks, as: format, strings: context.strings)
            return Response(
                status: .ok,
                headers: [
                    .contentType: format.contentType,
                    .contentDisposition: "attachment; filename=\"\(format.fileName)\"", .cacheControl: "no-store",
                ],
                body: .init(byteBuffer: ByteBuffer(bytes: data)))
        }
        addRestoreRoutes(to: router, uploads: routes)
        router.post("/maintenance/origins/remove") { request, context in
            let form = try context.submittedForm().decode(OriginForm.self)
            _ = try await desk.removeImported(origin: form.origin ?? "")
            return Response.redirect(to: "/maintenance?done=removed", type: .normal)
        }
        // The picture cache: Clear deletes the downloaded files (the records stay, so they can be
        // downloaded again); Download again fetches every missing one from where it came from.
        router.post("/maintenance/pictures/clear") { request, context in
            _ = try context.submittedForm()
            try await desk.clearPictures()
            return Response.redirect(to: "/maintenance?done=cleared", type: .normal)
        }
        router.post("/maintenance/pictures/download") { request, context in
            _ = try context.submittedForm()
            let fetched = await desk.downloadMissingPictures(allowPrivate: configuration.allowPrivateImports)
            return Response.redirect(
                to: "/maintenance?done=downloaded&n=\(fetched.downloaded)&failed=\(fetched.failed)", type: .normal)
        }
        // The book's currency, in which menus are priced (an unknown code: the page says so).
        router.post("/maintenance/currency") { request, context in
            let form = try context.submittedForm().decode(CurrencyForm.self)
            let code = (form.currency ?? "").trimmingCharacters(in: .whitespaces).uppercased()
            do {
                try await desk.setCurrency(code)
            } catch let error as BookCurrencyError {
                return renderer.render(
                    try await page(context: context, message: error.localizedDescription), status: .badRequest,
                    context: context)
            }
            return Response.redirect(to: "/maintenance?done=currency#currency", type: .normal)
        }
        router.post("/maintenance/reset-favorites") { request, context in
            let form = try context.submittedForm().decode(ConfirmForm.self)
            guard form.confirm == "yes" else {
                return renderer.render(
                    try await page(context: context, message: context.strings["maintenance_reset_confirm_needed"]),
                    status: .badRequest, context: context)
            }
            _ = try await desk.resetFavorites(of: context.owner)
            return Response.redirect(to: "/maintenance?done=reset", type: .normal)
        }
    }

    static func notice(_ done: String, strings: UIStrings, query: FormQuery? = nil) -> String? {
        switch done {
        case "removed", "reset", "cleared", "restore_cancelled", "currency": return strings["maintenance_done_" + done]
        case "downloaded":
            return strings(
                "maintenance_done_downloaded",
                [
                    "n": query?["n"].flatMap(Int.init).map(String.init) ?? "0",
                    "failed": query?["failed"].flatMap(Int.init).map(String.init) ?? "0",
                ])
        default: return nil
        }
    }

    func page(context: Context, notice: String? = nil, message: String? = nil) async throws -> MaintenancePage {
        let status = await environment.catalog.status()
        let storage = try await desk.storage()
        let source =
            configuration.sourceURL?.absoluteString
            ?? configuration.catalogPath.map { context.strings("maintenance_source_file", ["path": $0]) }
            ?? context.strings["maintenance_source_bundled"]
        var page = MaintenancePage(
            status: status, source: source, storage: storage, version: configuration.version, notice: notice,
            message: message, strings: context.strings)
        page.currencies = Choice.currencies(selected: try await desk.currency(), strings: context.strings)
        return page
    }
}

/// When the app was built, for the maintenance page and bug reports (beside its version,
/// ``AppConfiguration/version``).
enum BuildInfo {
    /// When the running executable was built (its file's date), as `2026-11-24 07:40 UTC`.
    static let build: String = {
        let path = CommandLine.arguments.first.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path } ?? ""
        guard let date = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date else {
            return "unknown"
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm 'UTC'"
        return formatter.string(from: date)
    }()
}

/// The maintenance screen.
struct MaintenancePage: PageModel {
    static let template = "maintenance"
    let catalogState = "ready"

    struct Fact {
        var label: String
        var value: String
    }
    struct Origin {
        var origin: String
        var count: String
    }

    var facts: [Fact]
    var origins: [Origin]
    var notice: String?
    var message: String?

    /// The book's currency, one of Foundation's common ISO 4217 codes.
    var currencies: [Choice] = []
    var hasRecordedPictures: Bool
    /// The backups taken before restores, to download.
    var keptBackups: [KeptBackup]
    struct KeptBackup {
        var name: String
        var size: String
    }

    init(
        status: CatalogStatus, source: String, storage: MaintenanceDesk.Storage, version: String, notice: String?,
        message: String?, strings: UIStrings
    ) {
        let (databasePath, databaseBytes) = (storage.location, storage.bytes)
        let (pictures, recordedPictures, pictureBytes) = (
            storage.keptPictures, storage.recordedPictures, storage.pictureBytes
        )
        let (origins, keptBackups) = (storage.origins, storage.keptBackups)
        let size = { (bytes: Int) in ByteCountFormatter.string(fromByteCount: Int64(bytes), countStyle: .file) }
        let lastRefresh =
            status.updatedAt.map { DateText.dayAndTime($0, strings: strings) } ?? strings["maintenance_never"]
        facts = [
            Fact(label: strings["maintenance_state"], value: strings["maintenance_state_" + status.state.rawValue]),
            Fact(label: strings["maintenance_source"], value: source),
            Fact(label: strings["maintenance_drinks"], value: String(status.count)),
            Fact(label: strings["maintenance_last_refresh"], value: lastRefresh),
            Fact(
                label: strings["maintenance_last_result"],
                value: status.message.map { strings("maintenance_failed", ["message": $0]) }
                    ?? (status.isRefreshing ? strings["list_refreshing"] : strings["maintenance_ok"])),
            Fact(label: strings["maintenance_database"], value: "\(databasePath) (\(size(databaseBytes)))"),
            Fact(
                label: strings["maintenance_pictures"],
                value: recordedPictures == 0
                    ? strings["maintenance_pictures_none"]
                    : strings(
                        "maintenance_pictures_value",
                        ["n": String(pictures), "size": size(pictureBytes), "recorded": String(recordedPictures)])),
            Fact(
                label: strings["maintenance_version"],
                value: (version.isEmpty ? "" : version + " · ") + "\(strings["maintenance_build"]) \(BuildInfo.build)"),
        ]
        self.origins = origins.map {
            Origin(origin: $0.origin, count: strings.count("maintenance_origin_count", $0.count))
        }
        hasRecordedPictures = recordedPictures > 0
        self.keptBackups = keptBackups.map { KeptBackup(name: $0.name, size: size($0.bytes)) }
        self.notice = notice
        self.message = message
    }
}

/// The maintenance page's forms.
struct OriginForm: PageForm { var origin: String? }
struct CurrencyForm: PageForm { var currency: String? }
