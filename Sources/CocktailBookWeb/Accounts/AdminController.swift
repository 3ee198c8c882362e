import CocktailBook
import CocktailBookApp
import CocktailBookStore
import Foundation
import Hummingbird

/// `/admin/users`: admins list the accounts, add one, change a role, remove one.
struct AdminController<Context: AppContext>: Sendable {
    let accounts: Accounts
    let renderer: PageRenderer

    func addRoutes(to routes: RouteBuilder<Context>) {
        let router = routes.routes("", .admin)
        router.get("/admin/users") { request, context in
            return await renderer.render(
                try page(
                    notice: FormQuery(request)["done"].map { AdminUsersPage.notice(for: $0, strings: context.strings) },
                    context: context), context: context)
        }
        router.post("/admin/users", use: add)
        router.post("/admin/users/:name/role", use: changeRole)
        router.post("/admin/users/:name/remove", use: remove)
    }

    private func page(notice: String? = nil, message: String? = nil, context: Context) async throws -> AdminUsersPage {
        await AdminUsersPage(
            accounts: try await accounts.all(), signedIn: context.viewer.account?.name, notice: notice,
            message: message, strings: context.strings)
    }

    @Sendable func add(request: Request, context: Context) async throws -> Response {
        let form = try context.submittedForm().decode(NewAccountForm.self)
        let name = (form.name ?? "").trimmingCharacters(in: .whitespaces)
        let role = Role(rawValue: form.role ?? "") ?? .member
        do {
            try await accounts.createAccount(name: name, role: role, password: form.password ?? "")
        } catch let refusal as Accounts.Refusal {
            return await renderer.render(
                try page(message: refusal.message, context: context), status: .badRequest, context: context)
        } catch let error as StoreError where error.isAccountRefusal {
            return await renderer.render(
                try page(message: error.localizedDescription, context: context), status: .badRequest, context: context)
        }
        return .redirect(to: "/admin/users?done=added", type: .normal)
    }

    @Sendable func changeRole(request: Request, context: Context) async throws -> Response {
        let form = try context.submittedForm().decode(RoleForm.self)
        guard let role = Role(rawValue: form.role ?? "") else {
            throw AppError(status: .badRequest, code: "invalid_role", message: "A role is admin, member or guest.")
        }
        return try await respond(context) {
            try await accounts.setRole(role, named: try context.parameters.require("name"))
        }
    }

    @Sendable func remove(request: Request, context: Context) async throws -> Response {
        _ = try context.submittedForm().decode(NoFields.self)
        return try await respond(context) {
            try await accounts.remove(named: try context.parameters.require("name"), by: context.viewer)
        }
    }

    private func respond(_ context: Context, _ change: () async throws -> Void) async throws -> Response {
        do {
            try await change()
        } catch let refusal as Accounts.RemovingSelf {
            let message = context.strings("admin_remove_self", ["command": "cocktailbook user remove \(refusal.name)"])
            return await renderer.render(
                try page(message: message, context: context), status: .badRequest, context: context)
        } catch let error as StoreError where error.isAccountRefusal {
            return await renderer.render(
                try page(message: error.localizedDescription, context: context), status: .badRequest, context: context)
        }
        return .redirect(to: "/admin/users?done=changed", type: .normal)
    }
}

/// The admin page's forms.
struct NewAccountForm: PageForm { var name, role, password: String? }
struct RoleForm: PageForm { var role: String? }
