import CocktailBook
import Foundation

/// A bar form's field the person got wrong: the page shows again with what they typed, the
/// message next to that field and the nearest names as buttons (picked, never assumed).
struct FieldProblem: Error, Sendable {
    enum Field: Sendable {
        case bottle, always, rule, shopping
    }
    struct Suggestion: Sendable {
        /// The button's name: `pick-<field>`, read before the typed text.
        var name: String
        var value: String
        var label: String
    }

    var field: Field
    var typed: String
    var message: String
    var suggestions: [Suggestion]

    /// What a template shows.
    struct Model: Sendable {
        /// The field's id, which the message describes.
        var fieldId: String
        var typed: String
        var message: String
        var suggestions: [Suggestion]

        init(_ problem: FieldProblem) {
            switch problem.field {
            case .bottle: fieldId = "bar-add"
            case .always: fieldId = "always-add"
            case .rule: fieldId = "rule-use"
            case .shopping: fieldId = "shopping-add"
            }
            typed = problem.typed
            message = problem.message
            suggestions = problem.suggestions
        }

        /// A problem of another page's field, with nothing to pick from.
        init(fieldId: String, typed: String, message: String) {
            self.fieldId = fieldId
            self.typed = typed
            self.message = message
            suggestions = []
        }
    }
}

extension BarPage {
    /// Shows `problem` next to its field.
    mutating func show(_ problem: FieldProblem?) {
        guard let problem else { return }
        let model = FieldProblem.Model(problem)
        switch problem.field {
        case .bottle: bottleProblem = model
        case .always: alwaysProblem = model
        case .rule: ruleProblem = model
        case .shopping: break
        }
    }

    /// Marks the one-away drinks whose missing ingredient is on the shopping list already (their
    /// button says so), and the one just `added`, which says what went on the list.
    mutating func mark(onList values: Set<String>, added: String?, strings: UIStrings) {
        for index in oneAway.indices {
            let drink = oneAway[index]
            guard let missing = drink.missingValue, values.contains(missing) else { continue }
            oneAway[index].isOnList = true
            if drink.id == added {
                oneAway[index].addedNotice = strings("bar_added_to_list", ["name": strings.ingredient(missing)])
            }
        }
    }
}

/// A refused save's problem as an editor lists it above its form: the message, linked to the
/// control it is about.
struct FormProblem: Sendable {
    /// The id of the form control the problem's field names.
    var fieldID: String
    var message: String

    /// Each problem of `problems`, its field named by the page's `fieldID` rule.
    static func all(
        _ problems: [RecipeDraft.Problem], fieldID: (String) -> String, strings: UIStrings
    ) -> [FormProblem] {
        problems.map { FormProblem(fieldID: fieldID($0.field), message: strings($0.message, $0.values)) }
    }
}
