import CocktailBook
import Foundation

/// A recipe's versions, newest first: who saved each, when, what changed, and a button to make
/// an older one current again.
struct HistoryPage: PageModel {
    static let template = "history"
    let catalogState = "ready"

    struct Row: Sendable {
        var number: Int
        var heading: String
        var summary: String
        var name: String
        var ingredients: [String]
        var isCurrent: Bool
        var restoreAction: String
    }

    var name: String
    var backHref: String
    var versions: [Row]
    var mayRestore: Bool

    init(recipe: OwnRecipe, versions: [RecipeVersion], mayRestore: Bool, calendar: Calendar, strings: UIStrings) {
        name = recipe.cocktail.name
        backHref = "/cocktails/\(recipe.id)"
        self.mayRestore = mayRestore && recipe.deletedAt == nil
        self.versions = versions.map { version in
            Row(
                number: version.number,
                heading: HistoryPage.heading(
                    number: version.number, savedByName: version.savedByName, savedAt: version.savedAt,
                    calendar: calendar, strings: strings),
                summary: RecipeChangesText.words(version.summary, strings: strings), name: version.cocktail.name,
                ingredients: version.cocktail.ingredients, isCurrent: version.number == recipe.version,
                restoreAction: "/cocktails/\(recipe.id)/history/\(version.number)/restore")
        }
    }

    /// A version's heading, for a drink's history and a house recipe's alike: "Version 3, saved
    /// by Ada on 26 Nov 2026 at 7:24" (the book's owner when no one signed in saved it).
    static func heading(number: Int, savedByName: String?, savedAt: Date, calendar: Calendar, strings: UIStrings)
        -> String
    {
        strings(
            "history_version",
            [
                "n": String(number), "who": savedByName ?? strings["history_owner"],
                "when": DateText.dayAndTime(savedAt, calendar: calendar, strings: strings),
            ])
    }
}

/// The trash: recipes deleted from the book, each with a button to bring it back.
struct TrashPage: PageModel {
    static let template = "trash"
    let catalogState = "ready"

    struct Row: Sendable {
        var id: String
        var name: String
        var deleted: String
        var restoreAction: String
    }

    var recipes: [Row]
    var isEmpty: Bool
    var notice: String?
    var undoAction: String?

    init(recipes: [OwnRecipe], justDeleted: OwnRecipe?, calendar: Calendar, strings: UIStrings) {
        self.recipes = recipes.map { recipe in
            Row(
                id: recipe.id, name: recipe.cocktail.name,
                deleted: strings(
                    "trash_deleted_on",
                    [
                        "when": DateText.dayAndTime(
                            recipe.deletedAt ?? recipe.updatedAt, calendar: calendar, strings: strings)
                    ]),
                restoreAction: "/trash/\(recipe.id)/restore")
        }
        isEmpty = recipes.isEmpty
        notice = justDeleted.map { strings("trash_moved", ["name": $0.cocktail.name]) }
        undoAction = justDeleted.map { "/trash/\($0.id)/restore" }
    }
}

/// The history's summaries (`name, 2 ingredients`) in the page's language.
enum RecipeChangesText {
    static func words(_ summary: String, strings: UIStrings) -> String {
        summary.split(separator: ",").map { part in
            let word = part.trimmingCharacters(in: .whitespaces)
            if let count = Int(word.prefix { $0.isNumber }),
                word.hasSuffix("ingredient") || word.hasSuffix("ingredients")
            {
                return strings.count("history_change_ingredients", count)
            }
            if word.hasPrefix("restored version "), let number = Int(word.dropFirst("restored version ".count)) {
                return strings("history_change_restored", ["n": String(number)])
            }
            let key = "history_change_" + word.replacingOccurrences(of: " ", with: "_").lowercased()
            let text = strings[key]
            return text == key ? word : text
        }.joined(separator: ", ")
    }
}

/// Dates as the pages write them: `25 Nov 2026, 17:48` in the page's language and the book's
/// calendar.
enum DateText {
    static func dayAndTime(_ date: Date, calendar: Calendar, strings: UIStrings) -> String {
        let locale = Locale(identifier: strings.language == .italian ? "it_IT" : "en_GB")
        var style = Date.FormatStyle(date: .abbreviated, time: .shortened, locale: locale, calendar: calendar)
        style.timeZone = calendar.timeZone
        return date.formatted(style)
    }
}
