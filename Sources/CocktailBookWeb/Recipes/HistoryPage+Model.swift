import CocktailBook
import CocktailBookApp
import Foundation

/// The versions of something the book keeps every version of (a recipe of its own, a house
/// recipe), newest first: who saved each, when, what changed, what it held, and a button to
/// make an older one current again.
struct HistoryPage: PageModel {
    static let template = "history"
    let catalogState = "ready"

    struct Row: Sendable {
        var number: Int
        var heading: String
        var summary: String
        /// The version's name when it can differ from one version to the next (a drink's).
        var versionName: String?
        var lines: [String]
        var isCurrent: Bool
        var restoreAction: String
    }

    var name: String
    var backHref: String
    var versions: [Row]
    var mayRestore: Bool
    /// Said over the versions when the document itself is deleted.
    var deletedNotice: String?

    /// `versions` of a document at `current` (0 when none is current), at `path`, each version's
    /// name and lines read by `name` and `lines`.
    init<Content>(
        name: String, path: String, versions: [SavedVersion<Content>], current: Int, mayRestore: Bool,
        deletedNotice: String? = nil, calendar: Calendar, strings: UIStrings,
        versionName: (Content) -> String? = { _ in nil }, lines: (Content) -> [String]
    ) {
        self.name = name
        backHref = path
        self.mayRestore = mayRestore
        self.deletedNotice = deletedNotice
        self.versions = versions.map { version in
            Row(
                number: version.number,
                heading: strings(
                    "history_version",
                    [
                        "n": String(version.number), "who": version.savedByName ?? strings["history_owner"],
                        "when": DateText.dayAndTime(version.savedAt, calendar: calendar, strings: strings),
                    ]),
                summary: RecipeChangesText.words(version.summary, strings: strings),
                versionName: versionName(version.content), lines: lines(version.content),
                isCurrent: version.number == current, restoreAction: path + "/history/\(version.number)/restore")
        }
    }

    /// A recipe of the book's own: its drink's name and ingredients in each version, the lines
    /// as saved in English, in another language in its words and the reader's units (`30 ml di
    /// vermouth rosso`, not `1 oz sweet vermouth`).
    init(
        recipe: OwnRecipe, versions: [RecipeVersion], mayRestore: Bool, units: Settings.Units = .oz,
        calendar: Calendar, strings: UIStrings
    ) {
        self.init(
            name: recipe.cocktail.name, path: "/cocktails/\(recipe.id)", versions: versions, current: recipe.version,
            mayRestore: mayRestore && recipe.deletedAt == nil, calendar: calendar, strings: strings,
            versionName: \.name,
            lines: { cocktail in
                guard strings.language != .english else { return cocktail.ingredients }
                return cocktail.recipe.map { line in
                    guard line.amount != nil else { return strings.line(line, measure: nil) }
                    let shown = MeasureConversion.convert(line, to: units, servings: 1)
                    return strings.line(
                        shown, measure: MeasureText.text(amount: shown.amount, unit: shown.unit, strings: strings))
                }
            })
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
    /// The book's own house recipes that were deleted: putting one back makes it count again.
    var houseRecipes: [Row]
    var isEmpty: Bool
    var notice: String?
    var undoAction: String?

    init(recipes: [OwnRecipe], houseRecipes: [OwnHouseRecipe] = [], calendar: Calendar, strings: UIStrings) {
        func deleted(_ date: Date) -> String {
            strings("trash_deleted_on", ["when": DateText.dayAndTime(date, calendar: calendar, strings: strings)])
        }
        self.recipes = recipes.map { recipe in
            Row(
                id: recipe.id, name: recipe.cocktail.name, deleted: deleted(recipe.deletedAt ?? recipe.updatedAt),
                restoreAction: "/trash/\(recipe.id)/restore")
        }
        self.houseRecipes = houseRecipes.map { own in
            Row(
                id: HouseItem.path(own.value), name: strings.ingredient(own.value),
                deleted: deleted(own.deletedAt ?? own.updatedAt), restoreAction: HouseItem.path(own.value) + "/put-back"
            )
        }
        isEmpty = recipes.isEmpty && houseRecipes.isEmpty
    }

    /// The row of the drink `id` or of the house recipe at the path `id`, to name after deleting
    /// it, with Undo.
    func row(id: String?) -> Row? {
        id.flatMap { id in (recipes + houseRecipes).first { $0.id == id } }
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
