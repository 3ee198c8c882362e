import CocktailBook
import CocktailBookApp

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

    /// What applying a reviewed import did, in the page's language (the reasons for what was
    /// passed over were on the review), with Undo when it changed anything.
    init(applied: ImportDesk.Applied, strings: UIStrings) {
        var parts: [String] = []
        if applied.new + applied.updated > 0 {
            parts.append(
                strings.count(
                    "import_done", applied.new + applied.updated,
                    [
                        "new": strings.number(applied.new), "updated": strings.number(applied.updated),
                        "skipped": strings.number(applied.skipped),
                    ]))
            if applied.imagesStored > 0 { parts.append(strings.count("import_done_pictures", applied.imagesStored)) }
        } else if applied.versions == 0 {
            parts.append(strings["import_nothing"])
        } else {
            parts.append(strings["import_nothing_new"])
        }
        if applied.versions > 0 { parts.append(strings.count("import_done_versions", applied.versions)) }
        var text = parts.joined(separator: "; ")
        if !text.hasSuffix(".") { text += "." }
        self.init(summary: text, undoID: applied.changedAnything ? applied.id : nil)
    }
}
