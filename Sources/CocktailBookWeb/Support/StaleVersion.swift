import CocktailBook
import CocktailBookApp
import CocktailBookStore
import CocktailsAPI
import Foundation

/// The version saved while an editor's form was open (a recipe's, a house recipe's): each field
/// in which it differs from the form, as saved, and what saving again replaces. One box for
/// both editors (`stale.mustache`).
struct StaleVersion: Sendable {
    var version: Int
    var intro: String
    var savedBy: String
    var fields: [ChangedField]
    var replaces: String

    struct ChangedField: Sendable {
        var key: String
        var label: String
        /// The saved value: a text, or a list (lines, steps) when `isList`.
        var text = ""
        var lines: [String] = []
        var isList = false

        /// A field shown as one text, or as "(empty)".
        init(key: String, label: String, text: String, strings: UIStrings) {
            self.key = key
            self.label = label
            let blank = text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
            self.text = blank ? strings["editor_stale_empty"] : text
        }

        /// A field shown as a list, or as "(empty)".
        init(key: String, label: String, lines: [String], strings: UIStrings) {
            self.key = key
            self.label = label
            self.lines = lines
            isList = !lines.isEmpty
            text = lines.isEmpty ? strings["editor_stale_empty"] : ""
        }
    }

    /// What was saved meanwhile: the fields in which `saved` differs from `base` (the version the
    /// form was opened on), each shown by `show` with its saved value, and which of them saving
    /// the form (`typed`) again would replace (those where the form holds something else, a
    /// change of the form's or the version it started from). Without `base` (a version gone from
    /// the history) every field where the form differs counts. `byName` is who saved it (nil:
    /// the book has no accounts, or it was the viewer, so it was another window of theirs).
    init<Draft: FieldByFieldDraft>(
        saved: Draft, base: Draft?, typed: Draft, version: Int, byName: String?, strings: UIStrings,
        show: (Draft.Field) -> ChangedField
    ) {
        self.version = version
        savedBy = byName ?? strings["editor_another_window"]
        intro = byName == nil ? strings["editor_stale_intro_window"] : strings["editor_stale_intro"]
        let meanwhile = base.map { saved.changedFields(comparedTo: $0) } ?? typed.changedFields(comparedTo: saved)
        fields = meanwhile.map(show)
        let replaced = meanwhile.filter { typed.comparable($0) != saved.comparable($0) }.map(show)
        replaces =
            replaced.isEmpty
            ? strings["editor_stale_same"]
            : strings("editor_stale_replaces", ["fields": replaced.map(\.label).joined(separator: ", ")])
    }

    /// Who saved the version the form missed: nil when it was another window of the viewer's
    /// (or the book has no accounts), else their name ("someone" when none was kept).
    static func savedBy(_ saver: String?, viewer: Viewer, strings: UIStrings) -> String? {
        switch viewer {
        case .account(let account) where saver != account.name: saver ?? strings["editor_someone"]
        default: nil
        }
    }

    /// A recipe's version against the form and the version it was opened on.
    init(saved: RecipeDraft, base: RecipeDraft?, version: Int, typed: RecipeDraft, byName: String?, strings: UIStrings)
    {
        func text(_ label: String, _ value: String, _ field: RecipeDraft.Field) -> ChangedField {
            ChangedField(key: field.rawValue, label: strings[label], text: value, strings: strings)
        }
        func lines(_ label: String, _ field: RecipeDraft.Field) -> ChangedField {
            ChangedField(
                key: field.rawValue, label: strings[label], lines: saved.comparable(field).filter { !$0.isEmpty },
                strings: strings)
        }
        self.init(saved: saved, base: base, typed: typed, version: version, byName: byName, strings: strings) { field in
            switch field {
            case .name: text("editor_name", saved.name, field)
            case .kind:
                text(
                    "editor_kind",
                    strings[saved.kind == .alcoholic ? "filter_alcoholic_label" : "filter_non_alcoholic_label"], field)
            case .category:
                text("details_style", DrinkCategory(rawValue: saved.category).map(strings.category) ?? "", field)
            case .glass: text("details_glass", Glass(rawValue: saved.glass).map(strings.glass) ?? "", field)
            case .method: text("details_method", MixingMethod(rawValue: saved.method).map(strings.method) ?? "", field)
            case .preparationMinutes: text("editor_minutes", saved.preparationMinutes, field)
            case .shortDescription: text("editor_short", saved.shortDescription, field)
            case .longDescription: text("editor_long", saved.longDescription, field)
            case .garnish: text("details_garnish", saved.garnish, field)
            case .tags: text("editor_tags", saved.comparable(.tags).joined(separator: ", "), field)
            case .video: text("editor_video", saved.video, field)
            case .source:
                text(
                    "editor_source",
                    [saved.recipeSource, saved.recipeAuthor].compactMap { $0 }.filter { !$0.isEmpty }.joined(
                        separator: " · "), field)
            case .ingredients: lines("details_ingredients", field)
            case .steps: lines("details_instructions", field)
            case .translations: lines("editor_translations", field)
            case .picture:
                text(
                    "editor_picture", saved.imageURL == nil ? "" : strings["editor_stale_other_picture"], field)
            }
        }
    }
}
