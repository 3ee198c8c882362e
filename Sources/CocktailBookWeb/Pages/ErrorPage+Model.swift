import CocktailBook
import CocktailBookApp

/// A friendly page for anything that went wrong, with a way back to the list.
struct ErrorPage: PageModel {
    static let template = "error"

    var heading: String
    var message: String
    var catalogState: String
    var canRetry: Bool
    var returnPath: String
    var backHref: String
    var backTitle: String
    var isLoading = false

    var backToText: String
    /// For a drink in the trash: where its Put back form posts, when the viewer may restore it.
    var restoreAction: String?
    /// For a drink in the trash: the trash's address.
    var trashHref: String?

    init(_ error: AppError, returnPath: String, backTo origin: ListOrigin = .list(.all), strings: UIStrings = .english)
    {
        message = error.message(in: strings)
        self.returnPath = returnPath
        backHref = origin.href
        backTitle = origin.title(strings)
        backToText = strings("common_back_to", ["title": backTitle])
        canRetry = false
        catalogState = "ready"
        switch error.code {
        case "catalog_loading":
            heading = strings["error_almost_there"]
            message = strings["error_loading_message"]
            catalogState = "loading"
            isLoading = true
        case "catalog_unavailable":
            heading = strings["list_failed_title"]
            catalogState = "failed"
            canRetry = true
        case "cocktail_not_found" where error.inTrash != nil:
            // The book's own drink, deleted: it waits in the trash, and can come back.
            heading = strings["error_in_trash_title"]
            restoreAction = error.inTrash.flatMap { $0.mayRestore ? "/trash/\($0.id)/restore" : nil }
            trashHref = error.inTrash?.mayRestore == true ? "/trash" : nil
        case "cocktail_not_found":
            heading = strings["error_not_found_title"]
            message = strings["error_not_found_message"]
        case "share_not_found":
            heading = strings["share_gone_title"]
        case "not_found":
            heading = strings["error_page_not_found_title"]
            message = strings["error_page_not_found_message"]
        default:
            heading = error.status.code >= 500 ? strings["error_server_title"] : strings["error_client_title"]
        }
    }
}
