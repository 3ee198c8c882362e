import CocktailBook

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

    init(_ error: AppError, returnPath: String, backTo origin: ListOrigin = .list(.all)) {
        message = error.message
        self.returnPath = returnPath
        backHref = origin.href
        backTitle = origin.title
        canRetry = false
        catalogState = "ready"
        switch error.code {
        case "catalog_loading":
            heading = "Almost there"
            catalogState = "loading"
            isLoading = true
        case "catalog_unavailable":
            heading = "We couldn't load the cocktails"
            catalogState = "failed"
            canRetry = true
        case "cocktail_not_found":
            heading = "Cocktail not found"
            message = "We couldn't find that cocktail. It may have been removed from the catalog."
        case "not_found":
            heading = "Page not found"
            message = "There is nothing at this address."
        default:
            heading = error.status.code >= 500 ? "Something went wrong" : "That didn't work"
        }
    }
}
