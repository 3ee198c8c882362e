import CocktailBook
import CocktailBookApp
import CocktailBookStore
import CocktailsAPI
import Foundation

extension EditorPage {
    /// The version saved while the form was open: each field in which it differs from the
    /// form, as saved, and what saving again replaces.
    struct Stale: Sendable {
        var version: Int
        var intro: String
        var savedBy: String
        var fields: [ChangedField]
        var replaces: String
        var hasFields: Bool

        struct ChangedField: Sendable {
            var key: String
            var label: String
            /// The saved value: a text, or a list (lines, steps) when `isList`.
            var text = ""
            var lines: [String] = []
            var isList = false
        }

        /// `saved` against what the form holds; `byName` is who saved it (nil: the book has no
        /// accounts, or it was the viewer, so it was another window of theirs).
        init(saved: RecipeDraft, version: Int, typed: RecipeDraft, byName: String?, strings: UIStrings) {
            self.version = version
            savedBy = byName ?? strings["editor_another_window"]
            intro = byName == nil ? strings["editor_stale_intro_window"] : strings["editor_stale_intro"]
            fields = typed.changedFields(comparedTo: saved).map { Self.field($0, of: saved, strings: strings) }
            hasFields = !fields.isEmpty
            replaces =
                fields.isEmpty
                ? strings["editor_stale_same"]
                : strings("editor_stale_replaces", ["fields": fields.map(\.label).joined(separator: ", ")])
        }

        static func field(_ field: RecipeDraft.Field, of saved: RecipeDraft, strings: UIStrings) -> ChangedField {
            let empty = strings["editor_stale_empty"]
            func text(_ label: String, _ value: String) -> ChangedField {
                ChangedField(
                    key: field.rawValue, label: strings[label],
                    text: value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? empty : value)
            }
            func lines(_ label: String, _ values: [String]) -> ChangedField {
                values.isEmpty
                    ? ChangedField(key: field.rawValue, label: strings[label], text: empty)
                    : ChangedField(key: field.rawValue, label: strings[label], lines: values, isList: true)
            }
            switch field {
            case .name: return text("editor_name", saved.name)
            case .kind:
                return text(
                    "editor_kind",
                    strings[saved.kind == .alcoholic ? "filter_alcoholic_label" : "filter_non_alcoholic_label"])
            case .category:
                return text("details_style", DrinkCategory(rawValue: saved.category).map(strings.category) ?? "")
            case .glass: return text("details_glass", Glass(rawValue: saved.glass).map(strings.glass) ?? "")
            case .method: return text("details_method", MixingMethod(rawValue: saved.method).map(strings.method) ?? "")
            case .preparationMinutes: return text("editor_minutes", saved.preparationMinutes)
            case .shortDescription: return text("editor_short", saved.shortDescription)
            case .longDescription: return text("editor_long", saved.longDescription)
            case .garnish: return text("details_garnish", saved.garnish)
            case .tags: return text("editor_tags", saved.comparable(.tags).joined(separator: ", "))
            case .video: return text("editor_video", saved.video)
            case .ingredients: return lines("details_ingredients", saved.comparable(.ingredients))
            case .steps: return lines("details_instructions", saved.comparable(.steps))
            case .italian: return lines("editor_italian", saved.comparable(.italian).filter { !$0.isEmpty })
            case .picture:
                return text(
                    "editor_picture", saved.imageURL == nil ? empty : strings["editor_stale_other_picture"])
            }
        }
    }
}
