import CocktailBook
import CocktailBookApp

/// The review of an uploaded export (`POST /import` with a file): what happens to every drink,
/// a choice for each, then Import (`POST /import/{id}/apply`) or Cancel.
struct ImportReviewPage: PageModel {
    static let template = "import-review"
    var catalogState = "ready"

    /// The import's id, which the apply form posts to.
    var id: String
    /// `Read as Mealie: 3 drinks, 1 passed over.`
    var readAs: String
    var drinks: [Drink]
    var passedOver: [PassedOver]
    /// Stored, not computed: the template reads stored properties only.
    /// Whether anything would be imported.
    var canApply: Bool
    /// The file's ingredients the book does not know: keep each as new, or pick a near name.
    var ingredients: [Ingredient]

    struct Ingredient: Sendable {
        var index: Int
        var name: String
        /// `What to do with Amaro Nonino Quintessentia`, for screen readers.
        var label: String
        var choices: [Choice]
    }

    struct Drink: Sendable {
        var key: String
        var name: String
        var what: String
        /// `What happens to Daiquiri`, the choice's label for screen readers.
        var choiceLabel: String
        var choices: [Choice]
        /// `Not among the book's ingredients: …` when some are not.
        var unknown: String?
    }

    struct PassedOver: Sendable {
        var name: String
        var reason: String
        /// The recipe's key when it may be taken all the same (a dinner of a recipe app), which
        /// its box posts as `choice.<key>=new`.
        var key: String?
        /// `Import Lentil soup all the same`.
        var takeLabel: String?
    }

    init(_ review: ImportDesk.Review, strings: UIStrings) {
        id = review.id
        let format = BookFormat(rawValue: review.format)?.title ?? review.format
        let kept = review.drinks.filter { $0.action != "passed-over" }
        readAs = strings.count("import_review_read_as", kept.count, ["format": format])
        canApply = !kept.isEmpty || review.drinks.contains { $0.choices.contains("new") }
        drinks = kept.map { entry in
            let what: String =
                switch entry.action {
                case "update": strings["import_review_update"]
                case "same-name": strings("import_review_same_name", ["name": entry.existing ?? entry.name])
                case "same": strings("import_review_same", ["name": entry.existing ?? entry.name])
                default: strings["import_review_new"]
                }
            return Drink(
                key: entry.key, name: entry.name, what: what,
                choiceLabel: strings("import_review_choice_label", ["name": entry.name]),
                choices: entry.choices.enumerated().map { index, value in
                    Choice(
                        value: value,
                        // Over one of the book's own recipes, "replace" saves a new version of it.
                        label: value == "replace" && entry.existingID.flatMap(OwnRecipe.number(in:)) != nil
                            ? strings["import_choice_replace_own"]
                            : strings["import_choice_" + value.replacingOccurrences(of: "-", with: "_")],
                        selected: index == 0)
                },
                unknown: entry.unknownIngredients.isEmpty
                    ? nil
                    : strings("import_review_unknown", ["names": entry.unknownIngredients.joined(separator: ", ")]))
        }
        passedOver = review.drinks.filter { $0.action == "passed-over" }.map {
            let takeable = $0.choices.contains("new")
            return PassedOver(
                name: $0.name, reason: $0.reason ?? "", key: takeable ? $0.key : nil,
                takeLabel: takeable ? strings("import_review_take", ["name": $0.name]) : nil)
        }
        ingredients = review.ingredients.enumerated().map { index, unknown in
            // A near name is offered, never assumed: keeping the file's name is the default.
            Ingredient(
                index: index, name: unknown.name,
                label: strings("import_review_ingredient_label", ["name": unknown.name]),
                choices: [Choice(value: "", label: strings["import_review_ingredient_new"], selected: true)]
                    + unknown.suggestions.map {
                        Choice(
                            value: $0, label: strings("import_review_ingredient_use", ["name": strings.ingredient($0)]),
                            selected: false)
                    })
        }
    }
}
