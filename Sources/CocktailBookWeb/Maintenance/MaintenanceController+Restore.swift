import CocktailBook
import CocktailBookApp
import CocktailBookStore
import Foundation
import Hummingbird

/// Restoring a backup takes two steps, both plain forms: the upload is checked and held, and a
/// page says what the book holds now and what the backup would put in its place; only the
/// second POST (with the held upload's token) restores, after the book has backed itself up
/// into ``BackupShelf``, where the maintenance page lists it to download.
extension MaintenanceController {
    func addRestoreRoutes(to router: Routes<Context>, uploads: RouteBuilder<Context>) {
        let upload = RoutePolicy.Upload(limits: .init(bodyBytes: Self.maximumBackupBytes)) {
            $0["maintenance_restore_too_large"]
        }
        uploads.routes("", RoutePolicy.admin.uploading(upload)).post("/maintenance/restore", use: reviewUpload)
        router.post("/maintenance/restore/confirm", use: confirmRestore)
        router.post("/maintenance/restore/cancel") { request, context in
            let form = try context.submittedForm().decode(HeldUploadForm.self)
            try await shelf.release(token: form.token ?? "")
            return Response.redirect(to: "/maintenance?done=restore_cancelled", type: .normal)
        }
        router.get("/maintenance/backups/:name") { _, context in
            let name = try context.parameters.require("name")
            guard let data = try await shelf.keptBackup(named: name) else { throw HTTPError(.notFound) }
            return Response(
                status: .ok,
                headers: [
                    .contentType: "application/json",
                    .contentDisposition: "attachment; filename=\"\(name)\"",
                    .cacheControl: "no-store",
                ],
                body: .init(byteBuffer: ByteBuffer(bytes: data)))
        }
    }

    var shelf: BackupShelf { desk.shelf }

    /// Reads and checks the uploaded file, holds it, and shows what a restore would replace.
    @Sendable func reviewUpload(request: Request, context: Context) async throws -> Response {
        guard let file = try context.submittedForm().file("file"), !file.body.isEmpty else {
            return try await refused(context.strings["maintenance_restore_choose"], context: context)
        }
        let counts: (now: Backup.Counts, backup: Backup.Counts)
        do {
            counts = try await desk.review(file.body)
        } catch let error as StoreError {
            return try await refused(error.localizedDescription, context: context)
        }
        let token = try await shelf.holdUpload(file.body)
        return renderer.render(
            RestorePage(
                fileName: file.filename ?? "", token: token, now: counts.now, backup: counts.backup,
                strings: context.strings),
            context: context)
    }

    /// Backs the book up into the shelf, then restores the held upload.
    @Sendable func confirmRestore(request: Request, context: Context) async throws -> Response {
        let token = try context.submittedForm().decode(HeldUploadForm.self).token ?? ""
        guard let data = try await shelf.heldUpload(token: token) else {
            return try await refused(context.strings["maintenance_restore_gone"], context: context)
        }
        do {
            let restored = try await desk.restore(data)
            let (summary, kept) = (restored.summary, restored.keptAs)
            try await shelf.release(token: token)
            let notice = [
                summary.counts.restored(strings: context.strings),
                context.strings("maintenance_restored_kept", ["name": kept]),
            ]
            let passwordless =
                summary.adminsWithoutPassword.isEmpty
                ? []
                : [
                    context.strings(
                        "maintenance_restored_passwd",
                        [
                            "commands": summary.adminsWithoutPassword.map { "cocktailbook user passwd \($0)" }
                                .joined(separator: "; ")
                        ])
                ]
            let message = (notice + passwordless).joined(separator: " ")
            return renderer.render(try await page(context: context, notice: message), context: context)
        } catch let error as StoreError {
            return try await refused(error.localizedDescription, context: context)
        }
    }

    private func refused(_ message: String, status: HTTPResponse.Status = .badRequest, context: Context) async throws
        -> Response
    {
        renderer.render(try await page(context: context, message: message), status: status, context: context)
    }
}

/// The page between an upload and a restore: what the book holds now beside what the backup
/// holds, row by row, and the two buttons.
struct RestorePage: PageModel {
    static let template = "restore"
    let catalogState = "ready"

    struct Row {
        var label: String
        var now: String
        var backup: String
        var key: String
    }

    var fileName: String
    var token: String
    var rows: [Row]
    var intro: String

    init(fileName: String, token: String, now: Backup.Counts, backup: Backup.Counts, strings: UIStrings) {
        self.fileName = fileName
        self.token = token
        let keptAsIs = strings["restore_kept_as_is"]
        let number = { (n: Int) in n.formatted(.number.locale(strings.locale)) }
        func row(_ key: String, _ now: Int?, _ backup: Int?) -> Row {
            Row(
                label: strings["restore_row_" + key], now: number(now ?? 0), backup: backup.map(number) ?? keptAsIs,
                key: key)
        }
        rows = zip(now.kinds, backup.kinds).map { row($0.key, $0.count, $1.count) }
        intro = strings("restore_intro", ["file": fileName.isEmpty ? strings["restore_this_file"] : fileName])
    }
}

/// The restore page's buttons: the upload they confirm or cancel.
struct HeldUploadForm: PageForm { var token: String? }
