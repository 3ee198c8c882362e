import CocktailBook

/// The Import screen (`/import`): upload a file or give a server address; after an import it
/// shows the summary line, after a refusal the reason (nothing was changed).
struct ImportPage: PageModel {
    static let template = "import"

    /// The refusal or problem to show above the forms, if any.
    var message: String?
    /// The summary of a finished import (`Imported 4 cocktails (4 new, 0 updated), 0 skipped`).
    var summary: String?
    /// The import the summary is of, when it can be undone (for a day).
    var undoID: String?
    /// The address typed into the URL form, shown again after a refusal.
    var url: String
    /// Imports never wait for the catalog.
    var catalogState = "ready"
    var intro = ""
    var privateHint = ""

    /// The page's explanations, in the viewer's language.
    func written(in strings: UIStrings) -> ImportPage {
        var page = self
        page.intro = strings("import_intro", ["drinks": #"{"drinks":[…]}"#])
        page.privateHint = strings("import_hint_private", ["flag": "--allow-private-imports"])
        return page
    }

    /// The empty forms, or the forms with a refusal `message` and the `url` that was tried.
    init(message: String? = nil, url: String = "") {
        self.message = message
        self.url = url
    }

    /// The result of a finished import; `undoID` names one that can be undone.
    init(summary: String, undoID: String? = nil) {
        self.summary = summary
        self.undoID = undoID
        url = ""
    }
}
